import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  buildBattle,
  chooseCitadelLoss,
  isLegal,
  legalTargets,
  playCharacter,
  resolveBattle,
  endRealmTurn,
  startRealmTurn,
  useBuilding,
  type Assignment,
  type Battle,
  type BattleChoice,
  type BattleState,
  type RealmItem,
  type UnitSpec,
} from "../../../src/rulesets/battle/rules";
import { mulberry32 } from "../dice";
import { applyChecked, building, character, context, cost, deepFreeze, fortification, location, realm, technology, unit, world } from "./fixtures";

const TYPES = ["Man at Arms", "Archer", "War Chariot"];

const fighterArb = fc.record({
  character: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  type: fc.constantFrom(...TYPES),
  fixed: fc.boolean(),
  a: fc.integer({ min: 0, max: 3 }),
  d: fc.integer({ min: 0, max: 4 }),
  s: fc.integer({ min: 0, max: 4 }),
  pick: fc.integer({ min: -1, max: 2 }),
});
type Fighter = typeof fighterArb extends fc.Arbitrary<infer T> ? T : never;

const fortArb = fc.record({
  a: fc.integer({ min: 0, max: 2 }),
  d: fc.integer({ min: 0, max: 6 }),
  s: fc.integer({ min: 0, max: 3 }),
  range: fc.option(fc.record({ x: fc.integer({ min: 0, max: 3 }), y: fc.integer({ min: 0, max: 5 }) }), { nil: null }),
  ranged: fc.option(fc.boolean(), { nil: undefined }),
});

const battleArb = fc.record({
  attackers: fc.array(fighterArb, { minLength: 1, maxLength: 8 }),
  defenders: fc.array(fighterArb, { maxLength: 8 }),
  forts: fc.array(fortArb, { maxLength: 2 }),
  control: fc.integer({ min: 0, max: 6 }),
  citadel: fc.integer({ min: 0, max: 3 }).map((n) => n === 0),
  seed: fc.integer(),
});
type RandomBattle = typeof battleArb extends fc.Arbitrary<infer T> ? T : never;

function fighters(prefix: string, fs: Fighter[]): { items: RealmItem[]; protect: Record<string, string> } {
  const items: RealmItem[] = [];
  const protect: Record<string, string> = {};
  const unitTypes = fs.filter((f) => !f.character).map((f) => f.type);
  fs.forEach((f, i) => {
    const id = `${prefix}${i}`;
    if (!f.character) items.push(unit(id, f.type, f.a, f.d, f.s));
    else {
      items.push(character(id, `Hero ${id}`, f.a, f.d, f.s, { unitType: f.fixed ? f.type : "" }));
      if (!f.fixed && f.pick >= 0 && unitTypes.length > 0) protect[id] = unitTypes[f.pick % unitTypes.length]!;
    }
  });
  return { items, protect };
}

function setup(b: RandomBattle): { state: BattleState; choice: BattleChoice } {
  const att = fighters("a", b.attackers);
  const def = fighters("d", b.defenders);
  const forts = b.forts.map((f, i) => fortification(`f${i}`, `Tower ${i}`, f.a, f.d, f.s, "loc", { range: f.range }));
  const ranged: Record<string, boolean> = {};
  b.forts.forEach((f, i) => {
    // Fortifications defend locations only.
    if (!b.citadel && f.ranged !== undefined && (f.range !== null || !f.ranged)) ranged[`f${i}`] = f.ranged;
  });
  const state = deepFreeze(
    world(
      realm("A", att.items, { name: "Attacker" }),
      realm("D", [...def.items, location("loc", b.control, 6, { name: "Keep" }), building("cit", "Citadel", { citadel: true }), ...forts], { name: "Defender" }),
    ),
  );
  const choice: BattleChoice = {
    attacker: "A",
    defender: "D",
    target: b.citadel ? { kind: "citadel" } : { kind: "location", id: "loc" },
    attackers: att.items.map((i) => i.id),
    defenders: def.items.map((i) => i.id),
    protect: { ...att.protect, ...def.protect },
    ranged,
  };
  return { state, choice };
}

function battleOf(state: BattleState, choice: BattleChoice): Battle {
  const b = buildBattle(state, choice);
  if (!b.ok) throw new Error(b.reason.key);
  return b.value;
}

describe("battle properties", () => {
  it("every automatic assignment is legal by legalTargets, and every combatant with a legal target gets one", () => {
    fc.assert(
      fc.property(battleArb, (b) => {
        const { state, choice } = setup(b);
        const r = resolveBattle(state, choice);
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        const battle = battleOf(state, choice);
        const as = r.value.detail.assignments;
        as.forEach((x, i) => expect(isLegal(battle, as.slice(0, i), x.from, x.step, x.to), JSON.stringify(x)).toBe(true));
        const dead = new Set<string>();
        for (const step of r.value.detail.steps) {
          const upTo = as.filter((x) => x.step >= step.speed);
          const acted = new Set(step.hits.map((h) => h.from));
          for (const x of battle.combatants) {
            if (x.speed !== step.speed || dead.has(x.id) || acted.has(x.id)) continue;
            expect(legalTargets(battle, upTo, x.id, step.speed).some((o) => o.legal), x.id).toBe(false);
          }
          for (const id of step.destroyed) dead.add(id);
        }
      }),
      { numRuns: 300 },
    );
  });

  it("control stays within 0..max, and undo restores the state exactly", () => {
    fc.assert(
      fc.property(battleArb, (b) => {
        const { state, choice } = setup(b);
        const r = resolveBattle(state, choice);
        if (!r.ok) throw new Error(r.reason.key);
        for (const s of r.value.detail.steps) if (s.control !== null) expect(s.control).toBeGreaterThanOrEqual(0);
        // Once captured, the location takes nothing more: control stays 0, every later hit on it is void.
        const fell = r.value.detail.steps.findIndex((s) => s.control === 0 && s.objective > 0);
        for (const s of fell < 0 ? [] : r.value.detail.steps.slice(fell + 1)) {
          expect(s).toMatchObject({ objective: 0, control: 0 });
          for (const h of s.hits) if (h.to === "loc") expect(h).toMatchObject({ damage: 0, void: true });
        }
        const next = applyChecked(state, r.value);
        const loc = next.realms.D!.items.find((i) => i.id === "loc")!;
        if (loc.type !== "location") throw new Error("location");
        expect(loc.system.control).toBeGreaterThanOrEqual(0);
        expect(loc.system.control).toBeLessThanOrEqual(loc.system.maxControl);
        // Deterministic: the preview is the result.
        expect(resolveBattle(state, choice)).toEqual(r);
      }),
      { numRuns: 300 },
    );
  });

  it("once captured, the location is never assigned automatically: no hit on it, no line about it after the capture", () => {
    fc.assert(
      fc.property(battleArb, (b) => {
        const { state, choice } = setup(b);
        const r = resolveBattle(state, choice);
        if (!r.ok) throw new Error(r.reason.key);
        const steps = r.value.detail.steps;
        const fell = steps.findIndex((s) => s.control === 0 && s.objective > 0);
        if (fell < 0) return;
        for (const s of steps.slice(fell + 1)) expect(s.hits.filter((h) => h.to === "loc")).toEqual([]);
        expect(r.value.detail.assignments.filter((x) => x.to === "loc" && x.step < steps[fell]!.speed)).toEqual([]);
        expect(r.value.log.filter((l) => l.key.endsWith(".HitCaptured"))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("choosing step by step among legal targets (as the battle window does) always resolves, as chosen", () => {
    fc.assert(
      fc.property(battleArb, (b) => {
        const { state, choice } = setup(b);
        const battle = battleOf(state, choice);
        const rng = mulberry32(b.seed);
        const chosen: Assignment[] = [];
        const plan = (step: number) => {
          const order = battle.combatants.filter((x) => x.speed === step).sort(() => rng() - 0.5);
          for (const x of order) {
            const legal = legalTargets(battle, chosen, x.id, step).filter((o) => o.legal);
            if (legal.length > 0) chosen.push({ step, from: x.id, to: legal[Math.floor(rng() * legal.length)]!.id });
          }
        };
        for (const step of battle.speeds) plan(step);
        const r = resolveBattle(state, { ...choice, assignments: chosen });
        if (!r.ok) throw new Error(`${r.reason.key} ${JSON.stringify(r.reason.data)}`);
        const got = r.value.detail.assignments;
        // Every step is fought (a capture ends nothing), and every choice was used.
        const key = (x: Assignment) => `${x.step}|${x.from}|${x.to}`;
        expect(r.value.detail.steps.map((s) => s.speed)).toEqual(battle.speeds);
        expect(new Set(got.map(key))).toEqual(new Set(chosen.map(key)));
      }),
      { numRuns: 200 },
    );
  });
});

// ---------------------------------------------------------------------------
// Random sequences of realm actions: never a throw, undo always exact, invariants kept.

const MAN: UnitSpec = { name: "Man at Arms", cost: cost(1), a: 1, d: 1, s: 2, support: -1 };
const CHARIOT: UnitSpec = { name: "War Chariot", cost: cost(2, 1), a: 2, d: 3, s: 4, support: -1 };

function startState(): BattleState {
  const mk = (id: string, other: string) =>
    realm(
      id,
      [
        building(`${id}bar`, "Infantry Barracks", { military: true, subtype: "Barracks", unit: MAN }),
        building(`${id}yard`, "Chariot Yard", { military: true }),
        technology(`${id}tech`, "Chariots", "Chariot Yard", CHARIOT, { requires: ["Wheelwright"] }),
        building(`${id}cit`, "Citadel", { citadel: true }),
        location(`${id}L1`, 3, 4),
        location(`${id}L2`, 2, 4),
        fortification(`${id}tow`, "Guard Tower", 0, 5, 0, `${id}L1`, { range: { x: 2, y: 4 } }),
        ...(other === "B" ? [building(`${id}w`, "Wheelwright")] : []),
      ],
      { resources: cost(8, 4, 2), support: 6 },
    );
  return world(mk("A", "B"), mk("B", "A"));
}

describe("realm action sequences", () => {
  it("keep resources, support, attacks and control in range, never more than three attacks a turn, and undo exactly", () => {
    fc.assert(
      fc.property(fc.integer(), (seed) => {
        const rng = mulberry32(seed);
        const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
        let state = startState();
        const ctx = context();
        // Attacks made since each realm's last Start Turn.
        const made: Record<string, number> = { A: 0, B: 0 };
        for (let n = 0; n < 40; n++) {
          const me = pick(["A", "B"]);
          const foe = me === "A" ? "B" : "A";
          const mine = state.realms[me]!.items;
          const theirs = state.realms[foe]!.items;
          const fighters = (xs: RealmItem[]) => xs.filter((i) => (i.type === "unit" || i.type === "character") && rng() < 0.7).map((i) => i.id);
          const locs = Object.values(state.realms).flatMap((r) => r.items.filter((i) => i.type === "location").map((i) => ({ holder: r.id, loc: i })));
          const kind = Math.floor(rng() * 7);
          let r;
          if (kind === 0) r = startRealmTurn(state, { realm: me });
          else if (kind === 6) r = endRealmTurn(state, { realm: me });
          else if (kind === 1) r = useBuilding(state, { realm: me, building: pick([`${me}bar`, `${me}yard`]), technology: rng() < 0.5 ? `${me}tech` : undefined }, ctx);
          else if (kind === 2)
            r = playCharacter(state, { realm: me, card: { name: "Godra", system: { cost: cost(3, 1), a: 2, d: 2, s: 4, unitType: rng() < 0.5 ? "War Chariot" : "", text: "" } } }, ctx);
          else if (kind === 3) {
            const own = mine.filter((i) => i.type === "building" || i.type === "fortification");
            r = chooseCitadelLoss(state, { realm: me, building: own.length ? pick(own).id : "x" });
          } else {
            const t = pick(locs);
            const owner = t.loc.type === "location" && t.loc.system.owner !== "" ? t.loc.system.owner : t.holder;
            const citadel = rng() < 0.2;
            r = resolveBattle(state, {
              attacker: me,
              defender: citadel ? foe : owner,
              target: citadel ? { kind: "citadel" } : { kind: "location", id: t.loc.id },
              attackers: fighters(mine),
              defenders: owner === me && !citadel ? [] : fighters(theirs),
            });
          }
          if (!r.ok) continue;
          state = applyChecked(state, r.value as never);
          if (kind === 0) made[me] = 0;
          if (kind >= 4 && kind <= 5) expect(++made[me]!).toBeLessThanOrEqual(3);
          for (const realmState of Object.values(state.realms)) {
            const sys = realmState.system;
            expect(Math.min(sys.resources.gold, sys.resources.wood, sys.resources.stone)).toBeGreaterThanOrEqual(0);
            expect(sys.support).toBeGreaterThanOrEqual(0);
            expect(sys.attacksLeft).toBeGreaterThanOrEqual(0);
            expect(sys.attacksLeft).toBeLessThanOrEqual(3);
            expect(sys.buildingsToDestroy).toBeGreaterThanOrEqual(0);
            for (const i of realmState.items) {
              if (i.type !== "location") continue;
              expect(i.system.control).toBeGreaterThanOrEqual(0);
              expect(i.system.control).toBeLessThanOrEqual(i.system.maxControl);
            }
          }
        }
      }),
      { numRuns: 100 },
    );
  });
});
