import { jsonEqual, staleChanges } from "../../../src/core/rules/changes";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  DEFAULT_BATTLE_SETTINGS,
  applyToBattleState,
  battleWorld,
  endRealmTurn,
  noCost,
  revertOnBattleState,
  startRealmTurn,
  type BattleContext,
  type BattleState,
  type BuildingItem,
  type CharacterItem,
  type FortificationItem,
  type LocationItem,
  type RealmItem,
  type RealmState,
  type RealmSystem,
  type Resources,
  type TechnologyItem,
  type UnitItem,
  type UnitSpec,
} from "../../../src/rulesets/battle/rules";

export function realm(id: string, items: RealmItem[] = [], over: Partial<RealmSystem> & { name?: string } = {}): RealmState {
  const { name, ...sys } = over;
  return {
    id,
    name: name ?? id,
    system: { resources: { gold: 10, wood: 10, stone: 10 }, support: 10, attacksLeft: 3, started: true, turn: 1, buildingsToDestroy: 0, ...sys },
    items,
  };
}

export function world(...realms: RealmState[]): BattleState {
  return { realms: Object.fromEntries(realms.map((r) => [r.id, r])) };
}

export function unit(id: string, name: string, a: number, d: number, s: number, over: Partial<UnitItem["system"]> = {}): UnitItem {
  return { id, name, type: "unit", system: { a, d, s, support: -1, source: "", exhausted: false, inOffensive: false, ...over } };
}

export const manAtArms = (id: string, over: Partial<UnitItem["system"]> = {}) => unit(id, "Man at Arms", 1, 1, 2, over);

export function character(id: string, name: string, a: number, d: number, s: number, over: Partial<CharacterItem["system"]> = {}): CharacterItem {
  return { id, name, type: "character", system: { cost: noCost(), a, d, s, unitType: "", text: "", exhausted: false, inOffensive: false, ...over } };
}

export function location(id: string, control: number, maxControl: number, over: Partial<LocationItem["system"]> & { name?: string } = {}): LocationItem {
  const { name, ...sys } = over;
  return { id, name: name ?? id, type: "location", system: { control, maxControl, damaged: false, owner: "", ...sys } };
}

export function cost(gold = 0, wood = 0, stone = 0): Resources {
  return { gold, wood, stone };
}

export function building(id: string, name: string, over: Partial<BuildingItem["system"]> = {}): BuildingItem {
  return {
    id,
    name,
    type: "building",
    system: { cost: noCost(), subtype: "", military: false, citadel: false, unit: null, usedThisTurn: false, ...over },
  };
}

export function technology(id: string, name: string, builtAt: string, unit: UnitSpec | null, over: Partial<TechnologyItem["system"]> = {}): TechnologyItem {
  return { id, name, type: "technology", system: { cost: noCost(), builtAt, requires: [], unit, usedThisTurn: false, ...over } };
}

export function fortification(id: string, name: string, a: number, d: number, s: number, at: string, over: Partial<FortificationItem["system"]> = {}): FortificationItem {
  return { id, name, type: "fortification", system: { cost: noCost(), subtype: "", a, d, s, range: null, location: at, ...over } };
}

export function context(): BattleContext {
  let n = 0;
  return { settings: { ...DEFAULT_BATTLE_SETTINGS }, newId: () => `new${++n}` };
}

export function value<D>(r: Result<Outcome<D>>): Outcome<D> {
  if (!r.ok) throw new Error(`rejected: ${r.reason.key} ${JSON.stringify(r.reason.data ?? {})}`);
  return r.value;
}

/** The rejection key without its prefix. */
export function reason<D>(r: Result<D>): string {
  if (r.ok) throw new Error("expected a rejection");
  return r.reason.key.replace(/^FACTIONS\.Battle\.(Reject|Illegal)\./, "");
}

export function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Apply the outcome; check that undo gives the state back exactly. */
export function applyChecked(state: BattleState, o: Outcome<unknown>): BattleState {
  const next = applyToBattleState(state, o.changes);
  const back = revertOnBattleState(next, o.changes);
  if (!jsonEqual(battleWorld(back), battleWorld(state))) throw new Error("undo does not restore the state");
  if (staleChanges(battleWorld(state), o.changes).length > 0) throw new Error("stale changes");
  return next;
}

/** The realm ends its turn and starts the next one (each checked as `applyChecked` does). */
export function nextTurn(state: BattleState, realmId: string): BattleState {
  const ended = applyChecked(state, value(endRealmTurn(state, { realm: realmId })));
  return applyChecked(ended, value(startRealmTurn(ended, { realm: realmId })));
}

export function item(state: BattleState, realmId: string, id: string): RealmItem | undefined {
  return state.realms[realmId]!.items.find((i) => i.id === id);
}

export function logKeys(o: Outcome<unknown>): string[] {
  return o.log.map((l) => l.key.replace("FACTIONS.Battle.Log.", ""));
}
