import { describe, expect, it } from "vitest";
import {
  advanceRound,
  applyEffectPlan,
  applyOutcome,
  endCombat,
  newBudget,
  newEffect,
  push,
  removeEffect,
  roundsToTick,
  type ActionBudget,
  type InfantryState,
  type SkirmishState,
} from "../../../src/rulesets/skirmish/rules";
import { scriptedDice } from "../dice";
import { ada, context, effect, infantry, noDice, red, scene } from "./fixtures";

const L = "FACTIONS.Skirmish.Log.";
const ctx = context(noDice);
const moved = (round: number): ActionBudget => ({ ...newBudget(round), spent: { move: 1, major: 0, minor: 0, free: 0 } });

/** The state after the round goes to `to`: budgets and effects as the Foundry layer would store them. */
function advance(s: SkirmishState, to: number): SkirmishState {
  const r = advanceRound(s, to);
  const actors = { ...s.actors };
  for (const plan of r.effects) {
    const a = actors[plan.actor] as InfantryState;
    actors[plan.actor] = { ...a, effects: applyEffectPlan(a.effects, plan) };
  }
  return { actors, combatants: r.budgets, round: to };
}

describe("the round going forward", () => {
  it("ticks each combatant's effects given whether it moved, and says which ended", () => {
    const s = scene({
      ada: ada([effect("x", "exhausted", 1, { roundsStill: 4 }), effect("h", "hyped", 1, { roundsLeft: 1 }), effect("d", "disoriented"), effect("b", "boneFracture")]),
      red: red([effect("y", "exhausted", 2, { roundsStill: 4 })]),
      budgets: { ada: moved(2) },
    });
    const r = advanceRound(s, 3);
    expect(r.ticked).toBe(1);
    expect(r.effects).toEqual([
      {
        actor: "ada",
        create: [],
        update: [{ before: effect("x", "exhausted", 1, { roundsStill: 4 }), after: effect("x", "exhausted", 1, { roundsLeft: 9, roundsStill: 0 }) }],
        delete: [effect("h", "hyped", 1, { roundsLeft: 1 }), effect("d", "disoriented")],
      },
      // Red did not move: its fifth round in a row without moving ends Exhausted.
      { actor: "red", create: [], update: [], delete: [effect("y", "exhausted", 2, { roundsStill: 4 })] },
    ]);
    expect(r.log).toEqual([
      { key: `${L}RoundStarted`, data: { round: 3 }, heading: true },
      { key: `${L}Ended.hyped`, data: { name: "Ada" } },
      { key: `${L}Ended.disoriented`, data: { name: "Ada" } },
      { key: `${L}Ended.exhausted`, data: { name: "Red Squad" } },
    ]);
    expect(Object.values(r.budgets)).toEqual([newBudget(3), newBudget(3), newBudget(3), newBudget(3)]);
  });

  it("counts a token moved on the canvas as moving, Move button or not", () => {
    const s = scene({ red: red([effect("y", "exhausted", 2, { roundsStill: 4 })]) });
    // Without it, Red's fifth still round ends Exhausted; with it, the count goes back to 0.
    expect(advanceRound(s, 3).effects[0]!.delete).toHaveLength(1);
    const r = advanceRound(s, 3, new Set(["red"]));
    expect(r.effects).toEqual([
      { actor: "red", create: [], update: [{ before: effect("y", "exhausted", 2, { roundsStill: 4 }), after: effect("y", "exhausted", 2, { roundsLeft: 9, roundsStill: 0 }) }], delete: [] },
    ]);
    // Only the round that ended counts as moved: of three rounds skipped, the later two are still.
    const skipped = advanceRound(scene({ red: red([effect("y", "exhausted", 2, { roundsStill: 4 })]) }), 5, new Set(["red"]));
    expect(skipped.effects[0]!.update[0]!.after).toMatchObject({ roundsLeft: 7, roundsStill: 2 });
  });

  it("going back or staying resets and ticks nothing", () => {
    const s = scene({ ada: ada([effect("h", "hyped", 1, { roundsLeft: 1 })]), budgets: { ada: moved(2) } });
    for (const to of [2, 1]) {
      const r = advanceRound(s, to);
      expect(r.ticked).toBe(0);
      expect(r.effects).toEqual([]);
      expect(r.log).toEqual([]);
      expect(r.budgets.ada).toEqual(moved(2));
    }
  });

  it("leaving round 0 (the fight had not begun) ticks nothing but starts fresh budgets", () => {
    expect(roundsToTick(0, 1)).toBe(0);
    expect(roundsToTick(0, 3)).toBe(2);
    expect(roundsToTick(4, 6)).toBe(2);
    const s = scene({ round: 0, ada: ada([effect("d", "disoriented")]) });
    const r = advanceRound(s, 1);
    expect(r.effects).toEqual([]);
    expect(r.budgets.ada).toEqual(newBudget(1));
  });

  it("skipping rounds ticks each, the skipped ones without movement", () => {
    const s = scene({ ada: ada([effect("x", "exhausted", 1, { roundsStill: 2 })]), budgets: { ada: moved(2) } });
    const r = advanceRound(s, 5);
    expect(r.ticked).toBe(3);
    expect(r.effects[0]!.update[0]!.after).toMatchObject({ roundsLeft: 7, roundsStill: 2 });
  });

  it("counts the round an effect is taken in as its first: Hyped from round 2 lasts rounds 2, 3 and 4", () => {
    const o = push(scene(), { actor: "ada" }, context(scriptedDice([["3d6", 13]])));
    if (!o.ok) throw new Error(o.reason.key);
    let s = applyOutcome(scene(), o.value);
    const present: number[] = [];
    for (let round = 3; round <= 6; round++) {
      s = advance(s, round);
      if (infantry(s, "ada").effects.some((e) => e.kind === "hyped")) present.push(round);
    }
    expect(present).toEqual([3, 4]);
  });

  it("Exhausted taken in round 1, never moving: rounds 1 to 5, gone when round 6 starts", () => {
    let s = scene({ round: 1, ada: ada([newEffect("x", "exhausted", 1)]) });
    const present: number[] = [];
    for (let round = 2; round <= 7; round++) {
      s = advance(s, round);
      if (infantry(s, "ada").effects.length > 0) present.push(round);
    }
    expect(present).toEqual([2, 3, 4, 5]);
  });
});

describe("the end of combat", () => {
  it("adds each squad's highest Morale to its company, and clears it", () => {
    const squad = red([effect("m", "morale", 2)]);
    squad.system.highestMorale = 3;
    const blue: InfantryState = { ...red(), id: "blue", name: "Blue Squad", system: { ...red().system, highestMorale: 2 } };
    const s = scene({ red: squad });
    s.actors.blue = blue;
    s.combatants.blue = newBudget(2);
    const r = endCombat(s, ctx);
    if (!r.ok) throw new Error(r.reason.key);
    expect(r.value.changes).toEqual([
      { op: "update", ref: { actor: "first" }, path: "system.morale", from: 5, to: 10 },
      { op: "update", ref: { actor: "red" }, path: "system.highestMorale", from: 3, to: 0 },
      { op: "update", ref: { actor: "blue" }, path: "system.highestMorale", from: 2, to: 0 },
    ]);
    expect(r.value.detail.carried).toEqual([
      { squad: "red", company: "first", morale: 3 },
      { squad: "blue", company: "first", morale: 2 },
    ]);
    expect(r.value.log[0]).toEqual({ key: `${L}MoraleCarried`, data: { name: "Red Squad", company: "First Company", bonus: 3, morale: 8 } });
  });

  it("ends the effects of some rounds and of the fight; those the GM removes stay", () => {
    const s = scene({ ada: ada([effect("x", "exhausted", 1), effect("b", "boneFracture"), effect("a", "ankleSprain"), effect("c", "concussion"), effect("t", "muscleTremors")]) });
    const r = endCombat(s, ctx);
    if (!r.ok) throw new Error(r.reason.key);
    expect(r.value.detail.effects).toEqual([{ actor: "ada", create: [], update: [], delete: [effect("x", "exhausted", 1), effect("b", "boneFracture"), effect("t", "muscleTremors")] }]);
  });

  it("a squad with no company loses its Morale", () => {
    const lone = red();
    lone.system.company = "";
    lone.system.highestMorale = 2;
    const s = scene({ red: lone });
    s.actors.first = { ...s.actors.first!, system: { morale: 5, squads: [] } } as SkirmishState["actors"][string];
    const r = endCombat(s, ctx);
    expect(r.ok && r.value.changes).toEqual([{ op: "update", ref: { actor: "red" }, path: "system.highestMorale", from: 2, to: 0 }]);
    expect(r.ok && r.value.log[0]!.key).toBe(`${L}NoCompany`);
  });
});

describe("the GM removes an effect", () => {
  it("deletes it; the last Member slowed of a member makes it ready again", () => {
    const squad = red([effect("s1", "memberSlowed", 1, { member: "m2" }), effect("s2", "memberSlowed", 1, { member: "m2" }), effect("p", "goneProne")]);
    squad.system.members[1]!.state = "slowed";
    let s = scene({ red: squad });
    const first = removeEffect(s, { actor: "red", effect: "s1" }, ctx);
    if (!first.ok) throw new Error(first.reason.key);
    expect(first.value.changes).toEqual([]);
    s = applyOutcome(s, first.value);
    const second = removeEffect(s, { actor: "red", effect: "s2" }, ctx);
    if (!second.ok) throw new Error(second.reason.key);
    s = applyOutcome(s, second.value);
    expect(infantry(s, "red").system.members[1]!.state).toBe("ready");
    expect(infantry(s, "red").effects.map((e) => e.id)).toEqual(["p"]);
    const none = removeEffect(s, { actor: "red", effect: "s1" }, ctx);
    expect(none.ok ? "" : none.reason.key).toBe("FACTIONS.Skirmish.Reject.NoEffect");
  });
});
