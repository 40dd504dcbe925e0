/**
 * Where the GM's records live (src/core/records): one GM-only journal entry per card's record and
 * one per view of it, each readable by exactly its readers; the GM fields kept one entry per
 * document; writes the size of the change, whatever the history; and chat housekeeping that
 * changes nothing.
 */
import { describe, expect, it } from "vitest";
import { answerMessage, performAction, undoMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { keptEntryId } from "../../src/core/data/gm-records";
import { findRecordsFolder } from "../../src/core/records/folder";
import { recordDocId, viewDocId } from "../../src/core/records/ids";
import { gmRecord, isRecordEntry, recordViewOf } from "../../src/core/records/store";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { harness } from "../harness/install";
import { snapshot, t, warnings } from "../harness/world";
import { DOCKS, IDS, standardWorld, type World } from "./fixtures";
import { addRecordsLike } from "./record-fixtures";

const OBSERVER = 2;
/** A harness user as Foundry's types name a user. */
const asUser = (user: unknown) => user as User.Implementation;

/** Alice's Repair of her Thugs, with the Red Hand's turn fresh again first (as the GM). */
async function repair(world: World) {
  await harness.as(harness.users.gm, () =>
    world.red.update({ system: { treasure: 20, hp: { value: 12 }, turn: { started: true, action: "", healed: false, repairs: {} } } } as Actor.UpdateData),
  );
  await harness.as(harness.users.gm, () => world.red.updateEmbeddedDocuments("Item", [{ _id: IDS.thugs, system: { hp: { value: 1 } } }] as Item.UpdateData[]));
  await harness.settle();
  harness.database.resetWrites();
  const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }));
  await harness.settle();
  return { card: card!, writes: { ...harness.database.writes } };
}

describe("a card's record", () => {
  it("is a journal entry only GMs read, beside a view every player reads, in the records' folder", async () => {
    const world = await standardWorld();
    const { card } = await repair(world);
    const own = game.journal!.get(recordDocId(card.id!))!;
    const view = game.journal!.get(viewDocId(card.id!, 0))!;
    expect(own.folder?.id).toBe(findRecordsFolder()!.id);
    expect(view.folder?.id).toBe(findRecordsFolder()!.id);
    expect(isRecordEntry(own) && isRecordEntry(view)).toBe(true);
    for (const player of [harness.users.alice, harness.users.bob].map(asUser)) {
      expect(own.testUserPermission(player, "LIMITED")).toBe(false);
      expect(view.testUserPermission(player, "OBSERVER")).toBe(true);
      expect(view.testUserPermission(player, "OWNER")).toBe(false);
    }
    // What undo restores is the GM's alone, through every way of reading it.
    const changes = await harness.as(harness.users.gm, () => card.system.appliedChanges);
    expect(changes.length).toBeGreaterThan(0);
    expect(await harness.as(harness.users.alice, () => card.system.appliedChanges)).toEqual([]);
    expect(await harness.as(harness.users.alice, () => gmRecord(card.id!))).toBeNull();
    expect(JSON.stringify(view.toObject())).not.toContain('"changes"');
    const seen = await harness.as(harness.users.bob, () => recordViewOf(card.id!));
    expect(seen).toMatchObject({ status: "applied", action: ACTIONS.repair, done: { user: harness.users.alice.id } });
  });

  it("of an unnoticed action has views only its audience reads", async () => {
    const { stealAndAttack } = await import("./secret-fixtures");
    const { steal } = await stealAndAttack();
    const views = [0, 1, 2].map((i) => game.journal!.get(viewDocId(steal.id!, i))).filter((e) => !!e);
    expect(views.length).toBeGreaterThan(0);
    for (const entry of views) {
      expect(entry!.testUserPermission(asUser(harness.users.bob), "LIMITED")).toBe(false);
      expect(entry!._source.ownership).toMatchObject({ default: 0 });
    }
    expect(views[0]!._source.ownership[harness.users.alice.id!]).toBe(OBSERVER);
    expect(await harness.as(harness.users.bob, () => recordViewOf(steal.id!))).toBeNull();
  });
});

/** What every client wrote while `work` ran (and what it started settled). */
async function writesOf(work: () => Promise<unknown>) {
  await harness.settle();
  harness.database.resetWrites();
  await work();
  await harness.settle();
  return { ...harness.database.writes };
}

/** Alice attacks the Blue Lotus and Bob answers with his Dock Guards (hit for 1): what the answer wrote. */
async function answeredAttack(world: World) {
  harness.dice.force(10, 1, 1);
  const awaiting = await harness.as(harness.users.alice, () => performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }));
  harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
  return writesOf(() => harness.as(harness.users.bob, () => answerMessage(awaiting!)));
}

describe("what an apply, an answer and an undo write", () => {
  it("is as much after 300 earlier records as after none, and an apply under 8 KB", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    const firstUndo = await writesOf(() => harness.as(harness.users.gm, () => undoMessage(first.card)));
    const firstAnswer = await answeredAttack(world);
    await addRecordsLike(first.card.id!, 300);
    const later = await repair(world);
    const laterUndo = await writesOf(() => harness.as(harness.users.gm, () => undoMessage(later.card)));
    const laterAnswer = await answeredAttack(world);
    for (const [name, a, b] of [["apply", first.writes, later.writes], ["undo", firstUndo, laterUndo], ["answer", firstAnswer, laterAnswer]] as const) {
      expect(b.operations, name).toBe(a.operations);
      expect(b.bytes, name).toBeLessThan(a.bytes * 1.05);
      expect(b.bytes, name).toBeGreaterThan(a.bytes * 0.95);
    }
    expect(first.writes.bytes).toBeLessThan(8 * 1024);
  });
});

describe("the GM fields", () => {
  it("are kept one GM-only entry per document: a change writes that entry alone, whatever the world holds", async () => {
    const world = await standardWorld();
    await harness.settle();
    const entry = game.journal!.get(keptEntryId(world.red.uuid))!;
    expect(entry.testUserPermission(asUser(harness.users.alice), "LIMITED")).toBe(false);
    expect(JSON.parse((entry._source.flags as { factions: { fields: string } }).factions.fields)).toEqual({ turn: world.red._source.system.turn });
    harness.database.resetWrites();
    await harness.as(harness.users.gm, () => world.red.update({ system: { turn: { action: "sell" } } } as Actor.UpdateData));
    await harness.settle();
    // The faction's update and the one entry that keeps its turn: nothing else is rewritten.
    expect(harness.database.writes.operations).toBe(2);
    expect(harness.database.writes.bytes).toBeLessThan(1024);
    expect(JSON.parse((game.journal!.get(keptEntryId(world.red.uuid))!._source.flags as { factions: { fields: string } }).factions.fields).turn.action).toBe("sell");
  });

  it("no longer keep a deleted document's", async () => {
    const world = await standardWorld();
    await harness.settle();
    await harness.as(harness.users.gm, () => world.grey.delete());
    await harness.settle();
    expect(game.journal!.has(keptEntryId(world.grey.uuid))).toBe(false);
    expect(game.journal!.has(keptEntryId(world.red.uuid))).toBe(true);
  });
});

describe("chat housekeeping", () => {
  it("deleting a card, or every card with Clear Chat Log, changes nothing; the chronicle still reads back every action", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    const second = await repair(world);
    const chronicle = async () => (await harness.as(harness.users.alice, () => api.chronicle.entries())).map((e) => `${e.id}:${e.status}`);
    const before = { world: snapshot(), chronicle: await chronicle() };
    expect(before.chronicle).toEqual([`${first.card.id}:applied`, `${second.card.id}:applied`]);
    await harness.as(harness.users.gm, () => first.card.delete());
    await harness.settle();
    expect(snapshot()).toEqual(before.world);
    await harness.as(harness.users.gm, () => game.messages!.flush());
    await harness.settle();
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before.world);
    expect(await chronicle()).toEqual(before.chronicle);
    expect(await harness.as(harness.users.gm, () => gmRecord(second.card.id!)?.status)).toBe("applied");
  });
});

describe("the Journal sidebar", () => {
  it("never shows the records' folder", async () => {
    const world = await standardWorld();
    await repair(world);
    const folder = findRecordsFolder()!;
    const html = document.createElement("section");
    html.innerHTML = `<ol><li class="folder" data-folder-id="${folder.id}"><ol><li data-entry-id="x">Record</li></ol></li><li class="folder" data-folder-id="other">Mine</li></ol>`;
    // The hook the Journal sidebar calls as it renders, with its element.
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("renderJournalDirectory", {}, html, {}, {});
    expect(html.querySelector(`[data-folder-id="${folder.id}"]`)).toBeNull();
    expect(html.querySelector('[data-folder-id="other"]')).not.toBeNull();
  });
});

describe("archiving", () => {
  it("bounds history: cards before the cutoff can no longer be undone, the chronicle keeps their lines, their undo data goes", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    await new Promise((resolve) => setTimeout(resolve, 5)); // the second is applied a moment later
    const second = await repair(world);
    const { gm, alice } = harness.users;
    const stored = (card: string) => JSON.stringify(game.journal!.get(recordDocId(card))!.toObject()).length;
    const before = stored(first.card.id!);
    const cutoff = (await harness.as(gm, () => gmRecord(second.card.id!)))!.done.time;

    // Only a GM archives, and only with a cutoff that means something.
    expect(await harness.as(alice, () => api.chronicle.archive({ before: cutoff }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    expect(await harness.as(gm, () => api.chronicle.archive({ beforeRound: 0 }))).toBeNull();
    expect(warnings(gm)).toEqual([t("FACTIONS.Chronicle.BadCutoff")]);
    expect(await harness.as(gm, () => gmRecord(first.card.id!)?.archived)).toBe(false);
    harness.notifications.clear();

    expect(await harness.as(gm, () => api.chronicle.archive({ before: cutoff }))).toBe(1);
    const archived = (await harness.as(gm, () => gmRecord(first.card.id!)))!;
    expect(archived).toMatchObject({ archived: true, status: "applied", changes: [], followUps: [] });
    expect(stored(first.card.id!)).toBeLessThan(before);
    expect(await harness.as(gm, () => gmRecord(second.card.id!)?.archived)).toBe(false);

    // The card says so, offers no undo, and undo is refused; the later card still undoes.
    const html = await harness.as(gm, () => first.card.renderHTML());
    expect(html.textContent).toContain(t("FACTIONS.Card.Archived"));
    expect(html.querySelector('button[data-action="undo"]')).toBeNull();
    expect(await harness.as(gm, () => api.undo(first.card.id!))).toBe(false);
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.Archived")]);
    expect(await harness.as(gm, () => api.undo(second.card.id!))).toBe(true);

    // Every reader keeps the lines.
    const lines = await harness.as(alice, () => api.chronicle.entries());
    expect(lines.find((e) => e.id === first.card.id)).toMatchObject({ archived: true, status: "applied" });
    expect(lines.find((e) => e.id === first.card.id)!.log.length).toBeGreaterThan(0);
  });

  it("is offered to the GM in the chronicle window, before a turn or a date", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    const { openChronicle } = await import("../../src/core/chronicle/access");
    const aliceWindow = await harness.as(harness.users.alice, () => openChronicle());
    await harness.settle();
    expect(aliceWindow.element.querySelector('[data-action="archive"]')).toBeNull();
    await aliceWindow.close();
    const gmWindow = await harness.as(harness.users.gm, () => openChronicle());
    await harness.settle();
    harness.dialogs.next({ round: 1, date: "" });
    await harness.as(harness.users.gm, async () => {
      gmWindow.element.querySelector<HTMLButtonElement>('[data-action="archive"]')!.click();
      await harness.settle();
    });
    expect(await harness.as(harness.users.gm, () => gmRecord(first.card.id!)?.archived)).toBe(true);
    expect(harness.notifications.list.map((n) => n.message)).toContain(t("FACTIONS.Chronicle.ArchiveDone", { count: 1 }));
    expect(gmWindow.element.textContent).toContain(t("FACTIONS.Chronicle.ArchivedBadge"));
    await gmWindow.close();
  });
});
