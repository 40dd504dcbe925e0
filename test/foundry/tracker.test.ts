/**
 * The faction turn on the combat tracker: the GM's client ends the previous faction's turn when
 * the turn passes (forward only: going back ends nothing and gives no second Start Turn), and each
 * faction's line says where its turn stands.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { decorate, turnSummary } from "../../src/rulesets/faction-turn/tracker/turns";
import { harness } from "../harness/install";
import { actionCards, lastCard, t, warnings } from "../harness/world";
import { standardWorld } from "./fixtures";

async function encounter() {
  const world = await standardWorld();
  const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
  await combat.createEmbeddedDocuments("Combatant", [
    { actorId: world.red.id, name: "Red Hand", initiative: 20 },
    { actorId: world.blue.id, name: "Blue Lotus", initiative: 10 },
  ]);
  await combat.startCombat();
  await harness.settle();
  return { ...world, combat };
}

/** The tracker's faction lines as `user` sees them. */
async function trackerAs(user: Parameters<typeof harness.as>[0]): Promise<HTMLElement> {
  return harness.as(user, async () => {
    const root = document.createElement("ol");
    for (const c of game.combat!.combatants) root.insertAdjacentHTML("beforeend", `<li data-combatant-id="${c.id}"><span class="token-name">${c.name}</span></li>`);
    decorate(root, game.combat!);
    return root;
  });
}

const ends = () => actionCards().filter((c) => c.system.action === ACTIONS.end);

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

  it("never ends a turn nor gives a second Start Turn when the GM goes back, and goes on once forward again", async () => {
    const { red, blue, combat } = await encounter();
    await combat.nextTurn();
    await harness.settle();
    expect(ends().map((c) => c.system.actor)).toEqual([red.uuid]);
    expect(blue.system.turn.started).toBe(true);

    // Back to Red: Blue's turn goes on, Red's stays over, and Red gets no second Start Turn.
    await combat.previousTurn();
    await harness.settle();
    expect(ends()).toHaveLength(1);
    expect(blue.system.turn.started).toBe(true);
    expect(red.system.turn.started).toBe(false);
    expect((await trackerAs(harness.users.alice)).querySelector(".factions-start-turn")).toBeNull();
    await harness.as(harness.users.alice, () => performAction(ACTIONS.start, red, { faction: red.uuid }));
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.FactionTurn.Reject.NotItsTurn", { faction: "Red Hand" })]);
    expect(red.system.turn.started).toBe(false);
    harness.notifications.clear();

    // Forward again to Blue: nothing ends or starts twice.
    await combat.nextTurn();
    await harness.settle();
    expect(ends()).toHaveLength(1);
    expect(blue.system.turn.started).toBe(true);
    // And on into round 2: Blue's turn ends, and Red starts a new one.
    await combat.nextTurn();
    await harness.settle();
    expect(ends().map((c) => c.system.actor)).toEqual([red.uuid, blue.uuid]);
    const button = (await trackerAs(harness.users.alice)).querySelector<HTMLButtonElement>(".factions-start-turn");
    expect(button).not.toBeNull();
    harness.dialogs.next({});
    await harness.as(harness.users.alice, async () => {
      button!.click();
      await harness.settle();
    });
    expect(red.system.turn).toMatchObject({ started: true, number: 2 });
    expect(warnings()).toEqual([]);
  });

  it("lets a player end their own faction's turn from the tracker, the GM's client ending it with a card", async () => {
    const { red, blue, combat } = await encounter();
    const { alice, gm } = harness.users;
    await harness.as(alice, () => combat.nextTurn());
    await harness.settle();
    const [end] = ends();
    expect(end?.system.actor).toBe(red.uuid);
    expect(end?.author?.id).toBe(gm.id);
    expect(end?.system.status).toBe("applied");
    expect(red.system.turn.started).toBe(false);
    expect(blue.system.turn.started).toBe(true);
    expect(combat.combatant?.actorId).toBe(blue.id);
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
    const buttonFor = (root: HTMLElement, actor: { id: string | null }) => {
      const id = game.combat!.combatants.find((c) => c.actorId === actor.id)!.id!;
      return root.querySelector<HTMLButtonElement>(`[data-combatant-id="${id}"] .factions-start-turn`);
    };
    const asBob = await trackerAs(harness.users.bob);
    expect(buttonFor(asBob, red)).toBeNull();
    expect(buttonFor(asBob, blue)).toBeNull(); // not Blue's turn
    const asAlice = await trackerAs(harness.users.alice);
    await harness.as(harness.users.alice, async () => {
      const button = buttonFor(asAlice, red);
      expect(button?.textContent).toBe(t("FACTIONS.FactionTurn.Action.start"));
      harness.dialogs.next({});
      button!.click();
      await harness.settle();
    });
    expect(lastCard().system.action).toBe(ACTIONS.start);
    expect(red.system.turn.started).toBe(true);
  });
});
