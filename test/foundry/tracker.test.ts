/**
 * The faction turn on the combat tracker: the GM's client ends the previous faction's turn when
 * the turn passes, and each faction's line says where its turn stands.
 */
import { describe, expect, it } from "vitest";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { decorate, turnSummary } from "../../src/rulesets/faction-turn/tracker/turns";
import { harness } from "../harness/install";
import { lastCard, t, warnings } from "../harness/world";
import { standardWorld } from "./fixtures";

async function encounter() {
  const world = await standardWorld();
  const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as unknown as {
    id: string;
    createEmbeddedDocuments(name: string, data: object[]): Promise<unknown>;
    startCombat(): Promise<unknown>;
    nextTurn(): Promise<unknown>;
  };
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: world.red.id, name: "Red Hand", initiative: 20 },
    { actorId: world.blue.id, name: "Blue Lotus", initiative: 10 },
  ]);
  await combat.startCombat();
  return { ...world, combat };
}

describe("the faction turn on the combat tracker", () => {
  it("ends the previous faction's turn, as an undoable card, when the GM passes the turn", async () => {
    const { red, blue, combat } = await encounter();
    expect(red.system.turn.started).toBe(true);
    await combat.nextTurn();
    await harness.settle();
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.end);
    expect(card.system.actor).toBe(red.uuid);
    expect(card.system.round).toBe(1);
    expect(card.system.status).toBe("applied");
    expect(red.system.turn.started).toBe(false);
    expect(blue.system.turn.started).toBe(true);
    // Only the GM's client acted, once, though every client heard the turn change.
    expect(game.messages!.size).toBe(1);
    expect(warnings()).toEqual([]);
  });

  it("says under each faction where its turn stands", async () => {
    const { red } = await encounter();
    expect(turnSummary(red)).toBe(t("FACTIONS.FactionTurn.Tracker.Started"));
    await red.update({ "system.turn.action": ACTIONS.attack } as Actor.UpdateData);
    expect(turnSummary(red)).toBe(t("FACTIONS.FactionTurn.Tracker.Did", { action: t("FACTIONS.FactionTurn.Action.attack") }));
    await red.update({ "system.turn.started": false } as Actor.UpdateData);
    expect(turnSummary(red)).toBe(t("FACTIONS.FactionTurn.Tracker.NotStarted"));
  });

  it("offers Start Turn on the current faction's line to its owner only, and the button starts the turn", async () => {
    const { red, blue } = await encounter();
    await harness.as(harness.users.gm, () => red.update({ "system.turn.started": false } as Actor.UpdateData));
    const tracker = () => {
      const root = document.createElement("ol");
      for (const c of game.combat!.combatants) root.insertAdjacentHTML("beforeend", `<li data-combatant-id="${c.id}"><span class="token-name">${c.name}</span></li>`);
      return root;
    };
    const buttonFor = (root: HTMLElement, actor: { id: string | null }) => {
      const id = game.combat!.combatants.find((c) => c.actorId === actor.id)!.id!;
      return root.querySelector<HTMLButtonElement>(`[data-combatant-id="${id}"] .factions-start-turn`);
    };
    const asBob = await harness.as(harness.users.bob, async () => {
      const root = tracker();
      decorate(root);
      return root;
    });
    expect(buttonFor(asBob, red)).toBeNull();
    expect(buttonFor(asBob, blue)).toBeNull(); // not Blue's turn
    await harness.as(harness.users.alice, async () => {
      const root = tracker();
      decorate(root);
      const button = buttonFor(root, red);
      expect(button?.textContent).toBe(t("FACTIONS.FactionTurn.Action.start"));
      harness.dialogs.next({});
      button!.click();
      await harness.settle();
    });
    expect(lastCard().system.action).toBe(ACTIONS.start);
    expect(red.system.turn.started).toBe(true);
  });
});
