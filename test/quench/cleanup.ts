/**
 * A batch's cleanup of what it posted: its chat messages and the GM's records of them, and nothing
 * else of the world (other users' messages and records stay as they are).
 */
import { deleteRecords, findRecordsPack } from "../../src/core/records/pack";

export async function removeCardsAndRecords(messageIds: readonly string[]): Promise<void> {
  const cards = messageIds.filter((id) => game.messages?.has(id));
  if (cards.length) await ChatMessage.implementation.deleteDocuments(cards);
  await deleteRecords(messageIds);
  await removeEmptyRecordsPack();
}

/**
 * The records' compendium goes if the batch's records were all it held (it is made again when
 * needed), once the GM's client has had a moment to forget the GM fields of the documents the
 * batch deleted.
 */
export async function removeEmptyRecordsPack(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const pack = findRecordsPack();
  if (pack && (await pack.getIndex()).size === 0) await pack.deleteCompendium();
}
