import { dieDistribution } from "../../../core/rules/odds";
import { SKIRMISH } from "./context";
import { EFFECT_KINDS } from "./state";

/** Every result of the consequence tables: the effects, and the results that act at once. */
export const FALLOUT_KINDS = [...EFFECT_KINDS, "nothing", "worsened", "injury", "memberInjured", "twoMembersInjured", "ammoLoss", "disobedience"] as const;
export type FalloutKind = (typeof FALLOUT_KINDS)[number];

export const TABLES = ["individual", "squad"] as const;
/** The Individual consequences table (an individual pushes) or the Squad one (a squad pushes). */
export type TableName = (typeof TABLES)[number];

/** The roll on a consequence table. */
export const PUSH_DICE = "3d6";
export const LOWEST_ROW = 3;
export const HIGHEST_ROW = 18;

export interface TableRow {
  /** The 3d6 total, 3–18. */
  roll: number;
  fallout: FalloutKind;
  /** The number of Exhausted −N, Hyped +N, Morale +N; 1 for the rest. */
  n: number;
}

function rows(list: readonly (FalloutKind | readonly [FalloutKind, number])[]): TableRow[] {
  return list.map((r, i) => (typeof r === "string" ? { roll: LOWEST_ROW + i, fallout: r, n: 1 } : { roll: LOWEST_ROW + i, fallout: r[0], n: r[1] }));
}

/** The seed's two tables, rows 3 to 18. */
export const CONSEQUENCES: Record<TableName, readonly TableRow[]> = {
  individual: rows([
    "concussion",
    "ankleSprain",
    "muscleTremors",
    "boneFracture",
    ["exhausted", 1],
    "nothing",
    "worsened",
    "disoriented",
    ["exhausted", 2],
    "injury",
    ["hyped", 1],
    "worsened",
    ["exhausted", 3],
    "dazed",
    "nothing",
    ["hyped", 2],
  ]),
  squad: rows([
    "panic",
    "memberSlowed",
    "ammoLoss",
    "memberInjured",
    ["exhausted", 1],
    ["morale", 1],
    "goneProne",
    "memberInjured",
    ["exhausted", 2],
    "disobedience",
    ["morale", 2],
    "commsBreakdown",
    ["exhausted", 3],
    "twoMembersInjured",
    "nothing",
    ["morale", 3],
  ]),
};

/** The row a 3d6 total gives; throws outside 3–18 (dice that cannot roll that are broken). */
export function rowFor(table: TableName, roll: number): TableRow {
  const row = CONSEQUENCES[table][roll - LOWEST_ROW];
  if (!Number.isInteger(roll) || !row) throw new Error(`A 3d6 roll of ${roll} is not on the ${table} table`);
  return row;
}

/** i18n key of a row's text as the table prints it ("Exhausted −1"). */
export function rowKey(table: TableName, roll: number): string {
  return `${SKIRMISH}Table.${table}.${roll}`;
}

/** i18n keys of a result's name and of what it does. */
export function falloutNameKey(kind: FalloutKind): string {
  return `${SKIRMISH}Fallout.${kind}.Name`;
}
export function falloutTextKey(kind: FalloutKind): string {
  return `${SKIRMISH}Fallout.${kind}.Text`;
}
/** What it does in a few words: the push dialog's line, where every result is weighed at once. */
export function falloutBriefKey(kind: FalloutKind): string {
  return `${SKIRMISH}Fallout.${kind}.Brief`;
}

export interface RowOdds extends TableRow {
  /** Ways to roll it out of 216. */
  count: number;
  probability: number;
}

/** Ways 3d6 rolls each total out of its 216 outcomes. */
export function pushCount(roll: number): number {
  const d = dieDistribution(PUSH_DICE)!;
  return d.counts[roll - d.min] ?? 0;
}

/** The exact chance of every row of a table (what the push dialog shows). */
export function tableOdds(table: TableName): RowOdds[] {
  const outcomes = dieDistribution(PUSH_DICE)!.outcomes;
  return CONSEQUENCES[table].map((r) => ({ ...r, count: pushCount(r.roll), probability: pushCount(r.roll) / outcomes }));
}

/** What a result does to the one who pushed: harm, help (Hyped, Morale), or nothing at all. */
export type RowSide = "harm" | "help" | "none";
export const ROW_SIDES: readonly RowSide[] = ["harm", "help", "none"];

const HELPS: readonly FalloutKind[] = ["hyped", "morale"];

export function falloutSide(kind: FalloutKind): RowSide {
  if (kind === "nothing") return "none";
  return HELPS.includes(kind) ? "help" : "harm";
}

export interface SideOdds {
  side: RowSide;
  /** The side's rows, in roll order. */
  rows: RowOdds[];
  /** Ways to roll any of them out of 216, and the chance of that. */
  count: number;
  probability: number;
}

/** A table's rows grouped by what they do (harm, help, nothing), each group with its total chance. */
export function tableSides(table: TableName): SideOdds[] {
  const odds = tableOdds(table);
  const outcomes = dieDistribution(PUSH_DICE)!.outcomes;
  return ROW_SIDES.map((side) => {
    const rows = odds.filter((r) => falloutSide(r.fallout) === side);
    const count = rows.reduce((sum, r) => sum + r.count, 0);
    return { side, rows, count, probability: count / outcomes };
  });
}
