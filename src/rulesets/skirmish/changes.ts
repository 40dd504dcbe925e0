/**
 * What a Skirmish outcome changes besides its rule's own changes, as `Change` records, so the GM's
 * client applies and undoes them like any other: the effect plans become Active Effects created,
 * updated and deleted on each infantry, and the acting combatant's budget is updated on its
 * Combatant. Built only from the outcome and the world it was resolved against, so the GM's re-run
 * gives exactly the same list.
 */
import { jsonEqual, toJson, type Change, type Json } from "../../core/rules/changes";
import type { Outcome } from "../../core/rules/outcome";
import { budgetsOf, type SkirmishCombatant, type StoredBudget } from "./data/state";
import { effectSource, effectSystem } from "./effects";
import { newBudget, type ActionBudget } from "./rules/economy";
import type { EffectPlan } from "./rules/effects";
import type { SkirmishDetail } from "./rules/common";

const EFFECT = "ActiveEffect" as const;

/** The Active Effects an effect plan creates, updates (field by field) and deletes. */
export function effectChanges(plans: readonly EffectPlan[]): Change[] {
  const out: Change[] = [];
  for (const plan of plans) {
    for (const e of plan.create) out.push({ op: "create", ref: { actor: plan.actor, embedded: EFFECT, item: e.id }, data: effectSource(e) });
    for (const { before, after } of plan.update) {
      const from = effectSystem(before) as Record<string, Json>;
      const to = effectSystem(after) as Record<string, Json>;
      for (const key of Object.keys(to)) {
        if (!jsonEqual(from[key], to[key])) out.push({ op: "update", ref: { actor: plan.actor, embedded: EFFECT, item: after.id }, path: `system.${key}`, from: from[key]!, to: to[key]! });
      }
    }
    for (const e of plan.delete) out.push({ op: "delete", ref: { actor: plan.actor, embedded: EFFECT, item: e.id }, data: effectSource(e) });
  }
  return out;
}

/** Every counter of a budget by its path, e.g. `spent.move`. */
function counters(b: ActionBudget): Record<string, number> {
  const out: Record<string, number> = { round: b.round, pushes: b.pushes };
  for (const group of ["spent", "pushed", "overridden"] as const) for (const [k, v] of Object.entries(b[group])) out[`${group}.${k}`] = v;
  return out;
}

/** A budget as a Combatant stores it. */
export function storedBudget(b: ActionBudget, moved = false): StoredBudget {
  return { ...b, spent: { ...b.spent }, pushed: { ...b.pushed }, overridden: { ...b.overridden }, moved };
}

/** A fresh stored budget for a round (a combatant joining an encounter, a token moved before any action). */
export const freshBudget = (round: number): StoredBudget => storedBudget(newBudget(round));

/**
 * A combatant's budget going from its stored state to `after` (of the same round): one update per
 * counter that moved, so undoing one action never meets another action's spend. When the round has
 * no stored budget yet, the round's whole entry is added to the budgets.
 */
export function budgetChanges(combatant: SkirmishCombatant, after: ActionBudget): Change[] {
  const ref = { actor: combatant.uuid };
  const budgets = budgetsOf(combatant);
  const key = String(after.round);
  const stored = budgets[key];
  if (!stored) {
    const to = { ...budgets, [key]: storedBudget(after) };
    return [{ op: "update", ref, path: "system.budgets", from: toJson(budgets), to: toJson(to) }];
  }
  const from = counters(stored);
  const to = counters(after);
  return Object.keys(to)
    .filter((path) => from[path] !== to[path])
    .map((path): Change => ({ op: "update", ref, path: `system.budgets.${key}.${path}`, from: from[path]!, to: to[path]! }));
}

/** The outcome with its effect plans and its budget as changes, after the rule's own. */
export function withDocumentChanges<D extends SkirmishDetail>(outcome: Outcome<D>, combatants: ReadonlyMap<string, SkirmishCombatant>): Outcome<D> {
  const changes = [...outcome.changes, ...effectChanges(outcome.detail.effects)];
  const economy = outcome.detail.economy;
  if (economy) {
    const combatant = combatants.get(economy.combatant);
    if (!combatant) throw new Error(`No combatant for ${economy.combatant}`);
    changes.push(...budgetChanges(combatant, economy.after));
  }
  return { ...outcome, changes };
}
