import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { CheckKind, CheckSettings, TierOdds } from "../../../src/core/rules/check";
import { checkOdds, dieDistribution, isCheckDie } from "../../../src/core/rules/odds";
import { parseFormula } from "../../../src/core/rules/formula";

const SETTINGS: CheckSettings[] = [
  { tie: "defender", completeMargin: 5 },
  { tie: "reroll", completeMargin: 5 },
  { tie: "defender", completeMargin: 3 },
  { tie: "reroll", completeMargin: 8 },
];

const sum = (o: TierOdds) => o.completeFailure + o.failure + o.success + o.completeSuccess;

describe("checkOdds", () => {
  it("equal ratings, two-tier: 0.45 under defender, 0.5 under reroll", () => {
    expect(checkOdds(3, 3, "twoTier", { tie: "defender", completeMargin: 5 }).success).toBe(0.45);
    expect(checkOdds(3, 3, "twoTier", { tie: "defender", completeMargin: 5 }).failure).toBe(0.55);
    expect(checkOdds(3, 3, "twoTier", { tie: "reroll", completeMargin: 5 }).success).toBe(0.5);
    expect(checkOdds(0, 0, "twoTier", { tie: "reroll", completeMargin: 5 }).failure).toBe(0.5);
  });

  it("equal ratings, four-tier", () => {
    // Margin ≥ 5: 15 of 100 pairs (5+4+3+2+1).
    expect(checkOdds(2, 2, "fourTier", { tie: "defender", completeMargin: 5 })).toEqual({
      completeSuccess: 0.15,
      success: 0.3,
      failure: 0.4,
      completeFailure: 0.15,
    });
  });

  it("matches brute force for every rating pair −5..15", () => {
    for (const s of SETTINGS) {
      for (const kind of ["twoTier", "fourTier"] as const) {
        for (let a = -5; a <= 15; a++) {
          for (let b = -5; b <= 15; b++) {
            const got = checkOdds(a, b, kind, s);
            const want = bruteForceDie("1d10", a, b, kind, s);
            for (const t of ["completeFailure", "failure", "success", "completeSuccess"] as const) {
              expect(got[t]).toBeCloseTo(want[t], 12);
            }
            expect(sum(got)).toBeCloseTo(1, 12);
          }
        }
      }
    }
  });

  it("odds lie in [0, 1] and sum to 1 (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -40, max: 40 }),
        fc.integer({ min: -40, max: 40 }),
        fc.constantFrom<CheckKind>("twoTier", "fourTier"),
        fc.constantFrom<CheckSettings["tie"]>("defender", "reroll"),
        fc.integer({ min: 1, max: 12 }),
        (a, b, kind, tie, completeMargin) => {
          const o = checkOdds(a, b, kind, { tie, completeMargin });
          for (const v of Object.values(o)) {
            expect(v).toBeGreaterThanOrEqual(0);
            expect(v).toBeLessThanOrEqual(1);
          }
          expect(sum(o)).toBeCloseTo(1, 12);
        },
      ),
    );
  });

  it("is fast (≤ 0.05 ms a call)", () => {
    const n = 20000;
    const s: CheckSettings = { tie: "reroll", completeMargin: 5 };
    for (let i = 0; i < 2000; i++) checkOdds(i % 9, 3, "fourTier", s); // warm up
    const t0 = performance.now();
    let acc = 0;
    for (let i = 0; i < n; i++) acc += checkOdds(i % 9, i % 7, i % 2 ? "twoTier" : "fourTier", s).success;
    const per = (performance.now() - t0) / n;
    expect(acc).toBeGreaterThan(0);
    expect(per).toBeLessThan(0.05);
  });
});

/** Every total a formula can roll, once per equally likely combination of faces. */
function everyRoll(formula: string): number[] {
  let totals = [0];
  for (const t of parseFormula(formula)!) {
    if (t.kind === "number") {
      totals = totals.map((x) => x + t.sign * t.value);
      continue;
    }
    for (let i = 0; i < t.count; i++) totals = totals.flatMap((x) => Array.from({ length: t.faces }, (_, f) => x + t.sign * (f + 1)));
  }
  return totals;
}

/** Brute force over every pair of rolls of the die (for 1d10, the 100 die pairs), with rerolled ties dropped. */
function bruteForceDie(die: string, a: number, b: number, kind: CheckKind, s: CheckSettings): TierOdds {
  const rolls = everyRoll(die);
  const count = { completeFailure: 0, failure: 0, success: 0, completeSuccess: 0 };
  let n = 0;
  for (const x of rolls) {
    for (const y of rolls) {
      const m = x + a - (y + b);
      if (kind === "twoTier") {
        if (m === 0 && s.tie === "reroll") continue;
        n++;
        if (m > 0) count.success++;
        else count.failure++;
      } else {
        n++;
        if (m >= s.completeMargin) count.completeSuccess++;
        else if (m >= 1) count.success++;
        else if (m > -s.completeMargin) count.failure++;
        else count.completeFailure++;
      }
    }
  }
  return {
    completeFailure: count.completeFailure / n,
    failure: count.failure / n,
    success: count.success / n,
    completeSuccess: count.completeSuccess / n,
  };
}

describe("checkOdds with another die", () => {
  it("1d10 named explicitly gives exactly what the default gives", () => {
    for (const s of SETTINGS) {
      for (const kind of ["twoTier", "fourTier"] as const) {
        for (let a = -3; a <= 12; a++) expect(checkOdds(a, 4, kind, { ...s, die: "1d10" })).toEqual(checkOdds(a, 4, kind, s));
      }
    }
  });

  it("2d6 at equal ratings, two-tier: the 146 of 1,296 tied pairs go to the defender or are rolled again", () => {
    // Ties: Σ over totals 2..12 of (ways)², 1+4+9+16+25+36+25+16+9+4+1 = 146.
    const defender = checkOdds(0, 0, "twoTier", { tie: "defender", completeMargin: 5, die: "2d6" });
    expect(defender.success).toBe(575 / 1296);
    expect(defender.failure).toBe(721 / 1296);
    expect(checkOdds(0, 0, "twoTier", { tie: "reroll", completeMargin: 5, die: "2d6" }).success).toBe(0.5);
  });

  it("matches brute force for 2d6, 3d6, 1d20, 1d6 + 2, 1d8 - 1d4 and every rating pair −4..10", () => {
    for (const die of ["2d6", "3d6", "1d20", "1d6 + 2", "1d8 - 1d4"]) {
      for (const s of SETTINGS) {
        for (const kind of ["twoTier", "fourTier"] as const) {
          for (let a = -4; a <= 10; a++) {
            for (let b = -4; b <= 10; b += 2) {
              const got = checkOdds(a, b, kind, { ...s, die });
              const want = bruteForceDie(die, a, b, kind, s);
              for (const t of ["completeFailure", "failure", "success", "completeSuccess"] as const) expect(got[t], `${die} ${a} vs ${b}`).toBeCloseTo(want[t], 12);
              expect(sum(got)).toBeCloseTo(1, 12);
            }
          }
        }
      }
    }
  });

  it("counts a die's totals exactly", () => {
    expect(dieDistribution("2d6")).toEqual({ min: 2, counts: [1, 2, 3, 4, 5, 6, 5, 4, 3, 2, 1], outcomes: 36 });
    expect(dieDistribution("1d4 - 1d2")).toEqual({ min: -1, counts: [1, 2, 2, 2, 1], outcomes: 8 });
  });

  it("knows which formulas can be a check die", () => {
    for (const die of ["1d10", "2d6", "3d6", "1d20", "d8", "1d6 + 1", "4d6"]) expect(isCheckDie(die), die).toBe(true);
    // No dice, a die with one face, not a formula, too many outcomes to count exactly.
    for (const die of ["5", "1d1", "2d", "1d10 * 2", "20d20"]) expect(isCheckDie(die), die).toBe(false);
    expect(() => checkOdds(0, 0, "twoTier", { tie: "defender", completeMargin: 5, die: "5" })).toThrow(/check die/);
  });
});
