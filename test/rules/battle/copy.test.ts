/** The copy of an item's data that a delete change carries: equal, in the same key order, sharing nothing. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { copyPlain } from "../../../src/rulesets/battle/rules/realm";

/** Every object and array reachable from a value. */
function objects(v: unknown, out = new Set<object>()): Set<object> {
  if (typeof v === "object" && v !== null) {
    out.add(v);
    for (const x of Object.values(v)) objects(x, out);
  }
  return out;
}

describe("copyPlain", () => {
  it("copies plain data deeply: equal, keys in the same order, no object shared with the original", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const copy = copyPlain(v);
        expect(copy).toEqual(v);
        expect(JSON.stringify(copy)).toBe(JSON.stringify(v));
        const mine = objects(v);
        for (const o of objects(copy)) expect(mine.has(o)).toBe(false);
      }),
      { numRuns: 300 },
    );
  });

  it("copies an item's system with its nested cost", () => {
    const system = { cost: { gold: 3, wood: 0, stone: 0 }, a: 3, d: 4, s: 2, unitType: "", text: "", exhausted: false, inOffensive: false, tags: ["x", { y: 1 }] };
    const copy = copyPlain(system);
    expect(copy).toEqual(system);
    expect(copy.cost).not.toBe(system.cost);
    expect(copy.tags).not.toBe(system.tags);
    expect(copy.tags[1]).not.toBe(system.tags[1]);
  });
});
