/**
 * What each Battle action's choice holds (checked by the pipeline before anything reads it:
 * src/core/rules/shape.ts), from the choice types of ./rules and how the battle window
 * (./apps/battle-window-context.ts `choiceOf`), the defender's answer and the sheets' dialogs
 * (./actions.ts) build them. References are strings (a realm's UUID, an item's id, a Card's or a
 * Cards stack's UUID); the rules decide whether they name anything, and say what is missing when
 * one is blank. Battle has no dice: no number of a choice goes into a formula, so a number keeps
 * only the bounds that make it safe, and the rules keep their own refusals for game logic (an
 * assignment at a step no combatant acts at, a fighter that is not ready).
 */
import { S, type Shape } from "../../core/rules/shape";
import type { BattleActionKey } from "./ids";

/**
 * The most fighters a side may send to one battle: the rules are measured fighting 100,000 a side
 * (bench/cases/battle.ts), so the pipeline takes every battle the rules can fight.
 */
export const MAX_FIGHTERS = 100_000;

/**
 * The most combatants of a battle: both sides' fighters and the location's fortifications (no more
 * of them than of a side's fighters). Each acts at one step and takes one target there (a second
 * is refused: AlreadyAssigned), so no plan holds more assignments than this.
 */
export const MAX_COMBATANTS = 3 * MAX_FIGHTERS;

/** A reference; blank when a dialog had nothing to offer, which the rule refuses saying what is missing. */
const ref = S.str({ blank: true });

/**
 * A step: a speed, which is a combatant's S or its range's y, whole numbers ≥ 0 (the data models'
 * count fields) with no upper bound; an assignment at a speed nobody in the battle has is the
 * rules' refusal (NotActing).
 */
const step = S.int(0, Number.MAX_SAFE_INTEGER);

/**
 * An attack or a reinforcement (rules `BattleChoice`): the window always sends both sides' lists;
 * the defender's answer is taken only through `mergeDefence`, which keeps the well-formed entries
 * of its own side, and the merged choice is checked again.
 */
const battle: Record<string, Shape> = {
  attacker: ref,
  defender: ref,
  target: S.union("kind", { location: { id: ref }, citadel: {} }),
  attackers: S.array(ref, MAX_FIGHTERS),
  defenders: S.array(ref, MAX_FIGHTERS),
  // A character's protecting unit type: "" is the side's most numerous type (the window's "automatic").
  protect: S.optional(S.record(S.str({ blank: true }), 2 * MAX_FIGHTERS)),
  ranged: S.optional(S.record(S.bool(), MAX_FIGHTERS)),
  assignments: S.optional(S.array(S.obj({ step, from: ref, to: ref }), MAX_COMBATANTS)),
};

const realmOnly: Record<string, Shape> = { realm: ref };

export const CHOICE_SHAPES: Record<BattleActionKey, Record<string, Shape>> = {
  attack: battle,
  reinforce: battle,
  startTurn: realmOnly,
  endTurn: realmOnly,
  // The technology is left out to make the building's own unit.
  useBuilding: { realm: ref, building: ref, technology: S.optional(ref) },
  // The card is a Card's UUID in the realm's hand; the pile a Cards stack's UUID, "" for back to its deck.
  playCharacter: { realm: ref, card: ref, pile: S.str({ blank: true }) },
  citadelLoss: { realm: ref, building: ref },
};
