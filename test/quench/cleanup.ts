/**
 * A batch's cleanup of what it posted: its chat messages and the GM's records of them, and nothing
 * else of the world (other users' messages and records stay as they are).
 */
import { serially } from "../../src/core/actions/checks";
import { deleteRecords, findRecordsPack } from "../../src/core/records/pack";

export async function removeCardsAndRecords(messageIds: readonly string[]): Promise<void> {
  const cards = messageIds.filter((id) => game.messages?.has(id));
  if (cards.length) await ChatMessage.implementation.deleteDocuments(cards);
  await deleteRecords(messageIds);
  await removeEmptyRecordsPack();
}

/**
 * The records' compendium goes if the batch's records were all it held (it is made again when
 * needed), once the GM's client has forgotten the GM fields of the documents the batch deleted
 * (queued on the GM's one queue by each deletion's hook).
 */
export async function removeEmptyRecordsPack(): Promise<void> {
  await serially(() => Promise.resolve());
  const pack = findRecordsPack();
  if (pack && (await pack.getIndex()).size === 0) await pack.deleteCompendium();
}
