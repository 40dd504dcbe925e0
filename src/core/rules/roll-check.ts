import { parseFormula } from "./formula";

/** One dice term of an evaluated roll, as the roll reports it: its faces and the results it kept. */
export interface RolledDice {
  faces: number;
  results: number[];
}

/**
 * The total a roll of `formula` must have with these dice, or null if the dice could not have
 * come from it: another number of dice terms, of dice or of faces, or a face the die does not
 * have (a d10 showing 50). A card's rolls are written by its author, so the GM's client checks
 * every roll with this before it believes the total.
 */
export function possibleTotal(formula: string, dice: readonly RolledDice[]): number | null {
  const terms = parseFormula(formula);
  if (!terms) return null;
  let total = 0;
  let next = 0;
  for (const term of terms) {
    if (term.kind === "number") {
      total += term.sign * term.value;
      continue;
    }
    const rolled = dice[next++];
    if (!rolled || rolled.faces !== term.faces || rolled.results.length !== term.count) return null;
    for (const face of rolled.results) {
      if (!Number.isInteger(face) || face < 1 || face > term.faces) return null;
      total += term.sign * face;
    }
  }
  return next === dice.length ? total : null;
}
