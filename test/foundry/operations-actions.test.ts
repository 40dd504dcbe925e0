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
import { lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { MAX_ASSET_LEVEL, MAX_PRICE } from "../../src/rulesets/operations/choices";
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

describe("malformed Operations choices (issue 17)", () => {
  const malformedAt = (field: string) => t("FACTIONS.Action.Error.BadChoice", { field });

  it("are refused naming the field, not with 'ids is not iterable' or a missing `kind` or `level`, and change nothing", async () => {
    const world = await operationsWorld();
    const before = snapshot();
    const lieutenant = world.vex.uuid;
    await harness.as(harness.users.alice, async () => {
      await performAction(ACTIONS.hireOut, world.vex, { lieutenant });
      await performAction(ACTIONS.ambush, world.vex, { lieutenant, strategy: "aggressive", units: [] });
      await performAction(ACTIONS.purchase, world.vex, { lieutenant, price: 3 });
      await performAction(ACTIONS.purchase, world.vex, { lieutenant, price: 3, thing: { kind: "unit", name: "Sellswords", competency: "force", upkeep: 1 } });
      await performAction(ACTIONS.conceal, world.vex, { lieutenant });
    });
    expect(warnings()).toEqual([malformedAt("units"), malformedAt("factions"), malformedAt("thing"), malformedAt("thing.level"), malformedAt("target")]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("refuse a modifier, a purchase level or price and a sale price of 1e21 by name, never 'Not a dice formula'", async () => {
    const world = await operationsWorld();
    const before = snapshot();
    const lieutenant = world.vex.uuid;
    const buy = (level: number, price: number) => ({ lieutenant, thing: { kind: "item", name: "Map", level }, price });
    await harness.as(harness.users.alice, async () => {
      await performAction(ACTIONS.aggressiveAttack, world.vex, { lieutenant, target: world.blue.uuid, location: DOCKS, units: [OPS_IDS.thugs], modifier: 1e21 });
      await performAction(ACTIONS.purchase, world.vex, buy(1e21, 3));
      await performAction(ACTIONS.purchase, world.vex, buy(1, 1e21));
      await performAction(ACTIONS.sellItem, world.vex, { lieutenant, thing: { kind: "other", name: "Idol", price: 1e21 } });
      // As typed into the Purchase dialog.
      harness.dialogs.next({ kind: "item", name: "Map", level: "1e21", price: 3 });
      await takeOperationsAction(world.vex, "purchase");
    });
    expect(warnings()).toEqual([malformedAt("modifier"), malformedAt("thing.level"), malformedAt("price"), malformedAt("thing.price"), malformedAt("thing.level")]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it(`take a purchase at level ${MAX_ASSET_LEVEL}: it rolls against 1d10 + ${MAX_ASSET_LEVEL}`, async () => {
    const world = await operationsWorld();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.purchase, world.vex, { lieutenant: world.vex.uuid, thing: { kind: "item", name: "Map", level: MAX_ASSET_LEVEL }, price: 3 }),
    );
    expect(warnings()).toEqual([]);
    expect(card?.system.formulas).toContain(`1d10 + ${MAX_ASSET_LEVEL}`);
  });

  it(`take a sale at ${MAX_PRICE} Capital: it rolls against 1d10 + ${MAX_PRICE}; ${MAX_PRICE + 1} is refused`, async () => {
    const world = await operationsWorld();
    const sell = (price: number) =>
      harness.as(harness.users.alice, () => performAction(ACTIONS.sellItem, world.vex, { lieutenant: world.vex.uuid, thing: { kind: "other", name: "Idol", price } }));
    expect(await sell(MAX_PRICE + 1)).toBeNull();
    expect(warnings()).toEqual([malformedAt("thing.price")]);
    harness.notifications.clear();
    const card = await sell(MAX_PRICE);
    expect(warnings()).toEqual([]);
    expect(card?.system.formulas).toContain(`1d10 + ${MAX_PRICE}`);
  });
});
