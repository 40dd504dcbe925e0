import { ok, reject, type Result } from "../../../core/rules/outcome";
import { REJECT } from "./context";

/**
 * The action economy (RULES §5). Each round a combatant has 1 move, 1 major,
 * 1 minor action and a number of free actions (a world setting, 1 by default).
 * Pushing grants one more major action; only such a pushed major converts,
 * into 2 minor or 2 move actions, never one of each. Its own actions are spent
 * first; unspent pushed actions are lost when the round ends.
 *
 * The budget is plain data stored on the Combatant. Pushed actions are kept as
 * counts, not as a list: every unspent pushed major is alike, so a spend or a
 * refund never has to name which one.
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
}

/** Where one spent action came from: what a refund gives back. */
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
  return { round, spent: zero(), pushes: 0, pushed: { major: 0, minor: 0, move: 0 }, overridden: zero() };
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
  return { round: b.round, spent: { ...b.spent }, pushes: b.pushes, pushed: { ...b.pushed }, overridden: { ...b.overridden } };
}

/** The budget after a spend, and the spend. */
export interface Spent {
  budget: ActionBudget;
  spend: Spend;
}

/**
 * Spend one action of a kind: an own action first; then, for major, minor and
 * move, a pushed major (a minor or move half of an already converted one before
 * converting another). When none is left the spend is refused, unless the GM
 * overrides (then it is recorded as taken past the budget).
 */
export function spendAction(b: ActionBudget, kind: ActionKind, settings: EconomySettings, gmOverride = false): Result<Spent> {
  const next = copy(b);
  if (b.spent[kind] < ownActions(kind, settings)) {
    next.spent[kind]++;
    return ok({ budget: next, spend: { round: b.round, kind, source: "own" } });
  }
  if (kind !== "free") {
    next.pushed[kind]++;
    if (pushesInUse(next) <= next.pushes) return ok({ budget: next, spend: { round: b.round, kind, source: "pushed" } });
    next.pushed[kind]--;
  }
  if (!gmOverride) return reject(`${REJECT}UsedUp.${kind}`);
  next.overridden[kind]++;
  return ok({ budget: next, spend: { round: b.round, kind, source: "override" } });
}

/** Could one action of this kind be spent without the GM's override? */
export function canSpend(b: ActionBudget, kind: ActionKind, settings: EconomySettings): boolean {
  return spendAction(b, kind, settings).ok;
}

/** Give back exactly one spend (its card was undone or deleted). A spend of an earlier round gives nothing back: that round's budget is gone. */
export function refundAction(b: ActionBudget, spend: Spend): ActionBudget {
  if (spend.round !== b.round) return b;
  const next = copy(b);
  if (spend.source === "own" && next.spent[spend.kind] > 0) next.spent[spend.kind]--;
  else if (spend.source === "override" && next.overridden[spend.kind] > 0) next.overridden[spend.kind]--;
  else if (spend.source === "pushed" && spend.kind !== "free" && next.pushed[spend.kind] > 0) next.pushed[spend.kind]--;
  else return b;
  return next;
}

/** Pushing: one more major action this round. */
export function grantPush(b: ActionBudget): ActionBudget {
  return { ...copy(b), pushes: b.pushes + 1 };
}

/**
 * Take back a push (its card was undone): refused while every pushed action is
 * in use (undo what was spent from it first). A push of an earlier round is gone already.
 */
export function revokePush(b: ActionBudget, round: number): Result<ActionBudget> {
  if (round !== b.round || b.pushes === 0) return ok(b);
  if (pushesInUse(b) >= b.pushes) return reject(`${REJECT}PushSpent`);
  return ok({ ...copy(b), pushes: b.pushes - 1 });
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
