/** The card indexes answer exactly as the scanning rules do (same answers, same order), on random realms. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  builtAtMatches,
  CardIndex,
  findLocation,
  fortificationsAt,
  hasCard,
  missingRequirement,
  PlaceIndex,
  type BattleState,
  type BuildingItem,
  type RealmItem,
  type RealmState,
  type TechnologyItem,
} from "../../../src/rulesets/battle/rules";
import { building, fortification, location, manAtArms, realm, technology } from "./fixtures";

// Few names, in varied spellings, so that names, subtypes and requirements collide often.
const NAMES = ["Barracks", "barracks ", "Infantry Barracks", "Smithy", "smithies", "Stable", "Stables", "Tower", ""];
const name = fc.constantFrom(...NAMES);
const id = fc.constantFrom("c1", "c2", "c3", "c4", "c5", "l1", "l2");

const cardArb: fc.Arbitrary<(n: number) => RealmItem> = fc.oneof(
  fc.record({ id, name, subtype: name, military: fc.boolean() }).map((c) => (n: number) => building(`${c.id}${n % 2}`, c.name, { subtype: c.subtype, military: c.military })),
  fc.record({ id, name, builtAt: name, requires: fc.array(name, { maxLength: 3 }) }).map((c) => () => technology(c.id, c.name, c.builtAt, null, { requires: c.requires })),
  fc.record({ id, name, at: fc.constantFrom("l1", "l2", "l3") }).map((c) => () => fortification(c.id, c.name, 0, 3, 0, c.at)),
  fc.record({ id: fc.constantFrom("l1", "l2", "l3"), name }).map((c) => () => location(c.id, 2, 4, { name: c.name })),
  id.map((i) => () => manAtArms(i)),
);
const realmArb = (rid: string) => fc.array(cardArb, { maxLength: 14 }).map((cards) => realm(rid, cards.map((make, n) => make(n))));

describe("CardIndex", () => {
  it("answers hasCard, missingRequirement, the military buildings a technology is used at, and items by id as the rules do", () => {
    fc.assert(
      fc.property(realmArb("r"), fc.array(name, { maxLength: 4 }), (r: RealmState, asked) => {
        const cards = new CardIndex(r);
        for (const n of [...NAMES, ...asked]) expect(cards.hasCard(n), n).toBe(hasCard(r, n));
        const military = r.items.filter((i): i is BuildingItem => i.type === "building" && i.system.military);
        for (const t of r.items.filter((i): i is TechnologyItem => i.type === "technology")) {
          expect(cards.missingRequirement(t)).toBe(missingRequirement(r, t));
          expect(cards.militaryFor(t)).toEqual(military.filter((b) => builtAtMatches(t, b)));
        }
        for (const i of ["c1", "c10", "c21", "l1", "none"]) expect(cards.item(i)).toBe(r.items.find((x) => x.id === i));
      }),
      { numRuns: 300 },
    );
  });
});

describe("PlaceIndex", () => {
  it("finds locations and the fortifications on them across realms as findLocation and fortificationsAt do", () => {
    fc.assert(
      fc.property(realmArb("a"), realmArb("b"), (a: RealmState, b: RealmState) => {
        const state: BattleState = { realms: { a, b } };
        const places = new PlaceIndex(state);
        for (const l of ["l1", "l2", "l3", "c1"]) {
          expect(places.location(l)).toEqual(findLocation(state, l));
          expect(places.fortificationsAt(l)).toEqual(fortificationsAt(state, l));
        }
      }),
      { numRuns: 300 },
    );
  });
});
