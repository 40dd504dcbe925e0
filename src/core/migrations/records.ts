/**
 * Moving the GM's records out of the stores of earlier releases, on the GM's first start:
 * - first release: each card kept its own applied/undone record (`system.legacy`, see the card's
 *   `migrateData`), and the chronicle was the world setting `factions.chronicle`;
 * - second release: the ledger (`factions.ledger`) and the GM fields as a GM last wrote them
 *   (`factions.gmRecords`), two world settings every client received.
 * Each becomes a record of the GMs' compendium (src/core/records/pack.ts), its card given its
 * ruling, and the old settings are emptied. (The journal entries of the release after them are
 * moved by ./journal.ts.) Every step skips what is already there, so running it again changes nothing.
 */
import { actionDefinition } from "../actions/definition";
import { SYSTEM_ID } from "../constants";
import { keepFieldsOf } from "../data/gm-records";
import type { ActionRecord, Claim, FollowUp, Secret, Stamp } from "../records/record";
import { loadRecords } from "../records/pack";
import { saveRecords } from "../records/save";
import { cardOutcome } from "../records/views";
import type { Change, Json } from "../rules/changes";
import type { ChronicleEntry } from "../chronicle/entry";
import type { Outcome } from "../rules/outcome";
import { worldDocument } from "../documents/uuid";

/** A record as the second release's ledger kept it: today's record before archiving. */
export type LedgerRecord = Omit<ActionRecord, "archived">;

/** A first-release chronicle entry: an entry of today's chronicle, which knew nothing of archiving nor of encounters. */
export type LegacyEntry = Omit<ChronicleEntry, "archived" | "encounter">;

/** Records are written this many at a time. */
const BATCH = 50;

async function createAll(records: ActionRecord[]): Promise<void> {
  for (let i = 0; i < records.length; i += BATCH) await saveRecords({ create: records.slice(i, i + BATCH) });
}

/** Those of these records the compendium does not hold yet. */
async function notYetKept<R extends { id: string }>(records: R[]): Promise<R[]> {
  const kept = await loadRecords(records.map((r) => r.id));
  return records.filter((r) => !kept.has(r.id));
}

/** What a first-release card said of itself when it was applied or undone. */
export interface LegacyCard {
  id: string;
  action: string;
  actor: string;
  actorName: string;
  round: number;
  timestamp: number;
  outcome: Outcome | null;
  secrets: Secret[];
  whisper: string[];
  legacy: { status: "applied" | "undone" | "answered"; applied: Change[]; appliedBy: Stamp | null; undoneBy: Stamp | null };
}

/** The record of a first-release card, believed once, by the GM who migrates the world. */
export function recordFromLegacy(card: LegacyCard): LedgerRecord {
  const { changes: _changes, ...shown } = card.outcome ?? { changes: [] as Change[], action: card.action, actor: card.actor, checks: [], rolls: [], log: [], detail: null };
  // An answered card's result is on the card that resolved it, which the first release did not name.
  const answered = card.legacy.status === "answered";
  return {
    id: card.id,
    status: card.legacy.status,
    action: card.action,
    actor: card.actor,
    actorName: card.actorName,
    round: card.round,
    done: card.legacy.appliedBy ?? { user: "", time: card.timestamp },
    undone: card.legacy.status === "undone" ? (card.legacy.undoneBy ?? { user: "", time: card.timestamp }) : null,
    changes: card.legacy.applied,
    outcome: answered ? null : shown,
    secrets: card.secrets,
    audience: card.whisper.length ? card.whisper : null,
    followUps: [],
    taken: {},
    claims: [],
    links: [],
    resolvedBy: null,
  };
}

/** A document's `system` data model, as far as a migration needs it. */
type Migrating = { migrateData(source: Record<string, unknown>): Record<string, unknown> };

/**
 * Values of a document's `system` fields as this release's data model reads them: an earlier
 * release may have stored another shape (a hero's uses), and what was kept of it must be put back
 * (by undo, or by the GM's client keeping GM fields) in the shape the model now expects.
 */
function upgraded(uuid: string, fields: Record<string, unknown>): Record<string, unknown> {
  const doc = worldDocument(uuid) as { system?: object } | null;
  const model = doc?.system?.constructor as Partial<Migrating> | undefined;
  return model?.migrateData ? model.migrateData(structuredClone(fields)) : fields;
}

/** The record with each value its changes set on a document's `system` field in today's shape. */
function withUpgradedChanges<R extends { changes: Change[] }>(record: R): R {
  const changes = record.changes.map((c) => {
    const field = c.op === "update" && c.ref.item === undefined ? /^system\.([^.]+)$/.exec(c.path)?.[1] : undefined;
    if (c.op !== "update" || !field) return c;
    return { ...c, from: upgraded(c.ref.actor, { [field]: c.from })[field] as Json, to: upgraded(c.ref.actor, { [field]: c.to })[field] as Json };
  });
  return { ...record, changes };
}

/** Schema 2: each first-release card's own applied/undone record becomes a record. */
export async function migrateLegacyCards(): Promise<void> {
  const records: ActionRecord[] = [];
  const cleared: ChatMessage.Implementation[] = [];
  for (const message of game.messages ?? []) {
    if (message.type !== "action") continue;
    const system = message.system as unknown as Omit<LegacyCard, "id" | "actorName" | "timestamp" | "whisper"> & { legacy: LegacyCard["legacy"] | null };
    if (!system.legacy) continue;
    const record = recordFromLegacy({
      ...system,
      legacy: system.legacy,
      id: message.id!,
      actorName: message.speaker.alias ?? "",
      timestamp: message.timestamp,
      whisper: (message._source.whisper as unknown as string[]) ?? [],
    });
    records.push(withUpgradedChanges({ ...record, archived: false }));
    cleared.push(message);
  }
  await createAll(await notYetKept(records));
  for (const message of cleared) await message.update({ "system.legacy": null } as ChatMessage.UpdateData);
}

/**
 * Who may read a first-release chronicle entry no other store recorded. Its card tells, if it is
 * still in the chat log. Without it, an action that can hide nothing (no secret names, never
 * unnoticed) is everyone's to read; any other only the GMs', since the first release kept no list
 * of the names in it some players may not see, nor of who saw it.
 */
function readersOfEntry(entry: LegacyEntry): Pick<ActionRecord, "secrets" | "audience"> {
  const card = game.messages?.get(entry.id);
  if (card?.type === "action") {
    const whisper = (card._source.whisper as unknown as string[] | undefined) ?? [];
    return { secrets: (card.system as unknown as { secrets?: Secret[] }).secrets ?? [], audience: whisper.length ? whisper : null };
  }
  const def = actionDefinition(entry.action);
  const canHide = !def || !!def.secrets || !!def.unnoticed;
  return { secrets: [], audience: canHide ? game.users!.filter((u) => u.isGM).map((u) => u.id!) : null };
}

/** A first-release chronicle entry no other store recorded: its lines only (nothing to undo). */
function recordFromEntry(entry: LegacyEntry): ActionRecord {
  const stamp = { user: "", time: entry.time };
  return {
    id: entry.id,
    status: entry.status,
    action: entry.action,
    actor: entry.actor,
    actorName: entry.actorName,
    round: entry.round,
    done: stamp,
    undone: entry.status === "undone" ? stamp : null,
    changes: [],
    outcome: { action: entry.action, actor: entry.actor, checks: [], rolls: [], log: entry.log, detail: null },
    ...readersOfEntry(entry),
    followUps: [] as FollowUp[],
    taken: {},
    claims: [] as Claim[],
    links: [],
    resolvedBy: null,
    archived: true,
  };
}

/**
 * The cards of earlier releases held their secret names for every client to receive, masked only
 * when drawn: each now holds them masked, as a card posted today does (the records keep them).
 */
async function maskCardSecrets(): Promise<void> {
  const updates: { _id: string; system: { outcome: Outcome; secrets: Secret[] } }[] = [];
  for (const message of game.messages ?? []) {
    if (message.type !== "action") continue;
    const { outcome, secrets } = message.system as unknown as { outcome: Outcome | null; secrets: Secret[] };
    if (!secrets.length) continue;
    updates.push({ _id: message.id!, system: { outcome: outcome && cardOutcome(outcome, secrets), secrets: [] } as { outcome: Outcome; secrets: Secret[] } });
  }
  for (let i = 0; i < updates.length; i += BATCH) await ChatMessage.implementation.updateDocuments(updates.slice(i, i + BATCH) as ChatMessage.UpdateData[]);
}

/**
 * Schema 3: the ledger, the GM fields and the first-release chronicle move into the records, and
 * their settings are emptied; the cards no longer hold secret names.
 */
export async function migrateSettingsToRecords(): Promise<void> {
  const settings = game.settings!;
  const ledger = settings.get(SYSTEM_ID, "ledger") ?? {};
  const fromLedger = await notYetKept(Object.values(ledger).map((r) => withUpgradedChanges({ ...r, archived: false })));
  await createAll(fromLedger);
  const fromChronicle = await notYetKept((settings.get(SYSTEM_ID, "chronicle") ?? []).map(recordFromEntry));
  await createAll(fromChronicle);
  const kept = Object.entries(settings.get(SYSTEM_ID, "gmRecords") ?? {}).map(([uuid, fields]) => [uuid, upgraded(uuid, fields)]);
  await keepFieldsOf(Object.fromEntries(kept));
  await settings.set(SYSTEM_ID, "ledger", {});
  await settings.set(SYSTEM_ID, "gmRecords", {});
  await settings.set(SYSTEM_ID, "chronicle", []);
  await maskCardSecrets();
}
