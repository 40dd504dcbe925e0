import { median, type BenchCase } from "../measure";
import { advanceStep, stepCard, TEAMS, type Encounter, type HeroItem, type HeroState, type RoundsState, type Step, type Trigger } from "../../src/rulesets/rounds/rules";

/**
 * The Skyhawks leave Reinforce in round 2 with 24 heroes in play (12 a team,
 * all brought in), each having used its action, and 20 triggered abilities
 * among them: the wave is checked and the events due listed (the uses stay with their steps).
 */
function encounter(): RoundsState {
  const heroes: Record<string, HeroState> = {};
  const edges: [Trigger, Step][] = [
    ["end", "reinforce"],
    ["start", "free"],
    ["end", "free"],
    ["start", "melee"],
  ];
  let triggers = 0;
  for (const team of TEAMS) {
    for (let i = 0; i < 12; i++) {
      const id = `${team}-${i}`;
      const items: HeroItem[] = [{ id: `${id}-loot`, name: "Rope", type: "loot", system: { description: "" } }];
      // 20 triggers over the 24 heroes, at this boundary and at others.
      if (triggers < 20 && i < 10) {
        const [edge, step] = edges[triggers % edges.length]!;
        items.push({ id: `${id}-t`, name: `Trigger ${triggers}`, type: "ability", system: { timing: edge, step, text: "", formula: "1d6" } });
        triggers++;
      }
      items.push({ id: `${id}-a`, name: "Bolt", type: "ability", system: { timing: "action", step: "free", text: "", formula: "1d6" } });
      heroes[id] = {
        id,
        name: id,
        system: { team, onMap: true, entered: 1 + (i % 3), used: [{ at: "2:skyhawks:reinforce", acts: ["reinforce"] }], shootFormula: "", meleeFormula: "", outcomes: [] },
        items,
        square: { x: i, y: team === "skyhawks" ? 0 : 5 },
        adventure: null,
      };
    }
  }
  return { track: { round: 2, team: "skyhawks", step: "reinforce", lastRound: 5, over: false }, heroes, map: { x: 0, y: 0, columns: 12, rows: 6 } };
}

const roundsStepChangeMs: BenchCase = {
  name: "roundsStepChangeMs",
  // One step change is a few microseconds: time batches of 100 and divide.
  run: async () => {
    const state = encounter();
    const change = advanceStep(state);
    if (!change.ok || change.value.events.length !== 2) throw new Error("roundsStepChangeMs: the encounter does not change step as expected");
    const batch = () => {
      for (let i = 0; i < 100; i++) advanceStep(state);
    };
    return (await median(batch, { warmup: 200, runs: 300 })) / 100;
  },
};

/**
 * The same step change as the card the GM's client posts and applies: the track, Foundry's round
 * and the events due written on the Combat as changes, the events listed by name.
 */
const roundsStepCardMs: BenchCase = {
  name: "roundsStepCardMs",
  run: async () => {
    const state = encounter();
    const combat: Encounter = { id: "Combat.bench", round: 2, pending: [] };
    const card = stepCard(state, combat, "step", false);
    // Only the Combat changes: the heroes' uses stay where they were taken.
    if (!card.ok || card.value.detail.events.length !== 2 || !card.value.changes.every((c) => c.ref.actor === combat.id)) throw new Error("roundsStepCardMs: the step card is not as expected");
    const batch = () => {
      for (let i = 0; i < 100; i++) stepCard(state, combat, "step", false);
    };
    return (await median(batch, { warmup: 200, runs: 300 })) / 100;
  },
};

export default [roundsStepChangeMs, roundsStepCardMs];
