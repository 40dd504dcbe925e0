import { isSituational, MAX_SITUATIONAL, rating, type Modifier, type TierOdds } from "../../../core/rules/check";
import { checkOdds } from "../../../core/rules/odds";
import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { combatantActor, isLine, line, refusal, refuse, type SkirmishDetail } from "./common";
import { ACTIONS, MODIFIER, type SkirmishContext, type SkirmishSettings } from "./context";
import { Draft } from "./draft";
import { effectModifiers, type Stat } from "./effects";
import type { InfantryState, SkirmishState } from "./state";

/** i18n key of the situational modifier's label (shared by every ruleset). */
export const SITUATIONAL_LABEL = "FACTIONS.Check.Situational";

/**
 * The largest difficulty, either way, a check may set. The roller's side is its rating (0–20, the
 * infantry's data model) and a situational modifier of at most ±20, give or take the few points its
 * effects add: a difficulty of 40 is already as hard as the strongest side the game makes, −40 as
 * easy as the weakest, and no GM sets more. It is the opposition's formula (`1d10 + N`), so it must
 * stay a number the dice can hold (1e21 would make "1d10 + 1e+21").
 */
export const MAX_DIFFICULTY = 40;

export interface CheckChoice {
  /** The infantry rolling. */
  actor: string;
  stat: Stat;
  /** The N of "vs N" the roller sets: the opposition rolls the same die + N. */
  difficulty: number;
  /** Situational modifier to the roller's side. */
  modifier?: number;
}

export interface CheckDetail extends SkirmishDetail {
  stat: Stat;
  difficulty: number;
}

/**
 * The roller's side of a Body or Nerves check, part by part: the rating, then
 * one modifier per active effect that changes this roll (Exhausted −N, Hyped
 * +N, Morale +N to all rolls; Muscle tremors to Nerves and Bone fracture to
 * Body, −1 each per instance), then the situational modifier.
 */
export function checkModifiers(actor: InfantryState, stat: Stat, situational = 0): Modifier[] {
  const mods: Modifier[] = [{ label: MODIFIER + stat, value: actor.system[stat] }, ...effectModifiers(actor.effects, stat)];
  if (situational !== 0) mods.push({ label: SITUATIONAL_LABEL, value: situational });
  return mods;
}

/** The opposition's side: the difficulty the roller set. */
export function difficultyModifiers(difficulty: number): Modifier[] {
  return [{ label: `${MODIFIER}difficulty`, value: difficulty }];
}

function checked(state: SkirmishState, choice: CheckChoice): { actor: InfantryState; mods: Modifier[]; opp: Modifier[] } | Line {
  const actor = combatantActor(state, choice.actor);
  if (isLine(actor)) return actor;
  if (actor.type !== "infantry") return refusal("NotInfantry", { name: actor.name });
  if (!Number.isInteger(choice.difficulty)) return refusal("BadDifficulty", { difficulty: String(choice.difficulty) });
  if (Math.abs(choice.difficulty) > MAX_DIFFICULTY) return refusal("DifficultyRange", { difficulty: String(choice.difficulty), max: MAX_DIFFICULTY });
  const situational = choice.modifier ?? 0;
  if (!Number.isInteger(situational)) return refusal("BadModifier", { modifier: String(situational) });
  if (!isSituational(situational)) return refusal("ModifierRange", { modifier: String(situational), max: MAX_SITUATIONAL });
  return { actor, mods: checkModifiers(actor, choice.stat, situational), opp: difficultyModifiers(choice.difficulty) };
}

/** The exact chance of success and failure of the check, as the dialog shows it. */
export function checkChances(state: SkirmishState, choice: CheckChoice, settings: SkirmishSettings): Result<TierOdds> {
  const c = checked(state, choice);
  if (isLine(c)) return refuse(c);
  return ok(checkOdds(rating(c.mods), rating(c.opp), "twoTier", settings));
}

/** Roll a Body or Nerves check: the shared two-tier check, the roller's die + rating vs the same die + difficulty. */
export function rollSkirmishCheck(state: SkirmishState, choice: CheckChoice, ctx: SkirmishContext): Result<Outcome<CheckDetail>> {
  const c = checked(state, choice);
  if (isLine(c)) return refuse(c);
  const d = new Draft(state, ctx);
  const check = d.check(line(`Check.${choice.stat}`, { name: c.actor.name, difficulty: choice.difficulty }), c.mods, c.opp);
  d.say(check.tier === "success" ? "CheckSucceeded" : "CheckFailed", { name: c.actor.name, margin: check.margin });
  return ok(d.outcome(ACTIONS.check, c.actor.id, { economy: null, effects: [], stat: choice.stat, difficulty: choice.difficulty }));
}
