/**
 * The plain data the Battle rules read. It mirrors the documents' source data
 * (`system` is exactly the data model's stored fields), so a rule's
 * `Change.path` (e.g. `system.control`) applies to the Foundry document as is.
 *
 * A realm (actor) holds its cards as items. A location stays an item of the
 * realm that first held it; `system.owner` names the realm that controls it
 * now ("" = the realm holding it), so a capture is one exact, undoable update.
 * Fortifications stand on a location and defend for whoever controls it.
 */

import type { TurnOrder } from "../../../core/rules/turn-order";

export const RESOURCES = ["gold", "wood", "stone"] as const;
export type Resource = (typeof RESOURCES)[number];
export type Resources = Record<Resource, number>;

/** Attacks a realm may make in one turn. */
export const ATTACKS_PER_TURN = 3;

export interface RealmSystem {
  resources: Resources;
  /** Support left to spend on units (a unit's `support` is added when it is made, and given back when it is destroyed). */
  support: number;
  /** Attacks left this turn (0–3); Start Turn sets it to 3, End Turn to 0. */
  attacksLeft: number;
  /** Its turn is under way: Start Turn was taken and the turn has not ended. */
  started: boolean;
  /** Turn counter, raised by each Start Turn. */
  turn: number;
  /** Buildings this realm must still destroy after citadel attacks (one per attack that hurt the citadel). */
  buildingsToDestroy: number;
}

/** What a military building (or a unit technology) makes: the card line "Man at Arms: 1, T: 1/1/2, -1 support". */
export interface UnitSpec {
  name: string;
  /** The price of making one. A bare number on a card is gold. */
  cost: Resources;
  a: number;
  d: number;
  s: number;
  /** Added to the realm's support when made (usually negative: "-1 support"). */
  support: number;
}

export interface LocationSystem {
  control: number; // 0 ≤ control ≤ maxControl
  maxControl: number;
  /** Took damage since it was last captured (a captured, undamaged location may be reinforced). */
  damaged: boolean;
  /** The realm that controls it; "" = the realm holding the item. */
  owner: string;
}

export interface BuildingSystem {
  /** Price of building it. */
  cost: Resources;
  /** "Barracks", "Tower", … */
  subtype: string;
  /** A military building makes one unit a turn. */
  military: boolean;
  /** The Citadel card: while a realm controls one, its enemies may attack its city. */
  citadel: boolean;
  /** The unit it makes, or null. */
  unit: UnitSpec | null;
  /** Used this turn (to make a unit); Start Turn readies it. */
  usedThisTurn: boolean;
}

export interface TechnologySystem {
  cost: Resources;
  /** Name or subtype of the building that uses it ("Infantry Barracks"). */
  builtAt: string;
  /** Names of cards (buildings or technologies) the realm must have. */
  requires: string[];
  /** The unit it lets that building make, or null. */
  unit: UnitSpec | null;
  usedThisTurn: boolean;
}

export interface CharacterSystem {
  cost: Resources;
  a: number;
  d: number;
  s: number;
  /** The character's unit type ("War Chariot"), or "" for none. */
  unitType: string;
  text: string;
  /** Fought this turn: cannot attack or defend until its realm's next turn. */
  exhausted: boolean;
  /** Joined an offensive this turn. */
  inOffensive: boolean;
}

export interface Range {
  /** Damage dealt at range. */
  x: number;
  /** Speed it is dealt at. */
  y: number;
}

export interface FortificationSystem {
  cost: Resources;
  subtype: string;
  a: number;
  d: number;
  s: number;
  /** "Range x.y": instead of fighting normally it may deal x damage at speed y (never to a location). */
  range: Range | null;
  /** Id of the location item it stands on. */
  location: string;
}

export interface UnitSystem {
  a: number;
  d: number;
  s: number;
  support: number;
  /** Id of the building or technology the counter sits on. */
  source: string;
  exhausted: boolean;
  inOffensive: boolean;
}

interface ItemOf<T extends string, S> {
  id: string;
  name: string;
  type: T;
  system: S;
}

export type LocationItem = ItemOf<"location", LocationSystem>;
export type BuildingItem = ItemOf<"building", BuildingSystem>;
export type TechnologyItem = ItemOf<"technology", TechnologySystem>;
export type CharacterItem = ItemOf<"character", CharacterSystem>;
export type FortificationItem = ItemOf<"fortification", FortificationSystem>;
export type UnitItem = ItemOf<"unit", UnitSystem>;
export type RealmItem = LocationItem | BuildingItem | TechnologyItem | CharacterItem | FortificationItem | UnitItem;
export type ItemKind = RealmItem["type"];

/**
 * The Foundry item type of each kind (a unit counter is not Operations' "unit",
 * so it gets its own type name).
 */
export const ITEM_TYPES: Record<ItemKind, string> = {
  location: "location",
  building: "building",
  technology: "technology",
  character: "character",
  fortification: "fortification",
  unit: "unitCounter",
};

/** The item kind of a Foundry item type, or undefined. */
export function kindOfType(type: string): ItemKind | undefined {
  for (const k of Object.keys(ITEM_TYPES) as ItemKind[]) if (ITEM_TYPES[k] === type) return k;
  return undefined;
}

export interface RealmState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  system: RealmSystem;
  items: RealmItem[];
}

/** Every realm in play, keyed by id. */
export interface BattleState {
  realms: Record<string, RealmState>;
  /** The started encounter the realms take their turns in, if any. */
  order?: TurnOrder;
}

/** A character card in a Discipline Deck, as Play Character puts it into a realm. */
export interface CharacterCard {
  name: string;
  system: Omit<CharacterSystem, "exhausted" | "inOffensive">;
}

// ---------------------------------------------------------------------------
// Card text

export function noCost(): Resources {
  return { gold: 0, wood: 0, stone: 0 };
}

/**
 * A cost as printed: "2", "2 wood", "3 and 1 wood", "Cost 1 and 2 stone",
 * "Cost: 2 gold, 1 stone". A bare number is gold. Null if it does not read.
 */
export function parseCost(text: string): Resources | null {
  const body = text.trim().replace(/^cost\s*:?\s*/i, "");
  const cost = noCost();
  if (body === "" || /^(none|free|-)$/i.test(body)) return cost;
  const parts = body.split(/\s*(?:,|\band\b|\+)\s*/i).filter((p) => p !== "");
  if (parts.length === 0) return null;
  for (const part of parts) {
    const m = /^(\d+)\s*(gold|wood|stone)?$/i.exec(part);
    if (!m) return null;
    const res = (m[2]?.toLowerCase() ?? "gold") as Resource;
    cost[res] += Number(m[1]);
  }
  return cost;
}

/** "A/D/S" such as "3/4/2". Null if it does not read. */
export function parseStats(text: string): { a: number; d: number; s: number } | null {
  const m = /^\s*(\d+)\s*\/\s*(\d+)\s*\/\s*(\d+)\s*$/.exec(text);
  return m ? { a: Number(m[1]), d: Number(m[2]), s: Number(m[3]) } : null;
}

/**
 * A unit line: "Man at Arms: 1, T: 1/1/2, -1 support" is a Man at Arms made
 * for 1 (gold), 1/1/2, −1 support. The support part may be left out (0).
 */
export function parseUnitLine(text: string): UnitSpec | null {
  const m = /^\s*(.+?)\s*:\s*(.*?)\s*,\s*T\s*:\s*(\d+\s*\/\s*\d+\s*\/\s*\d+)\s*(?:,\s*([+-]?\s*\d+)\s*support)?\s*\.?\s*$/i.exec(text);
  if (!m) return null;
  const cost = parseCost(m[2]!);
  const stats = parseStats(m[3]!);
  if (!cost || !stats) return null;
  const support = m[4] === undefined ? 0 : Number(m[4].replace(/\s+/g, ""));
  return { name: m[1]!, cost, ...stats, support };
}

/** "Range 2.4" (or "2.4") is 2 damage at speed 4. Null if it does not read. */
export function parseRange(text: string): Range | null {
  const m = /^\s*(?:range\s*:?\s*)?(\d+)\s*\.\s*(\d+)\s*$/i.exec(text);
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

const typeKeys = new Map<string, string>();

/** "War Chariot", "war chariots" and "War  Chariot" name one unit type. */
export function typeKey(name: string): string {
  let k = typeKeys.get(name);
  if (k !== undefined) return k;
  k = name.trim().toLowerCase().replace(/\s+/g, " ");
  if (k.length > 1 && k.endsWith("s") && !k.endsWith("ss")) k = k.slice(0, -1);
  if (typeKeys.size > 10_000) typeKeys.clear();
  typeKeys.set(name, k);
  return k;
}
