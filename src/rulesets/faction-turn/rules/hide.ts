import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, firstDuplicate, isLine, ownAsset, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

/** Cunning needed to hide, and Treasure per asset hidden. */
export const HIDE_MIN_CUNNING = 3;
export const HIDE_COST = 2;

export interface HideChoice {
  faction: string;
  assets: string[];
}
export interface HideDetail {
  assets: string[];
  cost: number;
}

/** Hide Asset: Cunning ≥ 3; 2 Treasure per asset given Stealth; not where another faction has a Base. */
export function hide(state: FactionTurnState, choice: HideChoice, ctx: FactionTurnContext): Result<Outcome<HideDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  if (faction.system.cunning < HIDE_MIN_CUNNING) {
    return refuse(refusal("CunningTooLow", { faction: faction.name, cunning: faction.system.cunning, need: HIDE_MIN_CUNNING }));
  }
  if (choice.assets.length === 0) return refuse(refusal("NothingChosen"));
  const dup = firstDuplicate(choice.assets);
  if (dup !== undefined) return refuse(refusal("Duplicate", { asset: dup }));
  for (const id of choice.assets) {
    const a = ownAsset(faction, id);
    if (isLine(a)) return refuse(a);
    if (a.system.stealth) return refuse(refusal("AlreadyStealth", { asset: a.name }));
    const loc = a.system.location;
    const other = Object.values(state.factions).find(
      (o) => o.id !== faction.id && loc !== "" && o.assets.some((x) => x.system.base && x.system.location === loc),
    );
    if (other) return refuse(refusal("BaseNearby", { asset: a.name, faction: other.name }));
  }
  const cost = HIDE_COST * choice.assets.length;
  if (cost > faction.system.treasure) return refuse(refusal("TreasureShort", { cost, treasure: faction.system.treasure }));

  const d = new Draft(state, ctx);
  const f = faction.id;
  for (const id of choice.assets) {
    d.setAsset(f, id, "system.stealth", true);
    d.say(`${LOG}Hidden`, { asset: d.asset(f, id)!.name });
  }
  d.addTreasure(f, -cost);
  d.say(`${LOG}Spent`, { faction: faction.name, cost, treasure: d.faction(f).system.treasure });
  d.setFaction(f, "system.turn.action", ACTIONS.hide);
  return ok(d.outcome(ACTIONS.hide, f, { assets: [...choice.assets], cost }));
}
