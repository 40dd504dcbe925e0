/**
 * The chronicle as the rest of the system reaches it: the entries the current user may read, its
 * window, whose code (./app.ts) loads the first time it opens, and the GM's archiving (./archive.ts),
 * loaded the first time a GM archives, so what Foundry loads at start-up stays small.
 */
import { redactLine, type RecordView } from "../records/record";
import { HIDDEN_NAME } from "../records/views";
import { readableRecordIds, recordViewOf } from "../records/store";
import type { ArchiveCutoff } from "../records/archive";
import type { ChronicleApp, ChronicleOpenOptions } from "./app";
import { chronicleEntries, type ChronicleEntry } from "./entry";

/**
 * The chronicle as the current user may read it: no unnoticed action they were not told of, no name
 * they may not see (masked in words of their own language).
 */
export function visibleChronicle(): ChronicleEntry[] {
  const user = game.user!;
  const views = readableRecordIds(user)
    .map((id) => recordViewOf(id, user))
    .filter((v): v is RecordView => !!v);
  const mask = game.i18n!.localize(HIDDEN_NAME);
  return chronicleEntries(views).map((e) => ({ ...e, log: e.log.map((line) => redactLine(line, new Set([HIDDEN_NAME]), mask)) }));
}

/** The window's module, once it has loaded. */
let app: typeof import("./app") | null = null;

/**
 * Open the chronicle: the one window, brought to the front if it is open already, narrowed as
 * asked (`open({ ruleset: "operations", round: 2, actor: actor.uuid })`; nothing named: everything).
 */
export async function openChronicle(options: ChronicleOpenOptions = {}): Promise<ChronicleApp> {
  app ??= await import("./app");
  return app.showChronicle(options);
}

/** Redraw the chronicle if it is open (a record changed). */
export function refreshChronicle(): void {
  app?.refreshChronicle();
}

/** Archive the records the cutoff names (a GM); the number archived, or null if refused (the reason is shown). */
export async function archiveChronicle(cutoff: ArchiveCutoff): Promise<number | null> {
  return (await import("./archive")).archiveChronicle(cutoff);
}
