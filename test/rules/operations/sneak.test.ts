import { describe, expect, it } from "vitest";
import {
  applyToState,
  conceal,
  concealHiding,
  steal,
  surveil,
} from "../../../src/rulesets/operations/rules";
import type { Tier } from "../../../src/core/rules/check";
import { scriptedDice } from "../dice";
import { context, deepFreeze, logKeys, lt, noDice, reason, TIERS, tierRolls, updated, value } from "./fixtures";
import { scene } from "./scene";

describe("Conceal (Straight Sneak)", () => {
  const hiding: Record<Tier, number> = { completeFailure: 0, failure: 3, success: 6, completeSuccess: 9 };
  it.each(TIERS)("%s: a unit's hiding level from the whole Sneak modifier (6); it moves only on a success", (tier) => {
    const s = deepFreeze(scene());
    const o = value(conceal(s, { lieutenant: "la", target: { kind: "unit", unit: "a3" }, moveTo: "docks" }, context(scriptedDice(tierRolls(6, 0, tier)))));
    expect(o.checks[0]!.check.opposition.formula).toBe("1d10");
    expect(o.detail).toMatchObject({ sneak: 6, hiding: hiding[tier], moved: tier === "success" || tier === "completeSuccess" });
    const after = applyToState(s, o.changes);
    const a3 = after.organizations.A!.units.find((u) => u.id === "a3")!;
    expect(a3.system.hiding).toBe(hiding[tier]);
    expect(a3.system.location).toBe(o.detail.moved ? "docks" : "town");
    expect(logKeys(o)).toContain(`Tier.conceal.${tier}`);
    if (!o.detail.moved) expect(logKeys(o)).toContain("MustStay");
  });

  it("half the modifier rounds down; the modifier includes condition and situational parts; never below 0", () => {
    expect(concealHiding("failure", 5)).toBe(2);
    expect(concealHiding("failure", -3)).toBe(0);
    expect(concealHiding("success", -1)).toBe(0);
    expect(concealHiding("completeSuccess", -1)).toBe(2);
    const s = scene();
    const hurt = { ...s, lieutenants: { ...s.lieutenants, la: lt("la", "A", { name: "Vex", level: 3, sneak: 3, condition: "dinged" }) } };
    const o = value(conceal(hurt, { lieutenant: "la", target: { kind: "unit", unit: "a3" }, modifier: 2 }, context(scriptedDice(tierRolls(7, 0, "failure")))));
    expect(o.detail).toMatchObject({ sneak: 7, hiding: 3 });
  });

  it("a lieutenant conceals itself: acting loses its old hiding, then it gains the new one", () => {
    const s = scene();
    const hidden = { ...s, lieutenants: { ...s.lieutenants, la: lt("la", "A", { name: "Vex", level: 3, sneak: 3, hiding: 4 }) } };
    const o = value(conceal(hidden, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "la" } }, context(scriptedDice(tierRolls(6, 0, "success")))));
    expect(o.changes.filter((c) => c.op === "update" && c.path === "system.hiding")).toEqual([
      { op: "update", ref: { actor: "la" }, path: "system.hiding", from: 4, to: 6 },
    ]);
    const thing = value(conceal(s, { lieutenant: "la", target: { kind: "thing", name: "Ledger" } }, context(scriptedDice(tierRolls(6, 0, "completeFailure")))));
    expect(thing.detail.hiding).toBe(0);
    expect(logKeys(thing)).toContain("NotHidden");
  });

  it("rejects another organization's unit or lieutenant, a thing to move, and an empty name", () => {
    const s = scene();
    expect(reason(conceal(s, { lieutenant: "la", target: { kind: "unit", unit: "b1" } }, context(noDice)))).toBe("NotYourUnit");
    expect(reason(conceal(s, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "lb" } }, context(noDice)))).toBe("NotYourLieutenant");
    expect(reason(conceal(s, { lieutenant: "la", target: { kind: "thing", name: "x" }, moveTo: "docks" }, context(noDice)))).toBe("CannotMoveThing");
    expect(reason(conceal(s, { lieutenant: "la", target: { kind: "thing", name: " " } }, context(noDice)))).toBe("NoName");
  });
});

describe("Steal (Sneak vs Sneak)", () => {
  const choice = { lieutenant: "la", target: "B", location: "town", acquire: { kind: "capital" as const, amount: 3 } };
  it.each(TIERS)("%s", (tier) => {
    const s = deepFreeze(scene());
    // Vex 3 + 3 vs the best visible Sneak there: Mara 2 + 1.
    const o = value(steal(s, choice, context(scriptedDice(tierRolls(6, 3, tier)))));
    const after = applyToState(s, o.changes);
    const got = tier === "success" || tier === "completeSuccess";
    expect(o.detail.acquisition.acquired).toBe(got);
    expect(after.organizations.A!.system.capital).toBe(got ? 23 : 20);
    expect(after.lieutenants.la!.system.condition).toBe(tier === "completeFailure" ? "damaged" : "fresh");
    // Complete success: automatically stealthy, even undeclared; the tier's text says so, the card says so once.
    expect(o.detail.unnoticed).toBe(tier === "completeSuccess");
    if (tier === "completeSuccess") {
      expect(logKeys(o)).toContain("Unnoticed");
      expect(logKeys(o)).not.toContain("AutomaticallyStealthy");
    }
  });

  it("a stealthy steal stays unnoticed on a success", () => {
    const s = scene();
    expect(value(steal(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(6, 3, "success"))))).detail.unnoticed).toBe(true);
    expect(value(steal(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(6, 3, "failure"))))).detail.unnoticed).toBe(false);
  });

  it("captures a hidden unit against its own Sneak + hiding, or a lieutenant, who is then held captive", () => {
    const s = scene();
    const o = value(steal(s, { ...choice, acquire: { kind: "unit", unit: "b3" } }, context(scriptedDice(tierRolls(6, 5, "success")))));
    const after = applyToState(s, o.changes);
    expect(after.organizations.A!.units.find((u) => u.id === "b3")!.system).toMatchObject({ hiding: 0, recruiter: "" });
    const l = value(steal(s, { ...choice, acquire: { kind: "lieutenant", lieutenant: "lb" } }, context(scriptedDice(tierRolls(6, 3, "success")))));
    expect(updated(l, "lb", "system.captor")).toBe("A");
    expect(logKeys(l)).toContain("LieutenantCaptured");
    // A captive cannot act.
    const held = applyToState(s, l.changes);
    expect(reason(steal(held, { lieutenant: "lb", target: "A", location: "town", acquire: { kind: "capital", amount: 1 } }, context(noDice)))).toBe("Captive");
  });

  it("rejects: not at the location, stealing from itself or its own lieutenant", () => {
    const s = scene();
    expect(reason(steal(s, { ...choice, location: "port" }, context(noDice)))).toBe("NotThere");
    expect(reason(steal(s, { ...choice, target: "A" }, context(noDice)))).toBe("SameOrganization");
    expect(reason(steal(s, { ...choice, acquire: { kind: "lieutenant", lieutenant: "la" } }, context(noDice)))).toBe("NotTheirs");
  });
});

describe("Surveil (Sneak vs Sneak)", () => {
  const choice = { lieutenant: "la", target: { kind: "lieutenant" as const, lieutenant: "lb" } };
  it.each(TIERS)("%s", (tier) => {
    const s = deepFreeze(scene());
    const o = value(surveil(s, choice, context(scriptedDice(tierRolls(6, 3, tier)))));
    const after = applyToState(s, o.changes);
    const watching = tier === "success" || tier === "completeSuccess";
    expect(o.detail).toMatchObject({ kind: "lieutenant", target: "lb", watching, glimpse: tier === "failure", extra: tier === "completeSuccess" });
    expect(after.organizations.A!.system.surveillance).toEqual(watching ? [{ watcher: "la", kind: "lieutenant", target: "lb", extra: tier === "completeSuccess" }] : []);
    expect(after.lieutenants.la!.system.penalties).toEqual(tier === "completeFailure" ? { "surveil:lb": -3 } : {});
  });

  it("a past complete failure gives −3 to this lieutenant's future attempts on this target (and they stack)", () => {
    const s = scene();
    const o = value(surveil(s, choice, context(scriptedDice(tierRolls(6, 3, "completeFailure")))));
    const after = applyToState(s, o.changes);
    const again = value(surveil(after, choice, context(scriptedDice(tierRolls(3, 3, "completeFailure")), { oneActionPerRound: false })));
    expect(again.checks[0]!.check.actor.rating).toBe(3);
    expect(updated(again, "la", "system.penalties")).toEqual({ "surveil:lb": -6 });
  });

  it("only a complete success keeps a stealthy surveillance unnoticed; a complete success may choose stealth instead of extra info", () => {
    const s = scene();
    expect(value(surveil(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(6, 3, "success"))))).detail.unnoticed).toBe(false);
    expect(value(surveil(s, { ...choice, stealthy: true }, context(scriptedDice(tierRolls(6, 3, "completeSuccess"))))).detail.unnoticed).toBe(true);
    const st = value(surveil(s, { ...choice, bonus: "stealth" }, context(scriptedDice(tierRolls(6, 3, "completeSuccess")))));
    expect(st.detail).toMatchObject({ unnoticed: true, extra: false, watching: true });
  });

  it("surveils a unit (its Sneak) or a location (the best Sneak of others there); the records later report", () => {
    const s = scene();
    const u = value(surveil(s, { lieutenant: "la", target: { kind: "unit", unit: "b1" } }, context(scriptedDice(tierRolls(6, 1, "success")))));
    expect(u.detail.target).toBe("b1");
    const l = value(surveil(s, { lieutenant: "la", target: { kind: "location", location: "town" } }, context(scriptedDice(tierRolls(6, 3, "success")))));
    const after = applyToState(s, l.changes);
    expect(after.organizations.A!.system.surveillance).toEqual([{ watcher: "la", kind: "location", target: "town", extra: false }]);
    expect(logKeys(l)).toContain("SurveilLocation");
    expect(reason(surveil(s, { lieutenant: "la", target: { kind: "unit", unit: "a1" } }, context(noDice)))).toBe("OwnTarget");
  });
});
