import type { RecordView } from "../records/record";
import type { Line } from "../rules/outcome";
import { RULESETS, type RulesetId } from "../settings";

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

/** The game (ruleset) of each namespace of action ids: "faction-turn.attack" is a Faction Turn action. */
const RULESET_OF_NAMESPACE = new Map<string, RulesetId>([
  ["faction-turn", "factionTurn"],
  ["operations", "operations"],
  ["battle", "battle"],
  ["skirmish", "skirmish"],
  ["rounds", "rounds"],
]);

/** The game an action belongs to, read from its id alone (null for an id of no game's namespace). */
export function rulesetOfAction(action: string): RulesetId | null {
  const dot = action.indexOf(".");
  return dot > 0 ? (RULESET_OF_NAMESPACE.get(action.slice(0, dot)) ?? null) : null;
}

/** What the chronicle is narrowed to, each "" for every value: a game, a round ("0": outside the tracker), an actor's UUID. */
export interface ChronicleFilter {
  ruleset: string;
  round: string;
  actor: string;
}

export const NO_FILTER: Readonly<ChronicleFilter> = { ruleset: "", round: "", actor: "" };

/** Does the entry pass the filter? */
export function matchesFilter(entry: ChronicleEntry, filter: ChronicleFilter): boolean {
  return (
    (!filter.ruleset || rulesetOfAction(entry.action) === filter.ruleset) &&
    (!filter.round || String(entry.round) === filter.round) &&
    (!filter.actor || entry.actor === filter.actor)
  );
}

/**
 * What the filters may offer: the games, rounds and actors of these entries (the ones a viewer may
 * read, so never an actor only an action hidden from them names), each once, in one pass. An actor
 * goes by the name its latest entry gives it.
 */
export function filterValues(entries: readonly ChronicleEntry[]): { rulesets: RulesetId[]; rounds: number[]; actors: { actor: string; actorName: string }[] } {
  const rulesets = new Set<RulesetId>();
  const rounds = new Set<number>();
  const actors = new Map<string, string>();
  for (const e of entries) {
    const ruleset = rulesetOfAction(e.action);
    if (ruleset) rulesets.add(ruleset);
    rounds.add(e.round);
    actors.set(e.actor, e.actorName);
  }
  return {
    rulesets: RULESETS.filter((r) => rulesets.has(r)),
    rounds: [...rounds].sort((a, b) => a - b),
    actors: [...actors].map(([actor, actorName]) => ({ actor, actorName })).sort((a, b) => a.actorName.localeCompare(b.actorName) || a.actor.localeCompare(b.actor)),
  };
}
