/**
 * Every client follows the records' entries: when one is written, the card it belongs to is
 * drawn again and the chronicle refreshed; the Journal sidebar never shows them.
 */
import { hideRecordsFolder } from "./folder";
import { flagsOf } from "./store";

/** `onRecords` hears, once per batch of writes, the ids of the cards whose records changed. */
export function registerRecords(onRecords: (cards: string[]) => void): void {
  const pending = new Set<string>();
  const changed = (entry: JournalEntry.Implementation) => {
    const flags = flagsOf(entry);
    if (!flags || flags.kind === "fields") return;
    if (!pending.size) queueMicrotask(() => {
      const cards = [...pending];
      pending.clear();
      onRecords(cards);
    });
    pending.add(flags.card);
  };
  Hooks.on("createJournalEntry", changed);
  Hooks.on("updateJournalEntry", changed);
  Hooks.on("deleteJournalEntry", changed);
  Hooks.on("renderJournalDirectory", (_app, html) => hideRecordsFolder(html as HTMLElement));
}
