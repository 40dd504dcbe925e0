import type { Modifier } from "../../../core/rules/check";
import { ok, type Result } from "../../../core/rules/outcome";
import {
  actingLieutenant,
  baseDetail,
  findUnit,
  isLine,
  lieutenantOf,
  markActed,
  refusal,
  refuse,
  sayTier,
  situational,
  type ActingChoice,
  type ActionOutcome,
  type Ctx,
} from "./common";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { actingRating, lieutenantOpposition, unitOpposition } from "./ratings";
import { keyOf, NO_STANCE, type OperationsState } from "./state";
import { transferUnit } from "./transfer";

export type RecruitTarget = { kind: "unit"; unit: string } | { kind: "lieutenant"; lieutenant: string };

export interface RecruitChoice extends ActingChoice {
  target: RecruitTarget;
  /** Join your organization (true), or stay with the original one, usable by both (false). */
  join: boolean;
}

export interface RecruitDetail {
  /** Unit id or lieutenant id (before any move). */
  target: string;
  /** The organization it came from. */
  from: string;
  recruited: boolean;
  joined: boolean;
  /** Capital paid. */
  paid: number;
  /** The recruited unit's id in your organization, if it joined. */
  unit: string | null;
}

/** The key of an organization's penalty to recruit a target. */
export function recruitPenaltyKey(target: string): string {
  return `recruit:${keyOf(target)}`;
}

/** Recruit (Charm vs Charm): recruit a unit or lieutenant into your organization. */
export function recruit(state: OperationsState, choice: RecruitChoice, ctx: Ctx): Result<ActionOutcome<RecruitDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const t = choice.target;
  let name: string;
  let from: string;
  let id: string;
  let cost: number;
  let bonded: boolean;
  let opp: Modifier[];
  if (t.kind === "unit") {
    const f = findUnit(state, t.unit);
    if (!f) return refuse(refusal("NoUnit", { unit: String(t.unit) }));
    if (f.org.id === acting.org.id) return refuse(refusal("OwnTarget", { name: f.unit.name }));
    if (f.unit.system.recruiter === acting.org.id) return refuse(refusal("AlreadyRecruited", { name: f.unit.name }));
    ({ name } = f.unit);
    from = f.org.id;
    id = f.unit.id;
    cost = f.unit.system.cost;
    bonded = f.unit.system.bonded;
    opp = unitOpposition(f.unit, "charm");
  } else {
    const l = lieutenantOf(state, t.lieutenant);
    if (isLine(l)) return refuse(l);
    if (l.system.organization === acting.org.id) return refuse(refusal("OwnTarget", { name: l.name }));
    if (l.system.recruiter === acting.org.id) return refuse(refusal("AlreadyRecruited", { name: l.name }));
    ({ name } = l);
    from = l.system.organization;
    id = l.id;
    cost = l.system.cost;
    bonded = l.system.bonded;
    opp = lieutenantOpposition(l, "charm");
  }
  const penaltyKey = recruitPenaltyKey(id);
  const penalty = acting.org.system.penalties[penaltyKey] ?? 0;
  const mods: Modifier[] = [...actingRating(acting.lt, "charm")];
  if (bonded) mods.push({ label: `${RATING}Bonded`, value: -3 });
  if (t.kind === "lieutenant") mods.push({ label: `${RATING}LieutenantTarget`, value: -3 });
  if (penalty) mods.push({ label: `${RATING}PastFailure`, value: penalty });
  mods.push(...extra);

  const d = new Draft(state, ctx);
  const org = acting.org.id;
  d.say(`${LOG}Recruit`, { lieutenant: acting.lt.name, target: name });
  markActed(d, acting, []);
  const check = d.check({ key: `${LOG}Check.recruit`, data: { lieutenant: acting.lt.name } }, mods, opp);
  sayTier(d, "recruit", check.tier);
  const detail: RecruitDetail = { target: id, from, recruited: false, joined: false, paid: 0, unit: null };
  if (check.tier === "completeFailure") {
    const to = penalty - 3;
    d.setOrg(org, "system.penalties", { ...d.org(org).system.penalties, [penaltyKey]: to });
    d.say(`${LOG}FuturePenalty`, { penalty: to });
  }
  if (t.kind === "lieutenant" && (check.tier === "completeFailure" || check.tier === "failure")) d.say(`${LOG}AttemptNoticed`);
  let takes = false;
  if (check.tier === "success") {
    if (d.org(org).system.capital < cost) d.say(`${LOG}CannotPayCapital`, { amount: cost, capital: d.org(org).system.capital });
    else {
      takes = true;
      detail.paid = cost;
      d.addCapital(org, -cost);
      if (cost > 0) d.say(`${LOG}PaidCapital`, { amount: cost, capital: d.org(org).system.capital });
    }
  } else if (check.tier === "completeSuccess") takes = true;
  if (takes) {
    detail.recruited = true;
    detail.joined = choice.join;
    if (t.kind === "unit") {
      if (choice.join) detail.unit = transferUnit(d, from, id, org, ctx)!.id;
      else d.setUnit(from, id, "system.recruiter", org);
    } else if (choice.join) {
      d.setLieutenant(id, "system.organization", org);
      d.setLieutenant(id, "system.recruiter", "");
      if (d.lieutenant(id).system.stance.kind !== "") d.setLieutenant(id, "system.stance", { ...NO_STANCE });
    } else d.setLieutenant(id, "system.recruiter", org);
    d.say(choice.join ? `${LOG}RecruitedJoins` : `${LOG}RecruitedStays`, { name, organization: d.org(from).name });
  }
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy, strict: true });
  return ok(d.outcome(ACTIONS.recruit, acting.lt.id, { ...base, ...detail }));
}
