/**
 * The chronicle's lines as the rest of the system reaches them: what the current user may read, and
 * the GM's archiving (./archive.ts), loaded the first time a GM archives, so what Foundry loads at
 * start-up stays small. Its window opens through ./open.ts.
 *
 * Where the lines come from: a player reads the cards their own chat log holds (each card's ruling,
 * ../records/ruling.ts) and, for cards the chat log no longer has, asks the active GM's client,
 * which answers with that user's lines only (../records/readers.ts); with no GM connected the window
 * says so. A GM reads the records themselves, a page at a time.
 */
import { askGM } from "../actions/requests";
import { isActionMessage, type ActionMessage } from "../chat/action-message";
import { redactLine, type RecordView } from "../records/record";
import { reveal, revealedView } from "../records/reveals";
import { HIDDEN_NAME } from "../records/views";
import type { ArchiveCutoff } from "../records/archive";
import { byTime, entryOf, filterValues, matchesFilter, mergeValues, NO_FILTER, PAGE_SIZE, type ChronicleEntry, type ChronicleFilter, type ChroniclePage, type FilterValues } from "./entry";
import { worldDocument } from "../documents/uuid";

/** A line as its reader is shown it: a masked name in words of their own language. */
function shown(entry: ChronicleEntry): ChronicleEntry {
  const mask = game.i18n!.localize(HIDDEN_NAME);
  return { ...entry, log: entry.log.map((line) => redactLine(line, new Set([HIDDEN_NAME]), mask)) };
}

/**
 * The lines of the cards this client's chat log holds, as the current user may read them: where a
 * card masks the Stealth names of an actor they own, their own view of it, asked of the GM's client.
 */
export async function chatLogEntries(): Promise<ChronicleEntry[]> {
  const cards: ActionMessage[] = [];
  for (const message of game.messages ?? []) if (isActionMessage(message)) cards.push(message);
  const user = game.user!;
  const owned = (actor: string) => !!(worldDocument(actor) as Actor.Implementation | null)?.testUserPermission(user, "OWNER");
  await reveal(cards.filter((m) => m.system.gmRuling?.masked.some(owned)).map((m) => m.id!));
  const entries: ChronicleEntry[] = [];
  for (const message of cards) {
    const view = message.system.record;
    const revealed = view && revealedView(view.id);
    const own: RecordView | null = view && (revealed ? { ...view, outcome: revealed.outcome } : view);
    const entry = own && entryOf(own);
    if (entry) entries.push(entry);
  }
  return entries.sort(byTime);
}

/** What the chronicle shows the current user of one filter: their lines so far, whether earlier ones remain, the filters' values. */
export interface ChronicleRead {
  entries: ChronicleEntry[];
  more: boolean;
  values: FilterValues;
  /** No GM is connected: a player's lines of cards gone from the chat log cannot be read now. */
  noGM: boolean;
  /** The records' lines read so far, oldest first. */
  older: ChronicleEntry[];
}

/** One page of the lines the records hold for the current user (a GM: all of them; a player: those of cards gone from the chat log). */
async function recordsPage(filter: ChronicleFilter, before: ChronicleEntry | null): Promise<ChroniclePage> {
  const cursor = before ? { time: before.time, id: before.id } : null;
  return (await askGM("chronicle", { filter, before: cursor, limit: PAGE_SIZE })) as ChroniclePage;
}

/**
 * The current user's chronicle narrowed by `filter`: the latest page of the records' lines, or, after
 * a `previous` read, the page before it too.
 */
export async function readChronicle(filter: ChronicleFilter, previous: ChronicleRead | null = null): Promise<ChronicleRead> {
  const own = game.user!.isGM ? [] : await chatLogEntries();
  const mine = own.filter((e) => matchesFilter(e, filter));
  if (!game.users?.activeGM) return { entries: mine.map(shown), more: false, values: filterValues(own), noGM: !game.user!.isGM, older: [] };
  const page = await recordsPage(filter, previous?.older[0] ?? null);
  const older = [...page.entries, ...(previous?.older ?? [])];
  const byId = new Map([...older, ...mine].map((e) => [e.id, e]));
  return { entries: [...byId.values()].sort(byTime).map(shown), more: page.more, values: mergeValues(filterValues(own), page.values), noGM: false, older };
}

/**
 * The chronicle as the current user may read it, every line (`game.factions.chronicle.entries()`):
 * no unnoticed action they were not told of, no name they may not see (masked in their own words).
 */
export async function visibleChronicle(filter: ChronicleFilter = NO_FILTER): Promise<ChronicleEntry[]> {
  let read = await readChronicle(filter);
  while (read.more) read = await readChronicle(filter, read);
  return read.entries;
}

/** Archive the records the cutoff names (a GM); the number archived, or null if refused (the reason is shown). */
export async function archiveChronicle(cutoff: ArchiveCutoff): Promise<number | null> {
  return (await import("./archive")).archiveChronicle(cutoff);
}
