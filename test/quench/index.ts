/**
 * Quench batches: the flows of test/foundry, run in a real Foundry world by the active GM with the
 * Quench module active (README, "Check in a real Foundry"). Each batch makes its own documents,
 * drives the system through its API, its sheets, dialogs and trackers (and, for the batches that
 * need connected players, the players' own clients through test queries: ./player.ts), checks the
 * documents, and deletes everything it made and restores the settings it pinned (./support.ts).
 *
 * Only the maintainer's build holds them (`npm run build:test`): src/core/testing.ts imports this
 * module on `quenchReady` (a chunk of its own) and hands it the Quench instance.
 */
import type { Quench } from "@ethaks/fvtt-quench";
import { answerAsGM, applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { actionCardContext } from "../../src/core/chat/render";
import { loadRecord } from "../../src/core/records/pack";
import type { Outcome } from "../../src/core/rules/outcome";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { AssetSheet, FactionSheet } from "../../src/rulesets/faction-turn/sheets";
import { adventuresBatch } from "./adventures";
import { battleFlowsBatch } from "./battle";
import { dialogsBatch } from "./dialogs";
import { gmFieldsBatch } from "./gm-fields";
import { migrationsBatch } from "./migrations";
import { operationsFlowsBatch } from "./operations";
import { registerPlayerSteps } from "./player";
import { requestsBatch } from "./requests";
import { roundsFlowsBatch } from "./rounds";
import { ELSEWHERE, hp, PLACE, scratchPerTest, type Scratch } from "./scratch";
import { sheetsAllBatch } from "./sheets-all";
import { skirmishFlowsBatch } from "./skirmish";
import { statusesBatch } from "./statuses";
import { assistantBatch, reloadBatch, togetherBatch } from "./table";
import { defineBatch, setSetting, steadySnapshot, SYSTEM, until, type Context, type Assert } from "./support";
import { trackerBatches } from "./trackers";
import { visibilityBatch } from "./visibility";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      quenchReady: (quench: Quench) => void;
    }
  }
}

type Json = Record<string, unknown>;

const snapshot = (s: Scratch) => steadySnapshot({ red: s.red, blue: s.blue });

/** An unsaved player, to see a card as a player who owns neither faction would. */
function viewer(): User.Implementation {
  return new CONFIG.User.documentClass({ name: "Quench Viewer", role: CONST.USER_ROLES.PLAYER } as User.CreateData) as User.Implementation;
}

/* -------------------------------------------- */
/*  Batches                                       */
/* -------------------------------------------- */

function actionsBatch(context: QuenchBatchArgs): void {
  defineBatch(context, "Faction Turn actions", { rulesets: ["factionTurn"] }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const world = scratchPerTest(context, batch);

    describe("an action on the actor's own faction", () => {
      it("is applied: documents change and the card is applied; undo restores every document", async () => {
        const s = world();
        const before = await snapshot(s);
        const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
        assert.ok(card, "a card was posted");
        assert.equal(card!.system.status, "applied");
        assert.equal(s.red.system.treasure, 4);
        assert.equal(hp(s.red, s.ids.thugs), 4);
        assert.deepEqual(s.red.system.turn.repairs, { [s.ids.thugs]: 1 });
        assert.isTrue(await undoMessage(card!));
        assert.equal(card!.system.status, "undone");
        assert.deepEqual(await snapshot(s), before);
      });

      it("cannot be applied twice", async () => {
        const s = world();
        const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
        const after = await snapshot(s);
        assert.isFalse(await applyMessage(card!));
        assert.deepEqual(await snapshot(s), after);
      });

      it("is refused when the world changed between the roll and the apply", async () => {
        const s = world();
        await setSetting("autoApply", false);
        const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
        assert.equal(card!.system.status, "resolved");
        await s.red.update({ "system.treasure": 6 } as Actor.UpdateData);
        const changed = await snapshot(s);
        assert.isFalse(await applyMessage(card!));
        assert.equal(card!.system.status, "resolved");
        assert.deepEqual(await snapshot(s), changed);
      });
    });

    describe("an attack", () => {
      it("waits for the defender, is resolved with the answer, applied, and undone exactly", async () => {
        const s = world();
        const before = await snapshot(s);
        const awaiting = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
        assert.equal(awaiting!.system.status, "awaiting");
        assert.equal(awaiting!.system.awaiting, s.blue.uuid);
        assert.deepEqual(await snapshot(s), before);

        // The defender's dialog, bypassed: the GM answers with the Dock Guards.
        const count = batch.cards().length;
        await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.guards }] }, game.user!);
        assert.equal(awaiting!.system.status, "answered");
        await until(() => batch.cards().length > count);
        const resolved = batch.cards().at(-1)!;
        assert.equal(resolved.system.status, "applied");
        assert.lengthOf(resolved.rolls, resolved.system.resolvedOutcome!.checks.length * 2 + resolved.system.resolvedOutcome!.rolls.length);
        // Whatever the dice said, the documents show exactly the card's changes.
        for (const change of (await loadRecord(resolved.id!))!.changes) {
          if (change.op !== "update") continue;
          const actor = change.ref.actor === s.red.uuid ? s.red : s.blue;
          const doc = change.ref.item ? actor.items.get(change.ref.item) : actor;
          if (!doc) continue;
          assert.deepEqual(foundry.utils.getProperty(doc.toObject(), change.path), change.to, change.path);
        }
        assert.equal(s.red.system.turn.action, ACTIONS.attack);
        assert.isTrue(await undoMessage(resolved));
        assert.deepEqual(await snapshot(s), before);
      });

      it("is refused before anyone is asked when it cannot be made", async () => {
        const s = world();
        await s.blue.updateEmbeddedDocuments("Item", [
          { _id: s.ids.guards, "system.location": ELSEWHERE },
          { _id: s.ids.knives, "system.location": ELSEWHERE },
        ] as unknown as Item.UpdateData[]);
        const before = await snapshot(s);
        const count = batch.cards().length;
        const card = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
        assert.isNull(card);
        assert.equal(batch.cards().length, count);
        assert.deepEqual(await snapshot(s), before);
      });
    });

    describe("a refused action", () => {
      it("posts no card and changes nothing", async () => {
        const s = world();
        await s.red.update({ "system.cunning": 2 } as Actor.UpdateData);
        const before = await snapshot(s);
        const count = batch.cards().length;
        const card = await performAction(ACTIONS.hide, s.red, { faction: s.red.uuid, assets: [s.ids.thugs] });
        assert.isNull(card);
        assert.equal(batch.cards().length, count);
        assert.deepEqual(await snapshot(s), before);
      });
    });
  });
}

function cardsBatch(context: QuenchBatchArgs): void {
  defineBatch(context, "action cards", { rulesets: ["factionTurn"] }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const world = scratchPerTest(context, batch);

    describe("the action card", () => {
      it("renders its buttons from the card's data, and they work after a re-render", async () => {
        const s = world();
        await setSetting("autoApply", false);
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
        const count = batch.cards().length;
        await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.knives }] }, game.user!);
        await until(() => batch.cards().length > count);
        const resolved = batch.cards().at(-1)!;
        const seen = (user: User.Implementation) => {
          const ctx = actionCardContext(resolved, user);
          return [...ctx.log.flatMap((g) => [g.heading, ...g.lines.map((l) => l.text)]), ...ctx.checks.map((c) => c.label), ...ctx.rolls.map((r) => r.label)].join("\n");
        };
        assert.notInclude(seen(player), "Quench Shadow Knives");
        assert.include(seen(player), game.i18n!.localize("FACTIONS.Card.HiddenAsset"));
        // The GM's client reads the names it masks from the record, once asked (the card is drawn again then).
        await until(() => seen(game.user!).includes("Quench Shadow Knives"), 5000, "the GM's view of the card");
        assert.isTrue(await undoMessage(resolved));
      });
    });
  });
}

function sheetsBatch(context: QuenchBatchArgs): void {
  type OpenSheet = { element: HTMLElement; rendered: boolean; render(o: object): Promise<unknown>; close(): Promise<unknown> };
  defineBatch(context, "Faction Turn sheets", { rulesets: ["factionTurn"] }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const world = scratchPerTest(context, batch);

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
  });
}

/** The trust flows of issue 7, in a live world: what the GM's client believes, and all-or-nothing applies. */
function trustBatch(context: QuenchBatchArgs): void {
  defineBatch(context, "trust", { rulesets: ["factionTurn"] }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const world = scratchPerTest(context, batch);

    describe("the GM's client believes nothing a card says", () => {
      it("undoes exactly what its record says was written, though the card's outcome was rewritten after apply", async () => {
        const s = world();
        const before = await snapshot(s);
        const card = await performAction(ACTIONS.repair, s.red, { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false });
        assert.equal(card!.system.status, "applied");
        assert.equal(s.red.system.treasure, 4);
        // The card now claims it took Red's Treasure from 50 and Blue's from 40: undo must "restore" neither.
        const outcome = card!.system.outcome as unknown as Outcome;
        const forged = {
          ...outcome,
          changes: [
            ...outcome.changes.map((c) => (c.op === "update" && c.path === "system.treasure" ? { ...c, from: 50 } : c)),
            { op: "update", ref: { actor: s.blue.uuid }, path: "system.treasure", from: 40, to: 4 },
          ],
        };
        await card!.update({ "system.outcome": forged } as ChatMessage.UpdateData);
        assert.deepInclude((card!.system.outcome as unknown as Outcome).changes, forged.changes.at(-1)!, "the card says what it was rewritten to");
        assert.isTrue(await undoMessage(card!));
        assert.equal(card!.system.status, "undone");
        assert.equal(s.red.system.treasure, 5);
        assert.equal(s.blue.system.treasure, 4);
        assert.deepEqual(await snapshot(s), before);
      });

      it("refuses a die its formula cannot give", async () => {
        const s = world();
        await setSetting("autoApply", false);
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
        const before = await snapshot(s);
        assert.isFalse(await applyMessage(card!));
        assert.equal(card!.system.status, "resolved");
        assert.deepEqual(await snapshot(s), before);
      });

      it("refuses a reaction attack no Expand Influence card offered", async () => {
        const s = world();
        const before = await snapshot(s);
        const card = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs], reaction: { base: s.ids.guards } });
        assert.isNull(card);
        assert.deepEqual(await snapshot(s), before);
      });
    });

    describe("all or nothing", () => {
      it("puts back what was written when a module refuses a later write", async () => {
        const s = world();
        const before = await snapshot(s);
        const awaiting = await performAction(ACTIONS.attack, s.red, { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] });
        // Every die shows its highest face: 10 + 4 vs 10 + 3 hits, and the hit needs Blue's write, which a module refuses.
        const uniform = CONFIG.Dice.randomUniform;
        CONFIG.Dice.randomUniform = () => 0.999;
        const refuse = (item: Item.Implementation) => (item.parent?.id === s.blue.id ? false : undefined);
        const hooks = [Hooks.on("preUpdateItem", refuse), Hooks.on("preDeleteItem", refuse)] as const;
        const count = batch.cards().length;
        try {
          await answerAsGM(awaiting!, { ...(awaiting!.system.choice as Json), defenders: [{ key: PLACE, value: s.ids.guards }] }, game.user!).catch(() => undefined);
        } finally {
          Hooks.off("preUpdateItem", hooks[0]);
          Hooks.off("preDeleteItem", hooks[1]);
          CONFIG.Dice.randomUniform = uniform;
        }
        await until(() => batch.cards().length > count);
        const resolved = batch.cards().at(-1) as ActionMessage;
        assert.equal(resolved.system.status, "resolved");
        assert.deepEqual(await snapshot(s), before);
      });
    });
  });
}

type QuenchBatchArgs = Context;

/** Register the system's Quench batches with Quench (src/index.ts does, on `quenchReady`), and the steps a player's client takes for them. */
export function registerQuenchBatches(quench: Quench): void {
  registerPlayerSteps();
  const batches: [string, (context: Context) => void, string][] = [
    ["factions.faction-turn.sheets", sheetsBatch, "Factions: Faction Turn sheets"],
    ["factions.faction-turn.actions", actionsBatch, "Factions: Faction Turn actions"],
    ["factions.core.cards", cardsBatch, "Factions: action cards"],
    ["factions.core.trust", trustBatch, "Factions: trust"],
    ["factions.core.requests", requestsBatch, "Factions: a player's requests"],
    ["factions.core.visibility", visibilityBatch, "Factions: what each player sees"],
    ["factions.core.gm-fields", gmFieldsBatch, "Factions: the GM's fields on players' documents"],
    ["factions.core.together", togetherBatch, "Factions: players at once"],
    ["factions.core.reload", reloadBatch, "Factions: a player's reload"],
    ["factions.core.assistant", assistantBatch, "Factions: an Assistant GM beside the GM"],
    ["factions.core.statuses", statusesBatch, "Factions: token statuses"],
    ["factions.core.migrations", migrationsBatch, "Factions: migrating a first-release world"],
    ["factions.sheets.all", sheetsAllBatch, "Factions: every sheet"],
    ["factions.dialogs", dialogsBatch, "Factions: every dialog"],
    ["factions.battle.flows", battleFlowsBatch, "Factions: Battle flows"],
    ["factions.operations.flows", operationsFlowsBatch, "Factions: Operations flows"],
    ["factions.skirmish.flows", skirmishFlowsBatch, "Factions: Skirmish flows"],
    ["factions.rounds.flows", roundsFlowsBatch, "Factions: Rounds flows"],
    ...trackerBatches(),
    ["factions.adventures.import", adventuresBatch, "Factions: Adventures"],
  ];
  // None ticked by default: a maintainer picks what to run, in a test world (support.ts).
  for (const [key, fn, displayName] of batches) quench.registerBatch(key as `${string}.${string}`, fn, { displayName, preSelected: false });
}
