import { describe, expect, it } from "vitest";
import type { Tier } from "../../../src/core/rules/check";
import {
  ally,
  claim,
  conceal,
  gainInfluence,
  hireOut,
  investigate,
  rally,
  recruit,
  researchMagic,
  sellItem,
  stealthHolds,
  surveil,
  type OperationsState,
} from "../../../src/rulesets/operations/rules";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { scriptedDice } from "../dice";
import { context, noDice, TIERS, tierRolls, value } from "./fixtures";
import { scene } from "./scene";

type Run = (s: OperationsState, tier: Tier) => { unnoticed: boolean };

const rich = (): OperationsState => {
  const s = scene();
  const A = s.organizations.A!;
  return { ...s, organizations: { ...s.organizations, A: { ...A, system: { ...A.system, capital: 50, standings: { N: { faction: "N", influence: 30, allied: true, penalty: 0, influenceCost: 0, gainPenalty: 0 } } } } } };
};
const go = <D extends { unnoticed: boolean }>(r: Result<Outcome<D>>): D => value(r).detail;

// Charm 5 straight (+3 allied for Claim and Rally).
const strict: [string, Run][] = [
  ["Surveil", (s, t) => go(surveil(s, { lieutenant: "la", stealthy: true, target: { kind: "lieutenant", lieutenant: "lb" } }, context(scriptedDice(tierRolls(6, 3, t))))) ],
  ["Investigate", (s, t) => go(investigate(s, { lieutenant: "la", stealthy: true, target: { kind: "lieutenant", lieutenant: "lb" } }, context(scriptedDice(tierRolls(5, 3, t))))) ],
  ["Recruit", (s, t) => go(recruit(s, { lieutenant: "la", stealthy: true, join: true, target: { kind: "unit", unit: "b1" } }, context(scriptedDice(tierRolls(5, 1, t))))) ],
  ["Gain Influence", (s, t) => go(gainInfluence(s, { lieutenant: "la", stealthy: true, faction: "N" }, context(scriptedDice(tierRolls(5, 0, t))))) ],
  ["Claim", (s, t) => go(claim(s, { lieutenant: "la", stealthy: true, faction: "N", asset: "mill" }, context(scriptedDice(tierRolls(8, 0, t))))) ],
  ["Rally", (s, t) => go(rally(s, { lieutenant: "la", stealthy: true, faction: "N", against: "B" }, context(scriptedDice(tierRolls(8, 0, t))))) ],
];
const plain: [string, Run][] = [
  ["Conceal", (s, t) => go(conceal(s, { lieutenant: "la", stealthy: true, target: { kind: "unit", unit: "a3" } }, context(scriptedDice(tierRolls(6, 0, t))))) ],
  ["Sell Item", (s, t) => go(sellItem(s, { lieutenant: "la", stealthy: true, thing: { kind: "other", name: "Idol", price: 4 } }, context(scriptedDice(tierRolls(5, 4, t))))) ],
  ["Research Magic", (s, t) => go(researchMagic(s, { lieutenant: "la", stealthy: true, start: { name: "Rite" } }, context(scriptedDice(tierRolls(4, 6, t))))) ],
];

describe("stealth", () => {
  it("a stealthy action stays unnoticed on success or complete success; the strict ones on complete success only", () => {
    expect(TIERS.map((t) => stealthHolds(t, false))).toEqual([false, false, true, true]);
    expect(TIERS.map((t) => stealthHolds(t, true))).toEqual([false, false, false, true]);
    expect(stealthHolds(null, true)).toBe(true);
  });

  it.each(strict)("%s: only a complete success means the action remains unnoticed", (_n, run) => {
    expect(TIERS.map((t) => run(rich(), t).unnoticed)).toEqual([false, false, false, true]);
  });

  it.each(plain)("%s: unnoticed on a success or a complete success", (_n, run) => {
    expect(TIERS.map((t) => run(rich(), t).unnoticed)).toEqual([false, false, true, true]);
  });

  it("an action without a roll stays unnoticed if declared stealthy; an undeclared action is noticed", () => {
    const s = rich();
    expect(value(hireOut(s, { lieutenant: "la", stealthy: true, units: ["a1"] }, context(noDice))).detail.unnoticed).toBe(true);
    expect(value(hireOut(s, { lieutenant: "la", units: ["a1"] }, context(noDice))).detail.unnoticed).toBe(false);
    const t = { ...s, organizations: { ...s.organizations, A: { ...s.organizations.A!, system: { ...s.organizations.A!.system, standings: {} } } } };
    expect(value(ally(t, { lieutenant: "la", faction: "N" }, context(scriptedDice(tierRolls(5, 0, "completeSuccess"))))).detail.unnoticed).toBe(false);
  });
});
