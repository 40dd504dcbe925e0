import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, line, pushFor, refuse, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import { applyFallout, type FalloutDetail } from "./fallout";
import { falloutSide, falloutTextKey, PUSH_DICE, rowFor, rowKey, type TableName, type TableRow } from "./tables";
import type { SkirmishState } from "./state";
import { overheated } from "./vehicle";

export interface PushChoice extends ActingChoice {
  /** Members a member result hits, in order of preference (default: the squad's order, ready members first). */
  members?: string[];
}

export interface HeatDetail {
  from: number;
  to: number;
  threshold: number;
  overheated: boolean;
}

export interface PushDetail extends SkirmishDetail {
  /** Infantry: the table, the 3d6 total and its row; null for a vehicle. */
  table: TableName | null;
  roll: number | null;
  row: TableRow | null;
  fallout: FalloutDetail | null;
  /** Vehicle: its heat; null for infantry. */
  heat: HeatDetail | null;
}

/**
 * Push (RULES §5): one more major action this round (spendable as 2 minor or
 * 2 move). Infantry then rolls 3d6 on its consequences table (an individual
 * on the Individual table, a squad on the Squad table) and takes the result;
 * a vehicle gains 1 heat, with a warning past its threshold.
 */
export function push(state: SkirmishState, choice: PushChoice, ctx: SkirmishContext): Result<Outcome<PushDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const { actor, budget } = a;
  const d = new Draft(state, ctx);
  const economy = pushFor(actor.id, budget);
  d.say("Pushed", { name: actor.name });
  if (actor.type === "vehicle") {
    const from = actor.system.heat;
    const to = from + 1;
    d.setActor(actor.id, "system.heat", to);
    const hot = overheated(to, actor.system.heatThreshold);
    d.say("Heat", { name: actor.name, heat: to });
    if (hot) d.say("Overheated", { name: actor.name, heat: to, threshold: actor.system.heatThreshold });
    const heat = { from, to, threshold: actor.system.heatThreshold, overheated: hot };
    // The card's headline: the heat it took, and whether that is past the threshold.
    const summary = [line(hot ? "PushHeadline.overheated" : "PushHeadline.heat", { name: actor.name, from, to, threshold: actor.system.heatThreshold })];
    return ok({ ...d.outcome(ACTIONS.push, actor.id, { economy, effects: [], table: null, roll: null, row: null, fallout: null, heat }), summary });
  }
  const table: TableName = actor.system.kind;
  const roll = d.roll(line(`PushRoll.${table}`, { name: actor.name }), PUSH_DICE);
  const row = rowFor(table, roll);
  // The row's text is an i18n key; the card shows it localized.
  d.say(`Row.${table}`, { result: rowKey(table, roll) });
  const fallout = applyFallout(d, actor, row, choice.members ?? []);
  // The card's headline: the result drawn, whether it harms or helps, and what it does.
  const summary = [line(`PushHeadline.${falloutSide(row.fallout)}`, { roll, result: rowKey(table, roll) }), { key: falloutTextKey(row.fallout) }];
  return ok({ ...d.outcome(ACTIONS.push, actor.id, { economy, effects: d.effectPlans(), table, roll, row, fallout, heat: null }), summary });
}
