import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { attributeLabel } from "./attack";
import { actingFaction, canTakeAction, isLine, refusal, refuse, situational } from "./common";
import { ACTIONS, LOG, type FactionTurnContext } from "./context";
import { assetsAt, isDestroyed } from "./derived";
import { Draft } from "./draft";
import type { AssetState, FactionTurnState } from "./state";

export const DEFAULT_BASE_NAME = "Base of Influence";

export interface ExpandChoice {
  faction: string;
  location: string;
  /** Max HP of the new Base; costs 1 Treasure per HP. */
  hp: number;
  /** Name of the new Base (default "Base of Influence"). */
  name?: string;
  /** Situational modifier added to the builder's side of every Cunning check (default 0). */
  modifier?: number;
}
export interface ExpandDetail {
  /** Id of the new Base of Influence. */
  base: string;
  location: string;
  /** The Cunning vs Cunning checks against each other faction there, in state order. */
  contests: { faction: string; check: number; builderWon: boolean }[];
  /** Factions that won and may attack the new Base at once (`attack` with `reaction: { base }`). */
  challengers: string[];
}

/** The source of a new Base of Influence. */
export function newBase(id: string, name: string, location: string, hp: number): AssetState {
  return {
    id,
    name,
    system: {
      attribute: "cunning",
      rating: 1,
      magic: "none",
      cost: hp,
      hp: { value: hp, max: hp },
      attack: { attribute: "cunning", defense: "cunning", damage: "" },
      counter: "",
      subtle: false,
      stealth: false,
      location,
      base: true,
      exposed: false,
    },
  };
}

/**
 * Expand Influence: pay hp Treasure for a Base of Influence with that max HP
 * where the faction has an asset, then roll Cunning vs Cunning against every
 * other faction with an asset there; each that wins may attack the Base.
 */
export function expand(state: FactionTurnState, choice: ExpandChoice, ctx: FactionTurnContext): Result<Outcome<ExpandDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  const r = canTakeAction(faction);
  if (r) return refuse(r);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  if (typeof choice.location !== "string" || choice.location === "") return refuse(refusal("NoLocationGiven"));
  if (assetsAt(faction, choice.location).length === 0) return refuse(refusal("NoAssetThere", { faction: faction.name }));
  if (!Number.isInteger(choice.hp) || choice.hp < 1) return refuse(refusal("BadHp", { hp: String(choice.hp) }));
  if (choice.hp > faction.system.treasure) {
    return refuse(refusal("TreasureShort", { cost: choice.hp, treasure: faction.system.treasure }));
  }

  const d = new Draft(state, ctx);
  const f = faction.id;
  const name = choice.name?.trim() || DEFAULT_BASE_NAME;
  const base = newBase(ctx.newId(), name, choice.location, choice.hp);
  d.createAsset(f, base);
  d.addTreasure(f, -choice.hp);
  d.say(`${LOG}Expanded`, { faction: faction.name, base: name, hp: choice.hp });
  d.say(`${LOG}Spent`, { faction: faction.name, cost: choice.hp, treasure: d.faction(f).system.treasure });
  const detail: ExpandDetail = { base: base.id, location: choice.location, contests: [], challengers: [] };
  for (const other of Object.values(state.factions)) {
    if (other.id === f || isDestroyed(other) || assetsAt(other, choice.location).length === 0) continue;
    const index = d.checks.length;
    const check = d.check(
      { key: `${LOG}ExpandCheck`, data: { faction: faction.name, other: other.name } },
      [{ label: attributeLabel("cunning"), value: faction.system.cunning }, ...extra],
      [{ label: attributeLabel("cunning"), value: other.system.cunning }],
      "twoTier",
    );
    const builderWon = check.tier === "success";
    detail.contests.push({ faction: other.id, check: index, builderWon });
    if (builderWon) d.say(`${LOG}ExpandUnchallenged`, { faction: other.name });
    else {
      detail.challengers.push(other.id);
      d.say(`${LOG}ExpandChallenged`, { faction: other.name, base: name });
    }
  }
  d.setFaction(f, "system.turn.action", ACTIONS.expand);
  return ok(d.outcome(ACTIONS.expand, f, detail));
}
