import type { CheckSettings } from "../../../core/rules/check";
import type { Dice } from "../../../core/rules/dice";

/** World settings the Skirmish rules read. */
export type SkirmishSettings = CheckSettings & {
  /** The die of Body and Nerves checks, both sides (RULES §1: 1d10). */
  die: string;
  /** Free actions a combatant has each round (the seed's norm is one; the GM may allow more). */
  freeActions: number;
};

export const DEFAULT_SKIRMISH_SETTINGS: SkirmishSettings = {
  tie: "defender",
  completeMargin: 5,
  die: "1d10",
  freeActions: 1,
};

/** What every Skirmish action gets besides the state and the choice. */
export interface SkirmishContext {
  dice: Dice;
  settings: SkirmishSettings;
  /** A fresh id for a created effect. */
  newId: () => string;
}

/** Action ids. */
export const ACTIONS = {
  push: "skirmish.push",
  move: "skirmish.move",
  attack: "skirmish.attack",
  reload: "skirmish.reload",
  deploy: "skirmish.deploy",
  scan: "skirmish.scan",
  free: "skirmish.free",
  check: "skirmish.check",
  removeEffect: "skirmish.removeEffect",
  advanceRound: "skirmish.advanceRound",
  endCombat: "skirmish.endCombat",
  outcome: "skirmish.outcome",
} as const;
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/** i18n key prefixes. */
export const SKIRMISH = "FACTIONS.Skirmish.";
export const LOG = "FACTIONS.Skirmish.Log.";
export const REJECT = "FACTIONS.Skirmish.Reject.";
/** `${MODIFIER}<name>`: labels of check modifiers. */
export const MODIFIER = "FACTIONS.Skirmish.Modifier.";
