import { describe, expect, it } from "vitest";
import {
  applyToState,
  investigate,
  purchase,
  purchaseCost,
  recruit,
  salePrice,
  sellItem,
  type PurchaseChoice,
} from "../../../src/rulesets/operations/rules";
import { scriptedDice } from "../dice";
import { context, deepFreeze, logKeys, lt, noDice, org, reason, TIERS, tierRolls, unit, updated, value, world } from "./fixtures";
import { scene } from "./scene";

describe("Purchase (Charm vs Asset Level)", () => {
  const buy: PurchaseChoice = {
    lieutenant: "la",
    thing: { kind: "unit", name: "Sellswords", level: 3, competency: "force", upkeep: 2 },
    price: 9,
  };
  // Vex 3 + Charm 2 = 5 vs level 3.
  it.each([
    ["completeFailure", false, 4],
    ["failure", false, 0],
    ["success", true, 9],
    ["completeSuccess", true, 6],
  ] as const)("%s: acquired %s, paid %i", (tier, acquired, paid) => {
    const s = deepFreeze(scene());
    const o = value(purchase(s, buy, context(scriptedDice(tierRolls(5, 3, tier)))));
    expect(o.detail).toMatchObject({ acquired, paid });
    const after = applyToState(s, o.changes);
    expect(after.organizations.A!.system.capital).toBe(20 - paid);
    const bought = after.organizations.A!.units.find((u) => u.name === "Sellswords");
    if (acquired) expect(bought!.system).toMatchObject({ level: 3, competency: "force", upkeep: 2, cost: 9, location: "town", lieutenant: "la", condition: "fresh", hiding: 0 });
    else expect(bought).toBeUndefined();
    expect(logKeys(o)).toContain(`Tier.purchase.${tier}`);
  });

  it("75% and half the cost round down", () => {
    expect(purchaseCost(9, "completeSuccess")).toBe(6);
    expect(purchaseCost(10, "completeSuccess")).toBe(7);
    expect(purchaseCost(9, "completeFailure")).toBe(4);
    expect(purchaseCost(9, "double")).toBe(18);
  });

  it("in demand: pays double if chosen and affordable; otherwise no item, and the card says why", () => {
    const s = scene();
    const o = value(purchase(s, { ...buy, payDouble: true }, context(scriptedDice(tierRolls(5, 3, "failure")))));
    expect(o.detail).toMatchObject({ acquired: true, paid: 18 });
    const poor = { ...s, organizations: { ...s.organizations, A: org("A", { capital: 12 }) } };
    const p = value(purchase(poor, { ...buy, payDouble: true }, context(scriptedDice(tierRolls(5, 3, "failure")))));
    expect(p.detail).toMatchObject({ acquired: false, paid: 0 });
    expect(logKeys(p)).toContain("CannotPayCapital");
    expect(p.changes.some((c) => c.op === "update" && c.path === "system.capital")).toBe(false);
  });

  it("a stealthy purchase is hidden by the purchasing lieutenant (Conceal's success level: its Sneak modifier); a location becomes secret", () => {
    const s = scene();
    const o = value(purchase(s, { ...buy, stealthy: true }, context(scriptedDice(tierRolls(5, 3, "success")))));
    expect(o.detail).toMatchObject({ unnoticed: true, hidden: 6 });
    expect(applyToState(s, o.changes).organizations.A!.units.find((u) => u.name === "Sellswords")!.system.hiding).toBe(6);
    const secret = value(purchase(s, { ...buy, stealthy: true, secretLocation: true }, context(scriptedDice(tierRolls(5, 3, "success")))));
    expect(secret.detail.hidden).toBe(0);
    const loc = value(purchase(s, { lieutenant: "la", thing: { kind: "location", name: "Warehouse", level: 2 }, price: 5, stealthy: true }, context(scriptedDice(tierRolls(5, 2, "completeSuccess")))));
    expect(loc.detail).toMatchObject({ acquired: true, secret: true, paid: 3, unit: null });
    const noticed = value(purchase(s, { ...buy, stealthy: true }, context(scriptedDice(tierRolls(5, 3, "failure")))));
    expect(noticed.detail.unnoticed).toBe(false);
  });

  it("rejects a price it cannot pay, bad numbers and competencies", () => {
    const s = scene();
    expect(reason(purchase(s, { ...buy, price: 21 }, context(noDice)))).toBe("CapitalShort");
    expect(reason(purchase(s, { ...buy, price: 1.5 }, context(noDice)))).toBe("BadAmount");
    expect(reason(purchase(s, { ...buy, thing: { kind: "unit", name: "Mages", level: 1, upkeep: 1, competency: "magic" as never } }, context(noDice)))).toBe("BadCompetency");
  });
});

describe("Investigate (Charm vs variable)", () => {
  it.each(TIERS)("%s", (tier) => {
    const s = deepFreeze(scene());
    // Vex Charm 3 + 2 = 5 vs Mara's level + Sneak = 3.
    const o = value(investigate(s, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "lb" } }, context(scriptedDice(tierRolls(5, 3, tier)))));
    const learned = { completeFailure: "nothing", failure: "nothing", success: "basic", completeSuccess: "complete" }[tier];
    expect(o.detail).toMatchObject({ learned, extra: tier === "completeSuccess", noticedBy: "B" });
    expect(logKeys(o)).toContain(`Learned.${learned}`);
  });

  it("a unit: its level if of Sneak competency, else level − 2, + hiding; anything else: its obscurity (default 1)", () => {
    const s = scene();
    const spies = value(investigate(s, { lieutenant: "la", target: { kind: "unit", unit: "b3" } }, context(scriptedDice(tierRolls(5, 5, "success")))));
    expect(spies.checks[0]!.check.opposition.rating).toBe(5);
    const guards = value(investigate(s, { lieutenant: "la", target: { kind: "unit", unit: "b1" } }, context(scriptedDice(tierRolls(5, 1, "success")))));
    expect(guards.checks[0]!.check.opposition.rating).toBe(1);
    const rumor = value(investigate(s, { lieutenant: "la", target: { kind: "other", name: "The crypt" } }, context(scriptedDice(tierRolls(5, 1, "success")))));
    expect(rumor.detail.noticedBy).toBeNull();
    value(investigate(s, { lieutenant: "la", target: { kind: "other", name: "The plot", level: 7 } }, context(scriptedDice(tierRolls(5, 7, "failure")))));
  });

  it("stealth: only a complete success keeps a stealthy investigation unnoticed; a complete success may choose stealth", () => {
    const s = scene();
    const t = { kind: "lieutenant" as const, lieutenant: "lb" };
    expect(value(investigate(s, { lieutenant: "la", target: t, stealthy: true }, context(scriptedDice(tierRolls(5, 3, "success"))))).detail).toMatchObject({ unnoticed: false, noticedBy: "B" });
    expect(value(investigate(s, { lieutenant: "la", target: t, stealthy: true }, context(scriptedDice(tierRolls(5, 3, "completeSuccess"))))).detail).toMatchObject({ unnoticed: true, noticedBy: null, extra: true });
    expect(value(investigate(s, { lieutenant: "la", target: t, bonus: "stealth" }, context(scriptedDice(tierRolls(5, 3, "completeSuccess"))))).detail).toMatchObject({ unnoticed: true, extra: false });
  });
});

describe("Recruit (Charm vs Charm)", () => {
  // Vex 3 + 2 = 5 vs the Guards' level 3 − 2 (not Charm) = 1.
  it.each(TIERS)("%s (joining)", (tier) => {
    const s = deepFreeze(scene());
    const o = value(recruit(s, { lieutenant: "la", target: { kind: "unit", unit: "b1" }, join: true }, context(scriptedDice(tierRolls(5, 1, tier)))));
    const after = applyToState(s, o.changes);
    const got = tier === "success" || tier === "completeSuccess";
    expect(o.detail).toMatchObject({ recruited: got, joined: got, paid: tier === "success" ? 6 : 0, from: "B" });
    expect(after.organizations.A!.units.some((u) => u.id === "b1")).toBe(got);
    expect(after.organizations.B!.units.some((u) => u.id === "b1")).toBe(!got);
    expect(after.organizations.A!.system.capital).toBe(tier === "success" ? 14 : 20);
    expect(after.organizations.A!.system.penalties).toEqual(tier === "completeFailure" ? { "recruit:b1": -3 } : {});
  });

  it("staying with the original organization: both use it, the recruiter pays upkeep", () => {
    const s = scene();
    const o = value(recruit(s, { lieutenant: "la", target: { kind: "unit", unit: "b1" }, join: false }, context(scriptedDice(tierRolls(5, 1, "completeSuccess")))));
    expect(updated(o, "B", "system.recruiter", "b1")).toBe("A");
    expect(logKeys(o)).toContain("RecruitedStays");
  });

  it("bonded −3, a lieutenant another −3 (and any failure is noticed), a past failure −3", () => {
    const s = scene();
    const bonded = { ...s, organizations: { ...s.organizations, B: org("B", {}, [unit("x", { level: 2, competency: "charm", bonded: true })]) } };
    const b = value(recruit(bonded, { lieutenant: "la", target: { kind: "unit", unit: "x" }, join: true }, context(scriptedDice(tierRolls(2, 2, "failure")))));
    expect(b.checks[0]!.check.actor.rating).toBe(2);
    // Mara: 2 + 1 Charm; Vex 5 − 3.
    const l = value(recruit(s, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "lb" }, join: true }, context(scriptedDice(tierRolls(2, 3, "failure")))));
    expect(logKeys(l)).toContain("AttemptNoticed");
    const j = value(recruit(s, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "lb" }, join: true }, context(scriptedDice(tierRolls(2, 3, "completeSuccess")))));
    expect(updated(j, "lb", "system.organization")).toBe("A");
    const stay = value(recruit(s, { lieutenant: "la", target: { kind: "lieutenant", lieutenant: "lb" }, join: false }, context(scriptedDice(tierRolls(2, 3, "success")))));
    expect(updated(stay, "lb", "system.recruiter")).toBe("A");
    expect(stay.detail.paid).toBe(6);
    const past = { ...s, organizations: { ...s.organizations, A: { ...s.organizations.A!, system: { ...s.organizations.A!.system, penalties: { "recruit:b1": -3 } } } } };
    expect(value(recruit(past, { lieutenant: "la", target: { kind: "unit", unit: "b1" }, join: true }, context(scriptedDice(tierRolls(2, 1, "failure"))))).checks[0]!.check.actor.rating).toBe(2);
  });

  it("a success it cannot pay for does not take effect, and the card says why", () => {
    const s = scene();
    const poor = { ...s, organizations: { ...s.organizations, A: { ...s.organizations.A!, system: { ...s.organizations.A!.system, capital: 5 } } } };
    const o = value(recruit(poor, { lieutenant: "la", target: { kind: "unit", unit: "b1" }, join: true }, context(scriptedDice(tierRolls(5, 1, "success")))));
    expect(o.detail.recruited).toBe(false);
    expect(logKeys(o)).toContain("CannotPayCapital");
    expect(o.changes.every((c) => c.ref.actor === "la")).toBe(true);
  });

  it("only a complete success keeps a stealthy recruitment unnoticed; rejects its own", () => {
    const s = scene();
    const c = { lieutenant: "la", target: { kind: "unit" as const, unit: "b1" }, join: true, stealthy: true };
    expect(value(recruit(s, c, context(scriptedDice(tierRolls(5, 1, "success"))))).detail.unnoticed).toBe(false);
    expect(value(recruit(s, c, context(scriptedDice(tierRolls(5, 1, "completeSuccess"))))).detail.unnoticed).toBe(true);
    expect(reason(recruit(s, { ...c, target: { kind: "unit", unit: "a1" } }, context(noDice)))).toBe("OwnTarget");
    const w = world([org("A"), org("B", {}, [unit("r", { recruiter: "A" })])], [lt("la", "A")]);
    expect(reason(recruit(w, { ...c, target: { kind: "unit", unit: "r" } }, context(noDice)))).toBe("AlreadyRecruited");
  });
});

describe("Sell Item (Charm vs Asset Level)", () => {
  it.each([
    ["completeFailure", false, 0],
    ["failure", false, 0],
    ["success", true, 7],
    ["completeSuccess", true, 9],
  ] as const)("%s: sold %s for %i (the opposition is its capital price, 7)", (tier, sold, earned) => {
    const s = deepFreeze(scene());
    const o = value(sellItem(s, { lieutenant: "la", thing: { kind: "other", name: "Idol", price: 7 } }, context(scriptedDice(tierRolls(5, 7, tier)))));
    expect(o.checks[0]!.check.opposition.rating).toBe(7);
    expect(o.detail).toMatchObject({ sold, earned, price: 7 });
    const after = applyToState(s, o.changes);
    expect(after.organizations.A!.system.capital).toBe(20 + earned);
    expect(after.organizations.A!.system.penalties).toEqual(tier === "completeFailure" ? { "sell:Idol": -2 } : {});
  });

  it("125% rounds up; selling a unit removes it at its cost", () => {
    expect(salePrice(7, true)).toBe(9);
    expect(salePrice(8, true)).toBe(10);
    expect(salePrice(7, false)).toBe(7);
    const s = scene();
    const o = value(sellItem(s, { lieutenant: "la", thing: { kind: "unit", unit: "a2" } }, context(scriptedDice(tierRolls(5, 4, "success")))));
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "A", item: "a2" } }));
    expect(updated(o, "A", "system.capital")).toBe(24);
    expect(reason(sellItem(s, { lieutenant: "la", thing: { kind: "unit", unit: "b1" } }, context(noDice)))).toBe("NoUnit");
  });

  it("a past complete failure gives −2 to future attempts", () => {
    const s = scene();
    const o = value(sellItem(s, { lieutenant: "la", thing: { kind: "other", name: "Idol", price: 7 } }, context(scriptedDice(tierRolls(5, 7, "completeFailure")))));
    const after = applyToState(s, o.changes);
    const again = value(sellItem(after, { lieutenant: "la", thing: { kind: "other", name: "Idol", price: 7 } }, context(scriptedDice(tierRolls(3, 7, "failure")), { oneActionPerRound: false })));
    expect(again.checks[0]!.check.actor.rating).toBe(3);
  });
});
