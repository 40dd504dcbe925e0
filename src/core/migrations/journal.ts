/**
 * Schema 4: the records out of the world. The release before kept each card's record, and the
 * views of it its readers read, as journal entries of a hidden folder (*Factions records*), with
 * the GM fields of each document beside them. Foundry sends every world document to every client
 * whatever its ownership, so all of it reached every player. On the GM's first start:
 * - each record moves into the GMs' compendium (../records/pack.ts), its card (if the chat log
 *   still has it) given its ruling (../records/ruling.ts); the views are dropped: each reader now
 *   reads the card, or asks the GM's client;
 * - the GM fields move into the compendium too;
 * - a whispered card that carries rolls (an unnoticed action: Foundry sends such a whisper to every
 *   client) keeps its rolls as data instead;
 * - the old entries and their folder are deleted.
 * Each step skips what is already done, so running it again changes nothing.
 */
import { SYSTEM_ID } from "../constants";
import { keepFieldsOf } from "../data/gm-records";
import { loadRecords, writeRecords } from "../records/pack";
import type { ActionRecord } from "../records/record";
import { writeRulings } from "../records/save";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    Folder: {
      factions: {
        /** This folder held the records of the release before. */
        records: boolean;
      };
    };
  }
}

/** Documents are written this many at a time. */
const BATCH = 100;

/** What the release before kept in an entry's `flags.factions`. */
type OldFlags = { kind: "record"; card: string; record: string } | { kind: "view" } | { kind: "fields"; uuid: string; fields: string };

const oldFlags = (entry: JournalEntry.Implementation) => {
  const flags = (entry._source.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Partial<OldFlags> | undefined;
  return typeof flags?.kind === "string" ? (flags as OldFlags) : null;
};

/** The hidden folder the release before kept its entries in. */
const oldFolder = () => game.folders?.find((f) => f.type === "JournalEntry" && f.getFlag(SYSTEM_ID, "records") === true);

async function inBatches<T>(items: readonly T[], write: (batch: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += BATCH) await write(items.slice(i, i + BATCH));
}

/** The records the old entries hold, each as this release keeps it (without the views' layout). */
function oldRecords(entries: readonly JournalEntry.Implementation[]): ActionRecord[] {
  return entries.flatMap((entry) => {
    const flags = oldFlags(entry);
    if (flags?.kind !== "record") return [];
    const { views: _views, ...record } = JSON.parse(flags.record) as ActionRecord & { views?: unknown };
    return [record];
  });
}

/** A whispered card that carries rolls keeps them as data: its rolls would reach every client. */
async function withholdWhisperedRolls(): Promise<void> {
  const updates = (game.messages?.contents ?? [])
    .filter((m) => m.type === "action" && ((m._source.whisper as unknown as string[] | undefined) ?? []).length > 0 && m.rolls.length > 0)
    .map((m) => ({ _id: m.id!, rolls: [], "system.dice": m.rolls.map((r) => JSON.stringify(r.toJSON())) }));
  await inBatches(updates, (batch) => ChatMessage.implementation.updateDocuments(batch as unknown as ChatMessage.UpdateData[]));
}

export async function migrateJournalRecords(): Promise<void> {
  const entries = (game.journal?.contents ?? []).filter((e) => oldFlags(e) !== null);
  const records = oldRecords(entries);
  const kept = await loadRecords(records.map((r) => r.id));
  const fresh = records.filter((r) => !kept.has(r.id));
  await inBatches(fresh, (batch) => writeRecords({ create: batch }));
  await inBatches(fresh, (batch) => writeRulings(batch));
  const fields = Object.fromEntries(
    entries.flatMap((e) => {
      const flags = oldFlags(e);
      return flags?.kind === "fields" ? [[flags.uuid, JSON.parse(flags.fields) as Record<string, unknown>]] : [];
    }),
  );
  await keepFieldsOf(fields);
  await withholdWhisperedRolls();
  await inBatches(
    entries.map((e) => e.id!),
    (ids) => JournalEntry.implementation.deleteDocuments(ids),
  );
  await oldFolder()?.delete();
}
