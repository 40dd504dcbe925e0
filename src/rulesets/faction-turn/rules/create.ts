import { cloneJson } from "../../../core/rules/changes";
import { isFormula } from "../../../core/rules/formula";
import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { actingFaction, canTakeAction, isLine, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { assetCap, cappedAssets, magicAtLeast } from "./derived";
import { Draft } from "./draft";
import { ATTRIBUTES, MAGIC_LEVELS, type AssetState, type AssetTemplate, type FactionTurnState } from "./state";

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
  const bad = badTemplate(choice.template);
  if (bad) return refuse(bad);
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

/**
 * The most a template may cost or have as max HP: no asset of the Faction Turn's lists comes near
 * (the dearest costs 16, the toughest has 18 HP), and a template above it is a mistake or a forgery.
 */
export const TEMPLATE_MAX = 99;

const wholeIn = (v: unknown, min: number, max: number) => Number.isInteger(v) && (v as number) >= min && (v as number) <= max;
const oneOf = (v: unknown, list: readonly string[]) => typeof v === "string" && list.includes(v);

/**
 * The template comes with the choice, so its numbers are checked as the asset's data model
 * would store them: whole numbers in range and known attributes, or the action is refused
 * (a stored NumberField would clamp a bad value, not refuse it).
 */
function badTemplate(template: AssetTemplate): Line | null {
  const t = template.system as unknown as Record<string, unknown> & { hp?: { max?: unknown }; attack?: Record<string, unknown> };
  const name = typeof template.name === "string" && template.name ? template.name : "?";
  const checks: [string, unknown, boolean][] = [
    ["rating", t.rating, wholeIn(t.rating, 1, 8)],
    ["cost", t.cost, wholeIn(t.cost, 0, TEMPLATE_MAX)],
    ["hp", t.hp?.max, wholeIn(t.hp?.max, 1, TEMPLATE_MAX)],
    ["attribute", t.attribute, oneOf(t.attribute, ATTRIBUTES)],
    ["magic", t.magic, oneOf(t.magic, MAGIC_LEVELS)],
    ["attack", t.attack?.attribute, oneOf(t.attack?.attribute, ATTRIBUTES) && oneOf(t.attack?.defense, ATTRIBUTES)],
  ];
  const failed = checks.find(([, , fine]) => !fine);
  return failed ? refusal("BadTemplate", { asset: name, field: failed[0], value: String(failed[1]) }) : null;
}
