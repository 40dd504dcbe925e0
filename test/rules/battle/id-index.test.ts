/** The battle's id → position table: it answers as a Map would, whatever the ids and however full. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { IdIndex } from "../../../src/rulesets/battle/rules/id-index";

type Op = { op: "claim" | "set" | "get"; id: string; position: number };

describe("IdIndex", () => {
  it("claims, sets and finds ids as a Map does, past the size it was made for", () => {
    // Few distinct ids (many repeats and collisions), any text, and more ids than expected (it grows).
    const id = fc.oneof(fc.constantFrom("a0", "a1", "dd0", "", "Ä", "a0 "), fc.string({ maxLength: 6 }), fc.integer({ min: 0, max: 300 }).map((n) => `u${n}`));
    const op = fc.record({ op: fc.constantFrom<Op["op"]>("claim", "set", "get"), id, position: fc.nat(1000) });
    fc.assert(
      fc.property(fc.nat(20), fc.array(op, { maxLength: 200 }), (expected, ops) => {
        const index = new IdIndex(expected);
        const map = new Map<string, number>();
        for (const { op, id, position } of ops) {
          if (op === "claim") {
            const fresh = !map.has(id);
            if (fresh) map.set(id, position);
            expect(index.claim(id, position)).toBe(fresh);
          } else if (op === "set") {
            map.set(id, position);
            index.set(id, position);
          }
          expect(index.get(id)).toBe(map.get(id));
          expect(index.has(id)).toBe(map.has(id));
        }
        for (const k of map.keys()) expect(index.get(k)).toBe(map.get(k));
      }),
      { numRuns: 300 },
    );
  });

  it("keeps 200,000 ids apart", () => {
    const index = new IdIndex(1000);
    let claimed = 0;
    for (let i = 0; i < 100_000; i++) if (index.claim(`a${i}`, i)) claimed++;
    for (let i = 0; i < 100_000; i++) if (index.claim(`dd${i}`, 100_000 + i)) claimed++;
    expect(claimed).toBe(200_000);
    let found = 0;
    for (let i = 0; i < 100_000; i++) if (index.get(`a${i}`) === i && index.get(`dd${i}`) === 100_000 + i) found++;
    expect(found).toBe(100_000);
    expect(index.claim("a99999", 7)).toBe(false);
    expect(index.get("a99999")).toBe(99_999);
    expect(index.get("dd0")).toBe(100_000);
    expect(index.get("d0")).toBeUndefined();
  });

  it("takes ids that are not strings (a malformed choice) as a Map would: 5 is not \"5\", NaN is NaN", () => {
    const index = new IdIndex();
    const odd = (x: unknown) => x as string;
    expect(index.claim(odd(5), 0)).toBe(true);
    expect(index.get("5")).toBeUndefined();
    expect(index.claim("5", 1)).toBe(true);
    expect(index.claim(odd(5), 2)).toBe(false);
    expect(index.claim(odd(Number.NaN), 3)).toBe(true);
    expect(index.claim(odd(Number.NaN), 4)).toBe(false);
    expect(index.get(odd(undefined))).toBeUndefined();
    expect(index.claim(odd(undefined), 5)).toBe(true);
    expect([index.get(odd(5)), index.get("5"), index.get(odd(Number.NaN)), index.get(odd(undefined))]).toEqual([0, 1, 3, 5]);
  });
});
