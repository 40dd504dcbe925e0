/**
 * Operations on the in-memory Foundry: the registered types, and a lieutenant's actions end to end
 * through the dialog, the card, apply (here or by the GM's client) and undo.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { ACTION_GROUPS, OPERATIONS_ACTIONS, takeOperationsAction } from "../../src/rulesets/operations/actions";
import { LieutenantData } from "../../src/rulesets/operations/data/lieutenant";
import { OrganizationData } from "../../src/rulesets/operations/data/organization";
import { ProjectData } from "../../src/rulesets/operations/data/project";
import { UnitData } from "../../src/rulesets/operations/data/unit";
import { ACTIONS } from "../../src/rulesets/operations/rules";
import { actionDefinition } from "../../src/core/actions/definition";
import { harness, manifest } from "../harness/install";
import { lastCard, renderCardAs, snapshot, warnings } from "../harness/world";
import { DOCKS, OPS_IDS, operationsWorld } from "./operations-fixtures";

type Sys = Record<string, unknown>;
const sys = (doc: { system: unknown }) => doc.system as Sys;

describe("Operations registration", () => {
  it("declares organization, lieutenant, unit and project with their data models", () => {
    expect(CONFIG.Actor.dataModels.organization).toBe(OrganizationData);
    expect(CONFIG.Actor.dataModels.lieutenant).toBe(LieutenantData);
    expect(CONFIG.Item.dataModels.unit).toBe(UnitData);
    expect(CONFIG.Item.dataModels.project).toBe(ProjectData);
    for (const t of ["organization", "lieutenant"]) expect(manifest.documentTypes.Actor).toHaveProperty(t);
    for (const t of ["unit", "project"]) expect(manifest.documentTypes.Item).toHaveProperty(t);
  });

  it("registers all twenty actions, in the seed's seven groups, plus the stance trigger and round start", () => {
    expect(OPERATIONS_ACTIONS).toHaveLength(20);
    expect(Object.keys(ACTION_GROUPS)).toEqual(["force", "sneak", "charm", "lore", "other", "stance", "influence"]);
    for (const id of Object.values(ACTIONS)) expect(actionDefinition(id), id).toBeDefined();
  });

  it("clamps out-of-range numbers, rejects unknown choices and derives the condition penalty and force strength", async () => {
    const { red, vex } = await operationsWorld();
    await harness.as(harness.users.gm, () => red.update({ "system.cohesion": 9 } as Actor.UpdateData));
    expect(sys(red).cohesion).toBe(5);
    await expect(harness.as(harness.users.gm, () => vex.update({ "system.condition": "bruised" } as Actor.UpdateData))).rejects.toThrow();
    await harness.as(harness.users.gm, () => vex.update({ "system.condition": "damaged" } as Actor.UpdateData));
    expect(sys(vex).conditionPenalty).toBe(-2);
    // Thugs 3 + 1 for the Cutpurses.
    expect((sys(red).strength as Record<string, number>)[DOCKS]).toBe(4);
  });
});

describe("a lieutenant's Aggressive Attack", () => {
  it("shows the breakdown and four-tier odds, then applies conditions to both forces through the GM, and undo restores", async () => {
    const world = await operationsWorld();
    const { alice, gm } = harness.users;
    const before = snapshot();
    // Vex 3 + Force 2 + Thugs 3 + 1 other = 9 vs Dock Guards 4 + Mara 2+1 = 7. Dice: 9 + 9 = 18 vs 7 + 2 = 9: complete success.
    harness.dice.force(9, 2);
    harness.dialogs.next({ target: world.blue.uuid, units: [OPS_IDS.thugs, OPS_IDS.cutpurses] });
    await harness.as(alice, () => takeOperationsAction(world.vex, "aggressiveAttack"));
    expect(warnings()).toEqual([]);
    const shown = harness.dialogs.shown[0]!;
    expect(shown.element.querySelector(".factions-odds .factions-odds-actor tfoot td")?.textContent).toBe("+9");
    expect(shown.element.querySelector(".factions-odds .factions-odds-opposition tfoot td")?.textContent).toBe("+7");
    expect(Array.from(shown.element.querySelectorAll(".factions-odds .factions-odds-tier")).map((e) => e.classList[1])).toEqual([
      "factions-tier-completeFailure",
      "factions-tier-failure",
      "factions-tier-success",
      "factions-tier-completeSuccess",
    ]);
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.aggressiveAttack);
    expect(card.system.status).toBe("applied");
    // Bob's documents changed: the GM's client applied it.
    expect(harness.queries.map((q) => [q.from, q.to, q.name])).toEqual([["Alice", "Gamemaster", "factions.request"]]);
    // Complete success: the enemy force is destroyed, yours dinged.
    expect(world.blue.items.has(OPS_IDS.guards)).toBe(false);
    expect(sys(world.mara).condition).toBe("destroyed");
    expect(sys(world.red.items.get(OPS_IDS.thugs)!).condition).toBe("dinged");
    expect(sys(world.vex).condition).toBe("dinged");
    expect(sys(world.vex).acted).toBe(true);

    expect(await harness.as(gm, () => undoMessage(card))).toBe(true);
    expect(snapshot()).toEqual(before);
  });
});

describe("an unnoticed stealthy Steal", () => {
  it("is whispered to the GM and the acting player only", async () => {
    const world = await operationsWorld();
    const { alice, bob, gm } = harness.users;
    harness.dice.force(10, 1);
    const card = await harness.as(alice, () =>
      performAction(ACTIONS.steal, world.vex, { lieutenant: world.vex.uuid, target: world.blue.uuid, location: DOCKS, acquire: { kind: "capital", amount: 3 }, stealthy: true }),
    );
    expect(warnings()).toEqual([]);
    expect(card?.system.unnoticed).toBe(true);
    expect(card?.whisper.sort()).toEqual([gm.id, alice.id].sort());
    expect(card?.whisper).not.toContain(bob.id);
    expect(sys(world.red).capital).toBe(13);
    expect(sys(world.blue).capital).toBe(5);
    const html = await renderCardAs(alice, card!);
    expect(html.textContent).toContain("3");
  });
});

describe("Hire Out", () => {
  it("earns 7 Capital for two Thief Packs and the Assassins, and 5 when the Assassins are selective", async () => {
    const world = await operationsWorld();
    const { alice, gm } = harness.users;
    const units = [OPS_IDS.thiefA, OPS_IDS.thiefB, OPS_IDS.assassins];
    await harness.as(alice, () => performAction(ACTIONS.hireOut, world.vex, { lieutenant: world.vex.uuid, units, selective: [] }));
    expect(warnings()).toEqual([]);
    expect(sys(world.red).capital).toBe(17);
    await harness.as(gm, () => world.vex.update({ "system.acted": false } as Actor.UpdateData));
    await harness.as(gm, () =>
      world.red.updateEmbeddedDocuments("Item", units.map((_id) => ({ _id, "system.acted": false }))),
    );
    harness.dialogs.next({ units, selective: [OPS_IDS.assassins] });
    await harness.as(alice, () => takeOperationsAction(world.vex, "hireOut"));
    expect(warnings()).toEqual([]);
    expect(sys(world.red).capital).toBe(22);
  });
});
