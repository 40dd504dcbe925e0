/**
 * Dice as the rules see them: a formula goes in, a total comes out.
 * The rules never roll on their own; tests pass seeded or scripted dice,
 * and the Foundry layer passes dice backed by evaluated `Roll`s.
 */
export interface Dice {
  /** Roll a formula such as `1d10 + 3`, `1d8`, `2d6+1` and return its total. */
  roll(formula: string): number;
}
