/**
 * What the system's Combat hands the rulesets (src/core/documents/combat.ts): each turn that really
 * ended and each round that really started, once, in the round the move gives — not the turns Next
 * Round passes over (core calls those too, marked skipped), and nothing again after going back.
 */
import { describe, expect, it } from "vitest";
import { onCombatEvent, type CombatEventName } from "../../src/core/documents/combat";
import { harness } from "../harness/install";
import { createFaction } from "../harness/world";

const heard: string[] = [];
let watched: string | null = null;
for (const name of ["startTurn", "endTurn", "startRound", "endRound"] as CombatEventName[]) {
  onCombatEvent(name, ({ combat, combatant, round }) => {
    if (combat.id === watched) heard.push(`${name} ${combatant?.name ?? "-"} ${round}`);
  });
}

async function encounter() {
  const names = ["Red", "Blue", "Grey"];
  for (const name of names) await createFaction({ name });
  return harness.as(harness.users.gm, async () => {
    const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
    await combat.createEmbeddedDocuments(
      "Combatant",
      names.map((name, i) => ({ actorId: game.actors!.getName(name)!.id, name, initiative: 30 - i })) as Combatant.CreateData[],
    );
    watched = combat.id;
    return combat;
  });
}

const step = async (move: () => Promise<unknown>) => {
  heard.length = 0;
  await harness.as(harness.users.gm, move);
  await harness.settle();
  return [...heard];
};

describe("the encounter's turns and rounds, handed to the rulesets", () => {
  it("Next Round part-way through a round ends only the turn that was running, and starts the round once", async () => {
    const combat = await encounter();
    expect(await step(() => combat.startCombat())).toEqual(["startRound - 1", "startTurn Red 1"]);
    expect(await step(() => combat.nextRound())).toEqual(["endTurn Red 1", "endRound - 1", "startRound - 2", "startTurn Red 2"]);
    expect(await step(() => combat.update({ round: 4, turn: 1 }))).toEqual(["endTurn Red 2", "endRound - 2", "startRound - 4", "startTurn Blue 4"]);
  });

  it("going back and forward again hands out nothing twice; further on, the next turn", async () => {
    const combat = await encounter();
    await step(() => combat.startCombat());
    expect(await step(() => combat.nextTurn())).toEqual(["endTurn Red 1", "startTurn Blue 1"]);
    expect(await step(() => combat.previousTurn())).toEqual([]);
    expect(await step(() => combat.nextTurn())).toEqual([]);
    expect(await step(() => combat.nextTurn())).toEqual(["endTurn Blue 1", "startTurn Grey 1"]);
  });
});
