/**
 * What a lieutenant's token shows, and what turning a status on or off means to its data.
 * The condition shows as one of three exclusive statuses (fresh shows none; destroyed is no
 * status: a destroyed unit is removed, a destroyed lieutenant is out of play); a hiding level
 * above 0 shows as hidden.
 */
import type { Condition } from "./state";

/** The conditions a token shows, best first: at most one of them at a time. */
export const CONDITION_STATUSES = ["dinged", "damaged", "defeated"] as const;
export const HIDDEN = "hidden";
export const OPERATIONS_STATUSES = [...CONDITION_STATUSES, HIDDEN] as const;
export type OperationsStatus = (typeof OPERATIONS_STATUSES)[number];

/** The part of a lieutenant's data its statuses show. */
export interface StatusData {
  condition: Condition;
  /** ≥ 0; 0 is not hidden. */
  hiding: number;
}

export const isOperationsStatus = (id: string): id is OperationsStatus => (OPERATIONS_STATUSES as readonly string[]).includes(id);

/** The statuses this data shows. */
export function statusesOf(data: StatusData): OperationsStatus[] {
  const out: OperationsStatus[] = [];
  const condition = CONDITION_STATUSES.find((c) => c === data.condition);
  if (condition) out.push(condition);
  if (data.hiding > 0) out.push(HIDDEN);
  return out;
}

/**
 * The data that changes when `status` is turned on or off (empty: nothing changes). A condition
 * turned on replaces the current one; the current condition turned off leaves the lieutenant
 * fresh (turning off one it does not have changes nothing). Hidden turned on keeps a level
 * already set, else sets 1; turned off, the level drops to 0.
 */
export function toggleStatus(data: StatusData, status: OperationsStatus, on: boolean): Partial<StatusData> {
  if (status === HIDDEN) {
    if (on) return data.hiding > 0 ? {} : { hiding: 1 };
    return data.hiding > 0 ? { hiding: 0 } : {};
  }
  if (on) return data.condition === status ? {} : { condition: status };
  return data.condition === status ? { condition: "fresh" } : {};
}
