/**
 * Rounds heroes on the canvas (issue #18 §4): a hero's token dragged in a step where it may move
 * is its Move, the token going where it was dropped only when the GM's client applies the card;
 * Slip Away trades the two tokens' places and may step one square; Bring in takes a click on a
 * highlighted entry square; undo puts every token back. Refusals say why and move nothing.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import type { TokenDocument } from "../harness/documents";
import { actionCards, lastCard, snapshot, t, warnings } from "../harness/world";
import { actionField, heroTokenOf, heroSystem, putOnMap, roundsWorld, setPosition, type HeroName, type RoundsWorld } from "./rounds-fixtures";

const R = "FACTIONS.Rounds.";
const { as } = harness;


const tokenOf = heroTokenOf;
/** The square a hero's token stands on (100 px squares, no padding). */
const at = (world: RoundsWorld, name: HeroName) => ({ x: tokenOf(world, name).x / 100, y: tokenOf(world, name).y / 100 });
/** The middle of a square, in canvas pixels: where a user drops or clicks. */
const middle = (x: number, y: number) => ({ x: x * 100 + 50, y: y * 100 + 50 });
const used = (world: RoundsWorld, name: HeroName) => heroSystem(world.heroes[name]).used;
const detailOf = (card: ActionMessage) => card.system.resolvedOutcome?.detail as { moves?: { hero: string; from: object; to: object }[] };

describe("a dragged token is the hero's Move", () => {
  it("the drag is held back, the Move card taken with the square dropped on, and the token goes there when the GM's client applies it; undo puts it back", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    const { Ari } = world.heroes;
    const moved = await harness.drag(alice, tokenOf(world, "Ari"), middle(11, 7));
    await harness.settle();
    // The drag itself never lands: the card moves the token.
    expect(moved).toBe(false);
    expect(warnings()).toEqual([]);
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.move);
    expect(card.system.status).toBe("applied");
    expect(detailOf(card).moves).toEqual([{ hero: Ari.uuid, from: { x: 8, y: 5 }, to: { x: 11, y: 7 } }]);
    expect(card.system.resolvedOutcome?.log[0]).toEqual({ key: `${R}Log.MovedTo`, data: { hero: "Ari", column: 12, row: 8 } });
    expect(at(world, "Ari")).toEqual({ x: 11, y: 7 });
    expect(used(world, "Ari")).toEqual([{ at: "2:skyhawks:action", acts: ["move"] }]);
    await as(gm, () => undoMessage(card));
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    expect(used(world, "Ari")).toEqual([]);
  });

  it("a second drag in the step is refused with the reason, and the token stays", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    await harness.drag(alice, tokenOf(world, "Ari"), middle(11, 7));
    await harness.settle();
    harness.notifications.clear();
    const before = snapshot();
    const cards = actionCards().length;
    expect(await harness.drag(alice, tokenOf(world, "Ari"), middle(12, 7))).toBe(false);
    await harness.settle();
    expect(warnings(alice)).toEqual([t(`${R}Reject.UsedAction`, { hero: "Ari" })]);
    expect(at(world, "Ari")).toEqual({ x: 11, y: 7 });
    expect(actionCards()).toHaveLength(cards);
    expect(snapshot()).toEqual(before);
  });

  it("onto a square another token holds, or off the scene, is refused on the GM's client and moves nothing", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    const before = snapshot();
    await harness.drag(alice, tokenOf(world, "Ari"), middle(9, 5));
    await harness.settle();
    expect(warnings(alice)).toEqual([t(`${R}Reject.SquareTaken`, { column: 10, row: 6 })]);
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    expect(actionCards().filter((c) => c.system.status === "applied")).toHaveLength(0);
    expect(snapshot()).toEqual(before);
    // A forged card with a square off the scene is refused too.
    harness.notifications.clear();
    await as(alice, () => performAction(ACTIONS.move, world.heroes.Ari, { combat: world.combat.uuid, hero: world.heroes.Ari.uuid, to: { x: 25, y: 3 } }));
    expect(warnings(alice)).toEqual([t(`${R}Reject.OutsideScene`, { column: 26, row: 4 })]);
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
  });

  it("in a step where the hero may not move a player's drag is refused; a GM's goes through as arranging the map, spending nothing", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    expect(await harness.drag(alice, tokenOf(world, "Ari"), middle(8, 7))).toBe(false);
    await harness.settle();
    expect(warnings(alice)).toEqual([t(`${R}Reject.WrongStep`, { act: t(`${R}Act.move`), step: t(`${R}Step.melee`) })]);
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    const cards = actionCards().length;
    expect(await harness.drag(gm, tokenOf(world, "Ari"), middle(8, 7))).toBe(true);
    await harness.settle();
    expect(at(world, "Ari")).toEqual({ x: 8, y: 7 });
    expect(actionCards()).toHaveLength(cards);
    expect(used(world, "Ari")).toEqual([]);
  });

  it("a GM's drag in a step where the hero may move is the hero's Move (the GM playing a side), and moves made by code pass untouched", async () => {
    const world = await actionField();
    const { gm } = harness.users;
    await harness.drag(gm, tokenOf(world, "Bel"), middle(2, 2));
    await harness.settle();
    expect(lastCard().system.action).toBe(ACTIONS.move);
    expect(at(world, "Bel")).toEqual({ x: 2, y: 2 });
    expect(used(world, "Bel")).toEqual([{ at: "2:skyhawks:action", acts: ["move"] }]);
    const cards = actionCards().length;
    await as(gm, () => (tokenOf(world, "Quill") as unknown as TokenDocument.Implementation).update({ x: 1500 }));
    expect(at(world, "Quill")).toEqual({ x: 15, y: 5 });
    expect(actionCards()).toHaveLength(cards);
    // A hidden hero's token is the GM's secret: dragging it posts no card for players to read, and spends nothing.
    await as(gm, () => (tokenOf(world, "Ari") as unknown as TokenDocument.Implementation).update({ hidden: true }));
    expect(await harness.drag(gm, tokenOf(world, "Ari"), middle(6, 6))).toBe(true);
    await harness.settle();
    expect(at(world, "Ari")).toEqual({ x: 6, y: 6 });
    expect(actionCards()).toHaveLength(cards);
    expect(used(world, "Ari")).toEqual([]);
  });
});

describe("a hostile player", () => {
  it("cannot move, swap or bring in another player's hero, whatever choice they send; nothing moves", async () => {
    const world = await actionField();
    const { bob } = harness.users;
    const { Ari, Pax } = world.heroes;
    const before = snapshot();
    await as(bob, async () => {
      await performAction(ACTIONS.move, Ari, { combat: world.combat.uuid, hero: Ari.uuid, to: { x: 12, y: 5 } });
      await performAction(ACTIONS.slipAway, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid, step: { x: 10, y: 5 } });
      await performAction(ACTIONS.reinforce, world.heroes.Cato, { combat: world.combat.uuid, hero: world.heroes.Cato.uuid, square: { x: 0, y: 4 } });
    });
    expect(warnings(bob)).toHaveLength(3);
    expect(actionCards()).toHaveLength(0);
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    expect(at(world, "Pax")).toEqual({ x: 9, y: 5 });
    expect(snapshot()).toEqual(before);
    // Nor drag a token that is not theirs: Foundry does not let them pick it up.
    await expect(harness.drag(bob, tokenOf(world, "Ari"), middle(12, 5))).rejects.toThrow(/do not own/);
  });
});

describe("Slip Away trades places on the map", () => {
  it("the two tokens swap; the hero may then step one square; undo puts both back", async () => {
    const world = await actionField();
    const { alice, gm } = harness.users;
    harness.target(alice, [tokenOf(world, "Pax")]);
    let steps: string[] = [];
    harness.dialogs.next((dialog) => {
      steps = dialog.options("step");
      dialog.fill({ step: "se" });
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(world.heroes.Ari, "slipAway");
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    expect(steps).toEqual(["", "n", "ne", "e", "se", "s", "sw", "w", "nw"]);
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(at(world, "Ari")).toEqual({ x: 10, y: 6 });
    expect(at(world, "Pax")).toEqual({ x: 8, y: 5 });
    expect(card.system.resolvedOutcome?.log.map((l) => l.key)).toEqual([`${R}Log.SlippedAway`, `${R}Log.SteppedTo`]);
    await as(gm, () => undoMessage(card));
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    expect(at(world, "Pax")).toEqual({ x: 9, y: 5 });
  });

  it("the step may be clicked on the map: the enemy's square and those around it light up (not the hero's own), following the dialog's target", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    harness.target(alice, [tokenOf(world, "Pax")]);
    let lit: { x: number; y: number }[] | null = null;
    let relit: { x: number; y: number }[] | null = null;
    harness.dialogs.next(async (dialog) => {
      lit = harness.highlighted(alice, "factions.pick");
      // Another enemy picked in the list: its squares light up instead.
      // (Filling the form sends its change event, as a user's pick does.)
      dialog.fill({ target: world.heroes.Quill.uuid });
      relit = harness.highlighted(alice, "factions.pick");
      dialog.fill({ target: world.heroes.Pax.uuid });
      await harness.click(alice, middle(9, 4));
      return false;
    });
    await as(alice, async () => {
      await takeRoundsAct(world.heroes.Ari, "slipAway");
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    const sorted = (list: { x: number; y: number }[] | null) => [...(list ?? [])].sort((a, b) => a.x - b.x || a.y - b.y);
    // Around Pax (9,5), all but Ari's own square (8,5), where Pax goes.
    expect(sorted(lit)).toEqual(sorted([{ x: 9, y: 5 }, { x: 8, y: 4 }, { x: 9, y: 4 }, { x: 10, y: 4 }, { x: 10, y: 5 }, { x: 10, y: 6 }, { x: 9, y: 6 }, { x: 8, y: 6 }]));
    expect(relit).toHaveLength(9);
    expect(relit![0]).toEqual({ x: 14, y: 5 });
    expect(at(world, "Ari")).toEqual({ x: 9, y: 4 });
    expect(at(world, "Pax")).toEqual({ x: 8, y: 5 });
    expect(harness.highlighted(alice, "factions.pick")).toBeNull();
  });

  it("a step onto a taken square, or two squares away, is refused and nothing moves", async () => {
    const world = await actionField();
    const { alice } = harness.users;
    await putOnMap(world, "Cato", { x: 10, y: 5 });
    const choice = (step: { x: number; y: number }) => ({ combat: world.combat.uuid, hero: world.heroes.Ari.uuid, target: world.heroes.Pax.uuid, step });
    await as(alice, () => performAction(ACTIONS.slipAway, world.heroes.Ari, choice({ x: 10, y: 5 })));
    await as(alice, () => performAction(ACTIONS.slipAway, world.heroes.Ari, choice({ x: 11, y: 5 })));
    expect(warnings(alice)).toEqual([t(`${R}Reject.SquareTaken`, { column: 11, row: 6 }), t(`${R}Reject.StepTooFar`, { hero: "Ari", squares: 1 })]);
    expect(at(world, "Ari")).toEqual({ x: 8, y: 5 });
    expect(at(world, "Pax")).toEqual({ x: 9, y: 5 });
    expect(used(world, "Ari")).toEqual([]);
  });
});

describe("Bring in by a click on the map", () => {
  async function reinforce(): Promise<RoundsWorld> {
    const world = await roundsWorld();
    harness.notifications.clear();
    return world;
  }

  it("the team's free entry squares are highlighted on the player's canvas while the dialog is open; a click on one places the hero there", async () => {
    const world = await reinforce();
    const { alice, bob } = harness.users;
    let lit: { x: number; y: number }[] | null = null;
    harness.dialogs.next(async () => {
      lit = harness.highlighted(alice, "factions.pick");
      await harness.click(alice, middle(1, 4));
      return false;
    });
    await as(alice, async () => {
      await takeRoundsAct(world.heroes.Ari, "reinforce");
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    // The Skyhawks' edge: the two left-hand columns, top to bottom; nobody else's canvas lights up.
    expect(lit).toHaveLength(24);
    expect(lit!.slice(0, 2)).toEqual([{ x: 0, y: 0 }, { x: 0, y: 1 }]);
    expect(harness.highlighted(bob, "factions.pick")).toBeNull();
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.reinforce);
    expect(card.system.status).toBe("applied");
    expect(at(world, "Ari")).toEqual({ x: 1, y: 4 });
    // The dialog closed: the highlights are gone.
    expect(harness.highlighted(alice, "factions.pick")).toBeNull();
  });

  it("a click off the edge says so and picks nothing; a right click does nothing; the list stays the keyboard's way", async () => {
    const world = await reinforce();
    const { alice } = harness.users;
    harness.dialogs.next(async (dialog) => {
      await harness.click(alice, middle(5, 5));
      await harness.click(alice, middle(1, 1), { button: 2 });
      dialog.fill({ square: "0,3" });
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(world.heroes.Ari, "reinforce");
      await harness.settle();
    });
    expect(warnings(alice)).toEqual([t("FACTIONS.Dialog.NotOffered")]);
    expect(actionCards()).toHaveLength(1);
    expect(at(world, "Ari")).toEqual({ x: 0, y: 3 });
  });

  it("a client viewing another scene gets no highlights and the list alone", async () => {
    const world = await reinforce();
    const { alice, gm } = harness.users;
    const other = await as(gm, () => Scene.implementation.create({ name: "Elsewhere", width: 1000, height: 1000 } as Scene.CreateData));
    harness.view(alice, other as unknown as Parameters<typeof harness.view>[1]);
    let lit: unknown = "unset";
    harness.dialogs.next((dialog) => {
      lit = harness.highlighted(alice, "factions.pick");
      dialog.fill({ square: "1,2" });
      return dialog.submit();
    });
    await as(alice, async () => {
      await takeRoundsAct(world.heroes.Ari, "reinforce");
      await harness.settle();
    });
    expect(lit).toBeNull();
    expect(at(world, "Ari")).toEqual({ x: 1, y: 2 });
  });
});
