import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, isLine, ownAsset, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { assetRepairAmount, factionRepairAmount, maxHp, repairCost } from "./derived";
import { Draft } from "./draft";
import type { FactionTurnState } from "./state";

export interface RepairChoice {
  faction: string;
  /** How many fixes to buy per asset id this action. */
  fixes: Record<string, number>;
  /** Also heal the faction (1 Treasure, once a turn). */
  healFaction: boolean;
}
export interface RepairDetail {
  assets: { asset: string; fixes: number; cost: number; healed: number }[];
  /** HP healed on the faction (0 if not asked). */
  factionHealed: number;
  cost: number;
}

/**
 * Repair Asset: the k-th fix of an asset this turn costs k Treasure and heals
 * ceil(rating / 2); healing the faction costs 1 and heals
 * ceil((highest + lowest attribute) / 2), once a turn. Never above max.
 */
export function repair(state: FactionTurnState, choice: RepairChoice, ctx: FactionTurnContext): Result<Outcome<RepairDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  const turn = faction.system.turn;
  const detail: RepairDetail = { assets: [], factionHealed: 0, cost: 0 };
  for (const [id, n] of Object.entries(choice.fixes)) {
    const a = ownAsset(faction, id);
    if (isLine(a)) return refuse(a);
    if (!Number.isInteger(n) || n < 0) return refuse(refusal("BadCount", { asset: a.name }));
    if (n === 0) continue;
    if (a.system.hp.value >= a.system.hp.max) return refuse(refusal("AssetUndamaged", { asset: a.name }));
    const before = turn.repairs[id] ?? 0;
    const cost = repairCost(before, n);
    const healed = Math.min(a.system.hp.max - a.system.hp.value, n * assetRepairAmount(faction, a.system.attribute));
    detail.assets.push({ asset: id, fixes: n, cost, healed });
    detail.cost += cost;
  }
  if (choice.healFaction) {
    if (turn.healed) return refuse(refusal("AlreadyHealed", { faction: faction.name }));
    const room = maxHp(faction.system) - faction.system.hp.value;
    if (room <= 0) return refuse(refusal("FactionUndamaged", { faction: faction.name }));
    detail.factionHealed = Math.min(room, factionRepairAmount(faction));
    detail.cost += 1;
  }
  if (detail.assets.length === 0 && !choice.healFaction) return refuse(refusal("NothingToDo"));
  if (detail.cost > faction.system.treasure) {
    return refuse(refusal("TreasureShort", { cost: detail.cost, treasure: faction.system.treasure }));
  }

  const d = new Draft(state, ctx);
  const f = faction.id;
  const repairs = { ...turn.repairs };
  for (const x of detail.assets) {
    const a = d.asset(f, x.asset)!;
    d.setAsset(f, x.asset, "system.hp.value", a.system.hp.value + x.healed);
    repairs[x.asset] = (repairs[x.asset] ?? 0) + x.fixes;
    d.say(`${LOG}Repaired`, { asset: a.name, fixes: x.fixes, cost: x.cost, amount: x.healed, hp: a.system.hp.value });
  }
  if (choice.healFaction) {
    const hp = faction.system.hp.value + detail.factionHealed;
    d.setFaction(f, "system.hp.value", hp);
    d.setFaction(f, "system.turn.healed", true);
    d.say(`${LOG}FactionHealed`, { faction: faction.name, amount: detail.factionHealed, hp });
  }
  d.addTreasure(f, -detail.cost);
  d.say(`${LOG}Spent`, { faction: faction.name, cost: detail.cost, treasure: d.faction(f).system.treasure });
  if (detail.assets.length > 0) d.setFaction(f, "system.turn.repairs", repairs);
  d.setFaction(f, "system.turn.action", ACTIONS.repair);
  return ok(d.outcome(ACTIONS.repair, f, detail));
}
