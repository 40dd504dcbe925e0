import type { RecordView } from "../records/record";
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
  archived: boolean;
  log: Line[];
}

/**
 * The chronicle from the views of the records a viewer may read (the names they may not see
 * already masked in them): every applied or undone action in the order it was applied.
 */
export function chronicleEntries(views: readonly RecordView[]): ChronicleEntry[] {
  const entries: ChronicleEntry[] = [];
  for (const view of views) {
    if (view.status === "answered" || !view.outcome) continue;
    entries.push({
      id: view.id,
      time: view.done.time,
      round: view.round,
      actor: view.actor,
      actorName: view.actorName,
      action: view.action,
      status: view.status,
      archived: view.archived,
      log: view.outcome.log,
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
