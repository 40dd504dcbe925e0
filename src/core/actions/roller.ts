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
 * Dice that give back a card's recorded rolls in order: the GM re-runs a rule
 * with the rolls a card shows, to check its outcome against the world as it is.
 * A rule that now asks for another formula (a rating changed) or for more dice
 * than were rolled no longer matches the card: that is a stale card.
 */
export function replayDice(recorded: readonly { formula: string; total: number }[], onMismatch: () => Error): Dice & { exhausted(): boolean } {
  let used = 0;
  return {
    roll(formula) {
      const next = recorded[used];
      if (!next || next.formula !== formula) throw onMismatch();
      used += 1;
      return next.total;
    },
    exhausted: () => used === recorded.length,
  };
}
