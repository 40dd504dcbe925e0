import { isSituational, MAX_SITUATIONAL } from "../../../core/rules/check";
import type { Modifier, Tier } from "../../../core/rules/check";
import { ok, type Result } from "../../../core/rules/outcome";
import {
  actingLieutenant,
  baseDetail,
  commandUnits,
  isLine,
  markActed,
  organization,
  refusal,
  refuse,
  sayTier,
  situational,
  type Acting,
  type ActingChoice,
  type ActionOutcome,
  type Committed,
  type Ctx,
} from "./common";
import { applyForceResult, canAct, type ConditionReport, type ForceMembers, type ForceResult } from "./conditions";
import { ACTIONS, LOG, RATING, type ActionName } from "./context";
import { Draft } from "./draft";
import { actingForceRating, commandLimit, forceOpposition, visibleAt } from "./ratings";
import type { OperationsState, OrganizationState } from "./state";

/** What a tier does to the enemy force and to your own. */
export type ForceTable = Record<Tier, { enemy?: ForceResult; own?: ForceResult }>;

export interface AttackChoice extends ActingChoice {
  /** The organization attacked. */
  target: string;
  /** Where: the acting lieutenant and its units must be there. */
  location: string;
  /** The committed units (1 … Cohesion). */
  units: string[];
  /**
   * An attack out of a stance (the ambush, or the mover's answer to a spotted
   * ambush or a block): it is not the lieutenant's action for the round, the
   * units may have acted, and the lieutenant's stance stays.
   */
  reaction?: boolean;
  /** A stance's bonus to the attacker (+2). */
  attackBonus?: number;
  /** A stance's bonus to the defender (+2 for a Block Route's complete success). */
  defenseBonus?: number;
  /** The stance trigger card this reaction answers, and whose option it takes (a record for the card; the rule ignores it). */
  trigger?: { card: string; party: "mover" | "ambush" };
}

export interface AttackDetail {
  target: string;
  location: string;
  /** The target had no non-hidden units there: the attack accomplished nothing. */
  nothing: boolean;
  /** Every condition change, enemy first. */
  conditions: ConditionReport[];
}

/** Validate the acting side of a Force action at a location. */
export function forceActor(
  state: OperationsState,
  choice: ActingChoice & { location: string; units: string[]; reaction?: boolean },
  ctx: Ctx,
  minUnits: number,
): { acting: Acting; units: Committed[]; extra: Modifier[] } | ReturnType<typeof refusal> {
  const settings = choice.reaction ? { ...ctx.settings, oneActionPerRound: false } : ctx.settings;
  const acting = actingLieutenant(state, choice, settings);
  if (isLine(acting)) return acting;
  if (choice.location === "") return refusal("NoLocation");
  if (acting.lt.system.location !== choice.location) return refusal("NotThere", { name: acting.lt.name });
  const units = commandUnits(state, acting, choice.units, settings, {
    max: commandLimit(acting.org.system.cohesion),
    location: choice.location,
    min: minUnits,
  });
  if (isLine(units)) return units;
  const extra = situational(choice.modifier);
  if (isLine(extra)) return extra;
  return { acting, units, extra };
}

/** The target organization of a Force action, or a refusal. */
export function targetOrganization(state: OperationsState, acting: Acting, id: string): OrganizationState | ReturnType<typeof refusal> {
  const t = organization(state, id);
  if (isLine(t)) return t;
  if (t.id === acting.org.id) return refusal("SameOrganization", { organization: t.name });
  return t;
}

/** The acting lieutenant and its units never defend against themselves (a recruit acting against its own organization). */
export function actingIds(acting: Acting, units: readonly Committed[]): Set<string> {
  return new Set([acting.lt.id, ...units.map((c) => c.unit.id)]);
}

/** The defending force at a location: its visible units and lieutenants; those able to defend are marked as having defended. */
export function defendingForce(d: Draft, state: OperationsState, target: string, location: string, exclude: ReadonlySet<string>): ForceMembers {
  const { units, lieutenants } = visibleAt(state, target, location, exclude);
  for (const u of units) if (canAct(u.system.condition)) d.setUnit(target, u.id, "system.defended", true);
  for (const l of lieutenants) if (canAct(l.system.condition)) d.setLieutenant(l.id, "system.defended", true);
  return { units: units.map((u) => ({ org: target, id: u.id })), lieutenants: lieutenants.map((l) => l.id) };
}

export function ownForce(acting: Acting, units: readonly Committed[]): ForceMembers {
  return { units: units.map((c) => ({ org: c.org, id: c.unit.id })), lieutenants: [acting.lt.id] };
}

/** The check's modifiers of a Force vs Force action, with any stance bonuses. */
export function forceCheckMods(
  state: OperationsState,
  acting: Acting,
  units: readonly Committed[],
  extra: Modifier[],
  target: string,
  location: string,
  bonus: { attackBonus?: number; defenseBonus?: number },
): { mods: Modifier[]; opp: Modifier[] } | ReturnType<typeof refusal> {
  for (const b of [bonus.attackBonus, bonus.defenseBonus]) {
    if (b !== undefined && !isSituational(b)) return refusal("BadModifier", { modifier: String(b), max: MAX_SITUATIONAL });
  }
  const mods = [...actingForceRating(acting.lt, units.map((c) => c.unit)), ...extra];
  if (bonus.attackBonus) mods.push({ label: `${RATING}Stance`, value: bonus.attackBonus });
  const opp = forceOpposition(state, target, location, actingIds(acting, units));
  if (bonus.defenseBonus) opp.push({ label: `${RATING}Stance`, value: bonus.defenseBonus });
  return { mods, opp };
}

/** Aggressive Attack and Cautious Attack: Force vs Force, then the tier's conditions on both forces. */
export function resolveAttack(
  name: Extract<ActionName, "aggressiveAttack" | "cautiousAttack">,
  table: ForceTable,
  state: OperationsState,
  choice: AttackChoice,
  ctx: Ctx,
): Result<ActionOutcome<AttackDetail>> {
  const a = forceActor(state, choice, ctx, 1);
  if (isLine(a)) return refuse(a);
  const { acting, units, extra } = a;
  const target = targetOrganization(state, acting, choice.target);
  if (isLine(target)) return refuse(target);
  const m = forceCheckMods(state, acting, units, extra, target.id, choice.location, choice);
  if (isLine(m)) return refuse(m);

  const d = new Draft(state, ctx);
  d.say(`${LOG}Attack.${name}`, { lieutenant: acting.lt.name, target: target.name });
  markActed(d, acting, units, !!choice.reaction);
  const detail: AttackDetail = { target: target.id, location: choice.location, nothing: false, conditions: [] };
  const common = { stealthy: !!choice.stealthy, units, subjects: { locations: [choice.location] } };
  const exclude = actingIds(acting, units);
  if (visibleAt(state, target.id, choice.location, exclude).units.length === 0) {
    d.say(`${LOG}NothingToAttack`, { target: target.name });
    detail.nothing = true;
    return ok(d.outcome(ACTIONS[name], acting.lt.id, { ...baseDetail(d, state, acting, { tier: null, ...common }), ...detail }));
  }
  const check = d.check({ key: `${LOG}Check.${name}`, data: { lieutenant: acting.lt.name } }, m.mods, m.opp);
  sayTier(d, name, check.tier);
  const enemy = defendingForce(d, state, target.id, choice.location, exclude);
  const row = table[check.tier];
  if (row.enemy) detail.conditions.push(...applyForceResult(d, enemy, row.enemy));
  if (row.own) detail.conditions.push(...applyForceResult(d, ownForce(acting, units), row.own));
  return ok(d.outcome(ACTIONS[name], acting.lt.id, { ...baseDetail(d, state, acting, { tier: check.tier, ...common }), ...detail }));
}
