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
  /** The encounter (Combat id) it belongs to; "" outside one. */
  encounter: string;
  actor: string;
  actorName: string;
  action: string;
  status: "applied" | "undone";
  archived: boolean;
  log: Line[];
}

/** The chronicle's line of a record as one viewer may read it (its names they may not see already masked); null for an answered card. */
export function entryOf(view: RecordView): ChronicleEntry | null {
  if (view.status === "answered" || !view.outcome) return null;
  return {
    id: view.id,
    time: view.done.time,
    round: view.round,
    encounter: view.encounter ?? "",
    actor: view.actor,
    actorName: view.actorName,
    action: view.action,
    status: view.status,
    archived: view.archived,
    log: view.outcome.log,
  };
}

/** In the order the actions were applied. */
export const byTime = (a: { time: number; id: string }, b: { time: number; id: string }) => a.time - b.time || a.id.localeCompare(b.id);

/**
 * The chronicle from the views of the records a viewer may read (the names they may not see
 * already masked in them): every applied or undone action in the order it was applied.
 */
export function chronicleEntries(views: readonly RecordView[]): ChronicleEntry[] {
  return views.map(entryOf).filter((e): e is ChronicleEntry => e !== null).sort(byTime);
}

/** A page of the chronicle: its lines (oldest first), whether earlier ones remain, and what the filters may offer. */
export interface ChroniclePage {
  entries: ChronicleEntry[];
  more: boolean;
  values: FilterValues;
}

/** What a reader asks for: lines matching the filter, the `limit` latest before the `before` line (or the latest). */
export interface PageRequest {
  filter: ChronicleFilter;
  before: { time: number; id: string } | null;
  limit: number;
}

/** The most lines a page holds. */
export const PAGE_SIZE = 50;

/** A page request as sent to the GM, made safe: a filter of strings, a cursor, a limit within bounds. */
export function pageRequest(value: unknown): PageRequest {
  const v = (typeof value === "object" && value !== null ? value : {}) as Record<string, unknown>;
  const f = (typeof v.filter === "object" && v.filter !== null ? v.filter : {}) as Record<string, unknown>;
  const str = (x: unknown) => (typeof x === "string" ? x : "");
  const b = (typeof v.before === "object" && v.before !== null ? v.before : null) as { time?: unknown; id?: unknown } | null;
  const before = b && typeof b.time === "number" && Number.isFinite(b.time) && typeof b.id === "string" ? { time: b.time, id: b.id } : null;
  const limit = Number.isSafeInteger(v.limit) ? Math.min(Math.max(v.limit as number, 1), PAGE_SIZE) : PAGE_SIZE;
  return { filter: { ruleset: str(f.ruleset), round: str(f.round), actor: str(f.actor) }, before, limit };
}

/**
 * Which of these (summaries of) lines a page holds: those matching the filter, latest first, the
 * `limit` after the cursor, then oldest first; and whether earlier ones remain.
 */
export function pageOf<T extends Filterable & { time: number; id: string }>(lines: readonly T[], request: PageRequest): { page: T[]; more: boolean } {
  const matching = lines.filter((l) => matchesFilter(l, request.filter)).sort((a, b) => byTime(b, a));
  const cursor = request.before;
  const start = cursor ? matching.findIndex((l) => byTime(l, cursor) < 0) : 0;
  if (start < 0) return { page: [], more: false };
  const page = matching.slice(start, start + request.limit);
  return { page: page.reverse(), more: matching.length > start + request.limit };
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

/** What the filters read of a line. */
export type Filterable = Pick<ChronicleEntry, "action" | "round" | "actor" | "actorName">;

/** What the filters may offer. */
export interface FilterValues {
  rulesets: RulesetId[];
  rounds: number[];
  actors: { actor: string; actorName: string }[];
}

/** Does the entry pass the filter? */
export function matchesFilter(entry: Filterable, filter: ChronicleFilter): boolean {
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
export function filterValues(entries: readonly Filterable[]): FilterValues {
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

/** Both sets of values, each once (a player's own lines and the GM's answer for older ones). */
export function mergeValues(a: FilterValues, b: FilterValues): FilterValues {
  const rulesets = new Set([...a.rulesets, ...b.rulesets]);
  const actors = new Map([...a.actors, ...b.actors].map((x) => [x.actor, x.actorName]));
  return {
    rulesets: RULESETS.filter((r) => rulesets.has(r)),
    rounds: [...new Set([...a.rounds, ...b.rounds])].sort((x, y) => x - y),
    actors: [...actors].map(([actor, actorName]) => ({ actor, actorName })).sort((x, y) => x.actorName.localeCompare(y.actorName) || x.actor.localeCompare(y.actor)),
  };
}

/** How the chronicle is opened: narrowed to a game, a round or an actor (the name its opener shows for that actor). */
export interface ChronicleOpenOptions {
  ruleset?: string;
  round?: number | string;
  actor?: string;
  actorName?: string;
}
