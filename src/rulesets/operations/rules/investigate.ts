import { isSituational, MAX_SITUATIONAL } from "../../../core/rules/check";
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
import type { OperationsState } from "./state";
import type { Bonus } from "./surveil";

/** What is investigated: a unit, a lieutenant, or anything else at a level of obscurity (default 1). */
export type InvestigateTarget = { kind: "unit"; unit: string } | { kind: "lieutenant"; lieutenant: string } | { kind: "other"; name: string; level?: number };

export interface InvestigateChoice extends ActingChoice {
  target: InvestigateTarget;
  /** On a complete success (default "info"). */
  bonus?: Bonus;
}

export type Learned = "nothing" | "basic" | "complete";

export interface InvestigateDetail {
  learned: Learned;
  /** Additional useful information (complete success that chose it). */
  extra: boolean;
  /** The organization of the target that notices the action (null if unnoticed or nobody's). */
  noticedBy: string | null;
}

/** Investigate (Charm vs variable): learn about an asset, item, dungeon, location or scheme. */
export function investigate(state: OperationsState, choice: InvestigateChoice, ctx: Ctx): Result<ActionOutcome<InvestigateDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const t = choice.target;
  let name: string;
  let opp: Modifier[];
  let owner: string | null = null;
  if (t.kind === "unit") {
    const f = findUnit(state, t.unit);
    if (!f) return refuse(refusal("NoUnit", { unit: String(t.unit) }));
    name = f.unit.name;
    opp = unitOpposition(f.unit, "sneak");
    owner = f.org.id;
  } else if (t.kind === "lieutenant") {
    const l = lieutenantOf(state, t.lieutenant);
    if (isLine(l)) return refuse(l);
    name = l.name;
    opp = lieutenantOpposition(l, "sneak");
    owner = l.system.organization;
  } else {
    const level = t.level ?? 1;
    if (!isSituational(level)) return refuse(refusal("BadModifier", { modifier: String(level), max: MAX_SITUATIONAL }));
    if (t.name.trim() === "") return refuse(refusal("NoName"));
    name = t.name;
    opp = [{ label: `${RATING}Obscurity`, value: level }];
  }
  const bonus: Bonus = choice.bonus ?? "info";

  const d = new Draft(state, ctx);
  d.say(`${LOG}Investigate`, { lieutenant: acting.lt.name, target: name });
  markActed(d, acting, []);
  const mods = [...actingRating(acting.lt, "charm"), ...extra];
  const check = d.check({ key: `${LOG}Check.investigate`, data: { lieutenant: acting.lt.name } }, mods, opp);
  sayTier(d, "investigate", check.tier);
  const learned: Learned = check.tier === "completeSuccess" ? "complete" : check.tier === "success" ? "basic" : "nothing";
  const detailExtra = check.tier === "completeSuccess" && bonus === "info";
  d.say(`${LOG}Learned.${learned}`);
  if (detailExtra) d.say(`${LOG}ExtraInfo`);
  const base = baseDetail(d, state, acting, {
    tier: check.tier,
    stealthy: !!choice.stealthy,
    strict: true,
    forceUnnoticed: check.tier === "completeSuccess" && bonus === "stealth",
  });
  const noticedBy = base.unnoticed || owner === null || owner === acting.org.id ? null : owner;
  return ok(d.outcome(ACTIONS.investigate, acting.lt.id, { ...base, learned, extra: detailExtra, noticedBy }));
}
