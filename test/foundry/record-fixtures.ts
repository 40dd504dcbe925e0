/**
 * The GMs' records for tests: read as the GM's client reads them, as the server stores them, and
 * in bulk (copies of one card's record under new ids, written as the GM's client writes records)
 * for the tests and benches of a long campaign.
 */
import { recordDocId, RECORDS_PACK_ID } from "../../src/core/records/ids";
import { loadAllFields, loadRecord } from "../../src/core/records/pack";
import type { ActionRecord } from "../../src/core/records/record";
import { saveRecords } from "../../src/core/records/save";
import type { ClientDocument, CompendiumCollection } from "../harness/documents";
import { harness } from "../harness/install";

/** The GM's record of a card, as the GM's client reads it (null if it has none). */
export function gmRecord(card: string): Promise<ActionRecord | null> {
  return harness.as(harness.users.gm, () => loadRecord(card));
}

/** What the GM's client keeps of a document's GM fields (null if nothing). */
export function keptOf(uuid: string): Promise<Record<string, unknown> | null> {
  return harness.as(harness.users.gm, async () => (await loadAllFields()).get(uuid) ?? null);
}

/** The records' compendium as the server holds it (undefined until the GM's client made it). */
export const recordsPack = () => harness.game.packs.get(RECORDS_PACK_ID) as CompendiumCollection | undefined;

/** The document of a card's record as the server stores it. */
export const storedRecord = (card: string): ClientDocument | undefined => recordsPack()?.stored.get(recordDocId(card));

/** Add `count` records like the record of `card`, as the GM. */
export async function addRecordsLike(card: string, count: number): Promise<void> {
  await harness.as(harness.users.gm, async () => {
    const model = await loadRecord(card);
    if (!model) throw new Error(`card ${card} has no record`);
    const copies: ActionRecord[] = [];
    for (let i = 0; i < count; i++) copies.push({ ...model, id: `bulk${String(i).padStart(12, "0")}`, done: { ...model.done, time: model.done.time - count + i } });
    for (let i = 0; i < copies.length; i += 200) await saveRecords({ create: copies.slice(i, i + 200) });
  });
}
