import { ok, type Result } from "../../../core/rules/outcome";
import { baseDetail, isLine, markActed, refuse, sayTier, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { addInfluence, anyoneHasInfluence, catastrophe, clearPenaltyOnSuccess, standingModifiers, standingOf, influenceSetup } from "./influence";
import { actingRating } from "./ratings";
import type { OperationsState } from "./state";

export interface InfluenceChoice extends ActingChoice {
  /** The NPC faction. */
  faction: string;
}

export interface GainInfluenceDetail {
  faction: string;
  /** Influence gained (negative: lost). */
  gained: number;
  influence: number;
}

/** Gain Influence (Straight Charm): gain influence with an NPC faction. */
export function gainInfluence(state: OperationsState, choice: InfluenceChoice, ctx: Ctx): Result<ActionOutcome<GainInfluenceDetail>> {
  const setup = influenceSetup(state, choice, ctx);
  if (isLine(setup)) return refuse(setup);
  const { acting, extra, npc } = setup;
  const org = acting.org.id;
  const before = standingOf(acting.org, npc.id);
  const mods = [...actingRating(acting.lt, "charm"), ...standingModifiers(before, { gain: true }), ...extra];

  const d = new Draft(state, ctx);
  d.say(`${LOG}GainInfluence`, { lieutenant: acting.lt.name, faction: npc.name });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.gainInfluence`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "gainInfluence", check.tier);
  switch (check.tier) {
    case "completeFailure":
      catastrophe(d, org, npc, true);
      break;
    case "failure":
      if (!anyoneHasInfluence(state, npc.id)) addInfluence(d, org, npc, 1);
      break;
    case "success":
      addInfluence(d, org, npc, 2);
      break;
    case "completeSuccess":
      addInfluence(d, org, npc, 4);
      break;
  }
  clearPenaltyOnSuccess(d, org, npc, check.tier);
  const influence = standingOf(d.org(org), npc.id).influence;
  d.say(`${LOG}Influence`, { faction: npc.name, influence });
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy, strict: true });
  return ok(d.outcome(ACTIONS.gainInfluence, acting.lt.id, { ...base, faction: npc.id, gained: influence - before.influence, influence }));
}
