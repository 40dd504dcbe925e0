/**
 * A world saved by the journal-records release (test/fixtures/saved-world-journal.json.gz: 1,436
 * records and their views as journal entries of a hidden folder every client was sent, the GM
 * fields one entry per document, 57 records archived, a third of the cards deleted) opens in this
 * release with nothing lost and nothing left in the world: on the GM's first start each record moves
 * into the GMs' compendium, its card (if still in the chat log) given its ruling; the GM fields move
 * too; the views, the entries and their folder go; an unnoticed card keeps its rolls as data.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { undoRecord, type ActionMessage } from "../../src/core/actions/pipeline";
import { migrateWorld } from "../../src/core/migrations";
import { migrateJournalRecords } from "../../src/core/migrations/journal";
import type { ActionRecord } from "../../src/core/records/record";
import { ROOT } from "../harness/handlebars";
import { harness } from "../harness/install";
import { loadSavedWorld, readSavedWorld } from "../harness/saved-world";
import { server } from "../harness/server";
import { t, warnings } from "../harness/world";
import { gmRecord, keptOf, recordsPack } from "./record-fixtures";
import { whatReaches } from "./secret-fixtures";

const saved = readSavedWorld(path.join(ROOT, "test", "fixtures", "saved-world-journal.json.gz"));
type Source = { _id: string; type?: string; name?: string; whisper?: string[]; rolls?: unknown[]; flags?: { factions?: Record<string, unknown> } };
const journal = saved.journal as Source[];
const flagsOf = (e: Source) => e.flags?.factions as { kind?: string; record?: string; uuid?: string; fields?: string } | undefined;
/** The records the release kept, each without the layout of its views. */
const records: ActionRecord[] = journal
  .filter((e) => flagsOf(e)?.kind === "record")
  .map((e) => {
    const { views: _views, ...record } = JSON.parse(flagsOf(e)!.record!) as ActionRecord & { views: unknown };
    return record;
  });
const cards = (saved.messages as Source[]).filter((m) => m.type === "action");

/** The GM opens the saved world: the migration on `ready`, then the GM's client starts keeping. */
async function gmOpens({ loaded = false } = {}): Promise<void> {
  if (!loaded) loadSavedWorld(saved);
  await harness.as(harness.users.gm, () => migrateWorld());
  harness.setGMConnected(false);
  await harness.as(harness.users.gm, () => harness.setGMConnected(true));
  await harness.settle();
}

describe("a world saved by the journal-records release", () => {
  it("keeps every record, exactly, in the GMs' compendium; the world no longer holds any record, view or folder of them", async () => {
    expect(records.length).toBeGreaterThanOrEqual(1000);
    expect(new Set(records.map((r) => r.action.split(".")[0])).size).toBe(5);
    expect(records.some((r) => r.archived)).toBe(true);
    await gmOpens();
    for (const old of records) expect(await gmRecord(old.id), old.id).toEqual(old);
    expect(game.journal!.contents.filter((e) => flagsOf(e.toObject() as Source))).toEqual([]);
    expect(game.folders!.contents.filter((f) => f.type === "JournalEntry" && f.getFlag("factions", "records"))).toEqual([]);
    expect(game.settings!.get("factions", "schemaVersion")).toBe(4);
  });

  it("keeps every document's GM fields", async () => {
    await gmOpens();
    const kept = journal.filter((e) => flagsOf(e)?.kind === "fields");
    expect(kept.length).toBeGreaterThan(0);
    for (const e of kept) {
      const { uuid, fields } = flagsOf(e)!;
      if (!foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false })) continue;
      expect(await keptOf(uuid!), uuid).toEqual(JSON.parse(fields!));
    }
  });

  it("gives each card still in the chat log its ruling, a GM's card now; an unnoticed card keeps its rolls as data", async () => {
    await gmOpens();
    const byId = new Map(records.map((r) => [r.id, r]));
    const ruled = cards.filter((c) => byId.has(c._id));
    expect(ruled.length).toBeGreaterThan(500);
    for (const source of ruled) {
      const card = game.messages!.get(source._id) as ActionMessage;
      const record = byId.get(source._id)!;
      expect(card.author?.isGM, source._id).toBe(true);
      expect(await harness.as(harness.users.bob, () => card.system.status), source._id).toBe(record.status);
      expect(card.system.gmRuling?.archived).toBe(record.archived);
    }
    const whispered = cards.filter((c) => c.whisper?.length && c.rolls?.length);
    expect(whispered.length).toBeGreaterThan(0);
    for (const source of whispered) {
      const card = game.messages!.get(source._id) as ActionMessage;
      expect(card.rolls).toEqual([]);
      expect(card.system.cardRolls.map((r) => r.total)).toEqual((source.rolls as string[]).map((r) => (JSON.parse(r) as { total: number }).total));
    }
  });

  it("undoes from the record, the card in the chat log or not; a second run changes nothing", async () => {
    await gmOpens();
    const last = (keep: (r: ActionRecord) => boolean) =>
      records
        .filter((r) => r.status === "applied" && !r.archived && r.changes.length && keep(r))
        .sort((a, b) => b.done.time - a.done.time)
        .find((r) => r.action.startsWith("faction-turn."))!;
    const inLog = last((r) => game.messages!.has(r.id));
    const gone = last((r) => !game.messages!.has(r.id));
    for (const r of [inLog, gone]) {
      expect(await harness.as(harness.users.gm, () => undoRecord(r.id)), `${r.action} ${warnings().join()}`).toBe(true);
      expect((await gmRecord(r.id))?.status).toBe("undone");
    }
    expect(warnings()).toEqual([]);
    const count = recordsPack()!.stored.size;
    harness.database.resetWrites();
    await harness.as(harness.users.gm, () => migrateJournalRecords());
    expect(harness.database.writes.operations).toBe(0);
    expect(recordsPack()!.stored.size).toBe(count);
  });

  it("sends no player another's unnoticed action or Stealth names, and sends every client a smaller world", async () => {
    loadSavedWorld(saved);
    const before = server.connectionBytes(harness.users.bob);
    await gmOpens({ loaded: true });
    const after = server.connectionBytes(harness.users.bob);
    const entries = JSON.stringify(journal).length;
    expect(before - after).toBeGreaterThan(entries * 0.9);
    server.log();
    for (const user of [harness.users.alice, harness.users.bob]) {
      const hidden = records.filter((r) => r.audience !== null && !r.audience.includes(user.id!)).map((r) => r.id);
      expect(hidden.length, user.name).toBeGreaterThan(0);
      const owns = (actor: string) => !!(foundry.utils.fromUuidSync(actor as `Actor.${string}`, { strict: false }) as Actor.Implementation | null)?.testUserPermission(user as unknown as User.Implementation, "OWNER");
      const names = [...new Set(records.flatMap((r) => r.secrets.filter((s) => !owns(s.actor)).flatMap((s) => s.names)))].filter(
        (name) => !records.some((r) => !r.secrets.some((s) => s.names.includes(name)) && JSON.stringify(r.outcome).includes(name)),
      );
      const seen = await whatReaches(user, { besides: names });
      for (const id of hidden) expect(seen, `${user.name}: unnoticed ${id}`).not.toContain(id);
      for (const name of names) expect(seen, `${user.name}: ${name}`).not.toContain(name);
    }
    expect(warnings()).not.toContain(t("FACTIONS.Action.Error.Unexpected"));
  });
});
