import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { applyChanges, revertChanges, staleChanges, type Change } from "../../../src/core/rules/changes";
import type { Line, Outcome, Result } from "../../../src/core/rules/outcome";
import {
  ACTIONS,
  ATTRIBUTES,
  MAGIC_LEVELS,
  attack,
  create,
  endTurn,
  expand,
  factionTurnWorld,
  hide,
  maxHp,
  move,
  repair,
  sell,
  startTurn,
  applyToState,
  type AssetState,
  type AssetTemplate,
  type FactionState,
  type FactionTurnContext,
  type FactionTurnState,
} from "../../../src/rulesets/faction-turn/rules";
import { mulberry32, seededDice } from "../dice";
import { deepFreeze } from "./fixtures";

const LOCATIONS = ["town", "port", "hills"];
const DAMAGE = ["", "1d6", "1d4 + 1", "2d4", "1d8"];
const COUNTER = ["", "1d4", "1d6"];

// ---------------------------------------------------------------------------
// Random states

const assetArb = fc.record({
  attribute: fc.constantFrom(...ATTRIBUTES),
  rating: fc.integer({ min: 1, max: 8 }),
  magic: fc.constantFrom(...MAGIC_LEVELS),
  cost: fc.integer({ min: 0, max: 10 }),
  max: fc.integer({ min: 1, max: 8 }),
  hpPct: fc.integer({ min: 1, max: 100 }),
  atk: fc.constantFrom(...ATTRIBUTES),
  def: fc.constantFrom(...ATTRIBUTES),
  damage: fc.constantFrom(...DAMAGE),
  counter: fc.constantFrom(...COUNTER),
  subtle: fc.boolean(),
  stealth: fc.boolean(),
  location: fc.constantFrom(...LOCATIONS),
  base: fc.boolean(),
  exposed: fc.boolean(),
});

const factionArb = fc.record({
  force: fc.integer({ min: 1, max: 8 }),
  wealth: fc.integer({ min: 1, max: 8 }),
  cunning: fc.integer({ min: 1, max: 8 }),
  magic: fc.constantFrom(...MAGIC_LEVELS),
  override: fc.option(fc.integer({ min: 1, max: 60 }), { nil: null }),
  hpPct: fc.integer({ min: -10, max: 100 }),
  treasure: fc.integer({ min: 0, max: 20 }),
  started: fc.boolean(),
  acted: fc.integer({ min: 0, max: 4 }).map((n) => n === 0),
  created: fc.boolean(),
  healed: fc.boolean(),
  assets: fc.array(assetArb, { maxLength: 7 }),
});

const stateArb = fc.array(factionArb, { minLength: 2, maxLength: 3 }).map((fs): FactionTurnState => {
  const factions: Record<string, FactionState> = {};
  fs.forEach((f, i) => {
    const id = `F${i}`;
    const assets: AssetState[] = f.assets.map((a, j) => ({
      id: `${id}a${j}`,
      name: `Asset ${id}.${j}`,
      system: {
        attribute: a.base ? "cunning" : a.attribute,
        rating: a.rating,
        magic: a.magic,
        cost: a.cost,
        hp: { value: Math.ceil((a.hpPct * a.max) / 100), max: a.max },
        attack: { attribute: a.atk, defense: a.def, damage: a.base ? "" : a.damage },
        counter: a.base ? "" : a.counter,
        subtle: a.subtle,
        stealth: a.stealth,
        location: a.location,
        base: a.base,
        exposed: a.exposed,
      },
    }));
    const sys = {
      force: f.force,
      wealth: f.wealth,
      cunning: f.cunning,
      magic: f.magic,
      hp: { value: 0, override: f.override },
      treasure: f.treasure,
      turn: {
        number: 1,
        started: f.started,
        action: f.acted ? "faction-turn.move" : "",
        created: f.created,
        healed: f.healed,
        repairs: assets.length > 0 && f.healed ? { [assets[0]!.id]: 1 } : {},
      },
    };
    // A few factions start destroyed (0 HP).
    sys.hp.value = Math.max(0, Math.ceil((f.hpPct * maxHp(sys)) / 100));
    factions[id] = { id, name: `Faction ${i}`, system: sys, assets };
  });
  return { factions };
});

// ---------------------------------------------------------------------------
// Random choices, drawn from the current state (often invalid on purpose)

type AnyAction = (s: FactionTurnState, ctx: FactionTurnContext) => Result<Outcome<unknown>>;

function pick<T>(rng: () => number, xs: readonly T[]): T {
  return xs[Math.floor(rng() * xs.length)]!;
}
function some<T>(rng: () => number, xs: readonly T[]): T[] {
  return xs.filter(() => rng() < 0.5);
}

function randomAction(state: FactionTurnState, rng: () => number): { name: string; run: AnyAction } {
  const ids = Object.keys(state.factions);
  const f = state.factions[pick(rng, ids)]!;
  const others = ids.filter((x) => x !== f.id);
  const own = f.assets.map((a) => a.id);
  const anyAsset = rng() < 0.1 ? ["nope"] : [];
  let kind = Math.floor(rng() * 9);
  // Follow the turn's rhythm often enough that most actions get a chance.
  if (!f.system.turn.started && rng() < 0.6) kind = 0;
  else if (f.system.turn.started && f.system.turn.action !== "" && rng() < 0.5) kind = 1;
  switch (kind) {
    case 0:
    {
      const eligible = f.assets.filter((a) => !a.system.base).map((a) => a.id);
      const lose = rng() < 0.6 ? [] : some(rng, rng() < 0.8 ? eligible.slice(0, 2) : own);
      return { name: "start", run: (s, c) => startTurn(s, { faction: f.id, lose }, c) };
    }
    case 1:
      return { name: "end", run: (s, c) => endTurn(s, { faction: f.id }, c) };
    case 2: {
      const target = state.factions[pick(rng, others)]!;
      const targetLocs = new Set(target.assets.map((a) => a.system.location));
      const armed = f.assets.filter((a) => a.system.attack.damage !== "" && (rng() < 0.2 || targetLocs.has(a.system.location)));
      const attackers = [...some(rng, armed.map((a) => a.id)), ...anyAsset];
      const defenders: { key: string; value: string }[] = [];
      for (const loc of LOCATIONS) {
        const there = target.assets.filter((a) => a.system.location === loc);
        if (there.length && rng() < 0.5) defenders.push({ key: loc, value: pick(rng, there).id });
      }
      const bases = target.assets.filter((a) => a.system.base);
      const reaction = bases.length && rng() < 0.2 ? { base: pick(rng, bases).id } : undefined;
      return { name: "attack", run: (s, c) => attack(s, { faction: f.id, target: target.id, attackers, defenders, reaction }, c) };
    }
    case 3: {
      const moves = some(rng, f.assets).map((a) => ({
        asset: a.id,
        to: rng() < 0.05 ? pick(rng, [a.system.location, ""]) : pick(rng, LOCATIONS.filter((l) => l !== a.system.location)),
      }));
      return { name: "move", run: (s, c) => move(s, { faction: f.id, moves }, c) };
    }
    case 4: {
      const fixes: Record<string, number> = {};
      for (const id of some(rng, own)) fixes[id] = Math.floor(rng() * 4);
      const healFaction = rng() < 0.5;
      return { name: "repair", run: (s, c) => repair(s, { faction: f.id, fixes, healFaction }, c) };
    }
    case 5: {
      const location = pick(rng, LOCATIONS);
      const hp = Math.floor(rng() * 8);
      return { name: "expand", run: (s, c) => expand(s, { faction: f.id, location, hp }, c) };
    }
    case 6: {
      const template: AssetTemplate = {
        name: "Template",
        system: {
          attribute: pick(rng, ATTRIBUTES),
          rating: 1 + Math.floor(rng() * 6),
          magic: pick(rng, MAGIC_LEVELS),
          cost: Math.floor(rng() * 8),
          hp: { value: 1, max: 1 + Math.floor(rng() * 6) },
          attack: { attribute: pick(rng, ATTRIBUTES), defense: pick(rng, ATTRIBUTES), damage: pick(rng, DAMAGE) },
          counter: pick(rng, COUNTER),
          subtle: false,
          stealth: false,
          location: "",
          base: false,
          exposed: false,
        },
      };
      const location = pick(rng, LOCATIONS);
      return { name: "create", run: (s, c) => create(s, { faction: f.id, template, location }, c) };
    }
    case 7: {
      const assets = [...some(rng, own), ...anyAsset];
      return { name: "hide", run: (s, c) => hide(s, { faction: f.id, assets }, c) };
    }
    default: {
      const asset = own.length ? pick(rng, own) : "nope";
      return { name: "sell", run: (s, c) => sell(s, { faction: f.id, asset }, c) };
    }
  }
}

// ---------------------------------------------------------------------------
// Checks

const lang = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;

function langString(key: string): string | undefined {
  let cur: unknown = lang;
  for (const k of key.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return typeof cur === "string" ? cur : undefined;
}

function expectLocalized(line: Line): void {
  const s = langString(line.key);
  expect(s, `missing lang key ${line.key}`).toBeTypeOf("string");
  const placeholders = [...s!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
  expect([...new Set(placeholders)], `placeholders of ${line.key}`).toEqual(Object.keys(line.data ?? {}).sort());
}

function checkInvariants(s: FactionTurnState): void {
  for (const f of Object.values(s.factions)) {
    expect(Number.isInteger(f.system.treasure)).toBe(true);
    expect(f.system.treasure).toBeGreaterThanOrEqual(0);
    expect(f.system.hp.value).toBeGreaterThanOrEqual(0);
    expect(f.system.hp.value).toBeLessThanOrEqual(maxHp(f.system));
    for (const a of f.assets) {
      expect(a.system.hp.value).toBeGreaterThanOrEqual(0);
      expect(a.system.hp.value).toBeLessThanOrEqual(a.system.hp.max);
    }
  }
}

function checkOutcome(state: FactionTurnState, o: Outcome<unknown>): void {
  const w = factionTurnWorld(state);
  expect(staleChanges(w, o.changes)).toEqual([]);
  expect(revertChanges(applyChanges(w, o.changes), o.changes)).toEqual(w);
  const keys = o.changes.filter((c): c is Extract<Change, { op: "update" }> => c.op === "update").map((c) => `${c.ref.actor}/${c.ref.item ?? ""}/${c.path}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const l of o.log) expectLocalized(l);
  for (const c of o.checks) {
    expectLocalized(c.label);
    for (const m of [...c.check.ties.flatMap((t) => [t.actor, t.opposition]), c.check.actor, c.check.opposition]) {
      expect(m.total - m.rating).toBe(m.die);
    }
  }
  for (const r of o.rolls) expectLocalized(r.label);
  expect(o.log.length).toBeGreaterThan(0);
}

describe("Faction Turn properties", () => {
  it("random action sequences keep HP and Treasure in range; rejections change nothing; changes revert", () => {
    const counts: Record<string, { ok: number; rejected: number }> = {};
    const reasons: Record<string, number> = {};
    fc.assert(
      fc.property(stateArb, fc.integer(), fc.integer({ min: 1, max: 25 }), fc.constantFrom("defender", "reroll"), (initial, seed, steps, tie) => {
        checkInvariants(initial);
        const rng = mulberry32(seed);
        let n = 0;
        const ctx: FactionTurnContext = {
          dice: seededDice(seed ^ 0x5bd1e995),
          settings: { tie, completeMargin: 5, income: rng() < 0.8 },
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
            reasons[result.reason.key] = (reasons[result.reason.key] ?? 0) + 1;
            counts[name].rejected++;
            expect(result).not.toHaveProperty("value");
            expectLocalized(result.reason);
            continue;
          }
          counts[name].ok++;
          const o = result.value;
          checkOutcome(state, o);
          const actorTurn = o.changes.find((c) => c.op === "update" && c.ref.actor === o.actor && c.path === "system.turn.action");
          const normal = o.action !== ACTIONS.start && o.action !== ACTIONS.end && !(o.detail as { reaction?: boolean }).reaction;
          if (normal) expect(actorTurn && actorTurn.op === "update" && actorTurn.to).toBe(o.action);
          state = deepFreeze(applyToState(state, o.changes));
          checkInvariants(state);
        }
      }),
      { numRuns: 300 },
    );
    if (process.env.SHOW_COUNTS) console.log(counts, reasons);
    // Every action was both accepted and rejected at least once.
    for (const name of ["start", "end", "attack", "move", "repair", "expand", "create", "hide", "sell"]) {
      expect(counts[name]?.ok, `${name} accepted`).toBeGreaterThan(0);
      expect(counts[name]?.rejected, `${name} rejected`).toBeGreaterThan(0);
    }
  });

  it("actions are deterministic given the dice", () => {
    fc.assert(
      fc.property(stateArb, fc.integer(), (state, seed) => {
        const make = (): FactionTurnContext => {
          let n = 0;
          return { dice: seededDice(seed), settings: { tie: "reroll", completeMargin: 5, income: true }, newId: () => `n${++n}` };
        };
        const { run } = randomAction(state, mulberry32(seed));
        expect(run(state, make())).toEqual(run(state, make()));
      }),
      { numRuns: 200 },
    );
  });
});
