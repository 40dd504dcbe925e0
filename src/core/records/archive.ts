/**
 * Archiving: the GM bounds history. A record archived before a round or a date keeps its status,
 * who did it and the lines the chronicle reads; its undo data, its options and what it took from
 * other cards go, and it can no longer be undone. Pure: the GM's client writes it (authority.ts).
 */
import type { ActionRecord } from "./record";

/** Which records to archive: those of a round below `beforeRound`, or done before `before` (ms). */
export interface ArchiveCutoff {
  beforeRound?: number;
  before?: number;
}

/** The cutoff a request names, or null if it names none that makes sense. */
export function archiveCutoff(value: unknown): ArchiveCutoff | null {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const round = v.beforeRound;
  const time = v.before;
  const cutoff: ArchiveCutoff = {};
  if (round !== undefined) {
    if (!Number.isSafeInteger(round) || (round as number) < 1) return null;
    cutoff.beforeRound = round as number;
  }
  if (time !== undefined) {
    if (typeof time !== "number" || !Number.isFinite(time)) return null;
    cutoff.before = time;
  }
  return cutoff.beforeRound !== undefined || cutoff.before !== undefined ? cutoff : null;
}

/** Is this record (by its summary: round, time, archived) one the cutoff archives, and not archived yet? */
export function archiveDue(record: { archived: boolean; round: number; time: number }, cutoff: ArchiveCutoff): boolean {
  if (record.archived) return false;
  return (cutoff.beforeRound !== undefined && record.round < cutoff.beforeRound) || (cutoff.before !== undefined && record.time < cutoff.before);
}

/** The record as the archive keeps it. */
export function archivedRecord(record: ActionRecord): ActionRecord {
  return {
    ...record,
    archived: true,
    changes: [],
    claims: [],
    followUps: [],
    choice: null,
    outcome: record.outcome && { ...record.outcome, detail: null },
  };
}
