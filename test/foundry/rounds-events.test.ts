/**
 * Interstep events on Foundry: at a step boundary the abilities triggered there wait on the Combat;
 * the team active in their step puts them in order, as its players' card (its author's identity is
 * the server's, checked by the GM's client); then each fires as its own card in that order, from
 * the GM's client. At a turn change each team orders its own group.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { askGM } from "../../src/core/actions/requests";
import { moveEncounter, orderWaitingEvents } from "../../src/rulesets/rounds/actions/moves";
import { encounterOf } from "../../src/rulesets/rounds/encounter/state";
import { trackerContext } from "../../src/rulesets/rounds/tracker/context";
import { decorateTracker } from "../../src/rulesets/rounds/tracker/decorate";
import { ENCOUNTER_ACTIONS, type PendingGroup } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import { actionCards, snapshot, t, warnings } from "../harness/world";
import { IDS, fixedId, putOnMap, roundsWorld, setPosition, type RoundsWorld } from "./rounds-fixtures";

const keysOf = (groups: PendingGroup[]) => groups.map((g) => [g.team, g.ordered, g.events.map((e) => e.key)]);
const GM = () => harness.users.gm;

async function stepOn(world: RoundsWorld, override = false) {
  await harness.as(GM(), () => moveEncounter(world.combat, "nextStep", override));
  await harness.settle();
}

async function onTheMap(world: RoundsWorld) {
  await putOnMap(world, "Ari", { x: 0, y: 0 });
  await putOnMap(world, "Bel", { x: 0, y: 1 });
  await putOnMap(world, "Pax", { x: 19, y: 0 });
  await putOnMap(world, "Quill", { x: 19, y: 1 });
}

describe("interstep events", () => {
  it("wait on the Combat at a boundary, are put in order by the active team's player, and fire one card each in that order", async () => {
    const world = await roundsWorld({ triggers: true });
    const { alice, bob } = harness.users;
    const { Ari, Bel, Pax } = world.heroes;
    await onTheMap(world);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    await stepOn(world);
    const rally = `${Ari.uuid}/${IDS.rally}`;
    const ward = `${Bel.uuid}/${IDS.ward}`;
    const hex = `${Pax.uuid}/${IDS.hex}`;
    expect(keysOf(encounterOf(world.combat).pending)).toEqual([
      ["skyhawks", false, [rally, ward]],
      ["skyhawks", true, [hex]],
    ]);
    // Nothing fires before the Skyhawks have ordered their group, and the game waits for the events.
    expect(actionCards().filter((c) => c.system.action === "rounds.trigger")).toEqual([]);
    await stepOn(world);
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Reject.EventsPending", { count: 3 })]);
    harness.notifications.clear();

    // The tracker offers the ordering to the Skyhawks' player (and the GM), not to Bob.
    expect(await harness.as(alice, () => trackerContext(world.combat, alice as unknown as User.Implementation).events?.canOrder)).toBe(true);
    expect(await harness.as(bob, () => trackerContext(world.combat, bob as unknown as User.Implementation).events?.canOrder)).toBe(false);
    // The box says who puts each group in order, to everyone: the Skyhawks (their players, or the GM).
    const skyhawks = t("FACTIONS.Rounds.Team.skyhawks");
    const box = await harness.as(bob, async () => {
      const root = document.createElement("section");
      root.innerHTML = `<ol class="combat-tracker"></ol>`;
      await decorateTracker(root, world.combat);
      return root.querySelector(".factions-rounds-events")!;
    });
    expect([...box.querySelectorAll(".factions-event-group .factions-event-who")].map((p) => p.textContent?.trim())).toEqual([
      t("FACTIONS.Rounds.Tracker.OrderBy", { team: skyhawks }),
      t("FACTIONS.Rounds.Tracker.OrderedBy", { team: skyhawks }),
    ]);

    // Bob cannot order the Skyhawks' events, neither as his hero nor with a card of Alice's hero.
    const before = snapshot();
    const pending = encounterOf(world.combat).pending;
    expect(await harness.as(bob, () => performAction(ENCOUNTER_ACTIONS.order, Pax, { combat: world.combat.uuid, hero: Pax.uuid, order: [ward, rally] }))).toBeNull();
    expect(warnings(bob)).toEqual([t("FACTIONS.Rounds.Reject.NotYourOrder", { team: t("FACTIONS.Rounds.Team.skyhawks") })]);
    const forged = await harness.as(bob, () =>
      ChatMessage.implementation.create({
        type: "action",
        system: { action: ENCOUNTER_ACTIONS.order, actor: Ari.uuid, choice: { combat: world.combat.uuid, hero: Ari.uuid, order: [ward, rally] }, phase: "resolved", outcome: { changes: [] } },
      } as ChatMessage.CreateData),
    );
    await expect(harness.as(bob, () => askGM("apply", { message: forged!.id }))).rejects.toMatchObject({ key: "FACTIONS.Action.Error.NotYours" });
    expect(encounterOf(world.combat).pending).toEqual(pending);
    expect(snapshot()).toEqual(before);

    // Alice puts Bel's Ward first; the GM's client fires Ward, Rally, then the start of Action's Hex.
    harness.dice.force(5);
    harness.dialogs.next({ event1: ward, event2: rally });
    await harness.as(alice, async () => {
      await orderWaitingEvents(world.combat);
      await harness.settle();
    });
    const order = actionCards().find((c) => c.system.action === ENCOUNTER_ACTIONS.order && c.id !== forged!.id)!;
    // Alice posted it and asked it applied; the card is the GM's since its ruling.
    expect(order.system.appliedBy?.user).toBe(alice.id);
    expect(order.system.status).toBe("applied");
    const fired = actionCards().filter((c) => c.system.action === "rounds.trigger");
    expect(fired.map((c) => [c.system.actor, c.author?.id, c.system.status])).toEqual([
      [Bel.uuid, GM().id, "applied"],
      [Ari.uuid, GM().id, "applied"],
      [Pax.uuid, GM().id, "applied"],
    ]);
    expect(fired[0]!.system.resolvedOutcome?.rolls.map((r) => [r.formula, r.total])).toEqual([["1d6", 5]]);
    expect(fired[1]!.system.resolvedOutcome?.log.map((l) => l.key)).toEqual([
      "FACTIONS.Rounds.Log.TriggeredAtEnd",
      "FACTIONS.Rounds.Log.AbilityText",
      "FACTIONS.Rounds.Log.GmRules.trigger",
    ]);
    expect(encounterOf(world.combat).pending).toEqual([]);
    // The game goes on.
    harness.notifications.clear();
    await stepOn(world);
    expect(warnings()).toEqual([]);
  });

  it("at a turn change: each team orders its own group, the end of the old turn's first", async () => {
    const world = await roundsWorld();
    const { alice, bob, gm } = harness.users;
    const { Ari, Bel, Pax, Quill } = world.heroes;
    await onTheMap(world);
    await putOnMap(world, "Cato", { x: 0, y: 2 }, 2);
    await putOnMap(world, "Dara", { x: 0, y: 3 }, 2);
    const ability = (hero: typeof Ari, stem: string, timing: string, step: string) =>
      harness.as(gm, () => hero.createEmbeddedDocuments("Item", [{ _id: fixedId(stem), name: stem, type: "ability", system: { timing, step } } as Item.CreateData], { keepId: true }));
    await ability(Ari, "Regroup", "end", "reinforce");
    await ability(Bel, "Signal", "end", "reinforce");
    await ability(Pax, "Lurk", "start", "free");
    await ability(Quill, "Hide", "start", "free");
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "reinforce" });
    await stepOn(world);
    const key = (hero: typeof Ari, stem: string) => `${hero.uuid}/${fixedId(stem)}`;
    expect(keysOf(encounterOf(world.combat).pending)).toEqual([
      ["skyhawks", false, [key(Ari, "Regroup"), key(Bel, "Signal")]],
      ["psiclones", false, [key(Pax, "Lurk"), key(Quill, "Hide")]],
    ]);
    // The Psiclones wait for the Skyhawks' group.
    expect(await harness.as(bob, () => performAction(ENCOUNTER_ACTIONS.order, Pax, { combat: world.combat.uuid, hero: Pax.uuid, order: [key(Pax, "Lurk"), key(Quill, "Hide")] }))).toBeNull();
    expect(warnings(bob)).toEqual([t("FACTIONS.Rounds.Reject.NotYourOrder", { team: t("FACTIONS.Rounds.Team.skyhawks") })]);
    await harness.as(alice, () => performAction(ENCOUNTER_ACTIONS.order, Bel, { combat: world.combat.uuid, hero: Bel.uuid, order: [key(Bel, "Signal"), key(Ari, "Regroup")] }));
    await harness.settle();
    // The Skyhawks' group fired; the Psiclones' now waits for Bob, and Alice may not order it.
    expect(keysOf(encounterOf(world.combat).pending)).toEqual([["psiclones", false, [key(Pax, "Lurk"), key(Quill, "Hide")]]]);
    harness.notifications.clear();
    expect(await harness.as(alice, () => performAction(ENCOUNTER_ACTIONS.order, Ari, { combat: world.combat.uuid, hero: Ari.uuid, order: [key(Quill, "Hide"), key(Pax, "Lurk")] }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.NotYourOrder", { team: t("FACTIONS.Rounds.Team.psiclones") })]);
    await harness.as(bob, () => performAction(ENCOUNTER_ACTIONS.order, Quill, { combat: world.combat.uuid, hero: Quill.uuid, order: [key(Quill, "Hide"), key(Pax, "Lurk")] }));
    await harness.settle();
    const fired = actionCards()
      .filter((c) => c.system.action === "rounds.trigger")
      .map((c) => (c.system.choice as { key: string }).key);
    expect(fired).toEqual([key(Bel, "Signal"), key(Ari, "Regroup"), key(Quill, "Hide"), key(Pax, "Lurk")]);
    expect(encounterOf(world.combat).pending).toEqual([]);
  });

  it("can be set aside by the GM moving on, and the card says how many", async () => {
    const world = await roundsWorld({ triggers: true });
    await onTheMap(world);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    await stepOn(world);
    await stepOn(world, true);
    const card = actionCards().at(-1)!;
    expect(card.system.resolvedOutcome?.log[0]).toEqual({ key: "FACTIONS.Rounds.Log.EventsDropped", data: { count: 3 } });
    expect(encounterOf(world.combat).pending).toEqual([]);
  });
});
