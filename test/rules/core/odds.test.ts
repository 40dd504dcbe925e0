import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { CheckKind, CheckSettings, TierOdds } from "../../../src/core/rules/check";
import { checkOdds } from "../../../src/core/rules/odds";

/** Straightforward enumeration of the 100 die pairs, with rerolled ties dropped. */
function bruteForce(a: number, b: number, kind: CheckKind, s: CheckSettings): TierOdds {
  const count = { completeFailure: 0, failure: 0, success: 0, completeSuccess: 0 };
  let n = 0;
  for (let x = 1; x <= 10; x++) {
    for (let y = 1; y <= 10; y++) {
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
            const want = bruteForce(a, b, kind, s);
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
