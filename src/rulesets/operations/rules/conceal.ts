import { rating, type Tier } from "../../../core/rules/check";
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
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { actingRating } from "./ratings";
import type { OperationsState } from "./state";

/** What Conceal hides: a unit or lieutenant of the organization (the actor itself too), or information or an item. */
export type ConcealTarget = { kind: "unit"; unit: string } | { kind: "lieutenant"; lieutenant: string } | { kind: "thing"; name: string };

export interface ConcealChoice extends ActingChoice {
  target: ConcealTarget;
  /** Move the target here on a success (a failure keeps it where it is). */
  moveTo?: string;
}

export interface ConcealDetail {
  target: ConcealTarget;
  /** The actor's whole Sneak modifier for this action. */
  sneak: number;
  /** The target's hiding level now (0: not hidden). */
  hiding: number;
  moved: boolean;
}

/** The hiding level a Conceal tier gives for a Sneak modifier (never below 0). */
export function concealHiding(tier: Tier, sneak: number): number {
  switch (tier) {
    case "completeFailure":
      return 0;
    case "failure":
      return Math.max(0, Math.floor(sneak / 2));
    case "success":
      return Math.max(0, sneak);
    case "completeSuccess":
      return Math.max(0, sneak + 3);
  }
}

/** Conceal (Straight Sneak): hide information, an item, a unit or a lieutenant. */
export function conceal(state: OperationsState, choice: ConcealChoice, ctx: Ctx): Result<ActionOutcome<ConcealDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  const t = choice.target;
  let name: string;
  let unitOrg = "";
  if (t.kind === "unit") {
    const f = findUnit(state, t.unit, acting.org.id);
    if (!f) return refuse(refusal("NoUnit", { unit: String(t.unit) }));
    if (f.org.id !== acting.org.id && f.unit.system.recruiter !== acting.org.id) {
      return refuse(refusal("NotYourUnit", { unit: f.unit.name, organization: acting.org.name }));
    }
    if (f.unit.system.condition === "destroyed") return refuse(refusal("CannotAct", { name: f.unit.name }));
    name = f.unit.name;
    unitOrg = f.org.id;
  } else if (t.kind === "lieutenant") {
    const l = lieutenantOf(state, t.lieutenant);
    if (isLine(l)) return refuse(l);
    if (l.system.organization !== acting.org.id && l.system.recruiter !== acting.org.id) {
      return refuse(refusal("NotYourLieutenant", { lieutenant: l.name, organization: acting.org.name }));
    }
    name = l.name;
  } else {
    if (t.name.trim() === "") return refuse(refusal("NoName"));
    name = t.name;
  }
  if (choice.moveTo !== undefined && choice.moveTo === "") return refuse(refusal("NoLocation"));
  if (choice.moveTo !== undefined && t.kind === "thing") return refuse(refusal("CannotMoveThing"));

  const d = new Draft(state, ctx);
  d.say(`${LOG}Conceal`, { lieutenant: acting.lt.name, target: name });
  markActed(d, acting, []);
  const mods = [...actingRating(acting.lt, "sneak"), ...extra];
  const sneak = rating(mods);
  const check = d.check({ key: `${LOG}Check.conceal`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "conceal", check.tier);
  const hiding = concealHiding(check.tier, sneak);
  const move = choice.moveTo !== undefined && (check.tier === "success" || check.tier === "completeSuccess");
  if (choice.moveTo !== undefined && !move) d.say(`${LOG}MustStay`, { name });
  if (t.kind === "unit") {
    d.setUnit(unitOrg, t.unit, "system.hiding", hiding);
    if (move) d.setUnit(unitOrg, t.unit, "system.location", choice.moveTo!);
  } else if (t.kind === "lieutenant") {
    d.setLieutenant(t.lieutenant, "system.hiding", hiding);
    if (move) d.setLieutenant(t.lieutenant, "system.location", choice.moveTo!);
  }
  d.say(hiding > 0 ? `${LOG}Hidden` : `${LOG}NotHidden`, hiding > 0 ? { name, hiding } : { name });
  if (move) d.say(`${LOG}MovedHidden`, { name });
  const detail: ConcealDetail = { target: t, sneak, hiding, moved: move };
  return ok(d.outcome(ACTIONS.conceal, acting.lt.id, { ...baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy }), ...detail }));
}
