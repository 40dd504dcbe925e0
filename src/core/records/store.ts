/**
 * Where the records live: journal entries in the system's records folder (./folder.ts), one per
 * record and one per view of it, each found by an id made from its card's id (./ids.ts).
 * - A record's own entry is the GM's alone (ownership NONE for everyone else): what undo
 *   restores, every name, who took which option.
 * - A view's entry is readable (OBSERVER) by exactly its readers (./views.ts).
 * Only the active GM's client writes them (./save.ts), one record at a time: the cost of a write is
 * that record's, however many records the world holds. Each entry keeps its data as one JSON
 * string, so no key inside it is ever read as a dotted path.
 */
import { SYSTEM_ID } from "../constants";
import { recordDocId, viewDocId } from "./ids";
import type { ActionRecord, RecordView } from "./record";
import { recordView } from "./views";

type Entry = JournalEntry.Implementation;

/** What a record's entries hold in `flags.factions`. */
export interface RecordFlags {
  kind: "record";
  card: string;
  record: string;
}

export interface ViewFlags {
  kind: "view";
  card: string;
  index: number;
  /** On view 0: how many views the record has. */
  count: number;
  view: string;
}

/** What the entry that keeps a document's GM fields holds (src/core/data/gm-records.ts). */
export interface FieldsFlags {
  kind: "fields";
  uuid: string;
  fields: string;
}

type Flags = RecordFlags | ViewFlags | FieldsFlags;

/** The system's flags of a journal entry, if it is one of the records' entries. */
export function flagsOf(entry: Entry | undefined | null): Flags | null {
  const flags = (entry?._source.flags as Record<string, unknown> | undefined)?.[SYSTEM_ID] as Partial<Flags> | undefined;
  return typeof flags?.kind === "string" ? (flags as Flags) : null;
}

/** Is this journal entry one of the system's records (kept out of every list a user picks from)? */
export const isRecordEntry = (entry: Entry | undefined | null) => flagsOf(entry) !== null;

/** Parsed JSON by entry, kept while the entry's string is the same (records are read on every card render). */
const parsed = new WeakMap<Entry, { text: string; value: unknown }>();

function readJson<T>(entry: Entry, text: string): T {
  const hit = parsed.get(entry);
  if (hit?.text === text) return hit.value as T;
  const value = JSON.parse(text) as T;
  parsed.set(entry, { text, value });
  return value;
}

const readable = (entry: Entry | undefined, user: User.Implementation): entry is Entry => !!entry && entry.testUserPermission(user, "OBSERVER");

/** The GM's record of a card, if there is one and `user` may read it (a GM). */
export function gmRecord(card: string, user: User.Implementation = game.user!): ActionRecord | null {
  const entry = game.journal?.get(recordDocId(card));
  const flags = flagsOf(entry);
  return readable(entry, user) && flags?.kind === "record" ? readJson<ActionRecord>(entry, flags.record) : null;
}

function viewEntry(card: string, index: number, user: User.Implementation): ViewFlags | null {
  const entry = game.journal?.get(viewDocId(card, index));
  const flags = flagsOf(entry);
  return readable(entry, user) && flags?.kind === "view" ? flags : null;
}

/**
 * What `user` may know of a card's record: a GM the whole of it; a player the view written for
 * them (the one showing their own secret names), else the one for every reader, else nothing.
 */
export function recordViewOf(card: string, user: User.Implementation = game.user!): RecordView | null {
  if (user.isGM) {
    const record = gmRecord(card, user);
    return record ? recordView(record, "all") : null;
  }
  const base = viewEntry(card, 0, user);
  if (!base) return null;
  let chosen = base;
  for (let i = 1; i < base.count; i++) {
    const own = viewEntry(card, i, user);
    if (own) {
      chosen = own;
      break;
    }
  }
  const entry = game.journal!.get(viewDocId(card, chosen.index))!;
  return readJson<RecordView>(entry, chosen.view);
}

/** The ids of the entries that hold a card's record and its views, as the world has them now. */
export function recordEntryIds(card: string): string[] {
  const base = flagsOf(game.journal?.get(viewDocId(card, 0)));
  const count = base?.kind === "view" ? base.count : 0;
  const ids = [recordDocId(card), ...Array.from({ length: count }, (_, i) => viewDocId(card, i))];
  return ids.filter((id) => game.journal?.has(id));
}

/** Every record's id this user may read something of (the chronicle's list), each once. */
export function readableRecordIds(user: User.Implementation = game.user!): string[] {
  const ids: string[] = [];
  for (const entry of game.journal ?? []) {
    const flags = flagsOf(entry);
    if (!flags || flags.kind === "fields" || !readable(entry, user)) continue;
    if (user.isGM ? flags.kind === "record" : flags.kind === "view" && flags.index === 0) ids.push(flags.card);
  }
  return ids;
}
