import type { CheckSettings } from "../../../core/rules/check";
import type { Dice } from "../../../core/rules/dice";

/** World settings the Operations rules read. */
export type OperationsSettings = CheckSettings & {
  /** A unit or lieutenant that neither acted nor defended in a round recovers one condition step at the next round's start. */
  recovery: boolean;
  /** A lieutenant (and a unit) acts at most once a round. */
  oneActionPerRound: boolean;
};

export const DEFAULT_OPERATIONS_SETTINGS: OperationsSettings = {
  tie: "defender",
  completeMargin: 5,
  recovery: true,
  oneActionPerRound: true,
};

/** What every Operations action gets besides the state and the choice. */
export interface OperationsContext {
  dice: Dice;
  settings: OperationsSettings;
  /** A fresh id for a created item. */
  newId: () => string;
}

/** Action ids. */
export const ACTIONS = {
  aggressiveAttack: "operations.aggressiveAttack",
  cautiousAttack: "operations.cautiousAttack",
  raid: "operations.raid",
  conceal: "operations.conceal",
  steal: "operations.steal",
  surveil: "operations.surveil",
  purchase: "operations.purchase",
  investigate: "operations.investigate",
  recruit: "operations.recruit",
  sellItem: "operations.sellItem",
  researchMagic: "operations.researchMagic",
  moveMinion: "operations.moveMinion",
  trainMinion: "operations.trainMinion",
  hireOut: "operations.hireOut",
  ambush: "operations.ambush",
  blockRoute: "operations.blockRoute",
  gainInfluence: "operations.gainInfluence",
  ally: "operations.ally",
  claim: "operations.claim",
  rally: "operations.rally",
  stanceTrigger: "operations.stanceTrigger",
  startRound: "operations.startRound",
  upkeep: "operations.upkeep",
} as const;
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];
export type ActionName = keyof typeof ACTIONS;

/** i18n key prefixes. */
export const LOG = "FACTIONS.Operations.Log.";
export const REJECT = "FACTIONS.Operations.Reject.";
/** `${TIER}<action>.<tier>`: the seed's text of that tier. */
export const TIER = "FACTIONS.Operations.Tier.";
/** Check modifier labels. */
export const RATING = "FACTIONS.Operations.Log.Rating.";
