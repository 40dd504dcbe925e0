/**
 * What each Skirmish action's choice holds (checked by the pipeline before anything reads it:
 * src/core/rules/shape.ts), from the choice types of ./rules and how ./dialogs.ts (and the
 * encounter's round and end, ./encounter) build them. Document references are strings (a fighter's
 * UUID, a weapon's or an effect's id, the encounter's id); the rules decide whether they name
 * anything. A number keeps only the bounds that make it safe; the rules keep their own refusals
 * for game logic (a modifier beyond ±20, a weapon out of reloads, a used-up budget).
 */
import { MODIFIER, S, type Shape } from "../../core/rules/shape";
import { ACTIONS, ATTACK_OUTCOMES, MAX_DIFFICULTY, STATS } from "./rules";

/**
 * The highest round an encounter's round may go forward to. Skirmish rounds are seconds of a
 * fight; ten thousand is more than any encounter plays. The round going forward ticks every
 * fighter's effects once per round left behind, so a round beyond it is a mistake or a forgery
 * that would keep the GM's client busy for nothing.
 */
export const MAX_ROUND = 10_000;

/** A reference; blank when a dialog had nothing to offer, which the rule refuses saying what is missing. */
const ref = S.str({ blank: true });

/** Every combatant's action: the acting infantry or vehicle (a GM's override is the definition's, never the choice's). */
const ACTING: Record<string, Shape> = { actor: ref };

/**
 * The check's difficulty: the opposition's formula (`1d10 + N`), so a whole number within what the
 * game reaches (rules/checks.ts MAX_DIFFICULTY, ±40: a rating of 20 and a situational ±20).
 */
const difficulty = S.int(-MAX_DIFFICULTY, MAX_DIFFICULTY);

type SpendShapes = Record<"move" | "attack" | "reload" | "deploy" | "scan" | "free", Record<string, Shape>>;

/** The spends' choices (each the same for its GM override). */
export const SPEND_SHAPES: SpendShapes = {
  move: { ...ACTING, leaveSlowedBehind: S.optional(S.bool()) },
  // One weapon for infantry; a vehicle fires any of its own, each once (the rule refuses otherwise).
  // Its target: a token's UUID, blank when nothing was targeted or picked (the rule says so).
  attack: { ...ACTING, weapons: S.array(ref), target: ref },
  reload: { ...ACTING, weapon: ref },
  deploy: ACTING,
  scan: ACTING,
  // Flavour: any text, blank for "takes a free action" (the card escapes it).
  free: { ...ACTING, text: S.str({ blank: true }) },
};

export const CHOICE_SHAPES: Record<keyof typeof ACTIONS, Record<string, Shape>> = {
  ...SPEND_SHAPES,
  // Members a member result hits, in order of preference (the push dialog's two picks).
  push: { ...ACTING, members: S.optional(S.array(ref)) },
  check: { ...ACTING, stat: S.oneOf(...STATS), difficulty, modifier: MODIFIER },
  removeEffect: { ...ACTING, effect: ref },
  // The GM's client, for the encounter: its id, and the round it went forward to.
  advanceRound: { combat: ref, round: S.int(1, MAX_ROUND) },
  // The fighters of the encounter that ended (UUIDs).
  endCombat: { combatants: S.array(ref) },
  // An attack's outcome (./outcomes.ts): its target (the card's actor), the outcome as the attack's
  // card offered it, the member a Member Injured! puts out of the fight ("" for the others, or
  // none picked: the rule says to pick one) and the attack's card id.
  outcome: { target: ref, outcome: S.oneOf(...ATTACK_OUTCOMES), member: ref, card: ref },
};
