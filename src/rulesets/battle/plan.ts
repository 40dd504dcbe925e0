/**
 * The battle window's plan: the targets each side has chosen so far, checked step by step the way
 * `fight` resolves them. Pure (no Foundry), so the window, the defender's answer and the tests
 * share it.
 *
 * A plan is a list of given assignments; a combatant without one takes its automatic target. When
 * an earlier choice changes (or the other side answers), a later choice may no longer hold — its
 * target is now protected, or defenders are left unassigned before the objective — and is then
 * left out, so that combatant falls back to its automatic target instead of refusing the battle.
 */
import { autoFill } from "./rules/auto";
import type { Assignment, Battle, BattleRun, Combatant, Side } from "./rules/battle";
import { fight } from "./rules/battle";
import { goneTarget, legalTargets, Tracker, type TargetOption } from "./rules/legality";

/** Within a step, hits on units first, then characters, then the objective (the order `fight` uses). */
function rank(battle: Battle, byId: Map<string, Combatant>, to: string): number {
  if (to === battle.objective) return 2;
  return byId.get(to)?.kind === "character" ? 1 : 0;
}

export function combatantsById(battle: Battle): Map<string, Combatant> {
  return new Map(battle.combatants.map((c) => [c.id, c]));
}

/** The side a combatant fights on, or undefined if it is not in the battle. */
export function sideOf(battle: Battle, id: string): Side | undefined {
  return battle.combatants.find((c) => c.id === id)?.side;
}

/**
 * The given assignments that hold when the battle is fought step by step, in the order `fight`
 * takes them: one per combatant and step, from a combatant still standing at its own step, to a
 * target the rules allow then (a target destroyed, or the location captured, at an earlier step is
 * allowed: the hit deals nothing). `fight(battle, kept)` never refuses them.
 */
export function keptAssignments(battle: Battle, given: readonly Assignment[]): Assignment[] {
  const byId = combatantsById(battle);
  const t = new Tracker(battle);
  const byStep = new Map<number, { a: Assignment; n: number; r: number }[]>();
  given.forEach((a, n) => {
    const list = byStep.get(a.step) ?? [];
    list.push({ a, n, r: rank(battle, byId, a.to) });
    byStep.set(a.step, list);
  });
  const kept: Assignment[] = [];
  for (const speed of battle.speeds) {
    t.begin(speed);
    const list = (byStep.get(speed) ?? []).sort((p, q) => p.r - q.r || p.n - q.n);
    for (const { a } of list) {
      const i = t.index.get(a.from);
      if (i === undefined || t.actorReason(i)) continue;
      const why = t.targetReason(i, a.to);
      if (why && !goneTarget(why)) continue;
      t.assign(i, a.to);
      kept.push({ step: speed, from: a.from, to: a.to });
    }
    autoFill(t, "attacker", []);
    autoFill(t, "defender", []);
    t.land();
  }
  return kept;
}

/**
 * Every target `combatant` might pick at `step`, legal or with its reason, given the whole run so
 * far (earlier steps as fought, automatic targets included) and the other choices already made at
 * this step — as if this combatant chose last, which is the most any order of the step allows.
 */
export function targetOptions(battle: Battle, run: BattleRun, kept: readonly Assignment[], combatant: string, step: number): TargetOption[] {
  const soFar = [...run.assignments.filter((a) => a.step > step), ...kept.filter((a) => a.step === step && a.from !== combatant)];
  return legalTargets(battle, soFar, combatant, step);
}

/** The plan with `side`'s choices replaced by the automatic ones (the other side's kept as they are). */
export function autoPlan(battle: Battle, given: readonly Assignment[], side: Side): Assignment[] {
  const byId = combatantsById(battle);
  const others = keptAssignments(
    battle,
    given.filter((a) => byId.get(a.from)?.side !== side),
  );
  const run = fight(battle, others);
  if (!run.ok) return others;
  const mine = run.value.assignments.filter((a) => byId.get(a.from)?.side === side);
  return keptAssignments(battle, [...others, ...mine]);
}

/** Set (or clear, with `to` = "") one combatant's target at a step: its choice moves to the end of that step. */
export function choose(battle: Battle, given: readonly Assignment[], step: number, from: string, to: string): Assignment[] {
  const rest = given.filter((a) => !(a.from === from && a.step === step));
  return keptAssignments(battle, to ? [...rest, { step, from, to }] : rest);
}
