import { describe, expect, it } from "vitest";
import { ally, applyToState, claim, favoredAlly, gainInfluence, rally, type OperationsState, type Standing } from "../../../src/rulesets/operations/rules";
import { scriptedDice } from "../dice";
import { context, deepFreeze, logKeys, noDice, reason, TIERS, tierRolls, value } from "./fixtures";
import { scene } from "./scene";

function standing(over: Partial<Standing> = {}): Standing {
  return { faction: "N", influence: 0, allied: false, penalty: 0, influenceCost: 0, gainPenalty: 0, ...over };
}

function withStanding(s: OperationsState, org: string, st: Standing): OperationsState {
  const o = s.organizations[org]!;
  return { ...s, organizations: { ...s.organizations, [org]: { ...o, system: { ...o.system, standings: { ...o.system.standings, [st.faction]: st } } } } };
}

const standingOf = (s: OperationsState, org: string): Standing => s.organizations[org]!.system.standings.N ?? standing();

describe("Gain Influence (Straight Charm)", () => {
  // Vex 3 + Charm 2 vs 0.
  it.each(TIERS)("%s, with 5 influence already", (tier) => {
    const s = deepFreeze(withStanding(scene(), "A", standing({ influence: 5 })));
    const o = value(gainInfluence(s, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, tier)))));
    const after = standingOf(applyToState(s, o.changes), "A");
    const want = {
      completeFailure: standing({ influence: 2, gainPenalty: -2, influenceCost: 1 }),
      failure: standing({ influence: 5 }),
      success: standing({ influence: 7 }),
      completeSuccess: standing({ influence: 9 }),
    }[tier];
    expect(after).toEqual(want);
    expect(o.detail.gained).toBe(want.influence - 5);
  });

  it("failure: +1 only if nobody (yourself included) has influence; never below 0; the catastrophe penalty stacks and applies", () => {
    const s = scene();
    const o = value(gainInfluence(s, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, "failure")))));
    expect(standingOf(applyToState(s, o.changes), "A").influence).toBe(1);
    const other = withStanding(s, "B", standing({ influence: 1 }));
    const n = value(gainInfluence(other, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, "failure")))));
    expect(n.detail.gained).toBe(0);
    const low = withStanding(s, "A", standing({ influence: 2, gainPenalty: -2, penalty: -2 }));
    const c = value(gainInfluence(low, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(1, 0, "completeFailure")))));
    expect(standingOf(applyToState(low, c.changes), "A")).toEqual(standing({ influence: 0, gainPenalty: -4, penalty: -2, influenceCost: 1 }));
    expect(logKeys(c)).toEqual(expect.arrayContaining(["GainPenalty", "InfluenceLost", "InfluenceCostRaised"]));
  });

  it("a success ends the diplomatic penalty; only a complete success keeps a stealthy attempt unnoticed", () => {
    const s = withStanding(scene(), "A", standing({ penalty: -2 }));
    const o = value(gainInfluence(s, { lieutenant: "la", faction: "N", stealthy: true }, context(scriptedDice(tierRolls(3, 0, "success")))));
    expect(standingOf(applyToState(s, o.changes), "A").penalty).toBe(0);
    expect(o.detail.unnoticed).toBe(false);
    expect(value(gainInfluence(s, { lieutenant: "la", faction: "N", stealthy: true }, context(scriptedDice(tierRolls(3, 0, "completeSuccess"))))).detail.unnoticed).toBe(true);
    expect(reason(gainInfluence(s, { lieutenant: "la", faction: "B" }, context(noDice)))).toBe("NotNpc");
  });
});

describe("Ally (Straight Charm)", () => {
  it.each(TIERS)("%s, with 25 influence", (tier) => {
    const s = deepFreeze(withStanding(scene(), "A", standing({ influence: 25 })));
    const o = value(ally(s, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, tier)))));
    const want = {
      completeFailure: standing({ influence: 22, penalty: -2, influenceCost: 1 }),
      failure: standing({ influence: 25 }),
      success: standing({ influence: 5, allied: true }),
      completeSuccess: standing({ influence: 15, allied: true }),
    }[tier];
    expect(standingOf(applyToState(s, o.changes), "A")).toEqual(want);
  });

  it("a tier whose payment it cannot make does not take effect, and the card says why", () => {
    const s = withStanding(scene(), "A", standing({ influence: 12 }));
    const o = value(ally(s, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, "success")))));
    expect(o.detail).toMatchObject({ allied: false, paid: 0 });
    expect(logKeys(o)).toContain("CannotPayInfluence");
    expect(standingOf(applyToState(s, o.changes), "A").influence).toBe(12);
    const allied = withStanding(s, "A", standing({ allied: true }));
    expect(reason(ally(allied, { lieutenant: "la", faction: "N" }, context(noDice)))).toBe("AlreadyAllied");
  });

  it("favors the ally with the most influence", () => {
    let s = withStanding(scene(), "A", standing({ allied: true, influence: 3 }));
    s = withStanding(s, "B", standing({ allied: true, influence: 4 }));
    expect(favoredAlly(s, "N", ["A", "B"])).toBe("B");
  });
});

describe("Claim (Straight Charm)", () => {
  const c = { lieutenant: "la", faction: "N", asset: "name:Old Mill" };
  it.each(TIERS)("%s, an asset nobody has claimed", (tier) => {
    const s = deepFreeze(withStanding(scene(), "A", standing({ influence: 6 })));
    const o = value(claim(s, c, context(scriptedDice(tierRolls(5, 0, tier)))));
    const after = applyToState(s, o.changes);
    const rec = after.organizations.N!.system.claims["name:Old Mill"];
    const supports = { completeFailure: "N", failure: "", success: "A", completeSuccess: "A" }[tier];
    expect(rec).toEqual({ asset: "name:Old Mill", supports, claimants: ["A"] });
    const inf = { completeFailure: 3, failure: 6, success: 1, completeSuccess: 5 }[tier];
    expect(standingOf(after, "A").influence).toBe(inf);
  });

  it("complete failure supports the current owner, else another claimant; +3 while allied; pays in Capital if chosen", () => {
    const s = withStanding(scene(), "A", standing({ allied: true }));
    // A unit's owner is its organization.
    const o = value(claim(s, { ...c, asset: "b1" }, context(scriptedDice(tierRolls(8, 0, "completeFailure")))));
    expect(o.checks[0]!.check.actor.rating).toBe(8);
    expect(o.detail.supports).toBe("B");
    expect(logKeys(o)).toContain("Supports");
    // B tried first; A's catastrophe makes N support B.
    const tried = { ...s, organizations: { ...s.organizations, N: { ...s.organizations.N!, system: { ...s.organizations.N!.system, claims: { "name:Old Mill": { asset: "name:Old Mill", supports: "", claimants: ["B"] } } } } } };
    const t = value(claim(tried, c, context(scriptedDice(tierRolls(8, 0, "completeFailure")))));
    expect(t.detail.supports).toBe("B");
    const cap = value(claim(s, { ...c, pay: "capital" }, context(scriptedDice(tierRolls(8, 0, "success")))));
    expect(cap.detail).toMatchObject({ supports: "A", paid: 5, payment: "capital" });
    expect(applyToState(s, cap.changes).organizations.A!.system.capital).toBe(15);
    const none = value(claim(s, c, context(scriptedDice(tierRolls(8, 0, "success")))));
    expect(none.detail.supports).toBeNull();
    expect(logKeys(none)).toContain("CannotPayInfluence");
    expect(reason(claim(s, { ...c, asset: "a1" }, context(noDice)))).toBe("OwnAsset");
    expect(reason(claim(s, { ...c, support: "B" }, context(noDice)))).toBe("NotAClaimant");
  });
});

describe("Rally (Straight Charm)", () => {
  it.each(TIERS)("%s", (tier) => {
    const s = deepFreeze(withStanding(scene(), "A", standing({ influence: 12, penalty: -2 })));
    // Vex 5 − 2 (diplomatic penalty).
    const o = value(rally(s, { lieutenant: "la", faction: "N", against: "B" }, context(scriptedDice(tierRolls(3, 0, tier)))));
    const want = {
      completeFailure: { attack: null, influence: 9, penalty: -4 },
      failure: { attack: null, influence: 12, penalty: -2 },
      success: { attack: "limited", influence: 2, penalty: 0 },
      completeSuccess: { attack: "concerted", influence: 7, penalty: 0 },
    }[tier];
    expect(o.detail.attack).toBe(want.attack);
    const st = standingOf(applyToState(s, o.changes), "A");
    expect(st.influence).toBe(want.influence);
    expect(st.penalty).toBe(want.penalty);
    expect(reason(rally(s, { lieutenant: "la", faction: "N", against: "N" }, context(noDice)))).toBe("BadRallyTarget");
  });
});
