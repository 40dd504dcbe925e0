import { median, type BenchCase } from "../measure";
import { checkOdds } from "../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS } from "../../src/core/rules/check";
import { aggressiveAttack, type AttackChoice } from "../../src/rulesets/operations/rules";
import { context } from "../../test/rules/operations/fixtures";
import { scene } from "../../test/rules/operations/scene";
import { seededDice } from "../../test/rules/dice";

/** Vex with Thugs and Archers attacks the Blue Lotus's Guards, Militia and Mara in town (hidden Spies there too). */
const choice: AttackChoice = { lieutenant: "la", target: "B", location: "town", units: ["a1", "a2"] };

const cases: BenchCase[] = [
  {
    name: "operationsResolutionMs",
    run: () => {
      const state = scene();
      const dice = seededDice(7);
      return median(() => aggressiveAttack(state, choice, context(dice)), { warmup: 200, runs: 2000 });
    },
  },
  {
    name: "operationsOddsMs",
    // One computation is below the timer's resolution: time batches of 1,000 and divide.
    run: async () => {
      const batch = () => {
        for (let r = 0; r < 1000; r++) checkOdds(r % 13, 6, "fourTier", DEFAULT_CHECK_SETTINGS);
      };
      return (await median(batch, { warmup: 5, runs: 50 })) / 1000;
    },
  },
];

export default cases;
