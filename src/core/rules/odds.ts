import { DEFAULT_CHECK_SETTINGS, DEFAULT_DIE, type CheckKind, type CheckSettings, type TierOdds } from "./check";
import { parseFormula } from "./formula";

/**
 * How many equally likely ways a formula has of giving each total: `counts[i]`
 * ways to roll `min + i`, out of `outcomes` in all (the product of the faces).
 */
export interface Distribution {
  min: number;
  counts: number[];
  outcomes: number;
}

/** Largest number of outcomes a check die may have, so that the counts of both sides together stay exact integers. */
const MAX_DIE_OUTCOMES = Math.floor(Math.sqrt(Number.MAX_SAFE_INTEGER));

function distributionOf(formula: string): Distribution | null {
  const terms = parseFormula(formula);
  if (!terms) return null;
  let min = 0;
  let counts = [1];
  let outcomes = 1;
  for (const t of terms) {
    if (t.kind === "number") {
      min += t.sign * t.value;
      continue;
    }
    for (let i = 0; i < t.count; i++) {
      outcomes *= t.faces;
      if (outcomes > MAX_DIE_OUTCOMES) return null;
      // Add one die: each total spreads over its faces. Index j + k of the new
      // counts is new min + j + k: an added die's face k + 1, a subtracted die's −(faces − k).
      const next = new Array<number>(counts.length + t.faces - 1).fill(0);
      for (let j = 0; j < counts.length; j++) for (let k = 0; k < t.faces; k++) next[j + k]! += counts[j]!;
      min += t.sign > 0 ? 1 : -t.faces;
      counts = next;
    }
  }
  // A check needs a die that can show more than one total.
  return counts.length > 1 ? { min, counts, outcomes } : null;
}

const distributions = new Map<string, Distribution | null>();

/** The distribution of a check die (cached), or null if it is not one (see `isCheckDie`). */
export function dieDistribution(die: string): Distribution | null {
  let d = distributions.get(die);
  if (d === undefined) {
    d = distributionOf(die);
    if (distributions.size > 100) distributions.clear();
    distributions.set(die, d);
  }
  return d;
}

/**
 * A formula both sides of a check can roll: numbers and `NdM` terms that can
 * give more than one total, with few enough outcomes (1d10, 2d6, 3d6, 1d20, 4d6 … all are)
 * for the odds to be counted exactly.
 */
export function isCheckDie(die: string): boolean {
  return dieDistribution(die) !== null;
}

/** The difference of two rolls of one die: `counts[i]` pairs give `min + i`, out of `outcomes` pairs. */
const differences = new Map<string, Distribution>();

function differenceOf(die: string): Distribution {
  const cached = differences.get(die);
  if (cached) return cached;
  const d = dieDistribution(die);
  if (!d) throw new Error(`Not a check die: "${die}"`);
  const n = d.counts.length;
  const counts = new Array<number>(2 * n - 1).fill(0);
  for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) counts[x - y + n - 1]! += d.counts[x]! * d.counts[y]!;
  const diff = { min: -(n - 1), counts, outcomes: d.outcomes * d.outcomes };
  if (differences.size > 100) differences.clear();
  differences.set(die, diff);
  return diff;
}

/**
 * Exact odds of each tier for die + actorRating vs die + oppRating (the die is
 * `settings.die`, 1d10 when absent; a die that is not a check die throws).
 *
 * Every pair of rolls is equally likely; the pairs are counted by the
 * difference d of the two dice (for 1d10, d = k in 10 − |k| of the 100 pairs),
 * and the margin is d + (a − b). Two-tier under the `reroll` tie policy: the
 * result is conditional on no tie (tied pairs are rolled again).
 */
export function checkOdds(
  actorRating: number,
  oppRating: number,
  kind: CheckKind,
  settings: CheckSettings = DEFAULT_CHECK_SETTINGS,
): TierOdds {
  const diff = differenceOf(settings.die ?? DEFAULT_DIE);
  const shift = actorRating - oppRating;
  const c = Math.max(1, settings.completeMargin);
  let cs = 0; // complete success
  let s = 0; // success
  let f = 0; // failure
  let cf = 0; // complete failure
  let ties = 0;
  for (let i = 0; i < diff.counts.length; i++) {
    const n = diff.counts[i]!;
    const margin = diff.min + i + shift;
    if (kind === "twoTier") {
      if (margin > 0) s += n;
      else if (margin === 0) ties += n;
      else f += n;
    } else if (margin >= c) cs += n;
    else if (margin > 0) s += n;
    else if (margin > -c) f += n;
    else cf += n;
  }
  const all = diff.outcomes;
  if (kind === "twoTier") {
    const total = settings.tie === "reroll" ? all - ties : all;
    if (settings.tie !== "reroll") f += ties;
    return { completeFailure: 0, failure: f / total, success: s / total, completeSuccess: 0 };
  }
  return { completeFailure: cf / all, failure: f / all, success: s / all, completeSuccess: cs / all };
}
