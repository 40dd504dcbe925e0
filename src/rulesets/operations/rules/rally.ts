import { ok, type Result } from "../../../core/rules/outcome";
import { baseDetail, isLine, markActed, organization, refusal, refuse, sayTier, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import type { InfluenceChoice } from "./gain-influence";
import { catastrophe, clearPenaltyOnSuccess, payPrice, standingModifiers, standingOf, type Payment, influenceSetup } from "./influence";
import { actingRating } from "./ratings";
import type { OperationsState } from "./state";

export interface RallyChoice extends InfluenceChoice {
  /** The faction it is to attack. */
  against: string;
  /** How to pay on a success (default influence). */
  pay?: Payment;
}

export interface RallyDetail {
  faction: string;
  against: string;
  /** The attack the NPC faction makes (the GM plays it out), or null. */
  attack: "limited" | "concerted" | null;
  paid: number;
  payment: Payment;
}

export const RALLY_COST = { success: 10, completeSuccess: 5 } as const;

/** Rally (Straight Charm): convince an NPC faction to attack another faction. */
export function rally(state: OperationsState, choice: RallyChoice, ctx: Ctx): Result<ActionOutcome<RallyDetail>> {
  const setup = influenceSetup(state, choice, ctx);
  if (isLine(setup)) return refuse(setup);
  const { acting, extra, npc } = setup;
  const against = organization(state, choice.against);
  if (isLine(against)) return refuse(against);
  if (against.id === npc.id || against.id === acting.org.id) return refuse(refusal("BadRallyTarget"));
  const pay: Payment = choice.pay ?? "influence";
  if (pay !== "influence" && pay !== "capital") return refuse(refusal("BadPayment"));
  const org = acting.org.id;
  const mods = [...actingRating(acting.lt, "charm"), ...standingModifiers(standingOf(acting.org, npc.id), { allied: true }), ...extra];

  const d = new Draft(state, ctx);
  d.say(`${LOG}Rally`, { lieutenant: acting.lt.name, faction: npc.name, target: against.name });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.rally`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "rally", check.tier);
  const detail: RallyDetail = { faction: npc.id, against: against.id, attack: null, paid: 0, payment: pay };
  if (check.tier === "completeFailure") catastrophe(d, org, npc, false);
  else if (check.tier === "success" || check.tier === "completeSuccess") {
    const cost = RALLY_COST[check.tier];
    if (payPrice(d, org, npc, cost, pay)) {
      detail.paid = cost;
      detail.attack = check.tier === "completeSuccess" ? "concerted" : "limited";
      d.say(check.tier === "completeSuccess" ? `${LOG}ConcertedAttack` : `${LOG}LimitedAttack`, { faction: npc.name, target: against.name });
    }
  }
  clearPenaltyOnSuccess(d, org, npc, check.tier);
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy, strict: true });
  return ok(d.outcome(ACTIONS.rally, acting.lt.id, { ...base, ...detail }));
}
