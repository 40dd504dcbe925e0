import { isSuccess } from "../../../core/rules/check";
import { ok, type Result } from "../../../core/rules/outcome";
import { actingIds, defendingForce, forceActor, forceCheckMods, ownForce, targetOrganization, type ForceTable } from "./attack";
import { baseDetail, isLine, markActed, refuse, sayTier, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { applyForceResult, type ConditionReport } from "./conditions";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { hasOpposition } from "./ratings";
import type { OperationsState } from "./state";
import { acquire, checkAcquisition, NOT_ACQUIRED, type Acquisition, type AcquisitionReport } from "./transfer";

export interface RaidChoice extends ActingChoice {
  /** The organization raided. */
  target: string;
  location: string;
  /** Committed units (0 … Cohesion), at the location. */
  units: string[];
  /** What to take: capital, a unit to capture, or information or an item. */
  acquire: Exclude<Acquisition, { kind: "lieutenant" }>;
}

export interface RaidDetail {
  target: string;
  location: string;
  /** Nobody there to oppose: the target was taken without a roll. */
  unopposed: boolean;
  conditions: ConditionReport[];
  acquisition: AcquisitionReport;
}

/** The seed's tiers of Raid (and whether the target is acquired). */
export const RAID: ForceTable = {
  completeFailure: { own: "damaged" },
  failure: { enemy: "dinged", own: "dinged" },
  success: { enemy: "dinged", own: "dinged" },
  completeSuccess: { enemy: "damaged" },
};

/** Raid (Force vs Force): acquire capital, information or items from a location, or capture a unit there. */
export function raid(state: OperationsState, choice: RaidChoice, ctx: Ctx): Result<ActionOutcome<RaidDetail>> {
  const a = forceActor(state, choice, ctx, 0);
  if (isLine(a)) return refuse(a);
  const { acting, units, extra } = a;
  const target = targetOrganization(state, acting, choice.target);
  if (isLine(target)) return refuse(target);
  const bad = checkAcquisition(state, target, choice.location, choice.acquire, false);
  if (bad) return refuse(bad);
  const m = forceCheckMods(state, acting, units, extra, target.id, choice.location, {});
  if (isLine(m)) return refuse(m);

  const d = new Draft(state, ctx);
  d.say(`${LOG}Raid`, { lieutenant: acting.lt.name, target: target.name });
  markActed(d, acting, units);
  const detail: RaidDetail = { target: target.id, location: choice.location, unopposed: false, conditions: [], acquisition: NOT_ACQUIRED };
  const common = { stealthy: !!choice.stealthy, units, subjects: { locations: [choice.location] } };
  const exclude = actingIds(acting, units);
  if (!hasOpposition(state, target.id, choice.location, exclude)) {
    d.say(`${LOG}Unopposed`, { target: target.name });
    detail.unopposed = true;
    detail.acquisition = acquire(d, acting.org.id, target.id, choice.acquire, ctx);
    return ok(d.outcome(ACTIONS.raid, acting.lt.id, { ...baseDetail(d, state, acting, { tier: null, ...common }), ...detail }));
  }
  const check = d.check({ key: `${LOG}Check.raid`, data: { lieutenant: acting.lt.name } }, m.mods, m.opp);
  sayTier(d, "raid", check.tier);
  const enemy = defendingForce(d, state, target.id, choice.location, exclude);
  const row = RAID[check.tier];
  if (row.enemy) detail.conditions.push(...applyForceResult(d, enemy, row.enemy));
  if (row.own) detail.conditions.push(...applyForceResult(d, ownForce(acting, units), row.own));
  if (isSuccess(check.tier)) detail.acquisition = acquire(d, acting.org.id, target.id, choice.acquire, ctx);
  else d.say(`${LOG}NotAcquired`);
  return ok(d.outcome(ACTIONS.raid, acting.lt.id, { ...baseDetail(d, state, acting, { tier: check.tier, ...common }), ...detail }));
}
