import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { applyOutcome, newBudget, newEffect, push, spendAction, type PushDetail, type SkirmishState } from "../../../src/rulesets/skirmish/rules";
import { scriptedDice } from "../dice";
import { ada, context, effect, infantry, noDice, red, scene } from "./fixtures";

const L = "FACTIONS.Skirmish.Log.";

function pushed(state: SkirmishState, actor: string, script: [string, number][], members?: string[]): Outcome<PushDetail> {
  const r: Result<Outcome<PushDetail>> = push(state, { actor, members }, context(scriptedDice(script)));
  if (!r.ok) throw new Error(r.reason.key);
  return r.value;
}

const keys = (o: Outcome<unknown>) => o.log.map((l) => l.key.replace(L, ""));

describe("push: the economy", () => {
  it("grants one more major action this round, and the push is recorded for undo", () => {
    const o = pushed(scene(), "ada", [["3d6", 8]]);
    expect(o.detail.economy).toEqual({ combatant: "ada", before: newBudget(2), after: { ...newBudget(2), pushes: 1, entries: { 1: { use: "push", override: false } } }, spend: null, granted: true });
    const after = applyOutcome(scene(), o);
    let b = after.combatants.ada!;
    for (let i = 0; i < 2; i++) {
      const r = spendAction(b, "major", { freeActions: 1 });
      expect(r.ok).toBe(true);
      if (r.ok) b = r.value.budget;
    }
    expect(spendAction(b, "major", { freeActions: 1 }).ok).toBe(false);
  });

  it("refuses an actor that is not in the encounter, a company, and one that does not exist", () => {
    const s = scene();
    const ctx = context(noDice);
    const why = (actor: string) => {
      const r = push(s, { actor }, ctx);
      return r.ok ? "" : r.reason.key.replace("FACTIONS.Skirmish.Reject.", "");
    };
    expect(why("zed")).toBe("NotInEncounter");
    expect(why("first")).toBe("NotCombatant");
    expect(why("nobody")).toBe("NoActor");
  });

  it("works from a budget of an earlier round: it is this round's push", () => {
    const s = scene({ budgets: { ada: { ...newBudget(1), pushes: 3, spent: { move: 1, major: 1, minor: 1, free: 1 } } } });
    const o = pushed(s, "ada", [["3d6", 8]]);
    expect(o.detail.economy!.after).toEqual({ ...newBudget(2), pushes: 1, entries: { 1: { use: "push", override: false } } });
  });
});

describe("push: a vehicle", () => {
  it("gains 1 heat and rolls nothing", () => {
    const r = push(scene(), { actor: "rhino" }, context(noDice));
    if (!r.ok) throw new Error(r.reason.key);
    expect(r.value.changes).toEqual([{ op: "update", ref: { actor: "rhino" }, path: "system.heat", from: 1, to: 2 }]);
    expect(r.value.detail.heat).toEqual({ from: 1, to: 2, threshold: 2, overheated: false });
    expect(r.value.detail.table).toBeNull();
    expect(keys(r.value)).toEqual(["Pushed", "Heat"]);
  });

  it("warns past the GM's threshold, and heat has no ceiling", () => {
    let s = scene();
    const ctx = context(noDice);
    for (let i = 0; i < 3; i++) {
      const r = push(s, { actor: "rhino" }, ctx);
      if (!r.ok) throw new Error(r.reason.key);
      s = applyOutcome(s, r.value);
      expect(r.value.detail.heat!.overheated).toBe(r.value.detail.heat!.to > 2);
      expect(keys(r.value).includes("Overheated")).toBe(r.value.detail.heat!.to > 2);
    }
    expect(s.actors.rhino!.type === "vehicle" && s.actors.rhino.system.heat).toBe(4);
    expect(s.combatants.rhino!.pushes).toBe(3);
  });
});

describe("push: the card's headline", () => {
  it("names the drawn result, whether it harms or helps, and what it does", () => {
    const text = (kind: string) => `FACTIONS.Skirmish.Fallout.${kind}.Text`;
    expect(pushed(scene(), "ada", [["3d6", 12]]).summary).toEqual([
      { key: `${L}PushHeadline.harm`, data: { roll: 12, result: "FACTIONS.Skirmish.Table.individual.12" } },
      { key: text("injury") },
    ]);
    expect(pushed(scene(), "ada", [["3d6", 13]]).summary).toEqual([
      { key: `${L}PushHeadline.help`, data: { roll: 13, result: "FACTIONS.Skirmish.Table.individual.13" } },
      { key: text("hyped") },
    ]);
    expect(pushed(scene(), "ada", [["3d6", 8]]).summary?.[0]?.key).toBe(`${L}PushHeadline.none`);
  });

  it("a vehicle's gives its heat, and says when it is past the threshold", () => {
    let s = scene();
    const heads: (string | undefined)[] = [];
    for (let i = 0; i < 2; i++) {
      const r = push(s, { actor: "rhino" }, context(noDice));
      if (!r.ok) throw new Error(r.reason.key);
      heads.push(r.value.summary?.[0]?.key.replace(L, ""));
      expect(r.value.summary?.[0]?.data).toEqual({ name: "Rhino", from: 1 + i, to: 2 + i, threshold: 2 });
      s = applyOutcome(s, r.value);
    }
    expect(heads).toEqual(["PushHeadline.heat", "PushHeadline.overheated"]);
  });
});

describe("push: an individual rolls 3d6 on the Individual table", () => {
  it("rolls 3d6 once and reports the row", () => {
    const o = pushed(scene(), "ada", [["3d6", 12]]);
    expect(o.rolls).toEqual([{ label: { key: `${L}PushRoll.individual`, data: { name: "Ada" } }, formula: "3d6", total: 12 }]);
    expect(o.detail).toMatchObject({ table: "individual", roll: 12, row: { roll: 12, fallout: "injury", n: 1 } });
    // The roll (12) is the card's header; the line names the row it gave.
    expect(o.log[1]).toEqual({ key: `${L}Row.individual`, data: { result: "FACTIONS.Skirmish.Table.individual.12" } });
  });

  it("12, Injury!: one more injury", () => {
    const o = pushed(scene(), "ada", [["3d6", 12]]);
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "ada" }, path: "system.injuries", from: 0, to: 1 }]);
    expect(o.detail.effects).toEqual([]);
  });

  it("7, 11, 15: Exhausted −1, −2, −3 as a new effect of 10 rounds", () => {
    for (const [roll, n] of [
      [7, 1],
      [11, 2],
      [15, 3],
    ] as const) {
      const o = pushed(scene(), "ada", [["3d6", roll]]);
      expect(o.detail.effects).toEqual([{ actor: "ada", create: [newEffect("e1", "exhausted", n)], update: [], delete: [] }]);
      expect(o.detail.effects[0]!.create[0]!.roundsLeft).toBe(10);
    }
  });

  it("a second Exhausted merges: adds its number and resets both counts", () => {
    const old = effect("x", "exhausted", 1, { roundsLeft: 3, roundsStill: 4 });
    const o = pushed(scene({ ada: ada([old]) }), "ada", [["3d6", 11]]);
    expect(o.detail.effects).toEqual([{ actor: "ada", create: [], update: [{ before: old, after: { ...old, stack: 3, roundsLeft: 10, roundsStill: 0 } }], delete: [] }]);
    expect(o.log.at(-1)).toEqual({ key: `${L}Stacked.exhausted`, data: { name: "Ada", stack: 3 } });
  });

  it("13 and 18: Hyped +1 and +2 for 3 rounds, stacking", () => {
    const s = applyOutcome(scene(), pushed(scene(), "ada", [["3d6", 13]]));
    expect(infantry(s, "ada").effects).toEqual([newEffect("e1", "hyped", 1)]);
    const o = pushed(s, "ada", [["3d6", 18]]);
    expect(applyOutcome(s, o).actors.ada).toMatchObject({ effects: [{ id: "e1", kind: "hyped", stack: 3, roundsLeft: 3 }] });
  });

  it("9 and 14, Worsened Condition: every penalty 1 worse; with none, nothing", () => {
    const list = [effect("b", "boneFracture"), effect("x", "exhausted", 2, { roundsLeft: 5, roundsStill: 1 }), effect("h", "hyped", 1)];
    const o = pushed(scene({ ada: ada(list) }), "ada", [["3d6", 9]]);
    expect(o.detail.effects[0]!.update.map((u) => u.after)).toEqual([
      { ...list[0], stack: 2 },
      { ...list[1], stack: 3 },
    ]);
    const none = pushed(scene({ ada: ada([effect("h", "hyped", 1)]) }), "ada", [["3d6", 14]]);
    expect(none.detail.effects).toEqual([]);
    expect(none.changes).toEqual([]);
    expect(keys(none).at(-1)).toBe("WorsenedNothing");
  });

  it("8 and 17, Nothing… happens?: nothing changes", () => {
    for (const roll of [8, 17]) {
      const o = pushed(scene(), "ada", [["3d6", roll]]);
      expect(o.changes).toEqual([]);
      expect(o.detail.effects).toEqual([]);
      expect(keys(o).at(-1)).toBe("Nothing");
    }
  });

  it("the other rows become effects with their durations", () => {
    const cases: [number, string, number | null][] = [
      [3, "concussion", null],
      [4, "ankleSprain", null],
      [5, "muscleTremors", null],
      [6, "boneFracture", null],
      [10, "disoriented", 1],
      [16, "dazed", null],
    ];
    for (const [roll, kind, rounds] of cases) {
      const o = pushed(scene(), "ada", [["3d6", roll]]);
      expect(o.detail.effects[0]!.create, String(roll)).toEqual([{ id: "e1", kind, stack: 1, roundsLeft: rounds, roundsStill: 0, member: "" }]);
      expect(o.log.at(-1)!.key).toBe(`${L}Gained.${kind}`);
    }
  });
});

describe("push: a squad rolls 3d6 on the Squad table", () => {
  it("5, Ammo loss: each weapon loses a reload, never below 0; the heavy one rolls its d6 and keeps it under 4", () => {
    const o = pushed(scene(), "red", [
      ["3d6", 5],
      ["1d6", 3],
    ]);
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "red", item: "rifles" }, path: "system.reloads.value", from: 3, to: 2 }]);
    expect(o.detail.fallout!.ammo).toEqual([
      { weapon: "rifles", from: 3, to: 2, d6: null },
      { weapon: "carbines", from: 0, to: 0, d6: null },
      { weapon: "mg", from: 2, to: 2, d6: 3 },
    ]);
    expect(keys(o).slice(2)).toEqual(["AmmoLost", "AmmoEmpty", "AmmoKept"]);
    expect(o.rolls.map((r) => r.formula)).toEqual(["3d6", "1d6"]);
  });

  it("5, Ammo loss: the heavy weapon loses its reload on 4+", () => {
    for (const d6 of [4, 6]) {
      const o = pushed(scene(), "red", [
        ["3d6", 5],
        ["1d6", d6],
      ]);
      expect(o.changes.map((c) => c.ref.item)).toEqual(["rifles", "mg"]);
      expect(o.detail.fallout!.ammo[2]).toEqual({ weapon: "mg", from: 2, to: 1, d6 });
    }
  });

  it("6 and 10, Member Injured!: the first ready member is out, or the one the choice names", () => {
    for (const roll of [6, 10]) {
      const s = applyOutcome(scene(), pushed(scene(), "red", [["3d6", roll]]));
      expect(infantry(s, "red").system.members.map((m) => m.state)).toEqual(["out", "ready", "ready", "ready"]);
    }
    const named = applyOutcome(scene(), pushed(scene(), "red", [["3d6", 6]], ["m3"]));
    expect(infantry(named, "red").system.members.map((m) => m.state)).toEqual(["ready", "ready", "out", "ready"]);
  });

  it("16, 2 Members Injured!: two members out, skipping those already out; with one left, one", () => {
    const base = red();
    base.system.members[0]!.state = "out";
    const o = pushed(scene({ red: base }), "red", [["3d6", 16]]);
    expect(o.detail.fallout!.members).toEqual(["m2", "m3"]);
    const few = red();
    for (const m of few.system.members.slice(0, 3)) m.state = "out";
    const last = pushed(scene({ red: few }), "red", [["3d6", 16]]);
    expect(last.detail.fallout!.members).toEqual(["m4"]);
    expect(keys(last).slice(-2)).toEqual(["MemberOut", "NoMemberLeft"]);
  });

  it("4, Member slowed: a ready member is slowed, with an effect naming it", () => {
    const o = pushed(scene(), "red", [["3d6", 4]], ["m2"]);
    const s = applyOutcome(scene(), o);
    expect(infantry(s, "red").system.members.map((m) => m.state)).toEqual(["ready", "slowed", "ready", "ready"]);
    expect(infantry(s, "red").effects).toEqual([{ ...newEffect("e1", "memberSlowed"), member: "m2" }]);
    // Put out of the fight, the slowed member no longer slows the squad.
    const out = pushed(s, "red", [["3d6", 6]], ["m2"]);
    expect(out.detail.effects[0]!.delete.map((e) => e.id)).toEqual(["e1"]);
    expect(infantry(applyOutcome(s, out), "red").effects).toEqual([]);
  });

  it("12, Disobedience: the company's Morale drops by 1", () => {
    const o = pushed(scene(), "red", [["3d6", 12]]);
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "first" }, path: "system.morale", from: 5, to: 4 }]);
    expect(o.detail.fallout!.company).toBe("first");
  });

  it("8, 13, 18, Morale +1, +2, +3: stacking, and the highest reached is remembered", () => {
    let s = scene();
    for (const [roll, stack] of [
      [8, 1],
      [13, 3],
    ] as const) {
      const o = pushed(s, "red", [["3d6", roll]]);
      s = applyOutcome(s, o);
      expect(infantry(s, "red").effects).toEqual([{ ...newEffect("e1", "morale", stack) }]);
      expect(infantry(s, "red").system.highestMorale).toBe(stack);
    }
    // A lower Morale after the first ran out does not lower the highest.
    const ranOut = { ...s, actors: { ...s.actors, red: { ...infantry(s, "red"), effects: [] } } };
    const o = pushed(ranOut, "red", [["3d6", 8]]);
    expect(o.changes).toEqual([]);
    expect(o.detail.effects[0]!.create[0]!.stack).toBe(1);
  });

  it("9, Gone Prone; 3, Panic!; 14, Comms breakdown!: effects until the GM removes them", () => {
    for (const [roll, kind] of [
      [9, "goneProne"],
      [3, "panic"],
      [14, "commsBreakdown"],
    ] as const) {
      const o = pushed(scene(), "red", [["3d6", roll]]);
      expect(o.detail.effects[0]!.create).toEqual([newEffect("e1", kind)]);
    }
  });
});
