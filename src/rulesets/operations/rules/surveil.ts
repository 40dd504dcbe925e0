import { toJson } from "../../../core/rules/changes";
import type { Modifier } from "../../../core/rules/check";
import { ok, type Line, type Result } from "../../../core/rules/outcome";
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
  type Acting,
  type ActingChoice,
  type ActionOutcome,
  type Ctx,
} from "./common";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { actingRating, bestOpposition, lieutenantOpposition, unitOpposition } from "./ratings";
import { keyOf, type OperationsState, type SurveillanceKind, type SurveillanceRecord } from "./state";

export type SurveilTarget = { kind: "unit"; unit: string } | { kind: "lieutenant"; lieutenant: string } | { kind: "location"; location: string };

/** A complete success's choice: stay unnoticed, or learn something extra. */
export type Bonus = "stealth" | "info";

export interface SurveilChoice extends ActingChoice {
  target: SurveilTarget;
  /** On a complete success (default "info"). */
  bonus?: Bonus;
}

export interface SurveilDetail {
  kind: SurveillanceKind;
  /** Unit id, lieutenant id or location. */
  target: string;
  /** A surveillance record was set up. */
  watching: boolean;
  /** Some minimum of information before the target gave the slip (failure). */
  glimpse: boolean;
  /** Extra information (complete success that chose it). */
  extra: boolean;
}

/** The key of a lieutenant's penalty to surveil a target. */
export function surveilPenaltyKey(target: string): string {
  return `surveil:${keyOf(target)}`;
}

/** The target reference and its opposition, or a refusal. */
function surveilTarget(state: OperationsState, acting: Acting, t: SurveilTarget): { ref: string; name: string; opp: Modifier[] } | Line {
  if (t.kind === "unit") {
    const f = findUnit(state, t.unit);
    if (!f) return refusal("NoUnit", { unit: String(t.unit) });
    if (f.org.id === acting.org.id) return refusal("OwnTarget", { name: f.unit.name });
    return { ref: f.unit.id, name: f.unit.name, opp: unitOpposition(f.unit, "sneak") };
  }
  if (t.kind === "lieutenant") {
    const l = lieutenantOf(state, t.lieutenant);
    if (isLine(l)) return l;
    if (l.system.organization === acting.org.id) return refusal("OwnTarget", { name: l.name });
    return { ref: l.id, name: l.name, opp: lieutenantOpposition(l, "sneak") };
  }
  if (t.location === "") return refusal("NoLocation");
  // A location: the best Sneak of anyone else visible there.
  let best: Modifier[] = [];
  let bestValue = -Infinity;
  for (const org of Object.values(state.organizations)) {
    if (org.id === acting.org.id) continue;
    const mods = bestOpposition(state, org.id, t.location, "sneak");
    const v = mods.reduce((s, m) => s + m.value, 0);
    if (mods.length && v > bestValue) {
      best = mods;
      bestValue = v;
    }
  }
  return { ref: t.location, name: t.location, opp: best };
}

/** Surveil (Sneak vs Sneak): keep an eye on a unit, lieutenant or location. */
export function surveil(state: OperationsState, choice: SurveilChoice, ctx: Ctx): Result<ActionOutcome<SurveilDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const target = surveilTarget(state, acting, choice.target);
  if (isLine(target)) return refuse(target);
  const bonus: Bonus = choice.bonus ?? "info";

  const d = new Draft(state, ctx);
  const t = choice.target;
  d.say(t.kind === "location" ? `${LOG}SurveilLocation` : `${LOG}Surveil`, t.kind === "location" ? { lieutenant: acting.lt.name } : { lieutenant: acting.lt.name, target: target.name });
  markActed(d, acting, []);
  const penaltyKey = surveilPenaltyKey(target.ref);
  const penalty = acting.lt.system.penalties[penaltyKey] ?? 0;
  const mods = [...actingRating(acting.lt, "sneak"), ...(penalty ? [{ label: `${RATING}PastFailure`, value: penalty }] : []), ...extra];
  const check = d.check({ key: `${LOG}Check.surveil`, data: { lieutenant: acting.lt.name } }, mods, target.opp);
  sayTier(d, "surveil", check.tier);
  const detail: SurveilDetail = { kind: t.kind, target: target.ref, watching: false, glimpse: false, extra: false };
  if (check.tier === "completeFailure") {
    const to = penalty - 3;
    d.setLieutenant(acting.lt.id, "system.penalties", { ...d.lieutenant(acting.lt.id).system.penalties, [penaltyKey]: to });
    d.say(`${LOG}FuturePenalty`, { penalty: to });
  } else if (check.tier === "failure") {
    detail.glimpse = true;
  } else {
    detail.watching = true;
    detail.extra = check.tier === "completeSuccess" && bonus === "info";
    const record: SurveillanceRecord = { watcher: acting.lt.id, kind: t.kind, target: target.ref, extra: detail.extra };
    const list = d.org(acting.org.id).system.surveillance.filter((r) => !(r.watcher === record.watcher && r.kind === record.kind && r.target === record.target));
    d.setOrg(acting.org.id, "system.surveillance", toJson([...list, record]));
    d.say(`${LOG}Watching`, { lieutenant: acting.lt.name });
    if (detail.extra) d.say(`${LOG}ExtraInfo`);
  }
  const base = baseDetail(d, state, acting, {
    tier: check.tier,
    stealthy: !!choice.stealthy,
    strict: true,
    forceUnnoticed: check.tier === "completeSuccess" && bonus === "stealth",
    subjects: t.kind === "location" ? { locations: [t.location] } : {},
  });
  return ok(d.outcome(ACTIONS.surveil, acting.lt.id, { ...base, ...detail }));
}
