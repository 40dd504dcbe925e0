import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, firstDuplicate, isLine, ownAsset, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

export interface MoveChoice {
  faction: string;
  /** Each asset and where it goes. Distance and forbidding are the GM's call. */
  moves: { asset: string; to: string }[];
}
export interface MoveDetail {
  moves: { asset: string; from: string; to: string }[];
}

/** Move Asset: set each asset's location and clear `exposed` (it retreated). */
export function move(state: FactionTurnState, choice: MoveChoice, ctx: FactionTurnContext): Result<Outcome<MoveDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  if (choice.moves.length === 0) return refuse(refusal("NothingChosen"));
  const dup = firstDuplicate(choice.moves.map((m) => m.asset));
  if (dup !== undefined) return refuse(refusal("Duplicate", { asset: dup }));
  const detail: MoveDetail = { moves: [] };
  for (const m of choice.moves) {
    const a = ownAsset(faction, m.asset);
    if (isLine(a)) return refuse(a);
    if (typeof m.to !== "string" || m.to === "") return refuse(refusal("EmptyLocation", { asset: a.name }));
    if (m.to === a.system.location) return refuse(refusal("SameLocation", { asset: a.name }));
    detail.moves.push({ asset: a.id, from: a.system.location, to: m.to });
  }
  const d = new Draft(state, ctx);
  for (const m of detail.moves) {
    const a = d.asset(faction.id, m.asset)!;
    d.setAsset(faction.id, m.asset, "system.location", m.to);
    d.setAsset(faction.id, m.asset, "system.exposed", false);
    d.say(`${LOG}Moved`, { asset: a.name, to: m.to });
  }
  d.setFaction(faction.id, "system.turn.action", ACTIONS.move);
  return ok(d.outcome(ACTIONS.move, faction.id, detail));
}
