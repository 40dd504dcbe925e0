import type { Dice } from "../rules/dice";

/** Thrown inside a rule run when it asks for a roll that has not been made yet. */
class RollNeeded {
  constructor(readonly formula: string) {}
}

/** A roll made for a rule: the formula the rule asked for and the evaluated Foundry roll. */
export interface MadeRoll {
  formula: string;
  roll: Roll;
}

/**
 * Run a pure rule with real, evaluated Foundry rolls.
 *
 * The rules ask for dice synchronously, but Foundry evaluates a `Roll` asynchronously.
 * So the rule runs; when it asks for a roll not made yet, that roll is evaluated and the
 * rule runs again from the start, replaying the rolls already made. Pure rules are
 * deterministic, so every run asks for the same rolls in the same order; a rule that
 * rejects its input stops before its first roll and costs one run.
 */
export async function runWithRolls<T>(rule: (dice: Dice) => T): Promise<{ value: T; rolls: MadeRoll[] }> {
  const made: MadeRoll[] = [];
  for (;;) {
    let used = 0;
    const dice: Dice = {
      roll(formula) {
        const next = made[used];
        if (!next) throw new RollNeeded(formula);
        if (next.formula !== formula) throw new Error(`Rule asked for ${formula} where it asked for ${next.formula} before`);
        used += 1;
        return next.roll.total ?? 0;
      },
    };
    try {
      const value = rule(dice);
      return { value, rolls: made.slice(0, used) };
    } catch (error) {
      if (!(error instanceof RollNeeded)) throw error;
      made.push({ formula: error.formula, roll: await new Roll(error.formula).evaluate() });
    }
  }
}

/**
 * Dice that give back recorded totals in order: the GM re-runs a rule with the
 * rolls a card already shows, to check the card's outcome against the world.
 */
export function replayDice(totals: readonly number[]): Dice & { exhausted(): boolean } {
  let used = 0;
  return {
    roll() {
      if (used >= totals.length) throw new Error("replay ran out of recorded rolls");
      return totals[used++]!;
    },
    exhausted: () => used === totals.length,
  };
}
