import type { Dice } from "../../../core/rules/dice";

/** What every Rounds act gets besides the state and the choice. */
export interface RoundsContext {
  dice: Dice;
  /** A fresh id for a created item. */
  newId: () => string;
  /** A GM's override: the act is allowed whatever the step, team, uses or wave. */
  override: boolean;
}

/** Action ids. */
export const ACTIONS = {
  move: "rounds.move",
  slipAway: "rounds.slipAway",
  shoot: "rounds.shoot",
  unleash: "rounds.unleash",
  melee: "rounds.melee",
  challenge: "rounds.challenge",
  ability: "rounds.ability",
  trade: "rounds.trade",
  pickUp: "rounds.pickUp",
  reinforce: "rounds.reinforce",
  trigger: "rounds.trigger",
  outcome: "rounds.outcome",
} as const;
export type ActionId = (typeof ACTIONS)[keyof typeof ACTIONS];

/** i18n key prefixes. */
export const LOG = "FACTIONS.Rounds.Log.";
export const REJECT = "FACTIONS.Rounds.Reject.";
/** `${STEP}<step>`: a step's name. */
export const STEP = "FACTIONS.Rounds.Step.";
/** `${TEAM}<team>`: a team's name. */
export const TEAM = "FACTIONS.Rounds.Team.";
/** `${ACT}<kind>`: an act's name. */
export const ACT = "FACTIONS.Rounds.Act.";
/** `${EDGE}<start|end>`: "Start" or "End" of a step. */
export const EDGE = "FACTIONS.Rounds.Edge.";
