/**
 * Quench batch `factions.rounds.flows`: in a live world, the GM starts a Rounds game of two teams
 * of three on a scratch scene with an adventure space; the waves bring heroes in as tokens (the first by a
 * click on a highlighted square of the canvas, which shows the scene for it and then goes back), Next
 * Step refuses to leave Reinforce while a hero is owed, the step machine runs, an act is refused
 * outside its step and applied (then undone) in it, a shot rolls the hero's Shoot formula and its
 * card's outcome (Defeated, when the world's list has it) takes the target's token off the map
 * and undo puts it back, a shot takes its target from a token on the map and names its distance
 * on the grid (a teammate's token refused), a dragged token is the hero's Move (the token moving when the card is
 * applied, back on undo), Slip Away swaps two tokens and steps, a hero challenges the adventure space, and an interstep event fires as its
 * own card. Everything made is deleted afterwards.
 */
import { actionDefinition } from "../../src/core/actions/definition";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { openFollowUps } from "../../src/core/records/record";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { startRoundsGame } from "../../src/rulesets/rounds/encounter/new-game";
import { encounterOf, trackOf, type Hero, type RoundsCombat } from "../../src/rulesets/rounds/encounter/state";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { defineBatch, until, type Batch, type Context, type Assert } from "./support";

// The Rounds dialogs are loaded on first use, as the sheets load them (a chunk of their own).
const takeRoundsAct = async (...args: Parameters<typeof import("../../src/rulesets/rounds/dialogs").takeRoundsAct>) => (await import("../../src/rulesets/rounds/dialogs")).takeRoundsAct(...args);

/** A left click on the canvas at a canvas point, made as PIXI makes one and sent to the stage, where the system listens. */
function clickCanvas(point: { x: number; y: number }): void {
  const board = canvas!;
  const event = new PIXI.FederatedPointerEvent(board.app!.renderer.events.rootBoundary);
  event.type = "mousedown";
  event.button = 0;
  board.stage!.worldTransform.apply(point, event.global);
  board.stage!.emit("mousedown", event);
}

/** Two teams of three heroes on a scratch scene with an adventure space (the batch's own documents). */
export async function roundsScratch(batch: Batch): Promise<{ scene: Scene.Implementation; heroes: Hero[] }> {
  const scene = batch.made(
    (await Scene.implementation.create({
      name: "Quench Causeway",
      width: 1000,
      height: 800,
      padding: 0,
      grid: { size: 100 },
      regions: [{ name: "Quench Vault", shapes: [{ type: "rectangle", x: 400, y: 300, width: 200, height: 200 }], behaviors: [{ name: "Adventure", type: "factions.adventure", system: { text: "A test vault." } }] }],
    } as unknown as Scene.CreateData)) as unknown as Scene.Implementation,
  );
  const make = async (name: string, team: string, items: object[] = []) =>
    batch.made((await Actor.implementation.create({ name, type: "hero", system: { team }, items } as unknown as Actor.CreateData)) as unknown as Hero);
  const heroes = [
    await make("Quench Ari", "skyhawks", [{ name: "Quench Rally", type: "ability", system: { timing: "end", step: "free", text: "Allies take heart." } }]),
    await make("Quench Bel", "skyhawks"),
    await make("Quench Cato", "skyhawks"),
    await make("Quench Pax", "psiclones"),
    await make("Quench Quill", "psiclones"),
    await make("Quench Rook", "psiclones"),
  ];
  return { scene, heroes };
}

export function roundsFlowsBatch(context: Context): void {
  defineBatch(context, "Rounds flows", { rulesets: ["rounds"] }, (batch) => {
  const { describe, it, before } = context;
  const assert: Assert = batch.assert;
  let scene: Scene.Implementation | null = null;
  let combat: RoundsCombat | null = null;
  const heroes: Hero[] = [];
  const messages = { map: <T>(fn: (id: string) => T) => batch.messages().map(fn) };

  before(async () => {
    const scratch = await roundsScratch(batch);
    scene = scratch.scene;
    heroes.push(...scratch.heroes);
    // Made after the heroes: deleted before them.
    combat = batch.made(await startRoundsGame({ lastRound: 3, scene, heroes }));
  });

  const [ari, bel, , pax] = [0, 1, 2, 3].map((i) => () => heroes[i]!);
  const step = async (move: "nextStep" | "nextTurn" = "nextStep", override = false) => moveEncounter(combat!, move, override);
  const bringIn = (hero: Hero, x: number, y: number) => performAction(ACTIONS.reinforce, hero, { combat: combat!.uuid, hero: hero.uuid, square: { x, y } });

  /**
   * Bring a hero in as its player does on the map: the canvas shows the game's scene, the Bring in
   * dialog is open, and a click on a highlighted square picks it. The canvas goes back to the scene it showed.
   */
  async function bringInByClick(hero: Hero, x: number, y: number): Promise<void> {
    const shown = canvas?.scene ?? null;
    await scene!.view();
    try {
      const opened = new Promise<void>((resolve) => Hooks.once("renderDialogV2", () => resolve()));
      const taken = takeRoundsAct(hero, "reinforce");
      await opened;
      await until(() => !!canvas?.interface?.grid.highlightLayers["factions.pick"], 5000, "the entry squares to light up");
      const size = scene!.grid.size;
      clickCanvas({ x: (x + 0.5) * size, y: (y + 0.5) * size });
      await taken;
    } finally {
      if (shown && shown !== scene) await shown.view();
    }
  }
  const system = (hero: Hero) => hero.system as unknown as { onMap: boolean; entered: number };

  describe("a Rounds game", () => {
    it("starts with one CombatantGroup per team, every hero in its team's group and off the map", () => {
      assert.equal(combat!.type, "rounds");
      assert.deepEqual(trackOf(combat!), { round: 1, team: "skyhawks", step: "reinforce", lastRound: 3, over: false });
      assert.equal(combat!.groups.size, 2);
      for (const group of combat!.groups) assert.equal(group.members.size, 3);
      assert.isTrue(heroes.every((h) => !system(h).onMap));
    });

    it("brings a wave in as tokens, and does not leave Reinforce while a hero is owed", async () => {
      assert.isNull(await step());
      assert.equal(trackOf(combat!).team, "skyhawks");
      // Ari's player clicks a highlighted square of the Skyhawks' edge on the map.
      await bringInByClick(ari(), 0, 0);
      const card = batch.messages().map((id) => game.messages?.get(id) as ActionMessage | undefined).findLast((m) => m?.system?.action === ACTIONS.reinforce);
      assert.equal(card?.system.status, "applied");
      assert.isTrue(system(ari()).onMap);
      const token = scene!.tokens.find((t) => t.actorId === ari().id);
      assert.deepEqual({ x: token?.x, y: token?.y }, { x: 0, y: 0 });
      await step();
      assert.equal(trackOf(combat!).team, "psiclones");
      await bringIn(pax(), 9, 0);
      await step();
      assert.deepEqual({ round: trackOf(combat!).round, step: trackOf(combat!).step, foundry: combat!.round }, { round: 2, step: "free", foundry: 2 });
    });

    it("refuses an act outside its step, applies it in its step, and undoes it", async () => {
      assert.isNull(await performAction(ACTIONS.move, ari(), { combat: combat!.uuid, hero: ari().uuid }));
      const rally = encounterOf(combat!).pending;
      assert.deepEqual(rally, []);
      await step();
      // Leaving Free fires Ari's "end of Free" ability as its own card.
      await until(() => encounterOf(combat!).pending.length === 0);
      const fired = messages.map((id) => game.messages?.get(id)).filter((m) => (m as ActionMessage | undefined)?.system?.action === ACTIONS.trigger);
      assert.equal(fired.length, 1);
      assert.equal(trackOf(combat!).step, "action");
      const card = (await performAction(ACTIONS.move, ari(), { combat: combat!.uuid, hero: ari().uuid })) as ActionMessage | null;
      assert.equal(card?.system.status, "applied");
      // Each step keeps its own record of the acts taken in it.
      const acts = () => (ari().system as unknown as { used: { at: string; acts: string[] }[] }).used.flatMap((u) => u.acts);
      assert.deepEqual(acts(), ["move"]);
      assert.isTrue(await undoMessage(card!));
      assert.deepEqual(acts(), []);
    });

    it("rolls the Shoot formula on a shot; its outcome is its own card, and Defeated's undo puts the token back", async () => {
      await ari().update({ system: { shootFormula: "1d8+1" } } as Actor.UpdateData);
      const shot = (await performAction(ACTIONS.shoot, ari(), { combat: combat!.uuid, hero: ari().uuid, target: pax().uuid })) as ActionMessage | null;
      assert.equal(shot?.system.status, "applied");
      assert.deepEqual(shot!.system.formulas, ["1d8+1"]);
      assert.equal(shot!.rolls.length, 1);
      const offered = openFollowUps(shot!.system.record!);
      assert.isAbove(offered.length, 0);
      // The built-in list (pinned for the batch) offers Defeated.
      const pick = offered.find((f) => f.step === "defeated");
      if (!pick) return assert.fail(`Defeated is not offered (offered: ${offered.map((f) => f.step).join(", ")})`);
      const token = scene!.tokens.find((t) => t.actorId === pax().id)!.toObject() as { _id: string; x: number; y: number };
      await actionDefinition(ACTIONS.shoot)!.onFollowUp!(shot!, pick);
      const outcome = batch.messages().map((id) => game.messages?.get(id) as ActionMessage | undefined).find((m) => m?.system?.action === ACTIONS.outcome);
      assert.equal(outcome?.system.status, "applied");
      assert.include((pax().system as unknown as { outcomes: string[] }).outcomes, pick.step);
      assert.isUndefined(scene!.tokens.find((t) => t.actorId === pax().id), "Defeated takes the token off the map");
      assert.isTrue(await undoMessage(outcome!));
      const back = scene!.tokens.find((t) => t.actorId === pax().id);
      assert.deepEqual({ id: back?.id, x: back?.x, y: back?.y }, { id: token._id, x: token.x, y: token.y });
      assert.isTrue(await undoMessage(shot!));
    });

    it("takes a shot's target from a token on the map: the card names it and its distance on the grid; a teammate is refused", async () => {
      const paxToken = scene!.tokens.find((t) => t.actorId === pax().id)!;
      const ariToken = scene!.tokens.find((t) => t.actorId === ari().id)!;
      assert.isNull(await performAction(ACTIONS.shoot, ari(), { combat: combat!.uuid, hero: ari().uuid, target: ariToken.uuid }));
      const shot = (await performAction(ACTIONS.shoot, ari(), { combat: combat!.uuid, hero: ari().uuid, target: paxToken.uuid })) as ActionMessage | null;
      assert.equal(shot?.system.status, "applied");
      const outcome = shot!.system.resolvedOutcome!;
      // Ari at (0,0), Pax at (9,0): nine squares along a row.
      assert.deepInclude(outcome.detail as object, { target: pax().uuid, distance: { value: 9 * scene!.grid.distance, units: scene!.grid.units ?? "" } });
      assert.deepEqual(outcome.summary?.map((l) => l.key), ["FACTIONS.Rounds.Log.TargetAt"]);
      assert.isTrue(await undoMessage(shot!));
    });

    it("takes a dragged token as the hero's Move, moving it when applied; undo puts it back", async () => {
      const token = scene!.tokens.find((t) => t.actorId === ari().id)!;
      const from = { x: token.x, y: token.y };
      // A drag's movement is held back: the card moves the token.
      assert.isFalse(await token.move([{ x: 200, y: 100 }], { method: "dragging" }));
      await until(() => token.x === 200 && token.y === 100);
      const card = batch.messages().map((id) => game.messages?.get(id) as ActionMessage | undefined).findLast((m) => m?.system?.action === ACTIONS.move);
      assert.equal(card?.system.status, "applied");
      assert.isTrue(await undoMessage(card!));
      assert.deepEqual({ x: token.x, y: token.y }, from);
    });

    it("swaps two tokens for Slip Away, with the hero's step after; undo puts both back", async () => {
      const [mine, theirs] = [ari(), pax()].map((h) => scene!.tokens.find((t) => t.actorId === h.id)!);
      const where = (t: TokenDocument.Implementation) => ({ x: t.x, y: t.y });
      const [a, p] = [where(mine!), where(theirs!)];
      const step = { x: p.x / 100 - 1, y: p.y / 100 + 1 };
      const card = (await performAction(ACTIONS.slipAway, ari(), { combat: combat!.uuid, hero: ari().uuid, target: pax().uuid, step })) as ActionMessage | null;
      assert.equal(card?.system.status, "applied");
      assert.deepEqual(where(mine!), { x: step.x * 100, y: step.y * 100 });
      assert.deepEqual(where(theirs!), a);
      assert.isTrue(await undoMessage(card!));
      assert.deepEqual([where(mine!), where(theirs!)], [a, p]);
    });

    it("lets a hero standing on the adventure space challenge it", async () => {
      const token = scene!.tokens.find((t) => t.actorId === ari().id)!;
      await token.update({ x: 400, y: 300 });
      for (const _ of ["reaction", "melee", "adventure"]) await step();
      assert.equal(trackOf(combat!).step, "adventure");
      const card = (await performAction(ACTIONS.challenge, ari(), { combat: combat!.uuid, hero: ari().uuid })) as ActionMessage | null;
      assert.equal(card?.system.status, "applied");
      assert.equal((card!.system.resolvedOutcome?.detail as { targetName: string }).targetName, "Quench Vault");
      assert.isNull(await performAction(ACTIONS.challenge, bel(), { combat: combat!.uuid, hero: bel().uuid }));
    });
  });
  });
}
