import { median, type BenchCase } from "../measure";
import { resolveBattle, type BattleChoice, type BattleState, type RealmItem } from "../../src/rulesets/battle/rules";

const KINDS = [
  { name: "Man at Arms", a: 1, d: 1, s: 2 },
  { name: "Swordsman", a: 2, d: 1, s: 2 },
  { name: "Knight", a: 2, d: 2, s: 3 },
  { name: "Archer", a: 1, d: 1, s: 4 },
  { name: "War Chariot", a: 2, d: 3, s: 4 },
];

function army(prefix: string, n: number): RealmItem[] {
  const items: RealmItem[] = [];
  for (let i = 0; i < n; i++) {
    const id = `${prefix}${i}`;
    if (i % 100 === 99) {
      // One character in a hundred, protected by its side's most numerous type.
      items.push({ id, name: `Hero ${id}`, type: "character", system: { cost: { gold: 3, wood: 0, stone: 0 }, a: 3, d: 4, s: 2, unitType: "", text: "", exhausted: false, inOffensive: false } });
      continue;
    }
    const k = KINDS[(i * 7 + prefix.length) % KINDS.length]!;
    items.push({ id, name: k.name, type: "unit", system: { a: k.a, d: k.d, s: k.s, support: -1, source: "", exhausted: false, inOffensive: false } });
  }
  return items;
}

/** N attackers against N defenders and a Guard Tower on a location, every target automatic. */
export function setup(n: number): { state: BattleState; choice: BattleChoice } {
  const attackers = army("a", n);
  const defenders = army("dd", n);
  const system = { resources: { gold: 10, wood: 10, stone: 10 }, support: 0, attacksLeft: 3, started: true, turn: 1, buildingsToDestroy: 0 };
  const state: BattleState = {
    realms: {
      A: { id: "A", name: "Attacker", system, items: attackers },
      D: {
        id: "D",
        name: "Defender",
        system,
        items: [
          ...defenders,
          { id: "loc", name: "Keep", type: "location", system: { control: 50, maxControl: 50, damaged: false, owner: "" } },
          { id: "tower", name: "Guard Tower", type: "fortification", system: { cost: { gold: 1, wood: 0, stone: 2 }, subtype: "Tower", a: 0, d: 5, s: 0, range: { x: 2, y: 4 }, location: "loc" } },
        ],
      },
    },
  };
  const choice: BattleChoice = {
    attacker: "A",
    defender: "D",
    target: { kind: "location", id: "loc" },
    attackers: attackers.map((i) => i.id),
    defenders: defenders.map((i) => i.id),
  };
  return { state, choice };
}

function bench(n: number, warmup: number, runs: number) {
  const { state, choice } = setup(n);
  return median(
    () => {
      const r = resolveBattle(state, choice);
      if (!r.ok) throw new Error(r.reason.key);
    },
    { warmup, warmupMs: 1000, runs },
  );
}

const cases: BenchCase[] = [
  { name: "battle1000Ms", run: () => bench(1000, 20, 60) },
  { name: "battle100000Ms", run: () => bench(100000, 2, 7) },
];

export default cases;
