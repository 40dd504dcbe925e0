import type { Change, ItemSource, Json } from "../../../core/rules/changes";
import { reject, type Line, type Result } from "../../../core/rules/outcome";
import { CardIndex } from "./card-index";
import { REJECT } from "./context";
import {
  ITEM_TYPES,
  RESOURCES,
  typeKey,
  type BattleState,
  type BuildingItem,
  type FortificationItem,
  type LocationItem,
  type RealmItem,
  type RealmState,
  type Resources,
  type TechnologyItem,
} from "./state";

export function refusal(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: REJECT + name } : { key: REJECT + name, data };
}

export function refuse<T>(r: Line): Result<T> {
  return reject<T>(r.key, r.data);
}

export function isLine(x: unknown): x is Line {
  return typeof x === "object" && x !== null && typeof (x as Line).key === "string" && !("system" in x);
}

/** The realm by id, or why there is none. */
export function getRealm(state: BattleState, id: string): RealmState | Line {
  const r = Object.prototype.hasOwnProperty.call(state.realms, id) ? state.realms[id] : undefined;
  return r ?? refusal("NoRealm", { realm: String(id) });
}

export function findItem(realm: RealmState, id: string): RealmItem | undefined {
  return realm.items.find((i) => i.id === id);
}

/** A location anywhere in the state, with the realm holding its item. */
export function findLocation(state: BattleState, id: string): { holder: RealmState; location: LocationItem } | undefined {
  for (const realm of Object.values(state.realms)) {
    for (const it of realm.items) if (it.type === "location" && it.id === id) return { holder: realm, location: it };
  }
  return undefined;
}

/** A piece a refusal names, by its name in any realm; one no realm has is "a piece not in this battle". */
export function pieceName(state: BattleState, id: string): string {
  for (const realm of Object.values(state.realms)) {
    const it = realm.items.find((i) => i.id === id);
    if (it) return it.name;
  }
  return `${REJECT}UnknownPiece`;
}

/** The realm that controls a location. */
export function locationOwner(holder: RealmState, location: LocationItem): string {
  return location.system.owner === "" ? holder.id : location.system.owner;
}

/** Fortifications standing on a location, whichever realm holds their items. */
export function fortificationsAt(state: BattleState, locationId: string): { holder: RealmState; fortification: FortificationItem }[] {
  const out: { holder: RealmState; fortification: FortificationItem }[] = [];
  for (const realm of Object.values(state.realms)) {
    for (const it of realm.items) if (it.type === "fortification" && it.system.location === locationId) out.push({ holder: realm, fortification: it });
  }
  return out;
}

/**
 * The buildings a realm may lose to a citadel attack: its building items and
 * the fortifications on the locations it controls (held by whichever realm).
 */
export function ownBuildings(state: BattleState, realm: RealmState): { holder: RealmState; item: BuildingItem | FortificationItem }[] {
  const controlled = new Set<string>();
  for (const r of Object.values(state.realms)) {
    for (const it of r.items) if (it.type === "location" && locationOwner(r, it) === realm.id) controlled.add(it.id);
  }
  const out: { holder: RealmState; item: BuildingItem | FortificationItem }[] = [];
  for (const it of realm.items) if (it.type === "building") out.push({ holder: realm, item: it });
  for (const r of Object.values(state.realms)) {
    for (const it of r.items) if (it.type === "fortification" && controlled.has(it.system.location)) out.push({ holder: r, item: it });
  }
  return out;
}

/** The realm controls a Citadel card. */
export function hasCitadel(realm: RealmState): boolean {
  return realm.items.some((i) => i.type === "building" && i.system.citadel);
}

/** A deep copy of plain data (faster than a JSON round trip for the small objects of items). */
export function copyPlain<T>(v: T): T {
  if (typeof v !== "object" || v === null) return v;
  if (Array.isArray(v)) return v.map(copyPlain) as T;
  // A spread copies an object's own keys at once; then only the nested objects are copied again.
  const out: Record<string, unknown> = { ...(v as Record<string, unknown>) };
  for (const k in out) {
    const x = out[k];
    if (typeof x === "object" && x !== null) out[k] = copyPlain(x);
  }
  return out as T;
}

/** The item source of an item, as `create` / `delete` changes carry it. */
export function itemSource(item: RealmItem): ItemSource {
  return { _id: item.id, name: item.name, type: ITEM_TYPES[item.type], system: copyPlain(item.system) as unknown as Json };
}

export function canPay(have: Resources, cost: Resources): boolean {
  return RESOURCES.every((r) => have[r] >= cost[r]);
}

export function isCost(cost: unknown): cost is Resources {
  if (typeof cost !== "object" || cost === null) return false;
  return RESOURCES.every((r) => {
    const v = (cost as Record<string, unknown>)[r];
    return typeof v === "number" && Number.isInteger(v) && v >= 0;
  });
}

/** Card names compare without case or extra spaces ("infantry barracks" is "Infantry Barracks"). */
export function sameName(a: string, b: string): boolean {
  return typeKey(a) === typeKey(b);
}

/** The realm has a building, technology or fortification of that name (a technology's "Requires"). */
export function hasCard(realm: RealmState, name: string): boolean {
  return realm.items.some((i) => (i.type === "building" || i.type === "technology" || i.type === "fortification") && sameName(i.name, name));
}

/** The technology is used at this building ("Build at infantry barracks": by name or subtype). */
export function builtAtMatches(tech: TechnologyItem, building: BuildingItem): boolean {
  return sameName(tech.system.builtAt, building.name) || (building.system.subtype !== "" && sameName(tech.system.builtAt, building.system.subtype));
}

/** The first requirement of the technology the realm lacks, if any. */
export function missingRequirement(realm: RealmState, tech: TechnologyItem): string | undefined {
  return tech.system.requires.find((req) => req.trim() !== "" && !hasCard(realm, req));
}

/**
 * The realm can make units of this type: a military building of its makes
 * them, or a unit technology whose requirements it has, used at one of its
 * military buildings, does (whether it can afford one right now does not matter).
 */
export function canMake(realm: RealmState, unitType: string): boolean {
  const key = typeKey(unitType);
  if (realm.items.some((b) => b.type === "building" && b.system.military && b.system.unit !== null && typeKey(b.system.unit.name) === key)) return true;
  const cards = new CardIndex(realm);
  return realm.items.some(
    (t) =>
      t.type === "technology" &&
      t.system.unit !== null &&
      typeKey(t.system.unit.name) === key &&
      cards.missingRequirement(t) === undefined &&
      cards.militaryFor(t).length > 0,
  );
}

/** Resources as i18n data. */
export function costData(cost: Resources): { gold: number; wood: number; stone: number } {
  return { gold: cost.gold, wood: cost.wood, stone: cost.stone };
}

/** A whole number ≥ 0. */
export function isStat(n: unknown): n is number {
  return typeof n === "number" && Number.isInteger(n) && n >= 0;
}

/**
 * The changes of one outcome, for actions that write each document path at
 * most once (O(1) a change, where the core recorder searches its list):
 * no-op updates are left out.
 */
export class ChangeList {
  readonly list: Change[] = [];
  update(actor: string, item: string | undefined, path: string, from: Json, to: Json): void {
    if (from === to) return;
    this.list.push({ op: "update", ref: item === undefined ? { actor } : { actor, item }, path, from, to });
  }
  create(actor: string, data: ItemSource): void {
    this.list.push({ op: "create", ref: { actor, item: data._id }, data });
  }
  delete(actor: string, item: RealmItem): void {
    this.list.push({ op: "delete", ref: { actor, item: item.id }, data: itemSource(item) });
  }
}
