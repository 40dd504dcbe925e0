/**
 * The battle's account line by line: every hit on a combatant and every loss has its own line,
 * with the names, damage and side of that hit or loss, even though equal lines are one object.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { resolveBattle, type BattleChoice, type RealmItem } from "../../../src/rulesets/battle/rules";
import type { Line } from "../../../src/core/rules/outcome";
import { character, deepFreeze, location, realm, unit, world } from "./fixtures";

const LOG = "FACTIONS.Battle.Log.";

// Few names, so that lines repeat; the same name with another A, so that equal names do not mean equal lines.
const fighterArb = fc.record({
  character: fc.boolean(),
  name: fc.constantFrom("Archer", "Knight", "Hero"),
  a: fc.integer({ min: 0, max: 3 }),
  d: fc.integer({ min: 1, max: 3 }),
  s: fc.integer({ min: 1, max: 3 }),
});

function items(prefix: string, fs: { character: boolean; name: string; a: number; d: number; s: number }[]): RealmItem[] {
  return fs.map((f, i) => (f.character ? character(`${prefix}${i}`, f.name, f.a, f.d, f.s) : unit(`${prefix}${i}`, f.name, f.a, f.d, f.s)));
}

/** The Hit and Destroyed lines the steps call for, built one by one. */
function expectedLines(detail: { reinforce: boolean; combatants: { id: string; name: string; side: string }[]; steps: { hits: { from: string; to: string; damage: number; void: boolean }[]; destroyed: string[] }[] }): Line[] {
  const byId = new Map(detail.combatants.map((x) => [x.id, x]));
  const side = (id: string) => (detail.reinforce ? {} : { side: byId.get(id)!.side === "attacker" ? "actor" : "opposition" });
  const lines: Line[] = [];
  for (const step of detail.steps) {
    for (const h of step.hits) {
      const to = byId.get(h.to);
      if (!h.void && to) lines.push({ key: `${LOG}Hit`, data: { from: byId.get(h.from)!.name, to: to.name, damage: h.damage }, ...side(h.from) } as Line);
    }
    for (const id of step.destroyed) lines.push({ key: `${LOG}Destroyed`, data: { name: byId.get(id)!.name }, ...side(id) } as Line);
  }
  return lines;
}

describe("battle account", () => {
  it("writes each hit and loss with its own names, damage and side", () => {
    fc.assert(
      fc.property(fc.array(fighterArb, { minLength: 1, maxLength: 30 }), fc.array(fighterArb, { maxLength: 30 }), fc.boolean(), (att, def, reinforce) => {
        const attackers = items("a", att);
        const defenders = items("d", def);
        const state = deepFreeze(
          reinforce
            ? world(realm("A", [...attackers, location("loc", 1, 99, { name: "Keep" })]))
            : world(realm("A", attackers), realm("D", [...defenders, location("loc", 40, 40, { name: "Keep" })])),
        );
        const choice: BattleChoice = {
          attacker: "A",
          defender: reinforce ? "A" : "D",
          target: { kind: "location", id: "loc" },
          attackers: attackers.map((i) => i.id),
          defenders: reinforce ? [] : defenders.map((i) => i.id),
        };
        const r = resolveBattle(state, choice);
        if (!r.ok) throw new Error(r.reason.key);
        const got = r.value.log.filter((l) => l.key === `${LOG}Hit` || l.key === `${LOG}Destroyed`);
        expect(got).toEqual(expectedLines(r.value.detail));
      }),
      { numRuns: 300 },
    );
  });
});
