import { ACTIONS } from "../rules/context";
import { ENCOUNTER_ACTIONS } from "../rules/encounter";

/** What a hero does: each taken by the hero's owner, within who may act. */
export const HERO_ACTS = ["move", "slipAway", "shoot", "unleash", "melee", "challenge", "ability", "trade", "pickUp", "reinforce"] as const;
export type HeroAct = (typeof HERO_ACTS)[number];

/** The same act as the GM's ruling: allowed whatever the step, team, uses or wave (a GM only). */
export const overrideId = (act: HeroAct): string => `${ACTIONS[act]}Override`;

/** Firing an interstep event (the GM's client, in the order its team chose). */
export const FIRE = ACTIONS.trigger;

export const ROUNDS_ACTIONS = { ...ACTIONS, ...ENCOUNTER_ACTIONS } as const;

export const ICONS: Record<HeroAct | keyof typeof ENCOUNTER_ACTIONS | "trigger" | "outcome", string> = {
  move: "fa-solid fa-person-running",
  slipAway: "fa-solid fa-right-left",
  shoot: "fa-solid fa-crosshairs",
  unleash: "fa-solid fa-dragon",
  melee: "fa-solid fa-hand-fist",
  challenge: "fa-solid fa-dungeon",
  ability: "fa-solid fa-star",
  trade: "fa-solid fa-people-arrows",
  pickUp: "fa-solid fa-hand-holding",
  reinforce: "fa-solid fa-person-walking-arrow-right",
  trigger: "fa-solid fa-bolt",
  nextStep: "fa-solid fa-forward-step",
  nextTurn: "fa-solid fa-forward-fast",
  back: "fa-solid fa-backward-step",
  order: "fa-solid fa-list-ol",
  outcome: "fa-solid fa-heart-crack",
};
