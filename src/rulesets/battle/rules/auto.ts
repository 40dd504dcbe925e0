import type { Assignment, Battle, Side } from "./battle-types";
import { otherSide, Tracker } from "./legality";

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
 * every defender has been assigned damage, never once captured); anything left over piles onto the
 * enemies again. Combatants that deal 0 take a legal target last (their hits
 * do not count as assigned damage).
 */
export function autoFill(t: Tracker, side: Side, out: Assignment[]): void {
  const step = t.step;
  const actors: number[] = [];
  const zero: number[] = [];
  const units: number[] = [];
  const chars: number[] = [];
  for (const i of t.actingNow(side)) if (t.alive[i] && !t.hasActed(i)) (t.deals[i]! > 0 ? actors : zero).push(i);
  if (actors.length === 0 && zero.length === 0) return;
  const foe = otherSide(side);
  for (const j of t.units[foe]) if (t.alive[j]) units.push(j);
  for (const j of t.characters[foe]) if (t.alive[j]) chars.push(j);
  const n = t.c.length;
  // Hardest hitters first; enemies closest to death first, then the hardest hitting.
  sortBy(actors, (i) => -t.deals[i]!, () => 0, n);
  const need = (j: number) => t.d[j]! - t.damage[j]! - t.pendingOn(j);
  const hitHard = (j: number) => -t.a[j]!;
  sortBy(units, need, hitHard, n);
  sortBy(chars, need, hitHard, n);
  const queue = units.concat(chars);
  const objective = t.battle.objective;
  // Targets by position (-1: the objective): no lookup by id.
  const legal = (i: number, j: number) => t.targetReasonAt(i, j) === null;
  const covered = (j: number) => t.assigned[j] === 1 && need(j) <= 0;
  const fallback = (i: number): number | undefined => {
    for (const j of queue) if (legal(i, j)) return j;
    return legal(i, -1) ? -1 : undefined;
  };
  const give = (i: number, j: number | undefined) => {
    if (j === undefined) return;
    out.push({ step, from: t.ids[i]!, to: j < 0 ? objective : t.ids[j]! });
    t.assignAt(i, j);
  };

  let q = 0;
  let spill = 0;
  for (const i of actors) {
    while (q < queue.length && covered(queue[q]!)) q++;
    let to: number | undefined;
    if (q < queue.length) to = legal(i, queue[q]!) ? queue[q]! : fallback(i);
    else if (legal(i, -1)) to = -1;
    else if (queue.length > 0) {
      const j = queue[spill++ % queue.length]!;
      to = legal(i, j) ? j : fallback(i);
    }
    give(i, to);
  }
  for (const i of zero) {
    if (legal(i, -1)) give(i, -1);
    else if (queue.length > 0 && legal(i, queue[0]!)) give(i, queue[0]!);
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

/** Numbers up to this are exact in a double. */
const EXACT = 2 ** 53;

/**
 * Sort positions (ascending on entry, each < n) by `first`, then `second`, then position, all
 * ascending. Stats are small whole numbers, so the two keys usually make few distinct pairs: a
 * counting sort (stable, so ties stay in position order) does it in one pass. Otherwise the pair
 * and the position are packed into one number and sorted natively; a comparator takes over only
 * if the packed numbers would not be exact. All three give the comparator's order.
 */
export function sortBy(positions: number[], first: (j: number) => number, second: (j: number) => number, n: number): void {
  const m = positions.length;
  if (m < 2) return;
  const f = new Float64Array(m);
  const g = new Float64Array(m);
  let fMin = Infinity, fMax = -Infinity, gMin = Infinity, gMax = -Infinity;
  let whole = true;
  for (let k = 0; k < m; k++) {
    const j = positions[k]!;
    const a = (f[k] = first(j));
    const b = (g[k] = second(j));
    if (!Number.isInteger(a) || !Number.isInteger(b)) whole = false;
    if (a < fMin) fMin = a;
    if (a > fMax) fMax = a;
    if (b < gMin) gMin = b;
    if (b > gMax) gMax = b;
  }
  const gSpan = gMax - gMin + 1;
  const pairs = (fMax - fMin + 1) * gSpan;
  if (whole && pairs <= 2 * m + 64) {
    const start = new Int32Array(pairs + 1);
    const pair = new Int32Array(m);
    for (let k = 0; k < m; k++) start[(pair[k] = (f[k]! - fMin) * gSpan + (g[k]! - gMin)) + 1]!++;
    for (let p = 1; p <= pairs; p++) start[p]! += start[p - 1]!;
    const sorted = new Array<number>(m);
    for (let k = 0; k < m; k++) sorted[start[pair[k]!]!++] = positions[k]!;
    for (let k = 0; k < m; k++) positions[k] = sorted[k]!;
    return;
  }
  if (!whole || pairs * n >= EXACT) {
    const order = positions.map((j, k) => ({ j, a: f[k]!, b: g[k]! }));
    order.sort((p, q) => p.a - q.a || p.b - q.b || p.j - q.j);
    order.forEach((o, k) => (positions[k] = o.j));
    return;
  }
  const packed = new Float64Array(m);
  for (let k = 0; k < m; k++) packed[k] = ((f[k]! - fMin) * gSpan + (g[k]! - gMin)) * n + positions[k]!;
  packed.sort();
  for (let k = 0; k < m; k++) positions[k] = packed[k]! % n;
}
