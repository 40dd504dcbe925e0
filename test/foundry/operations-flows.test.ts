/**
 * Operations flows on the in-memory Foundry: a stance triggering on a move, the round's start on the
 * combat tracker, and the sheets.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/operations/rules";
import { roundSummary } from "../../src/rulesets/operations/tracker/rounds";
import { harness } from "../harness/install";
import { actionCards, cardButtons, lastCard, renderCardAs, t, warnings } from "../harness/world";
import { DOCKS, MARKET, OPS_IDS, operationsWorld } from "./operations-fixtures";

type Sys = Record<string, unknown>;
const sys = (doc: { system: unknown }) => doc.system as Sys;

describe("a stance triggering on a move", () => {
  it("rolls when the named faction's force moves in, and offers the mover its choices", async () => {
    const world = await operationsWorld();
    const { alice, bob } = harness.users;
    // Mara (Blue Lotus) sets an ambush at the Docks against the Red Hand.
    await harness.as(bob, () =>
      performAction(ACTIONS.ambush, world.mara, { lieutenant: world.mara.uuid, factions: [world.red.uuid], strategy: "aggressive", units: [OPS_IDS.guards] }),
    );
    expect(warnings()).toEqual([]);
    expect((sys(world.mara).stance as Sys).kind).toBe("ambush");
    // Vex sends a Thief Pack from the Market to the Docks. The ambush rolls Sneak vs Sneak: 1 + 4 vs 10 + 4 → complete failure.
    harness.dice.force(1, 10);
    await harness.as(alice, () => performAction(ACTIONS.moveMinion, world.vex, { lieutenant: world.vex.uuid, units: [{ unit: OPS_IDS.thiefA, to: DOCKS }] }));
    await harness.settle();
    expect(warnings()).toEqual([]);
    expect(sys(world.red.items.get(OPS_IDS.thiefA)!).location).toBe(DOCKS);
    const trigger = lastCard();
    expect(trigger.system.action).toBe(ACTIONS.stanceTrigger);
    expect(trigger.system.resolvedOutcome?.checks[0]?.check.tier).toBe("completeFailure");
    // Spotted: the mover may attack with +2 or go around.
    const html = await renderCardAs(alice, trigger);
    expect(cardButtons(html).filter((b) => b === "followUp")).toHaveLength(4);
    expect(html.textContent).toContain(`${t("FACTIONS.Operations.Action.aggressiveAttack")} +2`);
    expect(html.textContent).toContain(t("FACTIONS.Operations.Dialog.Bypass"));
    // Bob sees no buttons of the mover's.
    expect(cardButtons(await renderCardAs(bob, trigger)).filter((b) => b === "followUp")).toEqual([]);
    // Alice goes around the ambush: a note in chat, nothing changed.
    const bypass = html.querySelector<HTMLButtonElement>('button[data-step="bypass"]');
    expect(bypass).not.toBeNull();
    harness.asUser(alice);
    bypass!.click();
    await harness.settle();
    expect(game.messages!.contents.at(-1)?.content).toContain(t("FACTIONS.Operations.Dialog.Bypassed", { location: "Docks" }));
    expect(warnings()).toEqual([]);
  });
});

describe("the round's start on the combat tracker", () => {
  it("posts a Start Round card per organization: upkeep paid, acted marks reset, conditions recovered", async () => {
    const world = await operationsWorld();
    await harness.as(harness.users.gm, () =>
      world.vex.update({ "system.acted": true } as Actor.UpdateData).then(() => world.mara.update({ "system.condition": "dinged" } as Actor.UpdateData)),
    );
    expect(roundSummary(world.vex)).toBe(t("FACTIONS.Operations.Tracker.Acted"));
    const combat = (await harness.as(harness.users.gm, () => Combat.implementation.create({ type: "base" } as Combat.CreateData))) as unknown as {
      createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
      startCombat(): Promise<unknown>;
      nextRound(): Promise<unknown>;
    };
    await harness.as(harness.users.gm, async () => {
      await combat.createEmbeddedDocuments("Combatant", [
        { actorId: world.vex.id, name: "Vex", initiative: 10 },
        { actorId: world.mara.id, name: "Mara", initiative: 5 },
      ]);
      await combat.startCombat();
    });
    await harness.settle();
    const starts = actionCards().filter((c) => c.system.action === ACTIONS.startRound);
    expect(starts.map((c) => c.system.actor).sort()).toEqual([world.red.uuid, world.blue.uuid].sort());
    expect(starts.every((c) => c.system.status === "applied")).toBe(true);
    // Red pays Thugs 1 + Cutpurses 1; Blue pays the Dock Guards 2.
    expect(sys(world.red).capital).toBe(8);
    expect(sys(world.blue).capital).toBe(6);
    expect(sys(world.vex).acted).toBe(false);
    expect(sys(world.mara).condition).toBe("fresh");
    expect(roundSummary(world.vex)).toBe(t("FACTIONS.Operations.Tracker.NotActed"));
    expect(warnings()).toEqual([]);
    await harness.as(harness.users.gm, () => combat.nextRound());
    await harness.settle();
    expect(sys(world.red).capital).toBe(6);
  });
});

describe("going back on the combat tracker", () => {
  it("starts each round once: not again when the GM goes back a round and forward again", async () => {
    const world = await operationsWorld();
    const { gm } = harness.users;
    const combat = (await harness.as(gm, () => Combat.implementation.create({ type: "base" } as Combat.CreateData))) as Combat.Implementation;
    const starts = () => actionCards().filter((c) => c.system.action === ACTIONS.startRound).length;
    const move = async (fn: () => Promise<unknown>) => {
      await harness.as(gm, fn);
      await harness.settle();
    };
    await move(async () => {
      await combat.createEmbeddedDocuments("Combatant", [
        { actorId: world.vex.id, name: "Vex", initiative: 10 },
        { actorId: world.mara.id, name: "Mara", initiative: 5 },
      ] as Combatant.CreateData[]);
      await combat.startCombat();
    });
    expect(starts()).toBe(2);
    await move(() => combat.nextRound());
    expect(starts()).toBe(4);
    expect(sys(world.red).capital).toBe(6);
    // Back to round 1 and forward to round 2 again, turn by turn and round by round: no second start.
    await move(() => combat.previousRound());
    await move(() => combat.nextTurn());
    await move(() => combat.nextTurn());
    expect(combat.round).toBe(2);
    await move(() => combat.previousTurn());
    await move(() => combat.previousTurn());
    expect(combat.round).toBe(1);
    await move(() => combat.nextRound());
    expect(combat.round).toBe(2);
    expect(starts()).toBe(4);
    expect(sys(world.red).capital).toBe(6);
    expect(sys(world.red).round).toBe(2);
    // Round 3 is new.
    await move(() => combat.nextRound());
    expect(starts()).toBe(6);
    expect(sys(world.red).capital).toBe(4);
    expect(warnings()).toEqual([]);
  });
});

describe("the Operations sheets", () => {
  it("render the lieutenant with its action groups and the organization with its units and projects", async () => {
    const world = await operationsWorld();
    await harness.as(harness.users.alice, async () => {
      const lt = await world.vex.sheet!.render(true);
      const el = (lt as unknown as { element: HTMLElement }).element;
      expect(el.querySelectorAll("[data-operations-action]")).toHaveLength(20);
      expect(el.querySelectorAll(".factions-ops-group")).toHaveLength(7);
      const org = await world.red.sheet!.render(true);
      const oel = (org as unknown as { element: HTMLElement }).element;
      expect(oel.textContent).toContain("Thief Pack");
      expect(oel.textContent).toContain("Ward of Ash");
      expect(oel.textContent).toContain("Market");
    });
    expect(MARKET).toBe("name:Market");
  });
});
