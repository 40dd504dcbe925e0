import { median, type BenchCase } from "../measure";
import { checkOdds } from "../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS } from "../../src/core/rules/check";
import { attack } from "../../src/rulesets/faction-turn/rules";
import { asset, context, faction, world } from "../../test/rules/faction-turn/fixtures";
import { seededDice } from "../../test/rules/dice";

/** One attack by three assets on a faction with a Base, Informers and Thugs at the same place. */
function attackSetup() {
  const started = { turn: { number: 1, started: true, action: "", created: false, healed: false, repairs: {} } };
  const attackers = ["a1", "a2", "a3"].map((id) => asset(id, { name: "Infantry", attack: { attribute: "force", defense: "force", damage: "1d8" }, hp: { value: 6, max: 6 } }));
  const defenders = [
    asset("d1", { name: "Idealistic Thugs", counter: "1d6", hp: { value: 30, max: 30 } }),
    asset("d2", { name: "Informers", attribute: "cunning" }),
  ];
  const state = world(faction("A", { force: 5, ...started }, attackers), faction("B", { force: 4, ...started }, defenders));
  return { state, choice: { faction: "A", target: "B", attackers: ["a1", "a2", "a3"], defenders: [{ key: "town", value: "d1" }] } };
}

const cases: BenchCase[] = [
  {
    name: "attackResolutionMs",
    run: () => {
      const { state, choice } = attackSetup();
      const dice = seededDice(7);
      return median(() => attack(state, choice, context(dice)), { warmup: 200, runs: 2000 });
    },
  },
  {
    name: "oddsMs",
    // One computation is below the timer's resolution: time batches of 1,000 and divide.
    run: async () => {
      const batch = () => {
        for (let r = 0; r < 1000; r++) checkOdds(r % 9, 4, "fourTier", DEFAULT_CHECK_SETTINGS);
      };
      return (await median(batch, { warmup: 5, runs: 50 })) / 1000;
    },
  },
];

export default cases;
