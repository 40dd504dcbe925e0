/**
 * Which items fight, against a plain reference: each chosen id is the last unit or character of
 * its realm with that id, and the choice is refused at its first id (in order, attackers first)
 * that is a duplicate or not a ready fighter — whatever the order of the ids, repeated ids in the
 * realm, or items of other kinds under the same id.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { buildBattle, type BattleChoice, type RealmItem, type RealmState } from "../../../src/rulesets/battle/rules";
import { building, character, location, realm, unit, world } from "./fixtures";

const REJECT = "FACTIONS.Battle.Reject.";

const itemArb = fc.record({
  id: fc.constantFrom("x0", "x1", "x2", "x3", "x4", "x5", "loc"),
  kind: fc.constantFrom("unit", "unit", "unit", "character", "building"),
  a: fc.integer({ min: 0, max: 3 }),
  tired: fc.integer({ min: 0, max: 9 }).map((n) => (n === 0 ? "exhausted" : n === 1 ? "inOffensive" : "")),
});
type ItemSpec = typeof itemArb extends fc.Arbitrary<infer T> ? T : never;

function items(prefix: string, specs: ItemSpec[]): RealmItem[] {
  return specs.map((s, n) => {
    const id = s.id === "loc" ? "loc" : prefix + s.id;
    const flags = { exhausted: s.tired === "exhausted", inOffensive: s.tired === "inOffensive" };
    if (s.kind === "building") return building(id, `Building ${n}`);
    if (s.kind === "character") return character(id, `Hero ${n}`, s.a, 2, 2, flags);
    return unit(id, `Unit ${n}`, s.a, 2, 2, flags);
  });
}

/** The reference: a map of each realm's fighters by id (the last wins), the ids checked in order. */
function expected(realms: Record<string, RealmState>, choice: BattleChoice): { refused: { key: string; data: unknown } } | { names: string[] } {
  const seen = new Set<string>(["loc"]);
  // A refusal names the piece: the first of that id in the realms, else one not in the battle.
  const nameOf = (id: string) => Object.values(realms).flatMap((r) => r.items).find((i) => i.id === id)?.name ?? `${REJECT}UnknownPiece`;
  const names: string[] = [];
  for (const [side, realmId, ids] of [["attacker", "A", choice.attackers], ["defender", "D", choice.defenders]] as const) {
    const r = realms[realmId]!;
    const fighters = new Map<string, RealmItem>();
    for (const it of r.items) if (it.type === "unit" || it.type === "character") fighters.set(it.id, it);
    for (const id of ids) {
      if (seen.has(id)) return { refused: { key: `${REJECT}Duplicate`, data: { name: nameOf(id) } } };
      seen.add(id);
      const it = fighters.get(id);
      if (!it || (it.type !== "unit" && it.type !== "character")) return { refused: { key: `${REJECT}NotCombatant`, data: { name: nameOf(id), realm: r.name } } };
      if (it.system.exhausted) return { refused: { key: `${REJECT}Exhausted`, data: { name: it.name } } };
      if (side === "attacker" && it.system.inOffensive) return { refused: { key: `${REJECT}AlreadyAttacked`, data: { name: it.name } } };
      names.push(it.name);
    }
  }
  return { names };
}

describe("the fighters of a battle", () => {
  it("are the last fighters of their realms with the chosen ids, or the choice is refused at its first bad id", () => {
    const ids = (prefix: string) => fc.array(fc.constantFrom("x0", "x1", "x2", "x3", "x4", "x5", "loc", "nope").map((id) => (id === "loc" ? id : prefix + id)), { maxLength: 8 });
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 10 }), fc.array(itemArb, { maxLength: 10 }), ids("a"), ids("d"), fc.boolean(), fc.boolean(), (as, ds, attackers, defenders, inOrder, crossed) => {
        const aItems = items("a", as);
        const dItems = items("d", ds);
        // Ids often follow the realm's order (as the battle window lists them); some name the other realm's items.
        const pick = (list: string[], own: RealmItem[]) => (inOrder ? [...new Set(own.map((i) => i.id))].filter((id) => list.includes(id)) : list);
        const choice: BattleChoice = {
          attacker: "A",
          defender: "D",
          target: { kind: "location", id: "loc" },
          attackers: pick(attackers, aItems).filter((id) => id !== "loc" || !inOrder),
          defenders: crossed ? [...pick(defenders, dItems), ...attackers.slice(0, 1)] : pick(defenders, dItems),
        };
        if (choice.attackers.length === 0) return;
        const state = world(realm("A", aItems), realm("D", [...dItems, location("loc", 3, 5)]));
        const built = buildBattle(state, choice);
        const want = expected(state.realms, choice);
        if ("refused" in want) expect(built.ok ? null : built.reason).toEqual(want.refused);
        else {
          expect(built.ok).toBe(true);
          if (built.ok) expect(built.value.combatants.map((x) => x.name)).toEqual(want.names);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
