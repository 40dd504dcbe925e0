import { counted, ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { turnIsOpen } from "../../../core/rules/turn-order";
import { actingFaction, firstDuplicate, isLine, ownAsset, refusal, refuse } from "./common";
import { ACTIONS, LOG, type FactionTurnContext, type FactionTurnSettings } from "./context";
import { damageAsset, type DamageReport } from "./damage";
import { excessAssets, income } from "./derived";
import { Draft } from "./draft";
import { type Attribute, type FactionState, type FactionTurnState } from "./state";

export interface StartTurnChoice {
  faction: string;
  /** Excess (non-Base) assets of over-cap attributes to lose instead of paying their upkeep. */
  lose?: string[];
}

export interface StartTurnDetail {
  /** Treasure earned (0 with the income setting off). */
  income: number;
  /** Assets over the cap per attribute, before any were lost. */
  excess: Record<Attribute, number>;
  /** Ids of the assets lost to upkeep. */
  lost: string[];
  /** Treasure paid for upkeep. */
  upkeep: number;
  /** Damage to exposed assets. */
  exposed: DamageReport[];
  /** The faction was destroyed by that damage. */
  factionDestroyed: boolean;
}

export interface UpkeepPlan {
  income: number;
  /** Treasure after income. */
  treasure: number;
  excess: Record<Attribute, number>;
  /** Upkeep if nothing is lost. */
  cost: number;
  /** How many excess assets must be chosen for losing, at least. */
  mustLose: number;
}

/** What Start Turn will ask of the faction (for the dialog). */
export function upkeepPlan(faction: FactionState, settings: Pick<FactionTurnSettings, "income">): UpkeepPlan {
  const inc = settings.income ? income(faction) : 0;
  const treasure = faction.system.treasure + inc;
  const excess = excessAssets(faction);
  const cost = excess.force + excess.wealth + excess.cunning;
  return { income: inc, treasure, excess, cost, mustLose: Math.max(0, cost - treasure) };
}

/**
 * Start Turn: earn income, pay upkeep for assets over the cap (or lose those
 * chosen), damage exposed assets, and reset the turn's book-keeping. A faction
 * in an encounter starts its turn only when the encounter gives it one, once:
 * not out of order, and not again when the GM goes back to a turn it has had.
 */
export function startTurn(
  state: FactionTurnState,
  choice: StartTurnChoice,
  ctx: FactionTurnContext,
): Result<Outcome<StartTurnDetail>> {
  const faction = actingFaction(state, choice.faction);
  if (isLine(faction)) return refuse(faction);
  if (faction.system.turn.started) return refuse(refusal("AlreadyStarted", { faction: faction.name }));
  if (!turnIsOpen(state.order, faction.id)) return refuse(refusal("NotItsTurn", { faction: faction.name }));

  const lose = choice.lose ?? [];
  const dup = firstDuplicate(lose);
  if (dup !== undefined) return refuse(refusal("Duplicate", { asset: dup }));
  const plan = upkeepPlan(faction, ctx.settings);
  const losing: Record<Attribute, number> = { force: 0, wealth: 0, cunning: 0 };
  for (const id of lose) {
    const a = ownAsset(faction, id);
    if (isLine(a)) return refuse(a);
    if (a.system.base || plan.excess[a.system.attribute] <= 0) return refuse(refusal("LoseNotExcess", { asset: a.name }));
    losing[a.system.attribute]++;
    if (losing[a.system.attribute] > plan.excess[a.system.attribute]) {
      return refuse(refusal("LoseTooMany", { asset: a.name, excess: plan.excess[a.system.attribute] }));
    }
  }
  const due = plan.cost - lose.length;
  if (due > plan.treasure) {
    return refuse(
      refusal(counted("UpkeepShort", due - plan.treasure), { faction: faction.name, cost: due, treasure: plan.treasure, count: due - plan.treasure }),
    );
  }

  const d = new Draft(state, ctx);
  const f = faction.id;
  const turn = faction.system.turn;
  d.say(`${LOG}TurnStart`, { faction: faction.name, number: turn.number + 1 });
  if (ctx.settings.income) {
    d.addTreasure(f, plan.income);
    d.say(`${LOG}Income`, { faction: faction.name, amount: plan.income, treasure: d.faction(f).system.treasure });
  }
  for (const id of lose) {
    d.say(`${LOG}LostExcess`, { asset: d.asset(f, id)!.name });
    d.deleteAsset(f, id);
  }
  if (due > 0) {
    d.addTreasure(f, -due);
    d.say(counted(`${LOG}Upkeep`, due), { faction: faction.name, count: due, cost: due, treasure: d.faction(f).system.treasure });
  }
  const exposed: DamageReport[] = [];
  let factionDestroyed = false;
  for (const a of [...d.faction(f).assets]) {
    if (!a.system.exposed) continue;
    const dmg = Math.ceil(a.system.hp.max / 2);
    d.say(`${LOG}Exposed`, { asset: a.name, damage: dmg });
    const r = damageAsset(d, f, a.id, dmg);
    exposed.push(r);
    factionDestroyed ||= r.factionDestroyed;
    if (!r.destroyed) d.setAsset(f, a.id, "system.exposed", false);
  }
  d.setFaction(f, "system.turn.number", turn.number + 1);
  d.setFaction(f, "system.turn.started", true);
  d.setFaction(f, "system.turn.action", "");
  d.setFaction(f, "system.turn.created", false);
  d.setFaction(f, "system.turn.healed", false);
  d.setFaction(f, "system.turn.repairs", {});
  return ok(
    d.outcome(ACTIONS.start, f, {
      income: ctx.settings.income ? plan.income : 0,
      excess: plan.excess,
      lost: [...lose],
      upkeep: Math.max(0, due),
      exposed,
      factionDestroyed,
    }),
  );
}

