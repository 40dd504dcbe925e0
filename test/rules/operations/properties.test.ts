import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyChanges, revertChanges, staleChanges, type Change } from "../../../src/core/rules/changes";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  CONDITIONS,
  STATS,
  aggressiveAttack,
  ally,
  ambush,
  applyToState,
  blockRoute,
  cautiousAttack,
  claim,
  conceal,
  gainInfluence,
  hireOut,
  investigate,
  moveMinion,
  operationsWorld,
  purchase,
  raid,
  rally,
  recruit,
  researchMagic,
  sellItem,
  startRound,
  steal,
  surveil,
  trainMinion,
  triggerStance,
  type Condition,
  type LieutenantState,
  type OperationsContext,
  type OperationsState,
  type OrganizationState,
  type Stat,
  type UnitState,
} from "../../../src/rulesets/operations/rules";
import { mulberry32, seededDice } from "../dice";
import { deepFreeze, expectLocalized, expectOutcomeLocalized, lt, org, project, unit } from "./fixtures";

const LOCS = ["market", "docks", "farm", "field", "gate"];
const LOCALES: Record<string, string> = { market: "city", docks: "city", gate: "city", farm: "country", field: "country" };

const condArb = fc.oneof(
  { weight: 5, arbitrary: fc.constant<Condition>("fresh") },
  { weight: 3, arbitrary: fc.constantFrom<Condition>(...CONDITIONS.slice(1, 4)) },
);
const unitArb = fc.record({
  level: fc.integer({ min: 1, max: 7 }),
  competency: fc.constantFrom<Stat>(...STATS),
  upkeep: fc.integer({ min: 0, max: 3 }),
  cost: fc.integer({ min: 0, max: 12 }),
  bonded: fc.boolean(),
  condition: condArb,
  hiding: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) }),
  location: fc.constantFrom(...LOCS),
  selective: fc.boolean(),
  recruited: fc.integer({ min: 0, max: 9 }),
  acted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  defended: fc.boolean(),
});
const ltArb = fc.record({
  level: fc.integer({ min: 1, max: 10 }),
  stats: fc.tuple(...STATS.map(() => fc.integer({ min: 0, max: 5 }))),
  location: fc.constantFrom(...LOCS),
  condition: condArb,
  hiding: fc.oneof({ weight: 3, arbitrary: fc.constant(0) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: 6 }) }),
  acted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  recruited: fc.integer({ min: 0, max: 9 }),
  stance: fc.integer({ min: 0, max: 5 }),
  upkeep: fc.integer({ min: 0, max: 2 }),
});
const orgArb = fc.record({
  cohesion: fc.integer({ min: 1, max: 5 }),
  capital: fc.integer({ min: 0, max: 30 }),
  influence: fc.integer({ min: 0, max: 25 }),
  allied: fc.boolean(),
  penalty: fc.constantFrom(0, 0, -2),
  units: fc.array(unitArb, { maxLength: 5 }),
  lieutenants: fc.array(ltArb, { minLength: 1, maxLength: 2 }),
  projects: fc.integer({ min: 0, max: 3 }),
  watch: fc.boolean(),
});

const stateArb = fc.array(orgArb, { minLength: 2, maxLength: 3 }).map((os): OperationsState => {
  const ids = os.map((_, i) => `O${i}`);
  const organizations: Record<string, OrganizationState> = {};
  const lieutenants: Record<string, LieutenantState> = {};
  os.forEach((o, i) => {
    const id = ids[i]!;
    const other = ids[(i + 1) % ids.length]!;
    const units: UnitState[] = o.units.map((u, j) =>
      unit(`${id}u${j}`, {
        name: `Unit ${id}.${j}`,
        level: u.level,
        competency: u.competency,
        upkeep: u.upkeep,
        cost: u.cost,
        bonded: u.bonded,
        condition: u.condition,
        hiding: u.hiding,
        location: u.location,
        selective: u.selective,
        recruiter: u.recruited === 0 ? other : "",
        acted: u.acted,
        defended: u.defended,
      }),
    );
    const projects = [];
    if (o.projects >= 1) projects.push(project(`${id}p0`, { name: "Rite", progress: o.projects === 3 ? 7 : 0, blocked: o.projects === 2 }));
    if (o.projects >= 2 && units[0]) projects.push(project(`${id}p1`, { name: "Drill", kind: "training", required: 6, progress: 5, target: units[0].id, training: "level" }));
    o.lieutenants.forEach((l, j) => {
      const lid = `${id}l${j}`;
      lieutenants[lid] = lt(lid, id, {
        name: `Lt ${id}.${j}`,
        level: l.level,
        force: l.stats[0],
        sneak: l.stats[1],
        charm: l.stats[2],
        lore: l.stats[3],
        location: l.location,
        condition: l.condition,
        hiding: l.hiding,
        acted: l.acted,
        recruiter: l.recruited === 0 ? other : "",
        upkeep: l.upkeep,
        ...(l.stance === 0
          ? { stance: { kind: "ambush", factions: [other], strategy: "cautious", units: units.slice(0, 1).map((u) => u.id) } }
          : l.stance === 1
            ? { stance: { kind: "block", factions: [other], strategy: "aggressive", units: [] } }
            : {}),
      });
    });
    organizations[id] = org(
      id,
      {
        name: `Org ${i}`,
        cohesion: o.cohesion,
        capital: o.capital,
        standings: { N: { faction: "N", influence: o.influence, allied: o.allied, penalty: o.penalty, influenceCost: 0, gainPenalty: 0 } },
        surveillance: o.watch ? [{ watcher: `${id}l0`, kind: "location", target: "market", extra: false }] : [],
      },
      units,
      projects,
    );
  });
  organizations.N = org("N", { name: "Guild", npc: true, capital: 5 }, [unit("Nu0", { name: "Guild Guards", location: "market", level: 3 })]);
  lieutenants.Nl0 = lt("Nl0", "N", { name: "Guildmaster", location: "market" });
  return { organizations, lieutenants, locales: LOCALES };
});

type AnyAction = (s: OperationsState, ctx: OperationsContext) => Result<Outcome<unknown>>;

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}
function some<T>(rng: () => number, xs: readonly T[], p = 0.5): T[] {
  return xs.filter(() => rng() < p);
}

const NAMES = [
  "aggressiveAttack", "cautiousAttack", "raid", "conceal", "steal", "surveil", "purchase", "investigate", "recruit", "sellItem",
  "researchMagic", "moveMinion", "trainMinion", "hireOut", "ambush", "blockRoute", "gainInfluence", "ally", "claim", "rally",
  "startRound", "triggerStance",
] as const;

function randomAction(state: OperationsState, rng: () => number): { name: string; run: AnyAction } {
  const lts = Object.values(state.lieutenants);
  const l = pick(rng, lts);
  const orgId = rng() < 0.9 ? l.system.organization : l.system.recruiter || l.system.organization;
  const o = state.organizations[orgId]!;
  const others = Object.keys(state.organizations).filter((x) => x !== orgId);
  const target = state.organizations[pick(rng, others)]!;
  const allUnits = Object.values(state.organizations).flatMap((x) => x.units);
  const here = o.units.filter((u) => u.system.location === l.system.location || rng() < 0.1).map((u) => u.id);
  const mine = o.units.map((u) => u.id);
  const base = { lieutenant: l.id, organization: orgId, stealthy: rng() < 0.3, modifier: rng() < 0.2 ? Math.floor(rng() * 5) - 2 : undefined };
  const loc = rng() < 0.8 ? l.system.location : pick(rng, LOCS);
  const name = pick(rng, NAMES);
  const theirUnit = target.units.length ? pick(rng, target.units).id : "nope";
  const anyUnit = allUnits.length ? pick(rng, allUnits).id : "nope";
  const otherLt = pick(rng, lts).id;
  const pay = rng() < 0.5 ? ("influence" as const) : ("capital" as const);
  switch (name) {
    case "aggressiveAttack":
    case "cautiousAttack": {
      const f = name === "aggressiveAttack" ? aggressiveAttack : cautiousAttack;
      const c = { ...base, target: target.id, location: loc, units: some(rng, here, 0.6), reaction: rng() < 0.1, attackBonus: rng() < 0.1 ? 2 : undefined };
      return { name, run: (s, ctx) => f(s, c, ctx) };
    }
    case "raid": {
      const acquire = pick(rng, [{ kind: "capital" as const, amount: Math.floor(rng() * 15) }, { kind: "unit" as const, unit: theirUnit }, { kind: "thing" as const, name: "Ledger" }]);
      const c = { ...base, target: target.id, location: loc, units: some(rng, here), acquire };
      return { name, run: (s, ctx) => raid(s, c, ctx) };
    }
    case "conceal": {
      const t = pick(rng, [{ kind: "unit" as const, unit: pick(rng, [...mine, anyUnit]) }, { kind: "lieutenant" as const, lieutenant: rng() < 0.5 ? l.id : otherLt }, { kind: "thing" as const, name: "Map" }]);
      const c = { ...base, target: t, moveTo: rng() < 0.3 && t.kind !== "thing" ? pick(rng, LOCS) : undefined };
      return { name, run: (s, ctx) => conceal(s, c, ctx) };
    }
    case "steal": {
      const acquire = pick(rng, [
        { kind: "capital" as const, amount: Math.floor(rng() * 15) },
        { kind: "unit" as const, unit: theirUnit },
        { kind: "lieutenant" as const, lieutenant: otherLt },
        { kind: "thing" as const, name: "Gem" },
      ]);
      return { name, run: (s, ctx) => steal(s, { ...base, target: target.id, location: loc, acquire }, ctx) };
    }
    case "surveil": {
      const t = pick(rng, [{ kind: "unit" as const, unit: anyUnit }, { kind: "lieutenant" as const, lieutenant: otherLt }, { kind: "location" as const, location: pick(rng, LOCS) }]);
      const c = { ...base, target: t, bonus: rng() < 0.5 ? ("stealth" as const) : ("info" as const) };
      return { name, run: (s, ctx) => surveil(s, c, ctx) };
    }
    case "purchase": {
      const thing =
        rng() < 0.6
          ? { kind: "unit" as const, name: "Hirelings", level: Math.floor(rng() * 5), competency: pick(rng, STATS), upkeep: Math.floor(rng() * 3) }
          : { kind: pick(rng, ["item", "location"] as const), name: "Warehouse", level: Math.floor(rng() * 5) };
      const c = { ...base, thing, price: Math.floor(rng() * 20), payDouble: rng() < 0.5, secretLocation: rng() < 0.2 };
      return { name, run: (s, ctx) => purchase(s, c, ctx) };
    }
    case "investigate": {
      const t = pick(rng, [{ kind: "unit" as const, unit: anyUnit }, { kind: "lieutenant" as const, lieutenant: otherLt }, { kind: "other" as const, name: "Crypt", level: Math.floor(rng() * 6) }]);
      const c = { ...base, target: t, bonus: rng() < 0.5 ? ("stealth" as const) : ("info" as const) };
      return { name, run: (s, ctx) => investigate(s, c, ctx) };
    }
    case "recruit": {
      const t = rng() < 0.6 ? { kind: "unit" as const, unit: anyUnit } : { kind: "lieutenant" as const, lieutenant: otherLt };
      const c = { ...base, target: t, join: rng() < 0.5 };
      return { name, run: (s, ctx) => recruit(s, c, ctx) };
    }
    case "sellItem": {
      const thing = rng() < 0.5 && mine.length ? { kind: "unit" as const, unit: pick(rng, mine) } : { kind: "other" as const, name: "Idol", price: Math.floor(rng() * 12) };
      return { name, run: (s, ctx) => sellItem(s, { ...base, thing }, ctx) };
    }
    case "researchMagic": {
      const research = o.projects.filter((p) => p.system.kind === "research").map((p) => p.id);
      const c = rng() < 0.5 && research.length ? { ...base, project: pick(rng, research) } : { ...base, start: { name: "Ward" } };
      return { name, run: (s, ctx) => researchMagic(s, c, ctx) };
    }
    case "moveMinion": {
      const to = pick(rng, LOCS);
      const units = some(rng, mine, 0.4).map((u) => ({ unit: u, to: rng() < 0.8 ? to : pick(rng, LOCS) }));
      const c = { ...base, units, lieutenantTo: rng() < 0.4 ? to : undefined };
      return { name, run: (s, ctx) => moveMinion(s, c, ctx) };
    }
    case "trainMinion": {
      const training = o.projects.filter((p) => p.system.kind === "training").map((p) => p.id);
      const targetId = rng() < 0.5 && mine.length ? pick(rng, mine) : otherLt;
      const c =
        rng() < 0.4 && training.length
          ? { ...base, project: pick(rng, training) }
          : { ...base, start: { target: targetId, training: pick(rng, ["level", "type"] as const), stat: pick(rng, STATS), required: rng() < 0.3 ? 1 : undefined } };
      const full = { ...c, outsideTrainer: rng() < 0.15 ? { cost: Math.floor(rng() * 8), rating: 4 } : undefined };
      return { name, run: (s, ctx) => trainMinion(s, full, ctx) };
    }
    case "hireOut": {
      const c = { ...base, units: some(rng, mine), adjust: rng() < 0.2 ? -2 : undefined };
      return { name, run: (s, ctx) => hireOut(s, c, ctx) };
    }
    case "ambush": {
      const c = { ...base, factions: some(rng, others, 0.7), strategy: rng() < 0.5 ? ("aggressive" as const) : ("cautious" as const), units: some(rng, here) };
      return { name, run: (s, ctx) => ambush(s, c, ctx) };
    }
    case "blockRoute": {
      const c = { ...base, factions: some(rng, others, 0.7), units: some(rng, here) };
      return { name, run: (s, ctx) => blockRoute(s, c, ctx) };
    }
    case "gainInfluence": {
      const c = { ...base, faction: rng() < 0.9 ? "N" : target.id };
      return { name, run: (s, ctx) => gainInfluence(s, c, ctx) };
    }
    case "ally":
      return { name, run: (s, ctx) => ally(s, { ...base, faction: "N" }, ctx) };
    case "claim": {
      const c = { ...base, faction: "N", asset: rng() < 0.5 ? anyUnit : "name:Mill", pay, owner: rng() < 0.3 ? target.id : undefined };
      return { name, run: (s, ctx) => claim(s, c, ctx) };
    }
    case "rally":
      return { name, run: (s, ctx) => rally(s, { ...base, faction: "N", against: target.id, pay }, ctx) };
    case "startRound": {
      const c = { organization: rng() < 0.95 ? orgId : "nope" };
      return { name, run: (s, ctx) => startRound(s, c, ctx) };
    }
    case "triggerStance": {
      const holders = lts.filter((x) => x.system.stance.kind !== "");
      const h = holders.length ? pick(rng, holders) : l;
      const moverOrg = rng() < 0.8 ? (h.system.stance.factions[0] ?? orgId) : orgId;
      const mo = state.organizations[moverOrg]!;
      const moverLt = lts.find((x) => x.system.organization === moverOrg);
      const mover = { organization: moverOrg, lieutenant: rng() < 0.7 ? moverLt?.id : undefined, units: some(rng, mo.units.map((u) => u.id)) };
      return { name, run: (s, ctx) => triggerStance(s, { stance: h.id, mover }, ctx) };
    }
  }
}

function checkInvariants(s: OperationsState): void {
  for (const o of Object.values(s.organizations)) {
    expect(Number.isInteger(o.system.capital)).toBe(true);
    expect(o.system.capital).toBeGreaterThanOrEqual(0);
    for (const st of Object.values(o.system.standings)) {
      expect(Number.isInteger(st.influence)).toBe(true);
      expect(st.influence).toBeGreaterThanOrEqual(0);
      expect(st.penalty).toBeLessThanOrEqual(0);
      expect(st.gainPenalty).toBeLessThanOrEqual(0);
      expect(st.influenceCost).toBeGreaterThanOrEqual(0);
    }
    for (const u of o.units) {
      expect(CONDITIONS.slice(0, 4)).toContain(u.system.condition);
      expect(u.system.hiding).toBeGreaterThanOrEqual(0);
    }
    for (const p of o.projects) expect(p.system.progress).toBeLessThanOrEqual(p.system.required);
  }
  for (const l of Object.values(s.lieutenants)) {
    expect(CONDITIONS).toContain(l.system.condition);
    expect(l.system.hiding).toBeGreaterThanOrEqual(0);
    expect(l.system.level).toBeLessThanOrEqual(10);
  }
}

function checkOutcome(state: OperationsState, o: Outcome<unknown>): void {
  const w = operationsWorld(state);
  expect(staleChanges(w, o.changes)).toEqual([]);
  expect(revertChanges(applyChanges(w, o.changes), o.changes)).toEqual(w);
  const keys = o.changes.filter((c): c is Extract<Change, { op: "update" }> => c.op === "update").map((c) => `${c.ref.actor}/${c.ref.item ?? ""}/${c.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const c of o.changes) if (c.op === "update") expect(c.path.split(".").every((p) => p !== "")).toBe(true);
  expectOutcomeLocalized(o);
  expect(o.log.length).toBeGreaterThan(0);
}

describe("Operations properties", () => {
  it("random action sequences: Capital and influence never negative; rejections change nothing; changes revert", () => {
    const counts: Record<string, { ok: number; rejected: number }> = {};
    fc.assert(
      fc.property(stateArb, fc.integer(), fc.integer({ min: 1, max: 30 }), (initial, seed, steps) => {
        checkInvariants(initial);
        const rng = mulberry32(seed);
        let n = 0;
        const ctx: OperationsContext = {
          dice: seededDice(seed ^ 0x5bd1e995),
          settings: { tie: "defender", completeMargin: rng() < 0.8 ? 5 : 3, recovery: rng() < 0.8, oneActionPerRound: rng() < 0.7 },
          newId: () => `new${++n}`,
        };
        let state = deepFreeze(initial);
        for (let i = 0; i < steps; i++) {
          const { name, run } = randomAction(state, rng);
          const before = structuredClone(state);
          const result = run(state, ctx);
          expect(state).toEqual(before);
          counts[name] ??= { ok: 0, rejected: 0 };
          if (!result.ok) {
            counts[name].rejected++;
            expect(result).not.toHaveProperty("value");
            expectLocalized(result.reason);
            continue;
          }
          counts[name].ok++;
          checkOutcome(state, result.value);
          state = deepFreeze(applyToState(state, result.value.changes));
          checkInvariants(state);
        }
      }),
      { numRuns: 250 },
    );
    if (process.env.SHOW_COUNTS) console.log(counts);
    for (const name of NAMES) {
      expect(counts[name]?.ok, `${name} accepted`).toBeGreaterThan(0);
      expect(counts[name]?.rejected, `${name} rejected`).toBeGreaterThan(0);
    }
  });

  it("actions are deterministic given the dice", () => {
    fc.assert(
      fc.property(stateArb, fc.integer(), (state, seed) => {
        const make = (): OperationsContext => {
          let n = 0;
          return { dice: seededDice(seed), settings: { tie: "defender", completeMargin: 5, recovery: true, oneActionPerRound: true }, newId: () => `n${++n}` };
        };
        const { run } = randomAction(state, mulberry32(seed));
        expect(run(state, make())).toEqual(run(state, make()));
      }),
      { numRuns: 150 },
    );
  });
});
