/**
 * Where the GM's records live (src/core/records): in a compendium pack of the world that the
 * active GM's client makes on first need, which players may not open and whose writes no other
 * client is sent; each card holds its ruling, the card a GM's from then on; the GM fields kept
 * there too, one entry per document; writes the size of the change, whatever the history; undo
 * from the record whatever became of the card; chat housekeeping that changes nothing.
 */
import { describe, expect, it } from "vitest";
import { answerMessage, performAction, undoMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { recordDocId, RECORDS_PACK_ID } from "../../src/core/records/ids";
import { keptEntryId } from "../../src/core/records/pack";
import { hideRecordsPack } from "../../src/core/records/register";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as SKIRMISH } from "../../src/rulesets/skirmish/rules/context";
import { harness } from "../harness/install";
import { server } from "../harness/server";
import { renderCardAs, snapshot, t, warnings } from "../harness/world";
import { DOCKS, IDS, standardWorld, type World } from "./fixtures";
import { addRecordsLike, gmRecord, keptOf, recordsPack, storedRecord } from "./record-fixtures";
import { encounter } from "./skirmish-fixtures";

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
  it("is kept in the GMs' compendium, which no player may open; the world holds none of it; the card holds its ruling, a GM's", async () => {
    const world = await standardWorld();
    server.log();
    const { card } = await repair(world);
    const pack = recordsPack()!;
    expect(pack.collection).toBe(RECORDS_PACK_ID);
    expect(pack.metadata.ownership).toMatchObject({ PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" });
    expect(pack.locked).toBe(false);
    expect(storedRecord(card.id!)).toBeDefined();
    expect(game.journal!.size).toBe(0);
    // What undo restores is the GM's alone: a player's client asks for it in vain, and was sent none of it.
    const record = (await gmRecord(card.id!))!;
    expect(record.changes.length).toBeGreaterThan(0);
    for (const player of [harness.users.alice, harness.users.bob]) {
      await expect(harness.as(player, () => pack.getDocuments())).rejects.toThrow(/lacks permission/);
      await expect(harness.as(player, () => pack.getIndex())).rejects.toThrow(/lacks permission/);
      expect(JSON.stringify(server.received(player).sent)).not.toContain(recordDocId(card.id!));
    }
    // Every reader reads the GM's ruling in the card, which only a GM may change from now on.
    expect(card.author?.id).toBe(harness.users.gm.id);
    const seen = await harness.as(harness.users.bob, () => card.system.record);
    expect(seen).toMatchObject({ status: "applied", action: ACTIONS.repair, done: { user: harness.users.alice.id } });
    await expect(harness.as(harness.users.alice, () => card.update({ "system.ruling": "" } as ChatMessage.UpdateData))).rejects.toThrow(/lacks permission/);
  });

  it("is believed only from a GM: a ruling a player wrote into their own card is no ruling", async () => {
    const world = await standardWorld();
    await harness.as(harness.users.gm, () => game.settings!.set("factions", "autoApply", false));
    const card = (await harness.as(harness.users.alice, () => performAction(ACTIONS.sell, world.red, { faction: world.red.uuid, asset: IDS.thugs })))!;
    const forged = JSON.stringify({ status: "applied", done: { user: harness.users.gm.id, time: 1 }, undone: null, followUps: [], taken: {}, links: [], resolvedBy: null, archived: false, masked: [] });
    await harness.as(harness.users.alice, () => card.update({ "system.ruling": forged } as ChatMessage.UpdateData));
    for (const user of [harness.users.gm, harness.users.alice, harness.users.bob]) {
      expect(await harness.as(user, () => card.system.status)).toBe("resolved");
      const html = await renderCardAs(user, card);
      expect(html.textContent).not.toContain(t("FACTIONS.Card.AppliedBy", { user: "Gamemaster" }));
    }
    // The GM's client applies it for real, and its own ruling replaces the forged one.
    expect(await harness.as(harness.users.alice, () => api.apply(card.id!))).toBe(true);
    expect(card.system.status).toBe("applied");
    expect(card.system.appliedBy?.user).toBe(harness.users.alice.id);
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
  it("are kept one entry per document in the GMs' compendium: a change writes that entry alone, whatever the world holds", async () => {
    const world = await standardWorld();
    await harness.settle();
    expect(await keptOf(world.red.uuid)).toEqual({ turn: world.red._source.system.turn });
    expect(recordsPack()!.stored.has(keptEntryId(world.red.uuid))).toBe(true);
    expect(game.journal!.size).toBe(0);
    harness.database.resetWrites();
    await harness.as(harness.users.gm, () => world.red.update({ system: { turn: { action: "sell" } } } as Actor.UpdateData));
    await harness.settle();
    // The faction's update and the one entry that keeps its turn: nothing else is rewritten.
    expect(harness.database.writes.operations).toBe(2);
    expect(harness.database.writes.bytes).toBeLessThan(1024);
    const stored = recordsPack()!.stored.get(keptEntryId(world.red.uuid))!;
    expect(JSON.parse((stored._source.flags as { factions: { fields: string } }).factions.fields).turn.action).toBe("sell");
  });

  it("no longer keep a deleted document's", async () => {
    const world = await standardWorld();
    await harness.settle();
    await harness.as(harness.users.gm, () => world.grey.delete());
    await harness.settle();
    expect(recordsPack()!.stored.has(keptEntryId(world.grey.uuid))).toBe(false);
    expect(recordsPack()!.stored.has(keptEntryId(world.red.uuid))).toBe(true);
  });
});

describe("undo", () => {
  it("works from the record whether the card is in the chat log, was deleted, or is deleted while its Undo is pressed", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    const { gm, alice } = harness.users;
    // The actors as they were (the encounter keeps the fighter's budget, where an undone card leaves an empty entry).
    const before = snapshot();
    const push = async () => {
      harness.dice.force(3, 3, 4);
      const card = await harness.as(alice, () => performAction(SKIRMISH.push, w.ada, { actor: w.ada.uuid }));
      await harness.settle();
      expect(card?.system.status).toBe("applied");
      return card!;
    };
    // Deleted while its Undo is pressed: the GM clicks Undo on the card and deletes it at once.
    const pressed = await push();
    const html = await renderCardAs(gm, pressed);
    await harness.as(gm, async () => {
      html.querySelector<HTMLButtonElement>('button[data-action="undo"]')!.click();
      await pressed.delete();
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    expect((await gmRecord(pressed.id!))?.status).toBe("undone");
    expect(snapshot()).toEqual(before);
    // Deleted long before: undone from the chronicle, by its record alone.
    const gone = await push();
    await harness.as(gm, () => gone.delete());
    expect(await harness.as(gm, () => api.undo(gone.id!))).toBe(true);
    expect((await gmRecord(gone.id!))?.status).toBe("undone");
    expect(snapshot()).toEqual(before);
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
    expect((await gmRecord(second.card.id!))?.status).toBe("applied");
  });
});

describe("an evening at the table", () => {
  it("costs a connecting client nothing once the chat log is cleared: the world within 1 KB of the world before, the chronicle still reading it back", async () => {
    const world = await standardWorld();
    const { gm, bob } = harness.users;
    // The world as each card finds it: the factions' turns fresh, the Thugs and Guards hurt.
    const fresh = () =>
      harness.as(gm, async () => {
        for (const faction of [world.red, world.blue]) await faction.update({ system: { treasure: 20, turn: { started: true, action: "", healed: false } }, [`system.turn.repairs.-=${IDS.thugs}`]: null } as Actor.UpdateData);
        await world.red.updateEmbeddedDocuments("Item", [{ _id: IDS.thugs, system: { hp: { value: 1 } } }] as Item.UpdateData[]);
        await world.blue.updateEmbeddedDocuments("Item", [{ _id: IDS.guards, system: { hp: { value: 5 } } }] as Item.UpdateData[]);
        await harness.settle();
      });
    await fresh();
    const before = server.connectionBytes(bob);
    for (let i = 0; i < 40; i++) {
      await fresh();
      if (i % 8 === 7) await answeredAttack(world);
      else await harness.as(harness.users.alice, () => performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }));
      await harness.settle();
    }
    await fresh();
    const applied = game.messages!.filter((m) => m.type === "action" && (m as unknown as { system: { status: string } }).system.status === "applied").length;
    expect(applied, warnings().join("\n")).toBe(40);
    await harness.as(gm, () => game.messages!.flush());
    await harness.settle();
    expect(Math.abs(server.connectionBytes(bob) - before)).toBeLessThanOrEqual(1024);
    expect((await harness.as(bob, () => api.chronicle.entries())).filter((e) => e.status === "applied")).toHaveLength(40);
  });
});

describe("the Compendium sidebar", () => {
  it("never shows the records' compendium", async () => {
    const html = document.createElement("section");
    html.innerHTML = `<ol><li class="directory-item compendium" data-pack="${RECORDS_PACK_ID}">Records</li><li class="directory-item compendium" data-pack="world.mine">Mine</li></ol>`;
    // The hook the Compendium sidebar calls as it renders, with its element.
    (Hooks.callAll as (hook: string, ...args: unknown[]) => boolean)("renderCompendiumDirectory", {}, html, {}, {});
    expect(html.querySelector(`[data-pack="${RECORDS_PACK_ID}"]`)).toBeNull();
    expect(html.querySelector('[data-pack="world.mine"]')).not.toBeNull();
    hideRecordsPack(html);
    expect(html.querySelectorAll("li")).toHaveLength(1);
  });
});

describe("archiving", () => {
  it("bounds history: cards before the cutoff can no longer be undone, the chronicle keeps their lines, their undo data goes", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    await new Promise((resolve) => setTimeout(resolve, 5)); // the second is applied a moment later
    const second = await repair(world);
    const { gm, alice } = harness.users;
    const stored = (card: string) => JSON.stringify(storedRecord(card)!.toObject()).length;
    const before = stored(first.card.id!);
    const cutoff = (await gmRecord(second.card.id!))!.done.time;

    // Only a GM archives, and only with a cutoff that means something.
    expect(await harness.as(alice, () => api.chronicle.archive({ before: cutoff }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    expect(await harness.as(gm, () => api.chronicle.archive({ beforeRound: 0 }))).toBeNull();
    expect(warnings(gm)).toEqual([t("FACTIONS.Chronicle.BadCutoff")]);
    expect((await gmRecord(first.card.id!))?.archived).toBe(false);
    harness.notifications.clear();

    expect(await harness.as(gm, () => api.chronicle.archive({ before: cutoff }))).toBe(1);
    const archived = (await gmRecord(first.card.id!))!;
    expect(archived).toMatchObject({ archived: true, status: "applied", changes: [], followUps: [] });
    expect(stored(first.card.id!)).toBeLessThan(before);
    expect((await gmRecord(second.card.id!))?.archived).toBe(false);

    // The card says so, offers no undo, and undo is refused; the later card still undoes.
    const html = await harness.as(gm, () => first.card.renderHTML());
    expect(html.textContent).toContain(t("FACTIONS.Card.Archived"));
    expect(html.querySelector('button[data-action="undo"]')).toBeNull();
    expect(await harness.as(gm, () => api.undo(first.card.id!))).toBe(false);
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.Archived")]);
    expect(await harness.as(gm, () => api.undo(second.card.id!))).toBe(true);

    // Every reader keeps the lines, the card in the chat log or not.
    const lines = async () => (await harness.as(alice, () => api.chronicle.entries())).find((e) => e.id === first.card.id);
    expect(await lines()).toMatchObject({ archived: true, status: "applied" });
    expect((await lines())!.log.length).toBeGreaterThan(0);
    await harness.as(gm, () => game.messages!.flush());
    await harness.settle();
    expect(await lines()).toMatchObject({ archived: true, status: "applied" });
  });

  it("is offered to the GM in the chronicle window, before a turn or a date", async () => {
    const world = await standardWorld();
    const first = await repair(world);
    const { openChronicle } = await import("../../src/core/chronicle/open");
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
    expect((await gmRecord(first.card.id!))?.archived).toBe(true);
    expect(harness.notifications.list.map((n) => n.message)).toContain(t("FACTIONS.Chronicle.ArchiveDone", { count: 1 }));
    expect(gmWindow.element.textContent).toContain(t("FACTIONS.Chronicle.ArchivedBadge"));
    await gmWindow.close();
  });
});
