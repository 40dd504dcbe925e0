/**
 * The GMs' records live in a compendium pack of the world, `world.factions-records`: the record of
 * every card (what undo restores, every name, the verified choice, who took which option) and the
 * GM fields kept of each document (../data/gm-records.ts). Foundry sends a client the whole world
 * when it connects, whatever its ownership, but a compendium's contents only when that client asks
 * for them, and only with at least observer ownership of the pack: the pack's ownership is NONE for
 * players and trusted players, OWNER for assistants and GMs, and it is never offered in a player's
 * interface (the Compendium sidebar leaves it out for everyone, ./register.ts).
 *
 * The active GM's client makes the pack the first time it needs it, writes it one record at a time
 * without broadcasting the writes to other clients, reads it on demand, and keeps what it read or
 * wrote in memory. A record is one journal entry (its data as one JSON string, so no key inside it is
 * ever read as a dotted path) found by an id made from its card's id (./ids.ts); its summary
 * (status, time, game, round, actor, readers) sits beside it for the pack's index, which the
 * chronicle and archiving page through without loading every record. Loaded on a GM's client only.
 */
import { SYSTEM_ID } from "../constants";
import { derivedId, recordDocId, RECORDS_PACK, RECORDS_PACK_ID } from "./ids";
import type { ActionRecord } from "./record";

type Pack = CompendiumCollection<"JournalEntry">;
type Entry = JournalEntry.Implementation;
type Kept = Record<string, unknown>;

/** Who may open the pack: only assistants and GMs (a GM owns every pack). */
const OWNERSHIP = { NONE: "NONE", PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER", GAMEMASTER: "OWNER" } as const;

/** What the chronicle and archiving read of a record without loading it: its pack index entry. */
export interface RecordSummary {
  card: string;
  status: ActionRecord["status"];
  action: string;
  actor: string;
  actorName: string;
  round: number;
  encounter: string;
  time: number;
  archived: boolean;
  /** Who may read it: null for everyone, else its audience (an unnoticed action). */
  audience: string[] | null;
}

/** What a record's entry holds in `flags.factions`. */
interface RecordFlags {
  kind: "record";
  card: string;
  summary: RecordSummary;
  record: string;
}

/** What the entry that keeps a document's GM fields holds. */
interface FieldsFlags {
  kind: "fields";
  uuid: string;
  fields: string;
}

type Flags = RecordFlags | FieldsFlags;

type IndexOptions = NonNullable<Parameters<Pack["getIndex"]>[0]>;
/**
 * The pack's index with these paths of each entry besides its id and name: Foundry takes dotted
 * paths (public systems index `system.*` fields so), which the types name only as top-level keys.
 */
async function indexWith(pack: Pack | undefined, paths: string[]): Promise<{ _id: string; flags?: Record<string, Partial<Flags>> }[]> {
  if (!pack || !game.user?.isGM) return [];
  const index = await pack.getIndex({ fields: paths } as unknown as IndexOptions);
  return [...index] as unknown as { _id: string; flags?: Record<string, Partial<Flags>> }[];
}

/** The id of the entry that keeps a document's GM fields. */
export const keptEntryId = (uuid: string) => derivedId(uuid, "fields");

export function summaryOf(record: ActionRecord): RecordSummary {
  return {
    card: record.id,
    status: record.status,
    action: record.action,
    actor: record.actor,
    actorName: record.actorName,
    round: record.round,
    encounter: record.encounter ?? "",
    time: record.done.time,
    archived: record.archived,
    audience: record.audience,
  };
}

/** The records' pack, if the world has one. */
export function findRecordsPack(): Pack | undefined {
  return game.packs?.get(RECORDS_PACK_ID) as Pack | undefined;
}

let making: Promise<Pack> | null = null;

/** The records' pack, made first if the world has none (by a GM: the active GM's client). */
export async function recordsPack(): Promise<Pack> {
  const found = findRecordsPack();
  if (found) return found;
  making ??= (async () => {
    const { CompendiumCollection } = foundry.documents.collections;
    const pack = (await CompendiumCollection.createCompendium({
      name: RECORDS_PACK,
      label: game.i18n!.localize("FACTIONS.Records.Pack"),
      type: "JournalEntry",
      package: "world",
    } as CompendiumCollection.CreateCompendiumMetadata<"JournalEntry">)) as Pack;
    await pack.configure({ ownership: { ...OWNERSHIP }, locked: false });
    // Nothing was read of a pack that did not exist: what is read or written from now on is of this one.
    forgetRecords();
    return pack;
  })().finally(() => (making = null));
  return making;
}

/* -------------------------------------------- */
/*  What this client read or wrote                */
/* -------------------------------------------- */

const records = new Map<string, ActionRecord>();
const fields = new Map<string, Kept>();
let summaries: Map<string, RecordSummary> | null = null;
let fieldsLoaded = false;
/** The pack what this client read or wrote is of: another (the pack deleted and made again) has none of it. */
let readFrom: Pack | undefined;

/** Forget what was read: another GM's client may have written since (this one becomes the active GM's again). */
export function forgetRecords(): void {
  records.clear();
  fields.clear();
  summaries = null;
  fieldsLoaded = false;
  readFrom = findRecordsPack();
}

/** What was read is of the world's pack as it is now (forgotten if the pack is another). */
function current(): void {
  if (findRecordsPack() !== readFrom) forgetRecords();
}

const flagsOf = (entry: Entry): Flags | null => {
  const flags = (entry._source.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Partial<Flags> | undefined;
  return typeof flags?.kind === "string" ? (flags as Flags) : null;
};

/** The entries of these ids the pack holds (one request; a client that is not a GM's never asks). */
async function entries(ids: readonly string[]): Promise<Entry[]> {
  const pack = findRecordsPack();
  if (!pack || !ids.length || !game.user?.isGM) return [];
  return (await pack.getDocuments({ _id__in: [...ids] })) as Entry[];
}

/** Records read in one request with the others asked for in the same tick. */
let batch: { ids: Set<string>; done: Promise<void> } | null = null;

function fetchSoon(id: string): Promise<void> {
  if (!batch) {
    const ids = new Set<string>();
    const done = Promise.resolve().then(async () => {
      batch = null;
      const byDoc = new Map([...ids].map((card) => [recordDocId(card), card]));
      for (const entry of await entries([...byDoc.keys()])) {
        const flags = flagsOf(entry);
        if (flags?.kind === "record") records.set(flags.card, JSON.parse(flags.record) as ActionRecord);
      }
    });
    batch = { ids, done };
  }
  batch.ids.add(id);
  return batch.done;
}

/** The records of these cards that exist (read from the pack the first time). */
export async function loadRecords(cards: readonly string[]): Promise<Map<string, ActionRecord>> {
  current();
  if (!game.user?.isGM) return new Map();
  await Promise.all(cards.filter((c) => !records.has(c)).map(fetchSoon));
  return new Map(cards.flatMap((c) => (records.has(c) ? [[c, records.get(c)!] as const] : [])));
}

/** The record of a card, if it has one. */
export async function loadRecord(card: string): Promise<ActionRecord | null> {
  return (await loadRecords([card])).get(card) ?? null;
}

/** A record this client has read or written (what the authority reads once it has loaded what it needs); none on a client that is not a GM's. */
export function cachedRecord(card: string): ActionRecord | null {
  current();
  return game.user?.isGM ? (records.get(card) ?? null) : null;
}

/** Every record's summary (the pack's index, read once, then kept up to date by this client's writes). */
export async function recordSummaries(): Promise<RecordSummary[]> {
  current();
  if (!game.user?.isGM) return [];
  if (!summaries) {
    const loaded = new Map<string, RecordSummary>();
    for (const entry of await indexWith(findRecordsPack(), [`flags.${SYSTEM_ID}.kind`, `flags.${SYSTEM_ID}.summary`])) {
      const flags = entry.flags?.[SYSTEM_ID] as Partial<RecordFlags> | undefined;
      if (flags?.kind === "record" && flags.summary) loaded.set(flags.summary.card, flags.summary);
    }
    summaries ??= loaded;
  }
  return [...summaries.values()];
}

function recordSource(record: ActionRecord): JournalEntry.CreateData {
  return {
    _id: recordDocId(record.id),
    name: game.i18n!.format("FACTIONS.Records.Record", { id: record.id }),
    flags: { [SYSTEM_ID]: { kind: "record", card: record.id, summary: summaryOf(record), record: JSON.stringify(record) } satisfies RecordFlags },
  } as JournalEntry.CreateData;
}

/** Written to the pack by this client alone: no other client is sent the change (Foundry's `broadcast` option of an operation). */
const quietly = (pack: Pack) => ({ pack: pack.collection, broadcast: false }) as const;

/** Write these records to the pack (made or rewritten), and remember them. Only the active GM's client writes. */
export async function writeRecords({ create = [], update = [] }: { create?: readonly ActionRecord[]; update?: readonly ActionRecord[] }): Promise<void> {
  current();
  if (!create.length && !update.length) return;
  const pack = await recordsPack();
  if (update.length) {
    const changes = update.map((r) => ({ _id: recordDocId(r.id), [`flags.${SYSTEM_ID}.summary`]: summaryOf(r), [`flags.${SYSTEM_ID}.record`]: JSON.stringify(r) }));
    await JournalEntry.implementation.updateDocuments(changes as JournalEntry.UpdateData[], quietly(pack));
  }
  if (create.length) await JournalEntry.implementation.createDocuments(create.map(recordSource), { ...quietly(pack), keepId: true });
  for (const r of [...update, ...create]) {
    records.set(r.id, r);
    summaries?.set(r.id, summaryOf(r));
  }
}

/** Delete the records these cards have (a write taken back). */
export async function deleteRecords(cards: readonly string[]): Promise<void> {
  current();
  const pack = findRecordsPack();
  const kept = [...(await loadRecords(cards)).keys()];
  if (!pack || !kept.length) return;
  await JournalEntry.implementation.deleteDocuments(kept.map(recordDocId), quietly(pack));
  for (const card of kept) {
    records.delete(card);
    summaries?.delete(card);
  }
}

/* -------------------------------------------- */
/*  The GM fields kept of documents               */
/* -------------------------------------------- */

/** Everything kept of documents' GM fields, by UUID (read once from the pack). */
export async function loadAllFields(): Promise<Map<string, Kept>> {
  current();
  if (!fieldsLoaded) {
    const index = await indexWith(findRecordsPack(), [`flags.${SYSTEM_ID}.kind`]);
    const ids = index.filter((e) => e.flags?.[SYSTEM_ID]?.kind === "fields").map((e) => e._id);
    for (const entry of await entries(ids)) {
      const flags = flagsOf(entry);
      if (flags?.kind === "fields" && !fields.has(flags.uuid)) fields.set(flags.uuid, JSON.parse(flags.fields) as Kept);
    }
    fieldsLoaded = true;
  }
  return fields;
}

/** What is kept of a document's GM fields (once loaded), or null. */
export function cachedFields(uuid: string): Kept | null {
  current();
  return game.user?.isGM ? (fields.get(uuid) ?? null) : null;
}

/** Keep these documents' GM fields: one entry each, made or rewritten. */
export async function writeFields(kept: readonly { uuid: string; fields: Kept }[]): Promise<void> {
  current();
  if (!kept.length) return;
  const pack = await recordsPack();
  const update = kept.filter((k) => fields.has(k.uuid));
  const create = kept.filter((k) => !fields.has(k.uuid));
  if (update.length) {
    const changes = update.map((k) => ({ _id: keptEntryId(k.uuid), [`flags.${SYSTEM_ID}.fields`]: JSON.stringify(k.fields) }));
    await JournalEntry.implementation.updateDocuments(changes as JournalEntry.UpdateData[], quietly(pack));
  }
  if (create.length) {
    const data = create.map((k) => ({
      _id: keptEntryId(k.uuid),
      name: game.i18n!.localize("FACTIONS.Records.Fields"),
      flags: { [SYSTEM_ID]: { kind: "fields", uuid: k.uuid, fields: JSON.stringify(k.fields) } satisfies FieldsFlags },
    }));
    await JournalEntry.implementation.createDocuments(data as JournalEntry.CreateData[], { ...quietly(pack), keepId: true });
  }
  for (const k of kept) fields.set(k.uuid, k.fields);
}

/** Forget what was kept of these documents (deleted). */
export async function deleteFields(uuids: readonly string[]): Promise<void> {
  current();
  const gone = uuids.filter((u) => fields.has(u));
  const pack = findRecordsPack();
  if (!gone.length || !pack) return;
  await JournalEntry.implementation.deleteDocuments(gone.map(keptEntryId), quietly(pack));
  for (const u of gone) fields.delete(u);
}
