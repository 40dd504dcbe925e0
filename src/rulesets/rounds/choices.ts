/**
 * What each Rounds action's choice holds (checked by the pipeline before anything reads it:
 * src/core/rules/shape.ts), from the choice types of ./rules and how ./dialogs.ts and the tracker
 * (./actions/moves.ts, ./actions/events.ts) build them. Every choice names the encounter (the
 * Combat's UUID) it is taken in; a hero is its actor's UUID, an ability or a piece of loot its
 * item's id, loot on the ground its item's UUID, an interstep event its key. References are
 * strings, blank where a dialog had nothing to offer: the rules decide whether they name anything
 * and say what is missing (no encounter, no hero, no target, no such loot). The rules keep their
 * own refusals for game logic (a square off the scene or off the team's edge, an order that is not
 * one of each event).
 */
import { S, type Shape } from "../../core/rules/shape";
import type { HeroAct } from "./actions/ids";
import type { ENCOUNTER_ACTIONS } from "./rules/encounter";

/**
 * The farthest grid square (column or row, counted from the canvas's top-left corner, padding
 * included) a Bring-in may name, either way. A grid square is at least 50 px, so 10,000 squares are
 * half a million pixels, some thirty times the largest picture a graphics card draws (16,384 px): no
 * scene reaches it, and a token placed there (square × grid size) is a number Foundry can hold.
 * Within that, a square off the scene (a negative one among them) or off the team's edge is the
 * rule's to refuse, naming its column and row.
 */
export const MAX_SQUARE = 10_000;

/** A reference; blank when a dialog had nothing to offer, which the rule refuses saying what is missing. */
const ref = S.str({ blank: true });
const square = S.int(-MAX_SQUARE, MAX_SQUARE);

/** Every act names the encounter and the acting hero (the card's actor). */
const ACTING: Record<string, Shape> = { combat: ref, hero: ref };
/** An ability tagged with the step, whose formula is rolled; left out or "" for none. */
const ability = S.optional(ref);
/**
 * Slip away, shoot, melee: the enemy hero, or the token the user targeted on the map (its UUID),
 * which stands for its hero ("" none chosen, which the rule refuses). Its distance is measured
 * from the map by the client that resolves the act, never read from the choice (./targets.ts).
 */
const targeted: Record<string, Shape> = { ...ACTING, target: ref, ability };

/** Each hero act's choice; its GM-override variant takes the same. */
export const HERO_ACT_SHAPES: Record<HeroAct, Record<string, Shape>> = {
  // The square a dragged token was dropped on (left out: the GM rules on where the hero goes).
  move: { ...ACTING, ability, to: S.optional(S.obj({ x: square, y: square })) },
  // The square the hero steps to after the swap (left out: it stays on the enemy's).
  slipAway: { ...targeted, step: S.optional(S.obj({ x: square, y: square })) },
  shoot: targeted,
  melee: targeted,
  // The minion as the player names it ("" or left out: unnamed).
  unleash: { ...ACTING, minion: S.optional(S.str({ blank: true })), ability },
  challenge: { ...ACTING, ability },
  // A Melee ability names its adjacent enemy (the rule insists); any other, a hero it is aimed at, if any.
  ability: { ...ACTING, ability: ref, target: S.optional(ref) },
  trade: { ...ACTING, other: ref, give: S.array(ref), take: S.array(ref) },
  pickUp: { ...ACTING, source: ref },
  // `null` when the dialog had no square to offer (the rule says to choose one).
  reinforce: { ...ACTING, square: S.nullableObj({ x: square, y: square }) },
};

/** The encounter's own moves (the Combat acts), the team's order of a boundary's events, and each event firing. */
export const ENCOUNTER_SHAPES: Record<keyof typeof ENCOUNTER_ACTIONS | "trigger", Record<string, Shape>> = {
  nextStep: { combat: ref, override: S.optional(S.bool()) },
  nextTurn: { combat: ref, override: S.optional(S.bool()) },
  back: { combat: ref },
  // The events' keys, first to last (a dialog's unchosen place is "").
  order: { ...ACTING, order: S.array(ref) },
  trigger: { ...ACTING, key: ref },
};

/**
 * The GM applies an outcome of an attack (./actions/outcomes.ts): the encounter, the target hero,
 * the outcome as the attack's card offered it ("" none, which the rule refuses) and that card's id.
 */
export const OUTCOME_SHAPE: Record<string, Shape> = { combat: ref, hero: ref, outcome: S.str({ blank: true }), card: ref };
