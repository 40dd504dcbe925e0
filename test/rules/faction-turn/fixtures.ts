import type { Dice } from "../../../src/core/rules/dice";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  DEFAULT_FACTION_TURN_SETTINGS,
  type AssetState,
  type AssetSystem,
  type FactionState,
  type FactionSystem,
  type FactionTurnContext,
  type FactionTurnSettings,
  type FactionTurnState,
} from "../../../src/rulesets/faction-turn/rules";

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

function merge<T>(base: T, over: DeepPartial<T> | undefined): T {
  if (!over) return base;
  const out = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(over)) {
    const b = (base as Record<string, unknown>)[k];
    out[k] = v && typeof v === "object" && !Array.isArray(v) && b && typeof b === "object" ? merge(b, v as never) : v;
  }
  return out as T;
}

export function asset(id: string, over: DeepPartial<AssetSystem> & { name?: string } = {}): AssetState {
  const { name, ...sys } = over;
  const system: AssetSystem = merge(
    {
      attribute: "force",
      rating: 1,
      magic: "none",
      cost: 4,
      hp: { value: 4, max: 4 },
      attack: { attribute: "force", defense: "force", damage: "" },
      counter: "",
      subtle: false,
      stealth: false,
      location: "town",
      base: false,
      exposed: false,
    } as AssetSystem,
    sys as DeepPartial<AssetSystem>,
  );
  return { id, name: name ?? id, system };
}

export function base(id: string, hp: number, location = "town", name = "Base of Influence"): AssetState {
  return asset(id, {
    name,
    attribute: "cunning",
    cost: hp,
    hp: { value: hp, max: hp },
    attack: { attribute: "cunning", defense: "cunning", damage: "" },
    base: true,
    location,
  });
}

export function faction(id: string, over: DeepPartial<FactionSystem> & { name?: string } = {}, assets: AssetState[] = []): FactionState {
  const { name, ...sys } = over;
  const system: FactionSystem = merge(
    {
      force: 3,
      wealth: 3,
      cunning: 3,
      magic: "none",
      hp: { value: 15, override: null },
      treasure: 10,
      turn: { number: 1, started: true, action: "", created: false, healed: false, repairs: {} },
    } as FactionSystem,
    sys as DeepPartial<FactionSystem>,
  );
  return { id, name: name ?? id, system, assets };
}

export function world(...factions: FactionState[]): FactionTurnState {
  return { factions: Object.fromEntries(factions.map((f) => [f.id, f])) };
}

export function context(dice: Dice, settings: Partial<FactionTurnSettings> = {}): FactionTurnContext {
  let n = 0;
  return { dice, settings: { ...DEFAULT_FACTION_TURN_SETTINGS, ...settings }, newId: () => `new${++n}` };
}

/** Dice that must not be rolled. */
export const noDice: Dice = {
  roll(formula) {
    throw new Error(`unexpected roll of ${formula}`);
  },
};

export function value<D>(r: Result<Outcome<D>>): Outcome<D> {
  if (!r.ok) throw new Error(`rejected: ${r.reason.key} ${JSON.stringify(r.reason.data ?? {})}`);
  return r.value;
}

export function reason<D>(r: Result<Outcome<D>>): string {
  if (r.ok) throw new Error(`expected a rejection, got ${r.value.action}`);
  return r.reason.key.replace("FACTIONS.FactionTurn.Reject.", "");
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
  return o.log.map((l) => l.key.replace("FACTIONS.FactionTurn.Log.", ""));
}
