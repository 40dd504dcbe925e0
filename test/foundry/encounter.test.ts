/**
 * Tokenless actors (factions, organizations, realms) join an encounter from the actor directory:
 * "Add to encounter" makes a combatant with the actor's id and no token, for a GM only.
 */
import { describe, expect, it } from "vitest";
import { addToEncounter } from "../../src/core/encounter";
import { harness } from "../harness/install";
import type { ActorDirectory } from "../harness/ui";
import { t, warnings } from "../harness/world";
import { standardWorld } from "./fixtures";
import { operationsWorld } from "./operations-fixtures";
import { seedWorld } from "./battle-fixtures";

const directory = () => ui.actors as unknown as ActorDirectory;
const ADD = () => t("FACTIONS.Encounter.Add");

async function addFromDirectory(actor: Actor.Implementation): Promise<void> {
  await harness.as(harness.users.gm, async () => {
    const menu = directory().contextMenu(actor.id!);
    await menu.click(ADD());
    await harness.settle();
  });
}

describe("Add to encounter", () => {
  it("puts a faction into the current encounter (a new one if none) as a combatant without a token, once", async () => {
    const { red, blue } = await standardWorld();
    expect(game.combats!.size).toBe(0);
    expect(await harness.as(harness.users.gm, () => directory().contextMenu(red.id!).names)).toContain(ADD());
    await addFromDirectory(red);
    const combat = game.combat!;
    expect(combat).toBeDefined();
    expect(combat.combatants.contents.map((c) => ({ actorId: c.actorId, tokenId: c.tokenId, name: c.name }))).toEqual([{ actorId: red.id, tokenId: null, name: "Red Hand" }]);

    await addFromDirectory(red);
    expect(combat.combatants.size).toBe(1);
    expect(warnings(harness.users.gm)).toEqual([t("FACTIONS.Encounter.AlreadyIn", { actor: "Red Hand" })]);
    harness.notifications.clear();

    await addFromDirectory(blue);
    expect(game.combats!.size).toBe(1);
    expect(combat.combatants.contents.map((c) => c.actorId).sort()).toEqual([red.id, blue.id].sort());
  });

  it("is offered on organizations, lieutenants and realms too, and only to a GM", async () => {
    const ops = await operationsWorld();
    const battle = await seedWorld();
    for (const actor of [ops.red, ops.vex, battle.you]) {
      expect(await harness.as(harness.users.gm, () => directory().contextMenu(actor.id!).names), actor.name).toContain(ADD());
      expect(await harness.as(harness.users.alice, () => directory().contextMenu(actor.id!).names), actor.name).not.toContain(ADD());
    }
    await addFromDirectory(battle.you);
    expect(game.combat!.combatants.contents.map((c) => c.actorId)).toEqual([battle.you.id]);
    // A player who calls it anyway is refused, and nothing is added.
    expect(await harness.as(harness.users.alice, () => addToEncounter(ops.vex))).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    expect(game.combat!.combatants.size).toBe(1);
  });
});
