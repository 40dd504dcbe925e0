import { langString, placeholders } from "../lang";
import { expect } from "vitest";
import { formulaFor, type Tier } from "../../../src/core/rules/check";
import type { Dice } from "../../../src/core/rules/dice";
import type { Line, Outcome, Result } from "../../../src/core/rules/outcome";
import {
  DEFAULT_OPERATIONS_SETTINGS,
  NO_STANCE,
  type LieutenantState,
  type LieutenantSystem,
  type OperationsContext,
  type OperationsSettings,
  type OperationsState,
  type OrganizationState,
  type OrganizationSystem,
  type ProjectState,
  type ProjectSystem,
  type UnitState,
  type UnitSystem,
} from "../../../src/rulesets/operations/rules";
import type { ScriptStep } from "../dice";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends unknown[] ? T[K] : T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, over: DeepPartial<T> | undefined): T {
  if (!over) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(over)) {
    const b = (base as Record<string, unknown>)[k];
    out[k] = v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" && !Array.isArray(b) && Object.keys(b).length ? merge(b, v as never) : v;
  }
  return out as T;
}

export function unit(id: string, over: DeepPartial<UnitSystem> & { name?: string } = {}): UnitState {
  const { name, ...sys } = over;
  const system = merge<UnitSystem>(
    {
      level: 2,
      competency: "force",
      upkeep: 1,
      cost: 4,
      bonded: false,
      condition: "fresh",
      hiding: 0,
      location: "town",
      lieutenant: "",
      selective: false,
      recruiter: "",
      acted: false,
      defended: false,
    },
    sys,
  );
  return { id, name: name ?? id, system };
}

export function project(id: string, over: DeepPartial<ProjectSystem> & { name?: string } = {}): ProjectState {
  const { name, ...sys } = over;
  const system = merge<ProjectSystem>({ kind: "research", required: 8, progress: 0, blocked: false, target: "", training: "", stat: "" }, sys);
  return { id, name: name ?? id, system };
}

export function org(
  id: string,
  over: DeepPartial<OrganizationSystem> & { name?: string } = {},
  units: UnitState[] = [],
  projects: ProjectState[] = [],
): OrganizationState {
  const { name, ...sys } = over;
  const system = merge<OrganizationSystem>(
    { cohesion: 3, capital: 20, npc: false, round: 0, standings: {}, claims: {}, penalties: {}, surveillance: [] },
    sys as DeepPartial<OrganizationSystem>,
  );
  return { id, name: name ?? id, system, units, projects };
}

export function lt(id: string, organization: string, over: DeepPartial<LieutenantSystem> & { name?: string } = {}): LieutenantState {
  const { name, ...sys } = over;
  const system = merge<LieutenantSystem>(
    {
      level: 3,
      force: 2,
      sneak: 2,
      charm: 2,
      lore: 2,
      organization,
      recruiter: "",
      captor: "",
      location: "town",
      condition: "fresh",
      hiding: 0,
      acted: false,
      defended: false,
      bonded: false,
      cost: 6,
      upkeep: 1,
      penalties: {},
      stance: { ...NO_STANCE, factions: [], units: [] },
    },
    sys as DeepPartial<LieutenantSystem>,
  );
  return { id, name: name ?? id, system };
}

export function world(orgs: OrganizationState[], lts: LieutenantState[] = [], locales: Record<string, string> = {}): OperationsState {
  return {
    organizations: Object.fromEntries(orgs.map((o) => [o.id, o])),
    lieutenants: Object.fromEntries(lts.map((l) => [l.id, l])),
    locales,
  };
}

export function context(dice: Dice, settings: Partial<OperationsSettings> = {}): OperationsContext {
  let n = 0;
  return { dice, settings: { ...DEFAULT_OPERATIONS_SETTINGS, ...settings }, newId: () => `new${++n}` };
}

/** Dice that must not be rolled. */
export const noDice: Dice = {
  roll(formula) {
    throw new Error(`unexpected roll of ${formula}`);
  },
};

/** The margin each tier is tested at (the edges of the default complete margin 5). */
export const TIER_MARGIN: Record<Tier, number> = { completeFailure: -5, failure: 0, success: 1, completeSuccess: 5 };
export const TIERS: Tier[] = ["completeFailure", "failure", "success", "completeSuccess"];

/** The two scripted rolls of a check between these ratings that lands on a tier (dice faces kept in 1–10 where possible). */
export function tierRolls(actor: number, opp: number, tier: Tier): ScriptStep[] {
  const m = TIER_MARGIN[tier];
  let oppDie = 5;
  for (let y = 1; y <= 10; y++) {
    const x = opp + y + m - actor;
    if (x >= 1 && x <= 10) {
      oppDie = y;
      break;
    }
  }
  const oppTotal = opp + oppDie;
  return [
    [formulaFor(actor), oppTotal + m],
    [formulaFor(opp), oppTotal],
  ];
}

// ---------------------------------------------------------------------------
// Lang checks

export function expectLocalized(line: Line): void {
  const s = langString(line.key);
  expect(s, `missing lang key ${line.key}`).toBeTypeOf("string");
  expect(placeholders(s!), `placeholders of ${line.key}`).toEqual(Object.keys(line.data ?? {}).sort());
}

export function expectOutcomeLocalized(o: Outcome<unknown>): void {
  for (const l of o.log) expectLocalized(l);
  for (const c of o.checks) {
    expectLocalized(c.label);
    for (const side of [c.check.actor, c.check.opposition]) expect(side.total - side.rating).toBe(side.die);
  }
}

/** The outcome (its lines checked against lang/en.json), or throw with the rejection. */
export function value<D>(r: Result<Outcome<D>>): Outcome<D> {
  if (!r.ok) throw new Error(`rejected: ${r.reason.key} ${JSON.stringify(r.reason.data ?? {})}`);
  expectOutcomeLocalized(r.value);
  return r.value;
}

/** The rejection's key without its prefix (checked against lang/en.json). */
export function reason<D>(r: Result<Outcome<D>>): string {
  if (r.ok) throw new Error(`expected a rejection, got ${r.value.action}`);
  expectLocalized(r.reason);
  return r.reason.key.replace("FACTIONS.Operations.Reject.", "");
}

export function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** The log keys without their prefix. */
export function logKeys(o: Outcome<unknown>): string[] {
  return o.log.map((l) => l.key.replace("FACTIONS.Operations.Log.", "").replace("FACTIONS.Operations.", ""));
}

/** The `to` of the update of a path, or undefined. */
export function updated(o: Outcome<unknown>, actor: string, path: string, item?: string): unknown {
  const c = o.changes.find((x) => x.op === "update" && x.ref.actor === actor && x.ref.item === item && x.path === path);
  return c && c.op === "update" ? c.to : undefined;
}
