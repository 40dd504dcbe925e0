import { expect } from "vitest";
import type { Dice } from "../../../src/core/rules/dice";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  type AbilityItem,
  type AbilityTiming,
  type HeroState,
  type HeroSystem,
  type LootItem,
  type RoundsContext,
  type RoundsState,
  type RoundsTrack,
  type Square,
  type Step,
  type Team,
} from "../../../src/rulesets/rounds/rules";

export function ability(id: string, timing: AbilityTiming, over: Partial<AbilityItem["system"]> & { name?: string } = {}): AbilityItem {
  const { name, ...sys } = over;
  return { id, name: name ?? id, type: "ability", system: { timing, step: "free", text: "", formula: "", ...sys } };
}

/** A triggered ability: fires at the start or end of `step`. */
export const trigger = (id: string, edge: "start" | "end", step: Step, over: Partial<AbilityItem["system"]> & { name?: string } = {}) => ability(id, edge, { step, ...over });

export function loot(id: string, name = id): LootItem {
  return { id, name, type: "loot", system: { description: `${name}, as found` } };
}

export interface HeroOptions extends Partial<HeroSystem> {
  name?: string;
  items?: (AbilityItem | LootItem)[];
  square?: Square | null;
  /** Name of the adventure space it stands on. */
  adventure?: string | null;
}

export function hero(id: string, team: Team, o: HeroOptions = {}): HeroState {
  const { name, items, square, adventure, ...sys } = o;
  return {
    id,
    name: name ?? id,
    system: { team, onMap: true, entered: 0, used: [], shootFormula: "", meleeFormula: "", outcomes: [], ...sys } as HeroSystem,
    items: items ?? [],
    square: square === undefined ? { x: 0, y: 0 } : square,
    adventure: adventure ? { id: `region-${adventure}`, name: adventure } : null,
  };
}

export function track(round: number, team: Team, step: Step, lastRound = 3, over = false): RoundsTrack {
  return { round, team, step, lastRound, over };
}

/** The map every fixture state is played on: 20 columns × 12 rows from (0, 0). */
export const MAP = { x: 0, y: 0, columns: 20, rows: 12 };

export function state(t: RoundsTrack, heroes: HeroState[]): RoundsState {
  return { track: t, heroes: Object.fromEntries(heroes.map((h) => [h.id, h])), map: { ...MAP } };
}

/** A square of the team's own edge of `MAP`, where its heroes come in. */
export const entry = (team: Team): Square => (team === "skyhawks" ? { x: 0, y: 0 } : { x: MAP.columns - 1, y: 0 });

/** Dice that must not be rolled. */
export const noDice: Dice = {
  roll(formula) {
    throw new Error(`unexpected roll of ${formula}`);
  },
};

export function context(dice: Dice = noDice, override = false): RoundsContext {
  let n = 0;
  return { dice, override, newId: () => `new${++n}` };
}

export function value<T>(r: Result<T>): T {
  if (!r.ok) expect.fail(`refused: ${r.reason.key} ${JSON.stringify(r.reason.data ?? {})}`);
  return r.value;
}

/** The refusal's key without its prefix ("OffMap"), or "" if allowed. */
export function reason(r: Result<unknown> | { key: string } | null): string {
  if (r === null) return "";
  const line = "ok" in r ? (r.ok ? null : r.reason) : r;
  return line ? line.key.replace("FACTIONS.Rounds.Reject.", "") : "";
}

/** The log keys without their prefix. */
export function logKeys(o: { log: { key: string }[] }): string[] {
  return o.log.map((l) => l.key.replace("FACTIONS.Rounds.Log.", ""));
}

export function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

export function updated(o: Outcome<unknown> | { changes: Outcome<unknown>["changes"] }, actor: string, path: string): unknown {
  const c = o.changes.find((x) => x.op === "update" && x.ref.actor === actor && x.ref.item === undefined && x.path === path);
  return c && c.op === "update" ? c.to : undefined;
}

