/** The automatic targets' sort: the same order as a plain comparator, packed or not. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { sortBy } from "../../../src/rulesets/battle/rules/auto";

describe("sortBy", () => {
  it("orders positions by the first key, then the second, then position, whatever the keys' size", () => {
    // Small stats (counting sort), wide ones (packed), huge or fractional ones (comparator).
    const key = fc.oneof(fc.integer({ min: -5, max: 5 }), fc.integer({ min: -400, max: 400 }), fc.integer({ min: -(2 ** 40), max: 2 ** 40 }), fc.double({ min: -10, max: 10, noNaN: true }));
    fc.assert(
      fc.property(fc.array(fc.tuple(key, key), { maxLength: 60 }), (keys) => {
        const n = keys.length * 2 + 3;
        const positions = keys.map((_, k) => k * 2 + 1); // ascending, as autoFill gives them
        const first = new Map(positions.map((j, k) => [j, keys[k]![0]]));
        const second = new Map(positions.map((j, k) => [j, keys[k]![1]]));
        const expected = [...positions].sort((p, q) => first.get(p)! - first.get(q)! || second.get(p)! - second.get(q)! || p - q);
        const got = [...positions];
        sortBy(got, (j) => first.get(j)!, (j) => second.get(j)!, n);
        expect(got).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
