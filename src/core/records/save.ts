/**
 * Writing records: each to the GMs' compendium (./pack.ts), and its ruling (./ruling.ts) into its
 * card if the chat log still has it, all or nothing. Only the active GM's client writes, in the
 * authority's queue (src/core/actions/authority.ts) or the migration, and this loads with them.
 */
import { jsonEqual, type Json } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import { cachedRecord, deleteRecords, writeRecords } from "./pack";
import type { ActionRecord } from "./record";
import { RECORDS_CHANGED } from "./register";
import { rulingOf } from "./ruling";

/**
 * A card's data as the ruling's write leaves it: a GM its author (only a GM may change it from now
 * on), its ruling, and the outcome the GM verified where the card said another.
 */
function cardUpdate(card: ChatMessage.Implementation, record: ActionRecord, outcome?: Outcome): Record<string, unknown> {
  const differs = outcome && !jsonEqual(outcome as unknown as Json, (card.system as { outcome?: unknown }).outcome as Json);
  return {
    _id: record.id,
    author: game.user!.id,
    "system.ruling": JSON.stringify(rulingOf(record)),
    ...(differs ? { "system.outcome": outcome } : {}),
  };
}

/** Write the rulings of these records into their cards that the chat log still has. */
export async function writeRulings(records: readonly ActionRecord[], outcomes: Readonly<Record<string, Outcome>> = {}): Promise<void> {
  const updates = records.flatMap((r) => {
    const card = game.messages?.get(r.id);
    return card ? [cardUpdate(card, r, outcomes[r.id])] : [];
  });
  for (let i = 0; i < updates.length; i += RULINGS_BATCH) await ChatMessage.implementation.updateDocuments(updates.slice(i, i + RULINGS_BATCH) as ChatMessage.UpdateData[]);
}

/** Cards are written this many at a time. */
const RULINGS_BATCH = 100;

/**
 * Write new records and changed ones, and their cards' rulings, all or nothing: if a card's write
 * fails, the records are put back as they were (the new ones deleted) with their cards' rulings.
 * `outcomes`: what a newly applied card is to hold as its outcome, the one the GM's client verified.
 */
export async function saveRecords({ create = [], update = [], outcomes = {} }: { create?: readonly ActionRecord[]; update?: readonly ActionRecord[]; outcomes?: Readonly<Record<string, Outcome>> }): Promise<void> {
  const before = update.map((r) => cachedRecord(r.id)).filter((r): r is ActionRecord => !!r);
  await writeRecords({ create, update });
  try {
    await writeRulings([...update, ...create], outcomes);
  } catch (error) {
    await writeRecords({ update: before }).catch((e: unknown) => console.error(e));
    await deleteRecords(create.map((r) => r.id)).catch((e: unknown) => console.error(e));
    await writeRulings(before).catch((e: unknown) => console.error(e));
    throw error;
  }
  Hooks.callAll(RECORDS_CHANGED, [...update, ...create].map((r) => r.id));
}
