import type { ActionBudget } from "./economy";

/**
 * The plain data the Skirmish rules read. It mirrors the documents' source
 * data (`system` is exactly the data model's stored fields), so a rule's
 * `Change.path` (e.g. `system.heat`) applies to the Foundry document as is.
 *
 * Documents: the **infantry** actor (an individual, or a squad with members),
 * the **vehicle** actor, the **company** actor, and the **weapon** item of an
 * infantry or a vehicle. Fallout lives on an infantry as effect records (one
 * ActiveEffect each in Foundry); the action budget of each combatant is kept
 * by its encounter, by fighter and round (see economy.ts).
 */

export const INFANTRY_KINDS = ["individual", "squad"] as const;
export type InfantryKind = (typeof INFANTRY_KINDS)[number];

export const MEMBER_STATES = ["ready", "slowed", "out"] as const;
/** A squad member: ready, slowed (Member slowed), or out of the fight (Member Injured!). */
export type MemberState = (typeof MEMBER_STATES)[number];

export interface Member {
  /** Stable id within the squad. */
  id: string;
  name: string;
  state: MemberState;
}

export interface InfantrySystem {
  kind: InfantryKind;
  body: number;
  nerves: number;
  /** Speed on foot; the speed it moves at is derived (speed.ts). */
  speed: number;
  /** Injuries taken (Injury!). */
  injuries: number;
  /** The company actor it belongs to ("" none). */
  company: string;
  /** The vehicle actor it rides in ("" none): it then moves at the vehicle's speed. */
  vehicle: string;
  /** A squad's members (empty for an individual). */
  members: Member[];
  /** The highest Morale bonus reached in the current encounter; added to the company at its end. */
  highestMorale: number;
}

export interface VehicleSystem {
  speed: number;
  /** Heat from pushing; it never cools by itself. */
  heat: number;
  /** The GM's threshold: past it a warning is due (see `overheated`). */
  heatThreshold: number;
}

export interface CompanySystem {
  morale: number;
  /** Its squads (infantry actors). */
  squads: string[];
}

export interface WeaponSystem {
  /** Reloads left (0 ≤ value) out of `max`. */
  reloads: { value: number; max: number };
  /** A heavy weapon rolls its own d6 on Ammo loss. */
  heavy: boolean;
  /** The GM's: what an attack with it rolls ("" nothing) and the number the roll must reach (null none); absent as blank. */
  attack?: WeaponAttack;
}

export interface WeaponAttack {
  formula: string;
  reach: number | null;
}

export interface WeaponItem {
  id: string;
  name: string;
  system: WeaponSystem;
}

/** The Foundry item type of a weapon. */
export const WEAPON_ITEM_TYPE = "weapon";

export const EFFECT_KINDS = [
  "exhausted",
  "hyped",
  "morale",
  "muscleTremors",
  "boneFracture",
  "ankleSprain",
  "memberSlowed",
  "goneProne",
  "disoriented",
  "concussion",
  "dazed",
  "panic",
  "commsBreakdown",
] as const;
/** The fallout that stays on an infantry for a while. */
export type EffectKind = (typeof EFFECT_KINDS)[number];

/**
 * One effect on an infantry (an ActiveEffect in Foundry). Its numbers are the
 * system's own: what it does follows from `kind` and `stack` (effects.ts).
 */
export interface EffectRecord {
  id: string;
  kind: EffectKind;
  /** Its size: Exhausted 2 is −2 to all rolls, Bone fracture 2 is −2 to Body; 1 for a status. */
  stack: number;
  /** Rounds it still lasts, the current round included; null when rounds do not end it. */
  roundsLeft: number | null;
  /** Rounds in a row without moving (Exhausted ends at 5); 0 for the kinds that do not count them. */
  roundsStill: number;
  /** Member slowed: the member's id; "" otherwise. */
  member: string;
}

export interface InfantryState {
  /** Actor reference (UUID in Foundry). */
  id: string;
  name: string;
  type: "infantry";
  system: InfantrySystem;
  weapons: WeaponItem[];
  effects: EffectRecord[];
}

export interface VehicleState {
  id: string;
  name: string;
  type: "vehicle";
  system: VehicleSystem;
  weapons: WeaponItem[];
}

export interface CompanyState {
  id: string;
  name: string;
  type: "company";
  system: CompanySystem;
}

export type SkirmishActor = InfantryState | VehicleState | CompanyState;
/** An actor that can take part in an encounter. */
export type Combatant = InfantryState | VehicleState;

/** Everything the Skirmish rules read. */
export interface SkirmishState {
  actors: Record<string, SkirmishActor>;
  /** The actors in the encounter, each with its action budget of the round (kept by the encounter). */
  combatants: Record<string, ActionBudget>;
  /** The encounter's current round (1 first). */
  round: number;
}
