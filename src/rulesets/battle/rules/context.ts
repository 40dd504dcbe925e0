/** World settings the Battle rules read. */
export interface BattleSettings {
  /** Making a unit needs enough support left (its `support` must not take the realm below 0). */
  enforceSupport: boolean;
}

export const DEFAULT_BATTLE_SETTINGS: BattleSettings = { enforceSupport: true };

/** What the Battle actions that create documents get besides the state and the choice. */
export interface BattleContext {
  settings: BattleSettings;
  /** A fresh id for a created item. */
  newId: () => string;
}

/** Action ids. */
export const ACTIONS = {
  start: "battle.start",
  end: "battle.end",
  attack: "battle.attack",
  make: "battle.make",
  play: "battle.play",
  citadelLoss: "battle.citadel-loss",
} as const;
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/** i18n key prefixes. */
export const LOG = "FACTIONS.Battle.Log.";
export const SUMMARY = "FACTIONS.Battle.Summary.";
export const REJECT = "FACTIONS.Battle.Reject.";
export const ILLEGAL = "FACTIONS.Battle.Illegal.";
