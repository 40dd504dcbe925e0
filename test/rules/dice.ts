import { expect, onTestFinished } from "vitest";
import type { Dice } from "../../src/core/rules/dice";
import { evaluateFormula } from "../../src/core/rules/formula";

/** mulberry32: a small seeded PRNG giving floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface RecordingDice extends Dice {
  /** Every roll so far, in order. */
  readonly history: { formula: string; total: number }[];
}

/** Dice that evaluate formulas with a seeded PRNG. */
export function seededDice(seed: number): RecordingDice {
  const rng = mulberry32(seed);
  const history: { formula: string; total: number }[] = [];
  return {
    history,
    roll(formula: string) {
      const total = evaluateFormula(formula, rng);
      history.push({ formula, total });
      return total;
    },
  };
}

export type ScriptStep = readonly [formula: string, total: number];

export interface ScriptedDice extends Dice {
  /** Steps not rolled yet. */
  readonly remaining: number;
  /** Fail unless every step was rolled (also checked automatically when the test ends). */
  done(): void;
}

/**
 * Dice that return the scripted totals in order. The test fails if a formula
 * asked for differs from the scripted one, if the script runs out, or if it is
 * not used up by the end of the test.
 */
export function scriptedDice(script: readonly ScriptStep[]): ScriptedDice {
  let i = 0;
  let checked = false;
  const dice: ScriptedDice = {
    get remaining() {
      return script.length - i;
    },
    roll(formula: string) {
      const step = script[i];
      expect(step, `dice script ran out: roll #${i + 1} asked for "${formula}"`).toBeDefined();
      expect(formula, `roll #${i + 1}: formula`).toBe(step![0]);
      i++;
      return step![1];
    },
    done() {
      checked = true;
      expect(script.length - i, `dice script not used up: ${JSON.stringify(script.slice(i))}`).toBe(0);
    },
  };
  onTestFinished(() => {
    if (!checked) dice.done();
  });
  return dice;
}
