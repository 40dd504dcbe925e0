/**
 * Where the GM's records live (src/core/records): one GM-only journal entry per card's record and
 * one per view of it, each readable by exactly its readers; the GM fields kept one entry per
 * document; writes the size of the change, whatever the history; and chat housekeeping that
 * changes nothing.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { keptEntryId } from "../../src/core/data/gm-records";
import { findRecordsFolder } from "../../src/core/records/folder";
import { recordDocId, viewDocId } from "../../src/core/records/ids";
import { gmRecord, isRecordEntry, recordViewOf } from "../../src/core/records/store";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { harness } from "../harness/install";
import { snapshot } from "../harness/world";
import { IDS, standardWorld, type World } from "./fixtures";
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

describe("what an apply writes", () => {
  it("is as much after 300 earlier records as after none, and under 8 KB", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    await addRecordsLike(first.card.id!, 300);
    const later = await repair(world);
    expect(later.writes.operations).toBe(first.writes.operations);
    expect(later.writes.bytes).toBeLessThan(first.writes.bytes * 1.05);
    expect(later.writes.bytes).toBeGreaterThan(first.writes.bytes * 0.95);
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
