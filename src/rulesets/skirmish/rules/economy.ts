import { ok, reject, type Result } from "../../../core/rules/outcome";
import { REJECT } from "./context";

/**
 * The action economy (RULES §5). Each round a combatant has 1 move, 1 major,
 * 1 minor action and a number of free actions (a world setting, 1 by default).
 * Pushing grants one more major action; only such a pushed major converts,
 * into 2 minor or 2 move actions, never one of each. Its own actions are spent
 * first; unspent pushed actions are lost when the round ends.
 *
 * A round's budget is the replay, in order, of its entries: one per card that
 * spent an action or pushed. Undoing a card takes its entry out and replays
 * the others, so the round is as if the card never happened (a later action
 * that took a pushed major takes the own action it gives back). The counters
 * are what the replay leaves; pushed actions are counts, since every unspent
 * pushed major is alike.
 */
export const ACTION_KINDS = ["move", "major", "minor", "free"] as const;
export type ActionKind = (typeof ACTION_KINDS)[number];
/** What a pushed major action is spent as. */
export type PushedUse = "major" | "minor" | "move";

/** A pushed major is worth this many minor or move actions. */
export const HALVES_PER_PUSH = 2;

export interface ActionBudget {
  /** The round this budget belongs to. */
  round: number;
  /** Own actions spent this round. */
  spent: Record<ActionKind, number>;
  /** Major actions granted by pushing this round. */
  pushes: number;
  /** Spent out of the pushes: majors, and the minor and move halves of converted ones. */
  pushed: Record<PushedUse, number>;
  /** Actions taken past the budget on the GM's override. */
  overridden: Record<ActionKind, number>;
  /** The round's cards that spent or pushed, keyed "1", "2"… in the order they were applied. */
  entries: Record<string, BudgetEntry>;
}

/** One card's part of a round's budget: the action it spent, or its push. */
export interface BudgetEntry {
  use: ActionKind | "push";
  /** It went past the budget on the GM's override: replayed, it still goes through. */
  override: boolean;
}

/** Where one spent action came from. */
export interface Spend {
  round: number;
  kind: ActionKind;
  source: "own" | "pushed" | "override";
}

/** The settings the economy reads. */
export interface EconomySettings {
  freeActions: number;
}

const zero = (): Record<ActionKind, number> => ({ move: 0, major: 0, minor: 0, free: 0 });

/** A fresh budget for a round. */
export function newBudget(round: number): ActionBudget {
  return { round, spent: zero(), pushes: 0, pushed: { major: 0, minor: 0, move: 0 }, overridden: zero(), entries: {} };
}

/** Own actions of a kind a round. */
export function ownActions(kind: ActionKind, settings: EconomySettings): number {
  return kind === "free" ? Math.max(0, settings.freeActions) : 1;
}

/** Pushed majors in use: spent as a major, or converted (a half spent is a whole push converted). */
export function pushesInUse(b: ActionBudget): number {
  return b.pushed.major + Math.ceil(b.pushed.minor / HALVES_PER_PUSH) + Math.ceil(b.pushed.move / HALVES_PER_PUSH);
}

/** Is the round moving forward? Only then does anything reset or tick. */
export function roundAdvanced(prev: number, next: number): boolean {
  return next > prev;
}

/** The budget for the given round: fresh if the round moved forward past it, the same otherwise (going back resets nothing). */
export function budgetForRound(b: ActionBudget, round: number): ActionBudget {
  return roundAdvanced(b.round, round) ? newBudget(round) : b;
}

function copy(b: ActionBudget): ActionBudget {
  return { round: b.round, spent: { ...b.spent }, pushes: b.pushes, pushed: { ...b.pushed }, overridden: { ...b.overridden }, entries: { ...b.entries } };
}

/** The entries' keys in the order they were applied. */
const ordered = (entries: Record<string, BudgetEntry>): string[] => Object.keys(entries).sort((a, b) => Number(a) - Number(b));

/** The key of the next entry: after every one there (an undone card's key may be taken again only when nothing came after it). */
export function nextEntryKey(b: ActionBudget): string {
  return String(Math.max(0, ...Object.keys(b.entries).map(Number)) + 1);
}

/** The budget after a spend, and the spend with the key of its entry. */
export interface Spent {
  budget: ActionBudget;
  spend: Spend;
  entry: string;
}

/**
 * Spend one action of a kind: an own action first; then, for major, minor and
 * move, a pushed major (a minor or move half of an already converted one before
 * converting another). When none is left the spend is refused, unless the GM
 * overrides (then it is recorded as taken past the budget).
 */
export function spendAction(b: ActionBudget, kind: ActionKind, settings: EconomySettings, gmOverride = false): Result<Spent> {
  const next = copy(b);
  const entry = nextEntryKey(b);
  const done = (source: Spend["source"]): Result<Spent> => {
    next.entries[entry] = { use: kind, override: source === "override" };
    return ok({ budget: next, spend: { round: b.round, kind, source }, entry });
  };
  if (b.spent[kind] < ownActions(kind, settings)) {
    next.spent[kind]++;
    return done("own");
  }
  if (kind !== "free") {
    next.pushed[kind]++;
    if (pushesInUse(next) <= next.pushes) return done("pushed");
    next.pushed[kind]--;
  }
  if (!gmOverride) return reject(`${REJECT}UsedUp.${kind}`);
  next.overridden[kind]++;
  return done("override");
}

/** Could one action of this kind be spent without the GM's override? */
export function canSpend(b: ActionBudget, kind: ActionKind, settings: EconomySettings): boolean {
  return spendAction(b, kind, settings).ok;
}

/** Pushing: one more major action this round. */
export function grantPush(b: ActionBudget): ActionBudget {
  const next = copy(b);
  next.pushes++;
  next.entries[nextEntryKey(b)] = { use: "push", override: false };
  return next;
}

/** Where each entry's action came from in a replay ("push" for a push), null for one it could not take. */
type Sources = Record<string, Spend["source"] | "push" | null>;

/** A round's budget replayed from its entries, in order, and where each entry's action came from. */
export function replayBudget(round: number, entries: Record<string, BudgetEntry>, settings: EconomySettings): { budget: ActionBudget; sources: Sources } {
  let b = newBudget(round);
  const sources: Sources = {};
  for (const key of ordered(entries)) {
    const e = entries[key]!;
    const kept = { ...b.entries, [key]: e };
    if (e.use === "push") {
      b = grantPush(b);
      sources[key] = "push";
    } else {
      const r = spendAction(b, e.use, settings, e.override);
      if (r.ok) b = r.value.budget;
      sources[key] = r.ok ? r.value.spend.source : null;
    }
    b = { ...b, entries: kept };
  }
  return { budget: b, sources };
}

/** Taken within the budget (a push, or an own or pushed action), not past it. */
const within = (source: Sources[string] | undefined) => source === "own" || source === "pushed" || source === "push";

/**
 * Undo one card's entry of this round: the round replayed without it, as if the card never
 * happened. Refused when another card would lose the action it took within the budget (its
 * entry then goes past it, or fails): a push once something was taken from its extra major,
 * or, rarely, a spend whose undo lets an earlier override take what a later card spent. Undo
 * that later card first. An entry the budget does not have changes nothing.
 */
export function refundAction(b: ActionBudget, entry: string, settings: EconomySettings): Result<ActionBudget> {
  const undone = b.entries[entry];
  if (!undone) return ok(b);
  const before = replayBudget(b.round, b.entries, settings).sources;
  const { [entry]: _gone, ...rest } = b.entries;
  const after = replayBudget(b.round, rest, settings);
  const loses = Object.keys(rest).some((key) => within(before[key]) && !within(after.sources[key]));
  if (loses) return reject(`${REJECT}${undone.use === "push" ? "PushSpent" : "LaterSpent"}`);
  return ok(after.budget);
}

/** What is left, for the pips on the tracker and the sheet. */
export interface ActionsLeft {
  move: number;
  major: number;
  minor: number;
  free: number;
  /** Pushed majors not spent nor converted. */
  pushedMajor: number;
  /** Halves left of pushed majors converted into minor actions, and into move actions. */
  pushedMinor: number;
  pushedMove: number;
}

export function actionsLeft(b: ActionBudget, settings: EconomySettings): ActionsLeft {
  const own = (k: ActionKind) => Math.max(0, ownActions(k, settings) - b.spent[k]);
  const halvesLeft = (k: "minor" | "move") => Math.ceil(b.pushed[k] / HALVES_PER_PUSH) * HALVES_PER_PUSH - b.pushed[k];
  return {
    move: own("move"),
    major: own("major"),
    minor: own("minor"),
    free: own("free"),
    pushedMajor: Math.max(0, b.pushes - pushesInUse(b)),
    pushedMinor: halvesLeft("minor"),
    pushedMove: halvesLeft("move"),
  };
}

/** Did the combatant take a move action this round (what the effect tick needs)? */
export function movedThisRound(b: ActionBudget): boolean {
  return b.spent.move + b.pushed.move + b.overridden.move > 0;
}
