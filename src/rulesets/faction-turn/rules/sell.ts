import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, isLine, ownAsset, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

export interface SellChoice {
  faction: string;
  asset: string;
}
export interface SellDetail {
  asset: string;
  /** Treasure gained: floor(cost / 2), or 0 if the asset was damaged. */
  treasure: number;
  damaged: boolean;
}

/** Sell Asset: lose the asset and gain half its cost, rounded down; nothing if it is damaged. */
export function sell(state: FactionTurnState, choice: SellChoice, ctx: FactionTurnContext): Result<Outcome<SellDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  const a = ownAsset(faction, choice.asset);
  if (isLine(a)) return refuse(a);
  const damaged = a.system.hp.value < a.system.hp.max;
  const treasure = damaged ? 0 : Math.max(0, Math.floor(a.system.cost / 2));
  const d = new Draft(state, ctx);
  const f = faction.id;
  d.deleteAsset(f, a.id);
  d.addTreasure(f, treasure);
  if (damaged) d.say(`${LOG}SoldDamaged`, { asset: a.name });
  else d.say(`${LOG}Sold`, { asset: a.name, treasure, total: d.faction(f).system.treasure });
  d.setFaction(f, "system.turn.action", ACTIONS.sell);
  return ok(d.outcome(ACTIONS.sell, f, { asset: a.id, treasure, damaged }));
}
