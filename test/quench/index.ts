/**
 * Quench batches: the flows of test/foundry, run in a real Foundry world by a GM with the Quench
 * module active. Each batch creates temporary factions, drives the system through its own API
 * (dialogs bypassed by passing the choice, or the defender's answer, directly), checks the
 * documents, and deletes everything it made (and restores the settings it touched) afterwards.
 *
 * src/index.ts imports this module only on `quenchReady` (a dynamic import: the batches are a
 * chunk of their own, never in the production module) and hands it the Quench instance.
 */
import type { Quench, QuenchBatchContext } from "@ethaks/fvtt-quench";
import { answerAsGM } from "../../src/core/actions/authority";
import { removeCardsAndRecords } from "./cleanup";
import { applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { actionCardContext } from "../../src/core/chat/render";
import type { FactionsActor } from "../../src/core/documents/actor";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { AssetSheet, FactionSheet } from "../../src/rulesets/faction-turn/sheets";
import { battleFlowsBatch } from "./battle";
import { operationsFlowsBatch } from "./operations";
import { skirmishFlowsBatch } from "./skirmish";
import { roundsFlowsBatch } from "./rounds";
import { statusesBatch } from "./statuses";
import { adventuresBatch } from "./adventures";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      quenchReady: (quench: Quench) => void;
    }
  }
}

type Faction = FactionsActor<"faction">;
type Json = Record<string, unknown>;

const SYSTEM = "factions";
const PLACE = "name:Quench Docks";
const ELSEWHERE = "name:Quench Citadel";

/* -------------------------------------------- */
/*  A temporary world                             */
/* -------------------------------------------- */

interface Scratch {
  red: Faction;
  blue: Faction;
  ids: { thugs: string; redBase: string; guards: string; knives: string };
}

const started = { started: true, number: 1, action: "", created: false, healed: false, repairs: {} };

/** Two factions at the Quench Docks, owned by the GM, as in test/foundry/fixtures.ts. */
async function makeScratch(): Promise<Scratch> {
  const red = (await Actor.implementation.create({
    name: "Quench Red Hand",
    type: "faction",
    system: { force: 4, wealth: 3, cunning: 3, hp: { value: 12, override: null }, treasure: 5, turn: started },
    items: [
      { name: "Quench Thugs", type: "asset", img: "icons/svg/sword.svg", system: { attribute: "force", rating: 1, cost: 2, hp: { value: 2, max: 4 }, attack: { attribute: "force", defense: "force", damage: "1d6" }, location: PLACE } },
      { name: "Quench Red Base", type: "asset", system: { attribute: "cunning", rating: 1, cost: 3, hp: { value: 3, max: 3 }, base: true, location: PLACE } },
    ],
  } as Actor.CreateData)) as unknown as Faction;
  const blue = (await Actor.implementation.create({
    name: "Quench Blue Lotus",
    type: "faction",
    system: { force: 3, wealth: 3, cunning: 4, hp: { value: 16, override: null }, treasure: 4, turn: started },
    items: [
      { name: "Quench Dock Guards", type: "asset", system: { attribute: "force", rating: 2, cost: 3, hp: { value: 5, max: 5 }, attack: { attribute: "force", defense: "force", damage: "1d4" }, counter: "1d4", location: PLACE } },
      { name: "Quench Shadow Knives", type: "asset", system: { attribute: "cunning", rating: 3, cost: 6, hp: { value: 3, max: 3 }, stealth: true, location: PLACE } },
    ],
  } as Actor.CreateData)) as unknown as Faction;
  const id = (actor: Faction, name: string) => actor.items.find((i) => i.name === name)!.id!;
  return {
    red,
    blue,
    ids: { thugs: id(red, "Quench Thugs"), redBase: id(red, "Quench Red Base"), guards: id(blue, "Quench Dock Guards"), knives: id(blue, "Quench Shadow Knives") },
  };
}

/** Each batch's setup and cleanup: scratch factions, the cards it posted, the settings it changed. */
function scratchLifecycle(context: QuenchBatchContext): { world: () => Scratch; cards: () => ActionMessage[] } {
  const { before, after, beforeEach, afterEach } = context;
  let scratch: Scratch | null = null;
  let messageIds: string[] = [];
  let hook: number | undefined;
  let saved: { autoApply: boolean } | null = null;

  before(function (this: { skip(): never }) {
    if (!game.user?.isGM) this.skip();
    saved = { autoApply: game.settings!.get(SYSTEM, "autoApply") };
    hook = Hooks.on("createChatMessage", (message) => {
      if (!messageIds.includes(message.id!)) messageIds.push(message.id!);
    });
  });
  beforeEach(async () => {
    await game.settings!.set(SYSTEM, "autoApply", true);
    scratch = await makeScratch();
  });
  afterEach(async () => {
    await Actor.implementation.deleteDocuments([scratch?.red.id, scratch?.blue.id].filter((id): id is string => !!id));
    scratch = null;
  });
  after(async () => {
    if (hook !== undefined) Hooks.off("createChatMessage", hook);
    // Let the records' own writes land before taking them away.
    await wait(200);
    await removeCardsAndRecords(messageIds);
    messageIds = [];
    if (saved) await game.settings!.set(SYSTEM, "autoApply", saved.autoApply);
  });
  return {
    world: () => {
      if (!scratch) throw new Error("no scratch world");
      return scratch;
    },
    cards: () =>
      messageIds.flatMap((id) => {
        const message = game.messages?.get(id);
        return message?.type === "action" ? [message as unknown as ActionMessage] : [];
      }),
  };
}

/* -------------------------------------------- */
/*  Helpers                                       */
/* -------------------------------------------- */

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `test` holds (polling), or fail after `ms`. */
async function until(test: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error("timed out waiting for the world to change");
    await wait(25);
  }
}

/** An actor's stored data without timestamps, items sorted by id. */
function stored(actor: Actor.Implementation): Json {
  const source = actor.toObject() as unknown as Json;
  const strip = (o: Json) => {
    const copy = { ...o };
    delete copy._stats;
    return copy;
  };
  const items = ((source.items as Json[]) ?? []).map(strip).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  return { ...strip(source), items };
}

const snapshot = (s: Scratch) => ({ red: stored(s.red), blue: stored(s.blue) });

const hp = (actor: Faction, id: string) => (actor.items.get(id)?.system as { hp: { value: number } } | undefined)?.hp.value;

/** An unsaved player, to see a card as a player who owns neither faction would. */
function viewer(): User.Implementation {
  return new CONFIG.User.documentClass({ name: "Quench Viewer", role: CONST.USER_ROLES.PLAYER } as User.CreateData) as User.Implementation;
}

/* -------------------------------------------- */
/*  Batches                                       */
/* -------------------------------------------- */

function actionsBatch(context: QuenchBatchContext): void {
  const { describe, it } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const { world, cards } = scratchLifecycle(context);

  describe("an action on the actor's own faction", () => {
    it("is applied: documents change and the card is applied; undo restores every document", async () => {
      const s = world();
      const before = snapshot(s);
      const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
      assert.ok(card, "a card was posted");
      assert.equal(card!.system.status, "applied");
      assert.equal(s.red.system.treasure, 4);
      assert.equal(hp(s.red, s.ids.thugs), 4);
      assert.deepEqual(s.red.system.turn.repairs, { [s.ids.thugs]: 1 });
      assert.isTrue(await undoMessage(card!));
      assert.equal(card!.system.status, "undone");
      assert.deepEqual(snapshot(s), before);
    });

    it("cannot be applied twice", async () => {
      const s = world();
      const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
      const after = snapshot(s);
      assert.isFalse(await applyMessage(card!));
      assert.deepEqual(snapshot(s), after);
    });

    it("is refused when the world changed between the roll and the apply", async () => {
      const s = world();
      await game.settings!.set(SYSTEM, "autoApply", false);
      const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
      assert.equal(card!.system.status, "resolved");
      await s.red.update({ "system.treasure": 6 } as Actor.UpdateData);
      const changed = snapshot(s);
      assert.isFalse(await applyMessage(card!));
      assert.equal(card!.system.status, "resolved");
      assert.deepEqual(snapshot(s), changed);
    });
  });

  describe("an attack", () => {
    it("waits for the defender, is resolved with the answer, applied, and undone exactly", async () => {
      const s = world();
      const before = snapshot(s);
      const awaiting = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
      assert.equal(awaiting!.system.status, "awaiting");
      assert.equal(awaiting!.system.awaiting, s.blue.uuid);
      assert.deepEqual(snapshot(s), before);

      // The defender's dialog, bypassed: the GM answers with the Dock Guards.
      const count = cards().length;
      await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.guards }] }, game.user!);
      assert.equal(awaiting!.system.status, "answered");
      await until(() => cards().length > count);
      const resolved = cards().at(-1)!;
      assert.equal(resolved.system.status, "applied");
      assert.lengthOf(resolved.rolls, resolved.system.resolvedOutcome!.checks.length * 2 + resolved.system.resolvedOutcome!.rolls.length);
      // Whatever the dice said, the documents show exactly the card's changes.
      for (const change of resolved.system.appliedChanges) {
        if (change.op !== "update") continue;
        const actor = change.ref.actor === s.red.uuid ? s.red : s.blue;
        const doc = change.ref.item ? actor.items.get(change.ref.item) : actor;
        if (!doc) continue;
        assert.deepEqual(foundry.utils.getProperty(doc.toObject(), change.path), change.to, change.path);
      }
      assert.equal(s.red.system.turn.action, ACTIONS.attack);
      assert.isTrue(await undoMessage(resolved));
      assert.deepEqual(snapshot(s), before);
    });

    it("is refused before anyone is asked when it cannot be made", async () => {
      const s = world();
      await s.blue.updateEmbeddedDocuments("Item", [
        { _id: s.ids.guards, "system.location": ELSEWHERE },
        { _id: s.ids.knives, "system.location": ELSEWHERE },
      ] as unknown as Item.UpdateData[]);
      const before = snapshot(s);
      const count = cards().length;
      const card = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
      assert.isNull(card);
      assert.equal(cards().length, count);
      assert.deepEqual(snapshot(s), before);
    });
  });

  describe("a refused action", () => {
    it("posts no card and changes nothing", async () => {
      const s = world();
      await s.red.update({ "system.cunning": 2 } as Actor.UpdateData);
      const before = snapshot(s);
      const count = cards().length;
      const card = await performAction(ACTIONS.hide, s.red, { faction: s.red.uuid, assets: [s.ids.thugs] });
      assert.isNull(card);
      assert.equal(cards().length, count);
      assert.deepEqual(snapshot(s), before);
    });
  });
}

function cardsBatch(context: QuenchBatchContext): void {
  const { describe, it } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const { world } = scratchLifecycle(context);

  describe("the action card", () => {
    it("renders its buttons from the card's data, and they work after a re-render", async () => {
      const s = world();
      await game.settings!.set(SYSTEM, "autoApply", false);
      const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
      const first = await card!.renderHTML();
      const second = await card!.renderHTML();
      const buttons = (html: HTMLElement) => Array.from(html.querySelectorAll<HTMLButtonElement>("button[data-action]")).map((b) => b.dataset.action);
      assert.deepEqual(buttons(first), ["apply"]);
      second.querySelector<HTMLButtonElement>('button[data-action="apply"]')!.click();
      await until(() => card!.system.status === "applied");
      assert.equal(s.red.system.treasure, 4);
      assert.deepEqual(buttons(await card!.renderHTML()), ["undo"]);
      (await card!.renderHTML()).querySelector<HTMLButtonElement>('button[data-action="undo"]')!.click();
      await until(() => card!.system.status === "undone");
      assert.equal(s.red.system.treasure, 5);
      assert.deepEqual(buttons(await card!.renderHTML()), []);
    });

    it("offers a player who owns neither faction no button, and masks Stealth asset names for them", async () => {
      const s = world();
      const awaiting = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
      const player = viewer();
      assert.deepEqual(actionCardContext(awaiting!, player).buttons, []);
      assert.deepEqual(
        actionCardContext(awaiting!, game.user!).buttons.map((b) => b.action),
        ["answer"],
      );
      await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.knives }] }, game.user!);
      await until(() => !!game.messages?.contents.at(-1) && game.messages.contents.at(-1)!.id !== awaiting!.id);
      const resolved = game.messages!.contents.at(-1) as ActionMessage;
      const seen = (user: User.Implementation) => {
        const ctx = actionCardContext(resolved, user);
        return [...ctx.log.flatMap((g) => [g.heading, ...g.lines.map((l) => l.text)]), ...ctx.checks.map((c) => c.label), ...ctx.rolls.map((r) => r.label)].join("\n");
      };
      assert.notInclude(seen(player), "Quench Shadow Knives");
      assert.include(seen(player), game.i18n!.localize("FACTIONS.Card.HiddenAsset"));
      assert.include(seen(game.user!), "Quench Shadow Knives");
      await undoMessage(resolved);
    });
  });
}

function sheetsBatch(context: QuenchBatchContext): void {
  const { describe, it } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const { world } = scratchLifecycle(context);
  type OpenSheet = { element: HTMLElement; rendered: boolean; render(o: object): Promise<unknown>; close(): Promise<unknown>; tabGroups: Record<string, string> };

  describe("the faction sheet", () => {
    it("renders every part and every asset for its owner, with the actions bar", async () => {
      const s = world();
      const sheet = s.blue.sheet as unknown as OpenSheet;
      assert.instanceOf(sheet, FactionSheet);
      await sheet.render({ force: true });
      try {
        for (const part of ["header", "actions", "tabs", "assets", "description"]) assert.ok(sheet.element.querySelector(`[data-application-part="${part}"]`), part);
        const rows = Array.from(sheet.element.querySelectorAll<HTMLElement>(".factions-asset-row")).map((r) => r.dataset.itemId).sort();
        assert.deepEqual(rows, [s.ids.guards, s.ids.knives].sort());
        assert.ok(sheet.element.querySelector('[data-faction-action="attack"]'));
        assert.notMatch(sheet.element.textContent ?? "", /FACTIONS\./);
      } finally {
        await sheet.close();
      }
    });

    it("shows its changes after an action", async () => {
      const s = world();
      const sheet = s.red.sheet as unknown as OpenSheet;
      await sheet.render({ force: true });
      try {
        await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
        await until(() => sheet.element.querySelector<HTMLInputElement>('input[name="system.treasure"]')?.value === "4");
      } finally {
        await sheet.close();
      }
    });

    it("makes a dropped compendium asset an embedded item, recording its source", async () => {
      const s = world();
      const pack = game.packs?.get(`${SYSTEM}.faction-turn-assets`);
      if (!pack) return assert.fail("the system's asset pack is missing");
      const [source] = (await pack.getDocuments()) as Item.Implementation[];
      const sheet = s.red.sheet as unknown as { _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> };
      const created = await sheet._onDropItem(new DragEvent("drop"), source!);
      assert.ok(created);
      assert.equal(created!.parent?.id, s.red.id);
      assert.equal(created!.name, source!.name);
      assert.equal(created!._stats.compendiumSource, source!.uuid);
    });
  });

  describe("the asset sheet", () => {
    it("renders the schema's fields", async () => {
      const s = world();
      const item = s.red.items.get(s.ids.thugs)!;
      const sheet = item.sheet as unknown as OpenSheet;
      assert.instanceOf(sheet, AssetSheet);
      await sheet.render({ force: true });
      try {
        assert.equal(sheet.element.querySelector<HTMLInputElement>('[name="system.rating"]')?.value, "1");
        assert.ok(sheet.element.querySelector('[data-faction-action="repair"]'));
      } finally {
        await sheet.close();
      }
    });
  });
}

/** The trust flows of issue 7, in a live world: what the GM's client believes, and all-or-nothing applies. */
function trustBatch(context: QuenchBatchContext): void {
  const { describe, it } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const { world } = scratchLifecycle(context);

  describe("the GM's client believes nothing a card says", () => {
    it("keeps a card applied in its record: rewriting the card does not reopen it", async () => {
      const s = world();
      const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
      assert.equal(card!.system.status, "applied");
      await card!.update({ "system.phase": "resolved" } as ChatMessage.UpdateData);
      const after = snapshot(s);
      assert.isFalse(await applyMessage(card!));
      assert.equal(card!.system.status, "applied");
      assert.deepEqual(snapshot(s), after);
    });

    it("refuses a die its formula cannot give", async () => {
      const s = world();
      await game.settings!.set(SYSTEM, "autoApply", false);
      const card = await performAction(ACTIONS.expand, s.red, { faction: s.red.uuid, location: PLACE, hp: 1, name: "Quench Office" });
      assert.isAbove(card!.rolls.length, 0);
      const rolls = card!.rolls.map((roll, i) => {
        const data = roll.toJSON() as unknown as { terms: { class: string; results?: { result: number }[] }[]; total: number };
        const die = data.terms.find((term) => term.class === "Die")?.results?.[0];
        if (i === 0 && die) {
          data.total += 50 - die.result;
          die.result = 50;
        }
        return JSON.stringify(data);
      });
      await card!.update({ rolls } as ChatMessage.UpdateData);
      const before = snapshot(s);
      assert.isFalse(await applyMessage(card!));
      assert.equal(card!.system.status, "resolved");
      assert.deepEqual(snapshot(s), before);
    });

    it("refuses a reaction attack no Expand Influence card offered", async () => {
      const s = world();
      const before = snapshot(s);
      const card = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs], reaction: { base: s.ids.guards } });
      assert.isNull(card);
      assert.deepEqual(snapshot(s), before);
    });
  });

  describe("all or nothing", () => {
    it("puts back what was written when a module refuses a later write", async () => {
      const s = world();
      const before = snapshot(s);
      const awaiting = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
      // Every die shows its highest face: 10 + 4 vs 10 + 3 hits, and the hit needs Blue's write, which a module refuses.
      const uniform = CONFIG.Dice.randomUniform;
      CONFIG.Dice.randomUniform = () => 0.999;
      const refuse = (item: Item.Implementation) => (item.parent?.id === s.blue.id ? false : undefined);
      const hooks = [Hooks.on("preUpdateItem", refuse), Hooks.on("preDeleteItem", refuse)] as const;
      try {
        await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.guards }] }, game.user!).catch(() => undefined);
      } finally {
        Hooks.off("preUpdateItem", hooks[0]);
        Hooks.off("preDeleteItem", hooks[1]);
        CONFIG.Dice.randomUniform = uniform;
      }
      const resolved = game.messages!.contents.at(-1) as ActionMessage;
      assert.equal(resolved.system.status, "resolved");
      assert.deepEqual(snapshot(s), before);
    });
  });
}

/** Register the system's Quench batches with Quench (src/index.ts does, on `quenchReady`). */
export function registerQuenchBatches(quench: Quench): void {
  quench.registerBatch("factions.faction-turn.sheets", sheetsBatch, { displayName: "Factions: Faction Turn sheets" });
  quench.registerBatch("factions.faction-turn.actions", actionsBatch, { displayName: "Factions: Faction Turn actions" });
  quench.registerBatch("factions.core.cards", cardsBatch, { displayName: "Factions: action cards" });
  quench.registerBatch("factions.core.trust", trustBatch, { displayName: "Factions: trust" });
  quench.registerBatch("factions.battle.flows", battleFlowsBatch, { displayName: "Factions: Battle flows" });
  quench.registerBatch("factions.operations.flows", operationsFlowsBatch, { displayName: "Factions: Operations flows" });
  quench.registerBatch("factions.skirmish.flows", skirmishFlowsBatch, { displayName: "Factions: Skirmish flows" });
  quench.registerBatch("factions.rounds.flows", roundsFlowsBatch, { displayName: "Factions: Rounds flows" });
  quench.registerBatch("factions.core.statuses", statusesBatch, { displayName: "Factions: token statuses" });
  quench.registerBatch("factions.adventures.import", adventuresBatch, { displayName: "Factions: Adventures" });
}
