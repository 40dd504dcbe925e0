import { cloneJson } from "../../../core/rules/changes";
import { isFormula } from "../../../core/rules/formula";
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, isLine, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { assetCap, cappedAssets, magicAtLeast } from "./derived";
import { Draft } from "./draft";
import type { AssetState, AssetTemplate, FactionTurnState } from "./state";

export interface CreateChoice {
  faction: string;
  template: AssetTemplate;
  /** Where the new asset goes: a location where the faction has a Base of Influence. */
  location: string;
}
export interface CreateDetail {
  /** Id of the new asset. */
  asset: string;
  cost: number;
  /** The faction is now over its cap for the asset's attribute (upkeep will be due). */
  overCap: boolean;
}

/** Create Asset: one a turn, where the faction has a Base, with the rating and Magic needed, for its cost. */
export function create(state: FactionTurnState, choice: CreateChoice, ctx: FactionTurnContext): Result<Outcome<CreateDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  if (faction.system.turn.created) return refuse(refusal("AlreadyCreated", { faction: faction.name }));
  const t = choice.template.system;
  const tname = choice.template.name;
  if (t.base) return refuse(refusal("TemplateIsBase", { asset: tname }));
  if (typeof choice.location !== "string" || choice.location === "") return refuse(refusal("NoLocationGiven"));
  if (!faction.assets.some((a) => a.system.base && a.system.location === choice.location)) {
    return refuse(refusal("NoBaseThere", { faction: faction.name }));
  }
  if (faction.system[t.attribute] < t.rating) {
    return refuse(refusal("RatingTooLow", { asset: tname, need: t.rating, have: faction.system[t.attribute] }));
  }
  if (!magicAtLeast(faction.system.magic, t.magic)) {
    return refuse(refusal("MagicTooLow", { asset: tname, need: t.magic, have: faction.system.magic }));
  }
  for (const formula of [t.attack.damage, t.counter]) {
    if (formula !== "" && !isFormula(formula)) return refuse(refusal("BadFormula", { asset: tname, formula }));
  }
  if (!(t.hp.max >= 1)) return refuse(refusal("BadHp", { hp: String(t.hp.max) }));
  if (t.cost > faction.system.treasure) return refuse(refusal("TreasureShort", { cost: t.cost, treasure: faction.system.treasure }));

  const d = new Draft(state, ctx);
  const f = faction.id;
  const system = cloneJson(t);
  system.hp = { value: t.hp.max, max: t.hp.max };
  system.location = choice.location;
  system.base = false;
  system.exposed = false;
  const asset: AssetState = { id: ctx.newId(), name: tname, system };
  d.createAsset(f, asset);
  d.addTreasure(f, -t.cost);
  d.say(`${LOG}Created`, { faction: faction.name, asset: tname, cost: t.cost });
  d.say(`${LOG}Spent`, { faction: faction.name, cost: t.cost, treasure: d.faction(f).system.treasure });
  const count = cappedAssets(d.faction(f), t.attribute).length;
  const cap = assetCap(faction, t.attribute);
  const overCap = count > cap;
  if (overCap) d.say(`${LOG}OverCap`, { faction: faction.name, asset: tname, count, cap });
  d.setFaction(f, "system.turn.created", true);
  d.setFaction(f, "system.turn.action", ACTIONS.create);
  return ok(d.outcome(ACTIONS.create, f, { asset: asset.id, cost: t.cost, overCap }));
}
