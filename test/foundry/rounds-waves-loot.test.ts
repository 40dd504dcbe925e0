/**
 * Reinforcement waves and loot on Foundry: each team brings in a third of its heroes (rounded up)
 * at each Reinforce, each as a token placed on the scene (undo takes it away); by the end of round
 * 3 every hero is on the map. Loot is traded between teammates (to a hero another player owns, the
 * GM's client writing both sides) and picked up off the ground (the world item leaves it).
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { askGM } from "../../src/core/actions/requests";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { trackOf } from "../../src/rulesets/rounds/encounter/state";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { lastCard, snapshot, t, warnings } from "../harness/world";
import { IDS, PSICLONES, SKYHAWKS, heroSystem, putOnMap, roundsWorld, setPosition, type HeroName, type RoundsWorld } from "./rounds-fixtures";

const tokenSquare = (world: RoundsWorld, name: HeroName) => {
  const token = world.scene.tokens.find((t) => t.actorId === world.heroes[name].id);
  return token ? { x: token.x / 100, y: token.y / 100 } : null;
};

/** A player brings a hero in from the tracker's list, on the first free square offered. */
async function bringIn(world: RoundsWorld, name: HeroName, user: User): Promise<void> {
  harness.dialogs.next({});
  await harness.as(user, async () => {
    await takeRoundsAct(world.heroes[name], "reinforce");
    await harness.settle();
  });
}

async function gmMoves(world: RoundsWorld, move: "nextStep" | "nextTurn") {
  await harness.as(harness.users.gm, () => moveEncounter(world.combat, move));
  await harness.settle();
}

/** The GM moves on step by step to the active team's Reinforce. */
async function toReinforce(world: RoundsWorld) {
  while (trackOf(world.combat).step !== "reinforce") await gmMoves(world, "nextStep");
}

describe("reinforcement waves", () => {
  it("bring in 2, 2, 2 of six heroes, one by one, each as a token on the team's edge; by the end of round 3 all are on the map", async () => {
    const world = await roundsWorld();
    const { alice, bob } = harness.users;
    for (let round = 1; round <= 3; round++) {
      const wave = (names: readonly HeroName[]) => names.slice((round - 1) * 2, round * 2);
      await toReinforce(world);
      for (const name of wave(SKYHAWKS)) await bringIn(world, name, alice);
      // The wave is complete: a third is refused.
      const extra = SKYHAWKS[round * 2];
      if (extra) {
        await bringIn(world, extra, alice);
        expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.WaveComplete", { team: t("FACTIONS.Rounds.Team.skyhawks") })]);
        harness.notifications.clear();
      }
      await gmMoves(world, "nextStep");
      await toReinforce(world);
      for (const name of wave(PSICLONES)) await bringIn(world, name, bob);
      await gmMoves(world, "nextStep");
      for (const name of [...wave(SKYHAWKS), ...wave(PSICLONES)]) expect(heroSystem(world.heroes[name]), name).toMatchObject({ onMap: true, entered: round });
    }
    expect(warnings()).toEqual([]);
    // Each came in on its own square of its team's edge: the Skyhawks on the left, the Psiclones on the right.
    expect(SKYHAWKS.map((n) => tokenSquare(world, n))).toEqual([0, 1, 2, 3, 4, 5].map((y) => ({ x: 0, y })));
    expect(PSICLONES.map((n) => tokenSquare(world, n))).toEqual([0, 1, 2, 3, 4, 5].map((y) => ({ x: 19, y })));
    // The last round is over when the Psiclones finish it.
    expect(trackOf(world.combat).over).toBe(true);
  });

  it("refuses a square that is taken or off the scene, and undo takes the token away again", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const { Ari, Bel } = world.heroes;
    const bring = (hero: typeof Ari, square: { x: number; y: number }) =>
      harness.as(alice, () => performAction(ACTIONS.reinforce, hero, { combat: world.combat.uuid, hero: hero.uuid, square }));
    const card = await bring(Ari, { x: 1, y: 4 });
    expect(tokenSquare(world, "Ari")).toEqual({ x: 1, y: 4 });
    expect(card?.system.resolvedOutcome?.log.map((l) => l.key)).toContain("FACTIONS.Rounds.Log.Placed");
    const before = snapshot();
    await bring(Bel, { x: 1, y: 4 });
    await bring(Bel, { x: -1, y: 0 });
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.SquareTaken", { column: 2, row: 5 }), t("FACTIONS.Rounds.Reject.OutsideScene", { column: 0, row: 1 })]);
    expect(snapshot()).toEqual(before);
    expect(world.scene.tokens.size).toBe(1);
    expect(await harness.as(harness.users.gm, () => undoMessage(card!))).toBe(true);
    expect(world.scene.tokens.size).toBe(0);
    expect(heroSystem(Ari)).toMatchObject({ onMap: false, entered: 0 });
  });
});

describe("issue 17: bringing a hero in", () => {
  it("is only onto a square of the team's own edge, checked again by the GM's client when the card is applied", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const { Ari } = world.heroes;
    const bring = (square: { x: number; y: number }) => harness.as(alice, () => performAction(ACTIONS.reinforce, Ari, { combat: world.combat.uuid, hero: Ari.uuid, square }));
    const before = snapshot();
    // The middle of the map, the Psiclones' edge, the third column: refused, saying why.
    expect(await bring({ x: 10, y: 5 })).toBeNull();
    expect(await bring({ x: 19, y: 0 })).toBeNull();
    expect(await bring({ x: 2, y: 0 })).toBeNull();
    const skyhawks = t("FACTIONS.Rounds.Team.skyhawks");
    expect(warnings(alice)).toEqual([
      t("FACTIONS.Rounds.Reject.NotOwnEdge", { column: 11, row: 6, team: skyhawks }),
      t("FACTIONS.Rounds.Reject.NotOwnEdge", { column: 20, row: 1, team: skyhawks }),
      t("FACTIONS.Rounds.Reject.NotOwnEdge", { column: 3, row: 1, team: skyhawks }),
    ]);
    expect(snapshot()).toEqual(before);
    // A card written by hand, as a modified client would post it, is refused by the GM's client.
    const changes = [
      { op: "update", ref: { actor: Ari.uuid }, path: "system.onMap", from: false, to: true },
      { op: "update", ref: { actor: Ari.uuid }, path: "system.entered", from: 0, to: 1 },
    ];
    const forged = await harness.as(alice, () =>
      ChatMessage.implementation.create({
        type: "action",
        system: { action: ACTIONS.reinforce, actor: Ari.uuid, choice: { combat: world.combat.uuid, hero: Ari.uuid, square: { x: 10, y: 5 } }, phase: "resolved", outcome: { changes } },
      } as ChatMessage.CreateData),
    );
    await expect(harness.as(alice, () => askGM("apply", { message: forged!.id }))).rejects.toMatchObject({ key: "FACTIONS.Rounds.Reject.NotOwnEdge" });
    expect(heroSystem(Ari)).toMatchObject({ onMap: false, entered: 0 });
    expect(world.scene.tokens.size).toBe(0);
    // On its own edge, Ari comes in.
    harness.notifications.clear();
    expect((await bring({ x: 1, y: 0 }))?.system.status).toBe("applied");
    expect(tokenSquare(world, "Ari")).toEqual({ x: 1, y: 0 });
  });
});

describe("loot", () => {
  it("is traded between teammates, to a hero another player owns, by the GM's client; undo puts it back", async () => {
    const world = await roundsWorld();
    const { alice, bob, gm } = harness.users;
    const { Ari, Bel } = world.heroes;
    // Bel is a Skyhawk that Bob plays.
    await harness.as(gm, () => Bel.update({ ownership: { [alice.id!]: 0, [bob.id!]: 3 } } as unknown as Actor.UpdateData));
    await putOnMap(world, "Ari", { x: 0, y: 0 });
    await putOnMap(world, "Bel", { x: 0, y: 1 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    await expect(harness.as(alice, () => Bel.createEmbeddedDocuments("Item", [{ name: "Rope", type: "loot" }] as Item.CreateData[]))).rejects.toThrow(/lacks permission/);
    const before = snapshot();
    harness.dialogs.next({ other: Bel.uuid });
    harness.dialogs.next({ give: [IDS.rope], take: [IDS.lantern] });
    await harness.as(alice, async () => {
      await takeRoundsAct(Ari, "trade");
      await harness.settle();
    });
    const card = lastCard();
    // Alice posted it and asked it applied; the card is the GM's since its ruling.
    expect(card.system.appliedBy?.user).toBe(alice.id);
    expect(card.system.status).toBe("applied");
    expect(Ari.items.map((i) => i.name)).toContain("Lantern");
    expect(Ari.items.map((i) => i.name)).not.toContain("Rope");
    expect(Bel.items.get(IDS.rope)?.name).toBe("Rope");
    expect(card.system.resolvedOutcome?.log.map((l) => l.key)).toEqual(["FACTIONS.Rounds.Log.GaveLoot", "FACTIONS.Rounds.Log.GaveLoot", "FACTIONS.Rounds.Log.GmRules.trade"]);
    expect(await harness.as(gm, () => undoMessage(card))).toBe(true);
    expect(snapshot()).toEqual(before);
  });

  it("is not traded with an enemy or a teammate off the map, nor outside the Free step", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const { Ari, Bel, Pax } = world.heroes;
    await putOnMap(world, "Ari", { x: 0, y: 0 });
    await putOnMap(world, "Pax", { x: 19, y: 0 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    const before = snapshot();
    const trade = (other: typeof Ari) => harness.as(alice, () => performAction(ACTIONS.trade, Ari, { combat: world.combat.uuid, hero: Ari.uuid, other: other.uuid, give: [IDS.rope], take: [] }));
    await trade(Pax);
    await trade(Bel);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    await putOnMap(world, "Bel", { x: 0, y: 1 });
    const placed = snapshot();
    await trade(Bel);
    expect(warnings(alice)).toEqual([
      t("FACTIONS.Rounds.Reject.NotTeammate", { hero: "Ari", other: "Pax" }),
      t("FACTIONS.Rounds.Reject.OffMap", { hero: "Bel" }),
      t("FACTIONS.Rounds.Reject.WrongStep", { act: t("FACTIONS.Rounds.Act.trade"), step: t("FACTIONS.Rounds.Step.action") }),
    ]);
    expect(before.actors.find((a) => a._id === Ari.id)).toEqual(placed.actors.find((a) => a._id === Ari.id));
  });

  it("is picked up off the ground: the world item leaves it for the hero's hands, and undo lays it down again", async () => {
    const world = await roundsWorld();
    const { alice, gm } = harness.users;
    const { Ari } = world.heroes;
    const idol = (await harness.as(gm, () =>
      Item.implementation.create({ name: "Gold Idol", type: "loot", img: "icons/svg/coins.svg", ownership: { default: 2 }, system: { description: "<p>Heavy.</p>" } } as unknown as Item.CreateData),
    )) as Item.Implementation;
    await putOnMap(world, "Ari", { x: 0, y: 0 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    const before = snapshot();
    harness.dialogs.next({ source: idol.uuid });
    await harness.as(alice, async () => {
      await takeRoundsAct(Ari, "pickUp");
      await harness.settle();
    });
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(game.items!.has(idol.id!)).toBe(false);
    const idolHeld = Ari.items.find((i) => i.name === "Gold Idol");
    expect((idolHeld?.system as { description?: string }).description).toBe("<p>Heavy.</p>");
    // Gone from the ground: it cannot be picked up twice; nor is the GM's own loot, which no player sees, on the ground.
    const hoard = (await harness.as(gm, () => Item.implementation.create({ name: "GM's Hoard", type: "loot" } as unknown as Item.CreateData))) as Item.Implementation;
    const held = snapshot();
    await harness.as(alice, () => performAction(ACTIONS.pickUp, Ari, { combat: world.combat.uuid, hero: Ari.uuid, source: idol.uuid }));
    await harness.as(alice, () => performAction(ACTIONS.pickUp, Ari, { combat: world.combat.uuid, hero: Ari.uuid, source: hoard.uuid }));
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.NotOnGround"), t("FACTIONS.Rounds.Reject.NotOnGround")]);
    expect(snapshot()).toEqual(held);
    await harness.as(gm, () => hoard.delete());
    expect(await harness.as(gm, () => undoMessage(card))).toBe(true);
    expect(snapshot()).toEqual(before);
  });
});
