/**
 * What the push dialog shows of a consequences table: its 16 rows grouped into harm, help and
 * nothing, each group with its total chance, and the total chance of harm. Rows whose results do
 * the same thing are one line (Exhausted −1, −2 and −3; the two Worsened Condition rolls), with their
 * rolls, each result's name as the table spells it and its own chance, and what they do in a few
 * words, once (the card of the drawn result says it in full).
 * Pure but for the localizer (the gallery passes its own).
 */
import type { Localizer } from "../../core/sheets/text";
import { falloutBriefKey, rowKey, tableSides, type RowSide, type TableName } from "./rules/tables";

const D = "FACTIONS.Skirmish.Dialog.";

/** The push dialog's width: room for each line's results and what they do, the whole table within 700 px of height. */
export const PUSH_DIALOG_WIDTH = 640;
const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

/** One result of a line, with its chance. */
export interface PushResultView {
  result: string;
  percent: string;
}

/** A line of the table: the rows whose results do the same thing. */
export interface PushRowView {
  /** "7, 11, 15". */
  rolls: string;
  /** Each distinct result named once; a name with more than one roll shows its chance summed. */
  results: PushResultView[];
  /** More than one result named: each shows its own chance. */
  several: boolean;
  /** What they do, in a few words. */
  does: string;
  count: number;
  percent: string;
}

export interface PushTableView {
  name: string;
  /** "3d6 on the Squad consequences table: 78.7% chance of harm (170/216)." */
  harm: string;
  sides: { side: RowSide; heading: string; rows: PushRowView[] }[];
}

export function pushTableContext(table: TableName, t: Localizer = game.i18n!): PushTableView {
  const sides = tableSides(table).filter((s) => s.rows.length > 0);
  const harm = sides.find((s) => s.side === "harm");
  const name = t.localize(`FACTIONS.Skirmish.Table.${table}.Name`);
  return {
    name,
    harm: t.format(`${D}HarmChance`, { table: name, percent: percent(harm?.probability ?? 0), count: String(harm?.count ?? 0) }),
    sides: sides.map((s) => ({
      side: s.side,
      heading: t.format(`${D}SideTotal`, { side: t.localize(`${D}Side.${s.side}`), percent: percent(s.probability), count: String(s.count) }),
      rows: sameEffect(s.rows, (r) => t.localize(falloutBriefKey(r.fallout))).map(([does, rows]) => {
        // A name on several rolls (Worsened Condition) is said once, with their chances summed.
        const names = new Map<string, number>();
        for (const r of rows) {
          const name = t.localize(rowKey(table, r.roll));
          names.set(name, (names.get(name) ?? 0) + r.probability);
        }
        const sum = (f: (r: (typeof rows)[number]) => number) => rows.reduce((n, r) => n + f(r), 0);
        return {
          rolls: rows.map((r) => r.roll).join(", "),
          results: [...names].map(([result, p]) => ({ result, percent: percent(p) })),
          several: names.size > 1,
          does,
          count: sum((r) => r.count),
          percent: percent(sum((r) => r.probability)),
        };
      }),
    })),
  };
}

/** The rows grouped by what they do, in the order each group first appears. */
function sameEffect<R>(rows: readonly R[], does: (r: R) => string): [string, R[]][] {
  const groups = new Map<string, R[]>();
  for (const r of rows) {
    const text = does(r);
    groups.set(text, [...(groups.get(text) ?? []), r]);
  }
  return [...groups];
}
