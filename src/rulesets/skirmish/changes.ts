/**
 * What a Skirmish outcome changes besides its rule's own changes, as `Change` records, so the GM's
 * client applies and undoes them like any other: the effect plans become Active Effects created,
 * updated and deleted on each infantry, and the acting fighter's budget gets the card's entry in
 * its encounter's record of the round. Built only from the outcome and the world it was resolved
 * against, so the GM's re-run gives exactly the same list.
 */
import { jsonEqual, toJson, type Change, type Json } from "../../core/rules/changes";
import type { Outcome } from "../../core/rules/outcome";
import { roundPath } from "./data/state";
import { effectSource, effectSystem } from "./effects";
import type { EffectPlan } from "./rules/effects";
import { entryOf, type SkirmishDetail } from "./rules/common";

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

/**
 * The card's entry in its fighter's budget: one path of its own (its round, its order), added from
 * nothing, so undoing the card takes out exactly that entry and never meets another card's.
 */
export function budgetChange(combat: Combat.Implementation, outcome: Outcome<SkirmishDetail>): Change[] {
  const economy = outcome.detail.economy;
  const entry = economy ? entryOf(economy) : null;
  if (!economy || !entry) return [];
  const path = `${roundPath(economy.combatant, economy.after.round)}.entries.${entry}`;
  return [{ op: "update", ref: { actor: combat.uuid }, path, from: null, to: toJson(economy.after.entries[entry]) }];
}

/** A fighter's fresh record of a round (the round's start gives one to each fighter). */
export function freshRound(combat: Combat.Implementation, uuid: string, round: number): Change {
  return { op: "update", ref: { actor: combat.uuid }, path: roundPath(uuid, round), from: null, to: { moved: false, entries: {} } };
}

/** The outcome with its effect plans and its budget entry as changes, after the rule's own. */
export function withDocumentChanges<D extends SkirmishDetail>(outcome: Outcome<D>, combat: Combat.Implementation | null): Outcome<D> {
  const changes = [...outcome.changes, ...effectChanges(outcome.detail.effects)];
  if (outcome.detail.economy) {
    if (!combat) throw new Error(`No encounter for ${outcome.detail.economy.combatant}`);
    changes.push(...budgetChange(combat, outcome));
  }
  return { ...outcome, changes };
}
