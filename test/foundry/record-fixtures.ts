/**
 * Records in bulk: copies of one card's record under new ids, written as the GM's client writes
 * records, for the tests and benches of a long campaign.
 */
import { saveRecords } from "../../src/core/records/save";
import { gmRecord } from "../../src/core/records/store";
import type { ActionRecord } from "../../src/core/records/record";
import { harness } from "../harness/install";

/** Add `count` records like the record of `card` (each with its views), as the GM. */
export async function addRecordsLike(card: string, count: number): Promise<void> {
  await harness.as(harness.users.gm, async () => {
    const model = gmRecord(card);
    if (!model) throw new Error(`card ${card} has no record`);
    const copies: ActionRecord[] = [];
    for (let i = 0; i < count; i++) copies.push({ ...model, id: `bulk${String(i).padStart(12, "0")}`, done: { ...model.done, time: model.done.time - count + i } });
    for (let i = 0; i < copies.length; i += 200) await saveRecords({ create: copies.slice(i, i + 200) });
  });
}
