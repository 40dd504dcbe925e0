/**
 * The shape of a choice (src/core/rules/shape.ts): every well-shaped choice passes, and a choice
 * with any one field missing, null, of the wrong kind or out of bounds is refused, naming it.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MODIFIER, S, shapeRefusal, type Shape } from "../../../src/core/rules/shape";
import { malformed, wellShaped } from "../shape-arbitraries";

/** A shape with every kind in it, nested. */
const SHAPE: Record<string, Shape> = {
  actor: S.str(),
  note: S.optional(S.str({ blank: true })),
  count: S.int(0, 10),
  flag: S.optional(S.bool()),
  mode: S.oneOf("a", "b"),
  ids: S.array(S.str()),
  fixes: S.record(S.int(0, 100)),
  place: S.obj({ scene: S.str(), square: S.obj({ x: S.int(0, 50), y: S.int(0, 50) }) }),
  maybe: S.nullableObj({ id: S.str() }),
  target: S.union("kind", { unit: { id: S.str() }, other: { name: S.str(), level: S.int(1, 10) } }),
  modifier: MODIFIER,
};
const POOL = ["Actor.abc", "Item.xyz", "name:Docks"];

describe("the shape of a choice", () => {
  it("lets every well-shaped choice through", () => {
    fc.assert(fc.property(wellShaped(S.obj(SHAPE), POOL), (choice) => shapeRefusal(SHAPE, choice) === null), { numRuns: 2000, seed: 7 });
  });

  it("refuses a choice with one field wrong, naming that field", () => {
    fc.assert(
      fc.property(malformed(SHAPE, POOL), ({ choice, field }) => {
        const refusal = shapeRefusal(SHAPE, choice);
        expect(refusal?.key).toBe("FACTIONS.Action.Error.BadChoice");
        expect(String(refusal?.data?.field)).toMatch(new RegExp(`^${field.replace(/[.[\]]/g, "\\$&")}`));
      }),
      { numRuns: 3000, seed: 11 },
    );
  });

  it("refuses what is not an object at all, and numbers no dice formula may hold", () => {
    for (const choice of [null, undefined, 3, "x", [1]]) expect(shapeRefusal(SHAPE, choice)?.data).toEqual({ field: "choice" });
    const good = fc.sample(wellShaped(S.obj(SHAPE), POOL), { numRuns: 1, seed: 3 })[0] as Record<string, unknown>;
    for (const modifier of [1e21, 0.5, Number.NaN, Infinity, "1"]) expect(shapeRefusal(SHAPE, { ...good, modifier })?.data).toEqual({ field: "modifier" });
    expect(shapeRefusal(SHAPE, { ...good, ids: ["a", null] })?.data).toEqual({ field: "ids[1]" });
    expect(shapeRefusal(SHAPE, { ...good, target: { kind: "unit" } })?.data).toEqual({ field: "target.id" });
  });
});
