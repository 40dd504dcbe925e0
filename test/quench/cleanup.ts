/**
 * A batch's cleanup of what it posted: its chat messages and the GM's records of them, and nothing
 * else of the world (other users' messages and records stay as they are).
 */
import { findRecordsFolder } from "../../src/core/records/folder";
import { recordEntryIds } from "../../src/core/records/store";

export async function removeCardsAndRecords(messageIds: readonly string[]): Promise<void> {
  const cards = messageIds.filter((id) => game.messages?.has(id));
  if (cards.length) await ChatMessage.implementation.deleteDocuments(cards);
  const entries = messageIds.flatMap(recordEntryIds);
  if (entries.length) await JournalEntry.implementation.deleteDocuments(entries);
  await removeEmptyRecordsFolder();
}

/**
 * The records' folder goes if the batch's records were all it held (it is made again when needed),
 * once the GM's client has had a moment to forget the GM fields of the documents the batch deleted.
 */
export async function removeEmptyRecordsFolder(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const folder = findRecordsFolder();
  if (folder && !game.journal?.some((e) => e.folder?.id === folder.id)) await folder.delete();
}
