/**
 * What the active GM's client tells each reader of the records, read from the GMs' compendium
 * (./pack.ts) for the user the server recorded as asking (never one a request names): their own
 * view of cards whose Stealth names they may own (./reveals.ts), and pages of the chronicle
 * (a player's: the lines of cards the chat log no longer has; a GM's own: every line). Each answer
 * holds only what that user may read: no unnoticed action they were not told of, no name of a
 * Stealth asset they do not own. Loaded on a GM's client only.
 */
import { entryOf, filterValues, pageOf, pageRequest, type ChronicleEntry, type ChroniclePage } from "../chronicle/entry";
import { loadRecords, recordSummaries, type RecordSummary } from "./pack";
import type { RecordView } from "./record";
import { mayRead, recordView } from "./views";
import { worldDocument } from "../documents/uuid";

/** Cards one request may ask the views of. */
const MAX_CARDS = 100;

/** Whose Stealth names `user` may read: the actors they own (all, for a GM), each looked up once per answer. */
function ownedBy(user: User.Implementation): ((actor: string) => boolean) | "all" {
  if (user.isGM) return "all";
  const known = new Map<string, boolean>();
  return (ref) => {
    if (!known.has(ref)) {
      const doc = ref ? (worldDocument(ref) as Actor.Implementation | null) : null;
      known.set(ref, !!doc?.testUserPermission?.(user, "OWNER"));
    }
    return known.get(ref)!;
  };
}

const viewer = (user: User.Implementation) => ({ id: user.id!, isGM: user.isGM });

/** `user`'s own views of these cards' records: each one they may read, with the names of the actors they own shown. */
export async function viewsFor(cards: unknown, user: User.Implementation): Promise<RecordView[]> {
  const ids = Array.isArray(cards) ? cards.filter((c): c is string => typeof c === "string").slice(0, MAX_CARDS) : [];
  const records = await loadRecords(ids);
  const owned = ownedBy(user);
  return [...records.values()].filter((r) => mayRead(r, viewer(user))).map((r) => recordView(r, owned));
}

/** A summary as the chronicle's paging reads it. */
const line = (s: RecordSummary) => ({ ...s, id: s.card });

/**
 * A page of `user`'s chronicle: the lines of records they may read (only those whose cards the
 * chat log no longer has, with `gone`: a player reads the others in their own chat log).
 */
export async function chroniclePage(user: User.Implementation, request: unknown, { gone }: { gone: boolean }): Promise<ChroniclePage> {
  const asked = pageRequest(request);
  const readable = (await recordSummaries()).filter((s) => s.status !== "answered" && mayRead(s, viewer(user)) && (!gone || !game.messages?.has(s.card))).map(line);
  const { page, more } = pageOf(readable, asked);
  const records = await loadRecords(page.map((s) => s.id));
  const owned = ownedBy(user);
  const entries = page.flatMap((s) => {
    const record = records.get(s.id);
    const entry = record && entryOf(recordView(record, owned));
    return entry ? [entry] : [];
  }) as ChronicleEntry[];
  return { entries, more, values: filterValues(readable) };
}

/** A player asked for the older lines of their chronicle. */
export const chroniclePageFor = (request: unknown, user: User.Implementation) => chroniclePage(user, request, { gone: !user.isGM });
