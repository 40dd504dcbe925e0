import type { Line } from "../../../core/rules/outcome";
import { LOG } from "./context";
import { budgetForRound, movedThisRound, newBudget, roundAdvanced, type ActionBudget } from "./economy";
import { EffectEditor, endedLine, isEmptyPlan, tickEffects, type EffectPlan } from "./effects";
import type { EffectRecord, SkirmishState } from "./state";

/**
 * Rounds whose end ticks the effects when the encounter goes from `from` to
 * `to`: none going back or staying; none for leaving round 0 (the encounter
 * had not begun), one for each round left behind otherwise.
 */
export function roundsToTick(from: number, to: number): number {
  return roundAdvanced(from, to) ? Math.max(0, to - Math.max(from, 1)) : 0;
}

/**
 * Tick one combatant's effects over `rounds` ends of round: `moved` tells
 * whether it moved in the first of them (any later ones were skipped, so it
 * did not move in them). The plan updates the effects whose counts change and
 * deletes those that end; `ended` lists the latter.
 */
export function tickCombatant(actor: string, effects: readonly EffectRecord[], moved: boolean, rounds: number): { plan: EffectPlan; ended: EffectRecord[] } {
  const ed = new EffectEditor(actor, effects);
  const ended: EffectRecord[] = [];
  for (let r = 0; r < rounds; r++) {
    const tick = tickEffects(ed.effects, r === 0 && moved);
    for (const u of tick.update) ed.update(u.after.id, u.after);
    for (const e of tick.ended) {
      ed.delete(e.id);
      ended.push(e);
    }
  }
  return { plan: ed.result(), ended };
}

/** What a round going forward does to the encounter. */
export interface RoundAdvance {
  from: number;
  to: number;
  /** Ends of round ticked (see `roundsToTick`). */
  ticked: number;
  /** Each combatant's budget for the round it is now (fresh going forward, the same otherwise). */
  budgets: Record<string, ActionBudget>;
  /** Effects to update and delete, per infantry. */
  effects: EffectPlan[];
  /** "X is no longer Exhausted"… for every effect that ended. */
  log: Line[];
}

/**
 * The encounter moves from its current round to `to` (the GM's client runs
 * this when a Skirmish round changes). Only forward: every budget starts
 * afresh and every infantry's effects tick, each given whether it moved in
 * the round that ended: it took a move action (read off its budget), or it
 * is in `movedOnCanvas` (its token was moved that round, Move button or not).
 * Going back changes nothing.
 */
export function advanceRound(state: SkirmishState, to: number, movedOnCanvas: ReadonlySet<string> = new Set()): RoundAdvance {
  const from = state.round;
  const ticked = roundsToTick(from, to);
  const budgets: Record<string, ActionBudget> = {};
  const effects: EffectPlan[] = [];
  const log: Line[] = [];
  if (ticked > 0) log.push({ key: `${LOG}RoundStarted`, data: { round: to }, heading: true });
  for (const [id, stored] of Object.entries(state.combatants)) {
    budgets[id] = roundAdvanced(from, to) ? newBudget(to) : budgetForRound(stored, from);
    const actor = state.actors[id];
    if (ticked === 0 || actor?.type !== "infantry" || actor.effects.length === 0) continue;
    const moved = (stored.round === from && movedThisRound(stored)) || movedOnCanvas.has(id);
    const { plan, ended } = tickCombatant(id, actor.effects, moved, ticked);
    if (!isEmptyPlan(plan)) effects.push(plan);
    for (const e of ended) log.push(endedLine(actor.name, e));
  }
  return { from, to, ticked, budgets, effects, log };
}
