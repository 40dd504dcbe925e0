import { isSuccess, type Modifier } from "../../../core/rules/check";
import { ok, type Result } from "../../../core/rules/outcome";
import { targetOrganization } from "./attack";
import { actingLieutenant, baseDetail, findUnit, isLine, markActed, refusal, refuse, sayTier, situational, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { applyForceResult, type ConditionReport } from "./conditions";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { actingRating, bestOpposition, lieutenantOpposition, unitOpposition } from "./ratings";
import type { OperationsState } from "./state";
import { acquire, checkAcquisition, NOT_ACQUIRED, type Acquisition, type AcquisitionReport } from "./transfer";

export interface StealChoice extends ActingChoice {
  /** The organization stolen from. */
  target: string;
  /** Where: the acting lieutenant must be there. */
  location: string;
  acquire: Acquisition;
}

export interface StealDetail {
  target: string;
  location: string;
  conditions: ConditionReport[];
  acquisition: AcquisitionReport;
}

/**
 * The opposition of Steal: a unit or lieutenant taken opposes with its own
 * Sneak (+ hiding); anything else, the target's best visible Sneak there
 * (a straight roll if nobody is there).
 */
export function stealOpposition(state: OperationsState, target: string, location: string, what: Acquisition, actor: string): Modifier[] {
  if (what.kind === "unit") return unitOpposition(findUnit(state, what.unit, target)!.unit, "sneak");
  if (what.kind === "lieutenant") return lieutenantOpposition(state.lieutenants[what.lieutenant]!, "sneak");
  return bestOpposition(state, target, location, "sneak", new Set([actor]));
}

/** Steal (Sneak vs Sneak): acquire capital, information or items, or capture a unit or lieutenant, from a location. */
export function steal(state: OperationsState, choice: StealChoice, ctx: Ctx): Result<ActionOutcome<StealDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  if (choice.location === "") return refuse(refusal("NoLocation"));
  if (acting.lt.system.location !== choice.location) return refuse(refusal("NotThere", { name: acting.lt.name }));
  const target = targetOrganization(state, acting, choice.target);
  if (isLine(target)) return refuse(target);
  const bad = checkAcquisition(state, target, choice.location, choice.acquire, true);
  if (bad) return refuse(bad);
  if (choice.acquire.kind === "lieutenant" && choice.acquire.lieutenant === acting.lt.id) return refuse(refusal("SelfTarget"));

  const d = new Draft(state, ctx);
  d.say(`${LOG}Steal`, { lieutenant: acting.lt.name, target: target.name });
  markActed(d, acting, []);
  const mods = [...actingRating(acting.lt, "sneak"), ...extra];
  const opp = stealOpposition(state, target.id, choice.location, choice.acquire, acting.lt.id);
  const check = d.check({ key: `${LOG}Check.steal`, data: { lieutenant: acting.lt.name } }, mods, opp);
  sayTier(d, "steal", check.tier);
  const detail: StealDetail = { target: target.id, location: choice.location, conditions: [], acquisition: NOT_ACQUIRED };
  if (check.tier === "completeFailure") detail.conditions = applyForceResult(d, { units: [], lieutenants: [acting.lt.id] }, "damaged");
  if (isSuccess(check.tier)) detail.acquisition = acquire(d, acting.org.id, target.id, choice.acquire, ctx);
  else d.say(`${LOG}NotAcquired`);
  const base = baseDetail(d, state, acting, {
    tier: check.tier,
    stealthy: !!choice.stealthy,
    // Its complete success's text says the action is automatically stealthy.
    forceUnnoticed: check.tier === "completeSuccess" && "told",
    subjects: { locations: [choice.location] },
  });
  return ok(d.outcome(ACTIONS.steal, acting.lt.id, { ...base, ...detail }));
}
