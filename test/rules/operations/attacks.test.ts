import { describe, expect, it } from "vitest";
import type { Tier } from "../../../src/core/rules/check";
import {
  AGGRESSIVE_ATTACK,
  CAUTIOUS_ATTACK,
  aggressiveAttack,
  applyToState,
  cautiousAttack,
  raid,
  raiseCondition,
  FORCE_RESULTS,
  type AttackChoice,
  type ForceTable,
  type OperationsState,
} from "../../../src/rulesets/operations/rules";
import { scriptedDice } from "../dice";
import { context, deepFreeze, logKeys, noDice, reason, TIERS, tierRolls, updated, value, lt, org, unit, world } from "./fixtures";
import { scene } from "./scene";

const choice: AttackChoice = { lieutenant: "la", target: "B", location: "town", units: ["a1", "a2"] };

function conditionOf(s: OperationsState, org: string, id: string): string {
  if (s.lieutenants[id]) return s.lieutenants[id]!.system.condition;
  return s.organizations[org]!.units.find((u) => u.id === id)?.system.condition ?? "removed";
}

describe.each([
  ["Aggressive Attack", aggressiveAttack, AGGRESSIVE_ATTACK, "aggressiveAttack"],
  ["Cautious Attack", cautiousAttack, CAUTIOUS_ATTACK, "cautiousAttack"],
] as const)("%s", (_name, action, table: ForceTable, key) => {
  it.each(TIERS)("%s: the tier's conditions fall on every member of both forces", (tier: Tier) => {
    const s = deepFreeze(scene());
    const o = value(action(s, choice, context(scriptedDice(tierRolls(10, 9, tier)))));
    expect(o.action).toBe(`operations.${key}`);
    expect(o.actor).toBe("la");
    expect(o.detail.tier).toBe(tier);
    expect(o.checks[0]!.check.margin).toBe({ completeFailure: -5, failure: 0, success: 1, completeSuccess: 5 }[tier]);
    const after = applyToState(s, o.changes);
    const row = table[tier];
    const expectAfter = (result: keyof typeof FORCE_RESULTS | undefined, before: string) => {
      if (!result) return before;
      const c = raiseCondition(before as never, FORCE_RESULTS[result]);
      return c;
    };
    for (const [orgId, id, result] of [
      ["B", "b1", row.enemy],
      ["B", "b2", row.enemy],
      ["B", "lb", row.enemy],
      ["A", "a1", row.own],
      ["A", "a2", row.own],
      ["A", "la", row.own],
    ] as const) {
      const want = expectAfter(result, "fresh");
      const got = conditionOf(after, orgId, id);
      if (want === "destroyed" && id !== "lb") expect(got, id).toBe("removed");
      else expect(got, id).toBe(want);
    }
    // Hidden Spies and the units elsewhere are untouched; A's third unit was not committed.
    expect(conditionOf(after, "B", "b3")).toBe("fresh");
    expect(conditionOf(after, "B", "b4")).toBe("fresh");
    expect(conditionOf(after, "A", "a3")).toBe("fresh");
    expect(logKeys(o)[0]).toBe(`Attack.${key}`);
    expect(logKeys(o)).toContain(`Tier.${key}.${tier}`);
    // Acted / defended marks.
    expect(updated(o, "la", "system.acted")).toBe(true);
    expect(after.organizations.A!.units.find((u) => u.id === "a1")?.system.acted ?? true).toBe(true);
    if (after.lieutenants.lb!.system.condition !== "destroyed") expect(after.lieutenants.lb!.system.defended).toBe(true);
  });

  it("an attack on a force with no non-hidden units accomplishes nothing, without a roll", () => {
    const s = scene();
    const o = value(action(s, { ...choice, location: "town", target: "B" }, context(scriptedDice(tierRolls(10, 9, "success")))));
    expect(o.detail.nothing).toBe(false);
    // Only the hidden Spies (and a lieutenant) in the hills: nothing to attack.
    const t = world(
      [org("A", {}, [unit("x", { level: 3, location: "hills" })]), org("B", {}, [unit("h", { level: 1, location: "hills", hiding: 2 })])],
      [lt("l", "A", { location: "hills" }), lt("m", "B", { location: "hills" })],
    );
    const n = value(action(t, { lieutenant: "l", target: "B", location: "hills", units: ["x"] }, context(noDice)));
    expect(n.detail).toMatchObject({ nothing: true, tier: null, conditions: [] });
    expect(logKeys(n)).toContain("NothingToAttack");
    expect(n.checks).toEqual([]);
    expect(n.changes.every((c) => c.ref.actor === "A" || c.ref.actor === "l")).toBe(true);
  });
});

describe("attack rules", () => {
  it("rejects: no units, more than Cohesion, units or lieutenant elsewhere, own organization, a defeated lieutenant, acting twice", () => {
    const s = scene();
    const c = () => context(noDice);
    expect(reason(aggressiveAttack(s, { ...choice, units: [] }, c()))).toBe("NoUnits");
    const big = { ...s, organizations: { ...s.organizations, A: { ...s.organizations.A!, system: { ...s.organizations.A!.system, cohesion: 1 } } } };
    expect(reason(aggressiveAttack(big, choice, c()))).toBe("TooManyUnits");
    expect(reason(aggressiveAttack(s, { ...choice, units: ["a4"] }, c()))).toBe("UnitNotThere");
    expect(reason(aggressiveAttack(s, { ...choice, location: "port", units: ["a4"] }, c()))).toBe("NotThere");
    expect(reason(aggressiveAttack(s, { ...choice, target: "A" }, c()))).toBe("SameOrganization");
    expect(reason(aggressiveAttack(s, { ...choice, units: ["b1"] }, c()))).toBe("NotYourUnit");
    expect(reason(aggressiveAttack(s, { ...choice, units: ["a1", "a1"] }, c()))).toBe("Duplicate");
    const beaten = { ...s, lieutenants: { ...s.lieutenants, la: lt("la", "A", { condition: "defeated" }) } };
    expect(reason(aggressiveAttack(beaten, choice, c()))).toBe("CannotAct");
    const acted = { ...s, lieutenants: { ...s.lieutenants, la: lt("la", "A", { acted: true }) } };
    expect(reason(aggressiveAttack(acted, choice, c()))).toBe("Acted");
    expect(value(aggressiveAttack(acted, choice, context(scriptedDice(tierRolls(10, 9, "failure")), { oneActionPerRound: false }))).detail.tier).toBe("failure");
  });

  it("a reaction (out of a stance) may use acted units, keeps the stance, and takes the stance bonuses", () => {
    const s = scene();
    const la = lt("la", "A", { name: "Vex", level: 3, force: 2, acted: true, stance: { kind: "ambush", factions: ["B"], strategy: "cautious", units: ["a1"] } });
    const t = { ...s, lieutenants: { ...s.lieutenants, la } };
    const o = value(cautiousAttack(t, { ...choice, reaction: true, attackBonus: 2, defenseBonus: 0 }, context(scriptedDice(tierRolls(12, 9, "success")))));
    expect(o.checks[0]!.check.actor.rating).toBe(12);
    expect(o.changes.some((c) => c.op === "update" && c.path === "system.stance")).toBe(false);
    const b = value(aggressiveAttack(s, { ...choice, defenseBonus: 2 }, context(scriptedDice(tierRolls(10, 11, "failure")))));
    expect(b.checks[0]!.check.opposition.rating).toBe(11);
  });

  it("a recruited lieutenant acting for its recruiter risks notice when it commands its original organization's units", () => {
    const s = scene();
    const spy = lt("spy", "B", { name: "Spy", recruiter: "A", level: 2, force: 1 });
    const t = { ...s, lieutenants: { ...s.lieutenants, spy } };
    // Spy attacks its own organization's Militia with B's Guards, for A: the Guards and Spy are not in the defence.
    const o = value(aggressiveAttack(t, { lieutenant: "spy", organization: "A", target: "B", location: "town", units: ["b1"] }, context(scriptedDice(tierRolls(6, 6, "success")))));
    expect(o.detail.risky).toBe(true);
    expect(o.detail.organization).toBe("A");
    expect(logKeys(o)).toContain("RiskyCommand");
    // Defence: Militia 1 + Mara 5 = 6.
    expect(o.checks[0]!.check.opposition.rating).toBe(6);
    expect(reason(aggressiveAttack(t, { lieutenant: "spy", organization: "N", target: "B", location: "town", units: ["b1"] }, context(noDice)))).toBe("NotYourLieutenant");
  });

  it("acting loses hiding, ends a stance, and surveillance of the actor, its units or the place reports it", () => {
    const s = scene();
    const la = lt("la", "A", { name: "Vex", level: 3, force: 2, hiding: 4, stance: { kind: "block", factions: ["B"], strategy: "aggressive", units: [] } });
    const B = { ...s.organizations.B!, system: { ...s.organizations.B!.system, surveillance: [
      { watcher: "lb", kind: "lieutenant" as const, target: "la", extra: false },
      { watcher: "lb", kind: "unit" as const, target: "a3", extra: false },
      { watcher: "lb", kind: "location" as const, target: "town", extra: false },
    ] } };
    const t = { ...s, organizations: { ...s.organizations, B }, lieutenants: { ...s.lieutenants, la } };
    const o = value(aggressiveAttack(t, choice, context(scriptedDice(tierRolls(10, 9, "success")))));
    expect(updated(o, "la", "system.hiding")).toBe(0);
    expect(updated(o, "la", "system.stance")).toEqual({ kind: "", factions: [], strategy: "aggressive", units: [] });
    expect(logKeys(o)).toEqual(expect.arrayContaining(["HidingLost", "StanceEnded"]));
    expect(o.detail.reports).toEqual([
      { organization: "B", watcher: "lb", kind: "lieutenant", target: "la" },
      { organization: "B", watcher: "lb", kind: "location", target: "town" },
    ]);
  });

  it("a stealthy attack stays unnoticed on a success, not on a failure", () => {
    const s = scene();
    const ok = value(aggressiveAttack(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(10, 9, "success")))));
    expect(ok.detail).toMatchObject({ stealthy: true, unnoticed: true });
    const no = value(aggressiveAttack(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(10, 9, "failure")))));
    expect(no.detail).toMatchObject({ stealthy: true, unnoticed: false });
    const plain = value(aggressiveAttack(s, choice, context(scriptedDice(tierRolls(10, 9, "completeSuccess")))));
    expect(plain.detail.unnoticed).toBe(false);
  });

  it("defeated defenders add nothing but suffer the result", () => {
    const t = world(
      [org("A", {}, [unit("x", { level: 3 })]), org("B", {}, [unit("d", { level: 5, condition: "defeated" })])],
      [lt("l", "A", { level: 1, force: 1 })],
    );
    const o = value(cautiousAttack(t, { lieutenant: "l", target: "B", location: "town", units: ["x"] }, context(scriptedDice(tierRolls(5, 0, "success")))));
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "B", item: "d" } }));
  });
});

describe("Raid", () => {
  const base = { lieutenant: "la", target: "B", location: "town", units: ["a1", "a2"] };
  it.each(TIERS)("%s: conditions, and the target acquired on a success", (tier) => {
    const s = deepFreeze(scene());
    const o = value(raid(s, { ...base, acquire: { kind: "capital", amount: 4 } }, context(scriptedDice(tierRolls(10, 9, tier)))));
    const after = applyToState(s, o.changes);
    const own = { completeFailure: "damaged", failure: "dinged", success: "dinged", completeSuccess: "fresh" }[tier];
    const enemy = { completeFailure: "fresh", failure: "dinged", success: "dinged", completeSuccess: "damaged" }[tier];
    expect(conditionOf(after, "A", "a1")).toBe(own);
    expect(conditionOf(after, "A", "la")).toBe(own);
    expect(conditionOf(after, "B", "b1")).toBe(enemy);
    expect(conditionOf(after, "B", "lb")).toBe(enemy);
    const got = tier === "success" || tier === "completeSuccess";
    expect(o.detail.acquisition.acquired).toBe(got);
    expect(after.organizations.A!.system.capital).toBe(got ? 24 : 20);
    expect(after.organizations.B!.system.capital).toBe(got ? 6 : 10);
  });

  it("no opposition: the target is acquired without a roll; capital never more than the target has", () => {
    const s = scene();
    // Only B's hidden Spies and defeated units at the docks: nobody opposes.
    const B = { ...s.organizations.B!, units: [...s.organizations.B!.units, unit("bx", { location: "docks", condition: "defeated" })] };
    const t = { ...s, organizations: { ...s.organizations, B }, lieutenants: { ...s.lieutenants, la: lt("la", "A", { name: "Vex", location: "docks" }) } };
    const o = value(raid(t, { lieutenant: "la", target: "B", location: "docks", units: [], acquire: { kind: "capital", amount: 50 } }, context(noDice)));
    expect(o.detail).toMatchObject({ unopposed: true, tier: null, acquisition: { acquired: true, capital: 10 } });
    expect(updated(o, "A", "system.capital")).toBe(30);
    expect(updated(o, "B", "system.capital")).toBe(0);
    expect(logKeys(o)).toContain("Unopposed");
    const thing = value(raid(t, { lieutenant: "la", target: "B", location: "docks", units: [], acquire: { kind: "thing", name: "Ledger" } }, context(noDice)));
    expect(logKeys(thing)).toContain("ThingAcquired");
  });

  it("captures a unit: it changes hands", () => {
    const s = scene();
    const o = value(raid(s, { ...base, acquire: { kind: "unit", unit: "b2" } }, context(scriptedDice(tierRolls(10, 9, "completeSuccess")))));
    const after = applyToState(s, o.changes);
    // Complete success damages the enemy force; the Militia is captured afterwards.
    expect(after.organizations.B!.units.map((u) => u.id)).not.toContain("b2");
    expect(after.organizations.A!.units.find((u) => u.id === "b2")).toMatchObject({ name: "Militia", system: { condition: "damaged", recruiter: "", lieutenant: "" } });
    expect(o.detail.acquisition).toEqual({ acquired: true, capital: 0, unit: "b2", lieutenant: null });
    expect(logKeys(o)).toContain("UnitCaptured");
  });

  it("rejects a lieutenant capture and a unit that is not there", () => {
    const s = scene();
    expect(reason(raid(s, { ...base, acquire: { kind: "lieutenant", lieutenant: "lb" } as never }, context(noDice)))).toBe("CannotCapture");
    expect(reason(raid(s, { ...base, acquire: { kind: "unit", unit: "b4" } }, context(noDice)))).toBe("UnitNotThere");
    expect(reason(raid(s, { ...base, acquire: { kind: "capital", amount: -1 } }, context(noDice)))).toBe("BadAmount");
  });
});
