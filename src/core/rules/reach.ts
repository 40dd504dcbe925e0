/**
 * A roll against a number to reach: a formula's total reaches it when it is at least that number.
 * The exact chance is counted over every way the dice can fall (each die's faces equally likely).
 * Pure: no Foundry globals.
 */
import { parseFormula } from "./formula";

/**
 * The most dice, and faces per die, whose chances are counted: more than any attack a GM writes
 * (20d100 is counted in a few million steps, at once in a dialog that recounts on every change).
 */
export const MAX_REACH_DICE = 20;
export const MAX_REACH_FACES = 100;

/**
 * The chance of each total a formula can give, lowest first (`chances[i]` for `min + i`), or null
 * if it is not a simple formula or has more dice than are counted.
 */
export function totalChances(formula: string): { min: number; chances: number[] } | null {
  const terms = parseFormula(formula);
  if (!terms) return null;
  let min = 0;
  let chances = [1];
  let dice = 0;
  for (const t of terms) {
    if (t.kind === "number") {
      min += t.sign * t.value;
      continue;
    }
    dice += t.count;
    if (dice > MAX_REACH_DICE || t.faces > MAX_REACH_FACES) return null;
    for (let n = 0; n < t.count; n++) {
      // One more die: each total spreads evenly over its faces (a subtracted die shifts the lowest total down).
      const next = new Array<number>(chances.length + t.faces - 1).fill(0);
      for (let i = 0; i < chances.length; i++) for (let k = 0; k < t.faces; k++) next[i + k]! += chances[i]! / t.faces;
      min += t.sign > 0 ? 1 : -t.faces;
      chances = next;
    }
  }
  return { min, chances };
}

/** The exact chance that a roll of `formula` is at least `reach` (null if its chances are not counted). */
export function reachChance(formula: string, reach: number): number | null {
  const d = totalChances(formula);
  if (!d) return null;
  let p = 0;
  for (let i = 0; i < d.chances.length; i++) if (d.min + i >= reach) p += d.chances[i]!;
  return Math.min(1, Math.max(0, p));
}

/** Does a total reach the number? */
export const reaches = (total: number, reach: number): boolean => total >= reach;
