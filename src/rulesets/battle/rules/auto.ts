import type { Assignment, Battle, Side } from "./battle";
import { Tracker } from "./legality";

/**
 * The automatic targets of one side at the tracker's current step, for every
 * combatant of that side acting now that has no target yet; each is assigned
 * in the tracker as it is chosen and appended to `out`.
 *
 * Greedy, O(n log n) a step: the hardest hitters first; enemy units (and
 * fortifications) before characters, the ones closest to death first, each
 * hit until its damage reaches its D ("kill what can be killed"); the
 * characters come after every enemy unit has been assigned damage, so their
 * protection is always satisfied; then the objective (attackers only, once
 * every defender has been assigned damage); anything left over piles onto the
 * enemies again. Combatants that deal 0 take a legal target last (their hits
 * do not count as assigned damage).
 */
export function autoFill(t: Tracker, side: Side, out: Assignment[]): void {
  const c = t.c;
  const step = t.step;
  const actors: number[] = [];
  const zero: number[] = [];
  const units: number[] = [];
  const chars: number[] = [];
  for (let i = 0; i < c.length; i++) {
    if (!t.alive[i]) continue;
    const x = c[i]!;
    if (x.side === side) {
      if (x.speed === step && !t.hasActed(i)) (x.damage > 0 ? actors : zero).push(i);
    } else (x.kind === "character" ? chars : units).push(i);
  }
  if (actors.length === 0 && zero.length === 0) return;
  actors.sort((p, q) => c[q]!.damage - c[p]!.damage || p - q);
  const need = (j: number) => c[j]!.d - t.damage[j]! - t.pendingOn(j);
  const needAt = new Float64Array(c.length);
  for (const j of units) needAt[j] = need(j);
  for (const j of chars) needAt[j] = need(j);
  const byNeed = (p: number, q: number) => needAt[p]! - needAt[q]! || c[q]!.a - c[p]!.a || p - q;
  units.sort(byNeed);
  chars.sort(byNeed);
  const queue = units.concat(chars);
  const objective = t.battle.objective;
  const covered = (j: number) => t.assigned[j] === 1 && need(j) <= 0;
  const fallback = (i: number): string | undefined => {
    for (const j of queue) if (t.targetReason(i, c[j]!.id) === null) return c[j]!.id;
    return t.targetReason(i, objective) === null ? objective : undefined;
  };
  const give = (i: number, to: string | undefined) => {
    if (to === undefined) return;
    out.push({ step, from: c[i]!.id, to });
    t.assign(i, to);
  };

  let q = 0;
  let spill = 0;
  for (const i of actors) {
    while (q < queue.length && covered(queue[q]!)) q++;
    let to: string | undefined;
    if (q < queue.length) {
      const id = c[queue[q]!]!.id;
      to = t.targetReason(i, id) === null ? id : fallback(i);
    } else if (t.targetReason(i, objective) === null) to = objective;
    else if (queue.length > 0) {
      const id = c[queue[spill++ % queue.length]!]!.id;
      to = t.targetReason(i, id) === null ? id : fallback(i);
    }
    give(i, to);
  }
  for (const i of zero) {
    if (t.targetReason(i, objective) === null) give(i, objective);
    else if (queue.length > 0 && t.targetReason(i, c[queue[0]!]!.id) === null) give(i, c[queue[0]!]!.id);
    else give(i, fallback(i));
  }
}

/**
 * The automatic targets of one side at `step` (a speed) after the assignments
 * so far (earlier steps, and earlier in this step): one for each of that
 * side's combatants acting at this step that has none yet. Each obeys
 * `legalTargets` in the order returned.
 */
export function autoAssign(battle: Battle, assignmentsSoFar: readonly Assignment[], side: Side, step: number): Assignment[] {
  const t = Tracker.replay(battle, assignmentsSoFar, step);
  const out: Assignment[] = [];
  autoFill(t, side, out);
  return out;
}
