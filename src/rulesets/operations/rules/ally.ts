import { ok, type Result } from "../../../core/rules/outcome";
import { baseDetail, isLine, markActed, refusal, refuse, sayTier, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import type { InfluenceChoice } from "./gain-influence";
import { catastrophe, clearPenaltyOnSuccess, payPrice, setStanding, standingModifiers, standingOf, influenceSetup } from "./influence";
import { actingRating } from "./ratings";
import type { OperationsState } from "./state";

export interface AllyDetail {
  faction: string;
  allied: boolean;
  /** Influence paid. */
  paid: number;
}

/** Influence Ally costs on a success and a complete success. */
export const ALLY_COST = { success: 20, completeSuccess: 10 } as const;

/** Ally (Straight Charm): convince an NPC faction to join your side. */
export function ally(state: OperationsState, choice: InfluenceChoice, ctx: Ctx): Result<ActionOutcome<AllyDetail>> {
  const setup = influenceSetup(state, choice, ctx);
  if (isLine(setup)) return refuse(setup);
  const { acting, extra, npc } = setup;
  const before = standingOf(acting.org, npc.id);
  if (before.allied) return refuse(refusal("AlreadyAllied", { faction: npc.name }));
  const org = acting.org.id;
  const mods = [...actingRating(acting.lt, "charm"), ...standingModifiers(before), ...extra];

  const d = new Draft(state, ctx);
  d.say(`${LOG}Ally`, { lieutenant: acting.lt.name, faction: npc.name });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.ally`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "ally", check.tier);
  const detail: AllyDetail = { faction: npc.id, allied: false, paid: 0 };
  if (check.tier === "completeFailure") catastrophe(d, org, npc, false);
  else if (check.tier === "success" || check.tier === "completeSuccess") {
    const cost = ALLY_COST[check.tier];
    if (payPrice(d, org, npc, cost, "influence")) {
      setStanding(d, org, { ...standingOf(d.org(org), npc.id), allied: true });
      detail.allied = true;
      detail.paid = cost;
      d.say(`${LOG}Allied`, { faction: npc.name });
    }
  }
  clearPenaltyOnSuccess(d, org, npc, check.tier);
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy, strict: true });
  return ok(d.outcome(ACTIONS.ally, acting.lt.id, { ...base, ...detail }));
}
