import type { Modifier } from "../../../core/rules/check";
import { LOG, RATING } from "./context";
import type { Draft } from "./draft";
import { CONDITIONS, type Condition } from "./state";

/** What a tier does to a force: each member's condition rises by this many steps. */
export const FORCE_RESULTS = { dinged: 1, damaged: 2, defeated: 3, destroyed: 4 } as const;
export type ForceResult = keyof typeof FORCE_RESULTS;

/** The condition `steps` further down the ladder (never past destroyed). */
export function raiseCondition(c: Condition, steps: number): Condition {
  const i = Math.max(0, CONDITIONS.indexOf(c));
  return CONDITIONS[Math.min(CONDITIONS.length - 1, i + Math.max(0, steps))]!;
}

/** One step back up the ladder; destroyed never recovers. */
export function recoverCondition(c: Condition): Condition {
  if (c === "destroyed" || c === "fresh") return c;
  return CONDITIONS[CONDITIONS.indexOf(c) - 1]!;
}

/** Penalty to its checks: dinged −1, damaged −2. */
export function conditionPenalty(c: Condition): number {
  if (c === "dinged") return -1;
  if (c === "damaged") return -2;
  return 0;
}

/** Defeated and destroyed cannot act or defend. */
export function canAct(c: Condition): boolean {
  return c === "fresh" || c === "dinged" || c === "damaged";
}

/** The worst condition penalty among a side's members, as a modifier list (empty if none). */
export function conditionModifier(conditions: readonly Condition[]): Modifier[] {
  let worst = 0;
  for (const c of conditions) worst = Math.min(worst, conditionPenalty(c));
  return worst < 0 ? [{ label: `${RATING}Condition`, value: worst }] : [];
}

/** The members of one force: units (with their owners) and lieutenants. */
export interface ForceMembers {
  units: { org: string; id: string }[];
  lieutenants: string[];
}

export interface ConditionReport {
  /** Unit id or lieutenant id. */
  id: string;
  kind: "unit" | "lieutenant";
  from: Condition;
  to: Condition;
}

/**
 * Apply a force result: every member's condition rises by its steps; a unit
 * that reaches destroyed is removed, a lieutenant is marked destroyed.
 */
export function applyForceResult(d: Draft, force: ForceMembers, result: ForceResult): ConditionReport[] {
  const steps = FORCE_RESULTS[result];
  const out: ConditionReport[] = [];
  for (const { org, id } of force.units) {
    const u = d.unit(org, id);
    if (!u) continue;
    const from = u.system.condition;
    const to = raiseCondition(from, steps);
    out.push({ id, kind: "unit", from, to });
    if (to === "destroyed") {
      d.deleteUnit(org, id);
      d.say(`${LOG}Condition.destroyed`, { name: u.name });
    } else {
      d.setUnit(org, id, "system.condition", to);
      d.say(`${LOG}Condition.${to}`, { name: u.name });
    }
  }
  for (const id of force.lieutenants) {
    const l = d.state.lieutenants[id];
    if (!l) continue;
    const from = l.system.condition;
    const to = raiseCondition(from, steps);
    out.push({ id, kind: "lieutenant", from, to });
    d.setLieutenant(id, "system.condition", to);
    d.say(`${LOG}Condition.${to}`, { name: l.name });
  }
  return out;
}
