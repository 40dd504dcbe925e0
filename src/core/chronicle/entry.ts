import { canSee, hiddenNames, redactLine, type Ledger, type Viewer } from "../ledger/record";
import type { Line } from "../rules/outcome";

/** One applied action, as the chronicle shows it to one viewer. */
export interface ChronicleEntry {
  /** The chat message of the action. */
  id: string;
  /** When it was applied (ms), the order of the chronicle. */
  time: number;
  /** Combat round (faction turn) it belongs to; 0 outside an encounter. */
  round: number;
  actor: string;
  actorName: string;
  action: string;
  status: "applied" | "undone";
  log: Line[];
}

/**
 * The chronicle as `viewer` may read it: every applied or undone action in the order it was
 * applied, without the unnoticed actions they are not told of, and with the secret names of
 * factions they do not own replaced by `mask`.
 */
export function chronicleEntries(ledger: Ledger, viewer: Viewer, mask: string): ChronicleEntry[] {
  const entries: ChronicleEntry[] = [];
  for (const record of Object.values(ledger)) {
    if (record.status === "answered" || !record.outcome || !canSee(record, viewer)) continue;
    const hidden = hiddenNames(record.secrets, viewer);
    entries.push({
      id: record.id,
      time: record.done.time,
      round: record.round,
      actor: record.actor,
      actorName: record.actorName,
      action: record.action,
      status: record.status,
      log: record.outcome.log.map((line) => redactLine(line, hidden, mask)),
    });
  }
  return entries.sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
}

/** The chronicle by round, then by actor in the order they first acted. */
export function groupByTurn(entries: readonly ChronicleEntry[]): { round: number; turns: { actor: string; actorName: string; entries: ChronicleEntry[] }[] }[] {
  const rounds = new Map<number, Map<string, { actor: string; actorName: string; entries: ChronicleEntry[] }>>();
  for (const e of entries) {
    let turns = rounds.get(e.round);
    if (!turns) rounds.set(e.round, (turns = new Map()));
    let turn = turns.get(e.actor);
    if (!turn) turns.set(e.actor, (turn = { actor: e.actor, actorName: e.actorName, entries: [] }));
    turn.entries.push(e);
  }
  return [...rounds.entries()].sort(([a], [b]) => a - b).map(([round, turns]) => ({ round, turns: [...turns.values()] }));
}
