import type { CheckSettings } from "../../../core/rules/check";
import type { Dice } from "../../../core/rules/dice";

/** World settings the Faction Turn rules read. */
export type FactionTurnSettings = CheckSettings & {
  /** Earn income at the start of each turn. */
  income: boolean;
};

export const DEFAULT_FACTION_TURN_SETTINGS: FactionTurnSettings = { tie: "defender", completeMargin: 5, income: true };

/** What every Faction Turn action gets besides the state and the choice. */
export interface FactionTurnContext {
  dice: Dice;
  settings: FactionTurnSettings;
  /** A fresh id for a created asset. */
  newId: () => string;
}

/** Action ids (also written to `system.turn.action`). */
export const ACTIONS = {
  start: "faction-turn.start",
  end: "faction-turn.end",
  attack: "faction-turn.attack",
  move: "faction-turn.move",
  repair: "faction-turn.repair",
  expand: "faction-turn.expand",
  create: "faction-turn.create",
  hide: "faction-turn.hide",
  sell: "faction-turn.sell",
} as const;
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/** i18n key prefixes. */
export const LOG = "FACTIONS.FactionTurn.Log.";
export const REJECT = "FACTIONS.FactionTurn.Reject.";

/** The short name of a stored action id (`faction-turn.repair` → `repair`), as used in i18n keys. */
export function actionKey(id: string): string {
  return Object.entries(ACTIONS).find(([, full]) => full === id)?.[0] ?? id;
}
