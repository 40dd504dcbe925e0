import type { TurnOrder } from "../../../core/rules/turn-order";
/**
 * The plain data the Faction Turn rules read. It mirrors the documents' source
 * data (`system` is exactly the data model's stored fields), so a rule's
 * `Change.path` (e.g. `system.hp.value`) applies to the Foundry document as is.
 */
export const ATTRIBUTES = ["force", "wealth", "cunning"] as const;
export type Attribute = (typeof ATTRIBUTES)[number];

export const MAGIC_LEVELS = ["none", "low", "medium", "high"] as const;
export type Magic = (typeof MAGIC_LEVELS)[number];

export interface FactionSystem {
  force: number; // 1–8
  wealth: number; // 1–8
  cunning: number; // 1–8
  magic: Magic;
  hp: {
    value: number; // ≥ 0
    /** GM override of the derived maximum; null means derived. */
    override: number | null;
  };
  treasure: number; // ≥ 0
  /** Book-keeping of the faction's current turn; reset by Start Turn. */
  turn: {
    /** Turn counter, raised by each Start Turn. */
    number: number;
    started: boolean;
    /** Id of the action taken this turn ("" if none yet). */
    action: string;
    /** Create Asset used this turn. */
    created: boolean;
    /** The faction itself was healed by Repair Asset this turn. */
    healed: boolean;
    /** Fixes bought per asset id this turn (the next fix costs count + 1). */
    repairs: Record<string, number>;
  };
}

export interface AssetSystem {
  /** The attribute the asset counts against for the cap, and whose rating repairs it. */
  attribute: Attribute;
  /** Rating needed in that attribute to create it (1–8). */
  rating: number;
  /** Magic needed to create it. */
  magic: Magic;
  cost: number; // ≥ 0
  hp: { value: number; max: number }; // 0 ≤ value ≤ max, max ≥ 1
  /** Attack: attacker's attribute vs defender's attribute, damage formula. `damage: ""` means no attack. */
  attack: { attribute: Attribute; defense: Attribute; damage: string };
  /** Counterattack damage formula, "" for none. */
  counter: string;
  subtle: boolean;
  stealth: boolean;
  /** Location reference (a document UUID or a named location key); "" if nowhere yet. */
  location: string;
  /** Base of Influence: does not count toward the cap; damage to it also hits the faction. */
  base: boolean;
  /** Lost Subtle/Stealth in a hostile location: takes ceil(max/2) at next turn start unless moved. */
  exposed: boolean;
}

export interface AssetState {
  id: string;
  name: string;
  system: AssetSystem;
}

export interface FactionState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  system: FactionSystem;
  assets: AssetState[];
}

/** Every faction in play, keyed by id, and the encounter they take turns in, if any. */
export interface FactionTurnState {
  factions: Record<string, FactionState>;
  /** The started encounter the factions take their turns in, if any. */
  order?: TurnOrder;
}

/** An asset in a compendium or the world that Create Asset may buy. */
export interface AssetTemplate {
  name: string;
  system: AssetSystem;
}
