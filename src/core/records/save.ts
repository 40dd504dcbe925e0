/**
 * Writing the records' entries (./store.ts): only the active GM's client does, from the authority
 * (src/core/actions/authority.ts) or the migration of earlier releases' records, and it loads with them.
 */
import { SYSTEM_ID } from "../constants";
import { recordsFolder } from "./folder";
import { recordDocId, viewDocId } from "./ids";
import type { ActionRecord, ViewLayout, Viewer } from "./record";
import { gmRecord, type RecordFlags, type ViewFlags } from "./store";
import { layoutView, viewLayouts } from "./views";

/** The viewers a record's views are laid out for: every user of the world as they are now. */
function viewers(): Viewer[] {
  return (game.users?.contents ?? []).map((u) => ({
    id: u.id!,
    isGM: u.isGM,
    owns: (ref: string) => {
      const doc = ref ? (foundry.utils.fromUuidSync(ref as `Actor.${string}`, { strict: false }) as { testUserPermission?: (u: User.Implementation, p: "OWNER") => boolean } | null) : null;
      return !!doc?.testUserPermission?.(u, "OWNER");
    },
  }));
}

/** Ownership as Foundry's documents type it (the views' layouts hold its plain numbers). */
const ownershipOf = (levels: Record<string, number>) => levels as Record<string, CONST.DOCUMENT_OWNERSHIP_LEVELS>;

function recordSource(record: ActionRecord, folder: string): JournalEntry.CreateData {
  return {
    _id: recordDocId(record.id),
    name: game.i18n!.format("FACTIONS.Records.Record", { id: record.id }),
    folder,
    ownership: ownershipOf({ default: 0 }),
    flags: { [SYSTEM_ID]: { kind: "record", card: record.id, record: JSON.stringify(record) } satisfies RecordFlags },
  } as JournalEntry.CreateData;
}

function viewFlags(record: ActionRecord, layout: ViewLayout, index: number): ViewFlags {
  return { kind: "view", card: record.id, index, count: record.views.length, view: JSON.stringify(layoutView(record, layout)) };
}

function viewSource(record: ActionRecord, layout: ViewLayout, index: number, folder: string): JournalEntry.CreateData {
  return {
    _id: viewDocId(record.id, index),
    name: game.i18n!.format("FACTIONS.Records.View", { id: record.id, index: String(index) }),
    folder,
    ownership: ownershipOf(layout.ownership),
    flags: { [SYSTEM_ID]: viewFlags(record, layout, index) },
  } as JournalEntry.CreateData;
}

/** Lay out a new record's views for the world's users as they are now. */
export function withViews(record: Omit<ActionRecord, "views">): ActionRecord {
  const whole = { ...record, views: [] } as ActionRecord;
  return { ...whole, views: viewLayouts(whole, viewers()) };
}

/** The entries of new records (a record's views included). */
async function createRecords(records: readonly ActionRecord[]): Promise<void> {
  if (!records.length) return;
  const folder = (await recordsFolder()).id!;
  const data = records.flatMap((r) => [recordSource(r, folder), ...r.views.map((layout, i) => viewSource(r, layout, i, folder))]);
  await JournalEntry.implementation.createDocuments(data, { keepId: true });
}

/** Rewrite records that changed, and their views (each keeps the readers it was written for). */
async function updateRecords(records: readonly ActionRecord[]): Promise<void> {
  if (!records.length) return;
  const updates = records.flatMap((r) => [
    { _id: recordDocId(r.id), [`flags.${SYSTEM_ID}.record`]: JSON.stringify(r) },
    ...r.views.map((layout, i) => ({ _id: viewDocId(r.id, i), [`flags.${SYSTEM_ID}.view`]: viewFlags(r, layout, i).view })),
  ]);
  await JournalEntry.implementation.updateDocuments(updates as JournalEntry.UpdateData[]);
}

/**
 * Write new records and changed ones, all or nothing: if the second write fails, the first is
 * taken back. Only the active GM's client calls this, in the authority's queue.
 */
export async function saveRecords({ create = [], update = [] }: { create?: readonly ActionRecord[]; update?: readonly ActionRecord[] }): Promise<void> {
  const before = update.map((r) => gmRecord(r.id)).filter((r): r is ActionRecord => !!r);
  await updateRecords(update);
  try {
    await createRecords(create);
  } catch (error) {
    await updateRecords(before).catch((e: unknown) => console.error(e));
    throw error;
  }
}
