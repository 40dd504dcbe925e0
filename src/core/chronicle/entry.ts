import type { Line } from "../rules/outcome";

/** One applied action, as the chronicle keeps it. */
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
 * Put an entry into the chronicle: replaces the entry of the same message
 * (an action undone later keeps its place), keeps the list in time order.
 */
export function upsertEntry(entries: readonly ChronicleEntry[], entry: ChronicleEntry): ChronicleEntry[] {
  const kept = entries.filter((e) => e.id !== entry.id);
  const prior = entries.find((e) => e.id === entry.id);
  const placed = prior ? { ...entry, time: prior.time } : entry;
  return [...kept, placed].sort((a, b) => a.time - b.time || a.id.localeCompare(b.id));
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
