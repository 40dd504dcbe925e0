/**
 * What the push dialog shows of a consequences table: its 16 rows grouped into harm, help and
 * nothing, each result with what it does written beside it, each group with its total chance, and
 * the total chance of harm. Pure but for the localizer (the gallery passes its own).
 */
import type { Localizer } from "../../core/sheets/text";
import { falloutTextKey, rowKey, tableSides, type RowSide, type TableName } from "./rules/tables";

const D = "FACTIONS.Skirmish.Dialog.";
const percent = (p: number) => `${(p * 100).toFixed(1)}%`;

export interface PushRowView {
  roll: number;
  result: string;
  /** What the result does, in words. */
  does: string;
  count: number;
  percent: string;
}

export interface PushTableView {
  name: string;
  /** "Chance of harm: 78.7% (170 of 216)." */
  harm: string;
  sides: { side: RowSide; heading: string; rows: PushRowView[] }[];
}

export function pushTableContext(table: TableName, t: Localizer = game.i18n!): PushTableView {
  const sides = tableSides(table).filter((s) => s.rows.length > 0);
  const harm = sides.find((s) => s.side === "harm");
  return {
    name: t.localize(`FACTIONS.Skirmish.Table.${table}.Name`),
    harm: t.format(`${D}HarmChance`, { percent: percent(harm?.probability ?? 0), count: String(harm?.count ?? 0) }),
    sides: sides.map((s) => ({
      side: s.side,
      heading: t.format(`${D}SideTotal`, { side: t.localize(`${D}Side.${s.side}`), percent: percent(s.probability), count: String(s.count) }),
      rows: s.rows.map((r) => ({
        roll: r.roll,
        result: t.localize(rowKey(table, r.roll)),
        does: t.localize(falloutTextKey(r.fallout)),
        count: r.count,
        percent: percent(r.probability),
      })),
    })),
  };
}
