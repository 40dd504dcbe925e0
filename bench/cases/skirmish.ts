import { median, type BenchCase } from "../measure";
import { advanceRound, movedThisRound, newBudget, newEffect, push, type EffectKind, type InfantryState, type SkirmishState } from "../../src/rulesets/skirmish/rules";
import { effectChanges, freshRound, withDocumentChanges } from "../../src/rulesets/skirmish/changes";
import { seededDice } from "../../test/rules/dice";
import { ada, context, red, scene } from "../../test/rules/skirmish/fixtures";

/** 100 infantry in round 5, ten effects each (timed, for the fight and until removed), half of them moved this round. */
function crowd(): SkirmishState {
  const kinds: EffectKind[] = ["exhausted", "hyped", "morale", "disoriented", "muscleTremors", "boneFracture", "boneFracture", "ankleSprain", "dazed", "concussion"];
  const actors: SkirmishState["actors"] = {};
  const combatants: SkirmishState["combatants"] = {};
  for (let i = 0; i < 100; i++) {
    const base = i % 2 ? red() : ada();
    const id = `c${i}`;
    const who: InfantryState = {
      ...base,
      id,
      name: `Fighter ${i}`,
      effects: kinds.map((k, j) => ({ ...newEffect(`${id}e${j}`, k, 1 + (j % 3)), roundsStill: j % 4 })),
    };
    actors[id] = who;
    combatants[id] = i % 2 ? { ...newBudget(5), spent: { move: 1, major: 0, minor: 0, free: 0 } } : newBudget(5);
  }
  return { actors, combatants, round: 5 };
}

/** A stand-in for the encounter that keeps each fighter's budget (what the Foundry layer's changes name). */
const encounter = { uuid: "Combat.c" } as unknown as Combat.Implementation;

const cases: BenchCase[] = [
  {
    name: "skirmishTick100Ms",
    run: () => {
      const state = crowd();
      if (Object.values(state.combatants).filter(movedThisRound).length !== 50) throw new Error("bench scene: half should have moved");
      return median(() => advanceRound(state, 6), { warmup: 200, runs: 1000 });
    },
  },
  {
    name: "skirmishTickChanges100Ms",
    // The whole of the GM's round card for 100 combatants: the tick, its effects as Active Effect
    // changes, and each combatant's record of the new round as a change of its encounter.
    run: () => {
      const state = crowd();
      return median(
        () => {
          const r = advanceRound(state, 6);
          const changes = effectChanges(r.effects);
          for (const id of Object.keys(r.budgets)) changes.push(freshRound(encounter, id, 6));
          return changes;
        },
        { warmup: 200, runs: 1000 },
      );
    },
  },
  {
    name: "skirmishPushMs",
    // One push is below the timer's resolution: time batches of 100 (squad and individual by turns) and divide.
    run: async () => {
      const state = scene();
      const ctx = context(seededDice(11));
      const batch = () => {
        for (let i = 0; i < 100; i++) push(state, { actor: i % 2 ? "red" : "ada" }, ctx);
      };
      return (await median(batch, { warmup: 50, runs: 200 })) / 100;
    },
  },
  {
    name: "skirmishPushChangesMs",
    // A push with its outcome turned into the documents' changes (effects and budget), batches of 100.
    run: async () => {
      const state = scene();
      const ctx = context(seededDice(11));
      const batch = () => {
        for (let i = 0; i < 100; i++) {
          const r = push(state, { actor: i % 2 ? "red" : "ada" }, ctx);
          if (r.ok) withDocumentChanges(r.value, encounter);
        }
      };
      return (await median(batch, { warmup: 50, runs: 200 })) / 100;
    },
  },
];

export default cases;
