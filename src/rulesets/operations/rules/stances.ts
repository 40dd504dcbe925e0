import { isSituational, MAX_SITUATIONAL } from "../../../core/rules/check";
import { toJson } from "../../../core/rules/changes";
import { rating, type Modifier, type Tier } from "../../../core/rules/check";
import { ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import {
  actingLieutenant,
  baseDetail,
  commandUnits,
  firstDuplicate,
  isLine,
  lieutenantOf,
  markActed,
  organization,
  refusal,
  refuse,
  sayTier,
  SITUATIONAL_LABEL,
  type ActingChoice,
  type ActionOutcome,
  type Ctx,
} from "./common";
import { canAct } from "./conditions";
import { ACTIONS, LOG, type ActionName } from "./context";
import { Draft } from "./draft";
import { actingForceRating, actingRating, commandLimit, lieutenantOpposition, unitOpposition } from "./ratings";
import type { AttackStrategy, OperationsState, Stance, StanceKind, UnitState } from "./state";

export interface StanceDetail {
  stance: Stance;
}

/** Set a stance (Ambush or Block Route): it stays from round to round until the lieutenant does something else. */
export function setStance(
  name: Extract<ActionName, "ambush" | "blockRoute">,
  state: OperationsState,
  choice: ActingChoice & { factions: string[]; units: string[]; strategy?: AttackStrategy },
  ctx: Ctx,
): Result<ActionOutcome<StanceDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  if (choice.factions.length === 0) return refuse(refusal("NoFactions"));
  const dup = firstDuplicate(choice.factions);
  if (dup !== undefined) return refuse(refusal("Duplicate", { id: dup }));
  const names: string[] = [];
  for (const f of choice.factions) {
    const o = organization(state, f);
    if (isLine(o)) return refuse(o);
    if (o.id === acting.org.id) return refuse(refusal("SameOrganization", { organization: o.name }));
    names.push(o.name);
  }
  const strategy = choice.strategy ?? "aggressive";
  if (strategy !== "aggressive" && strategy !== "cautious") return refuse(refusal("BadStrategy"));
  if (acting.lt.system.location === "") return refuse(refusal("NoLocation"));
  const units = commandUnits(state, acting, choice.units, ctx.settings, {
    max: commandLimit(acting.org.system.cohesion),
    location: acting.lt.system.location,
  });
  if (isLine(units)) return refuse(units);

  const d = new Draft(state, ctx);
  const kind: StanceKind = name === "ambush" ? "ambush" : "block";
  markActed(d, acting, units);
  const stance: Stance = { kind, factions: [...choice.factions], strategy, units: units.map((c) => c.unit.id) };
  d.setLieutenant(acting.lt.id, "system.stance", toJson(stance));
  d.say(name === "ambush" ? `${LOG}Ambush.${strategy}` : `${LOG}BlockRoute`, { lieutenant: acting.lt.name, factions: names.join(", ") });
  const base = baseDetail(d, state, acting, { tier: null, stealthy: !!choice.stealthy, units });
  return ok(d.outcome(ACTIONS[name], acting.lt.id, { ...base, stance }));
}

/** The force that enters a stance's location. */
export interface MovingForce {
  organization: string;
  lieutenant?: string;
  units: string[];
}

export interface StanceTriggerChoice {
  /** The lieutenant holding the stance. */
  stance: string;
  mover: MovingForce;
  /** Situational modifier to the stance's side. */
  modifier?: number;
}

/** What the mover may or must do after a stance's roll (the tier's text). */
export interface StanceOptions {
  /** The mover must end its movement here. */
  mustStop: boolean;
  /** The mover may go past and continue its movement. */
  mayBypass: boolean;
  /** The mover may attack the stance's force (it chooses Aggressive or Cautious). */
  moverMayAttack: boolean;
  /** Bonus to the mover's attack. */
  moverAttackBonus: number;
  /** The stance's force attacks the mover with its strategy and this bonus. */
  ambush: { strategy: AttackStrategy; bonus: number } | null;
  /** Bonus to the stance's force if the mover attacks it. */
  defenseBonus: number;
  /** The stance's owner learns what the mover does. */
  informed: boolean;
}

export interface StanceTriggerDetail {
  stance: string;
  kind: Exclude<StanceKind, "">;
  /** The stance's organization and the mover's. */
  organization: string;
  mover: string;
  tier: Tier;
  options: StanceOptions;
  /** The stance's owner is not told (Block Route's complete failure): the card goes to the GM and the mover. */
  unnoticed: boolean;
}

/** The options each tier of a stance gives. */
export function stanceOptions(kind: Exclude<StanceKind, "">, tier: Tier, strategy: AttackStrategy): StanceOptions {
  const none: StanceOptions = { mustStop: false, mayBypass: false, moverMayAttack: false, moverAttackBonus: 0, ambush: null, defenseBonus: 0, informed: true };
  if (kind === "ambush") {
    switch (tier) {
      case "completeFailure":
        return { ...none, mayBypass: true, moverMayAttack: true, moverAttackBonus: 2 };
      case "failure":
        return { ...none, mustStop: true, moverMayAttack: true };
      case "success":
        return { ...none, mustStop: true, ambush: { strategy, bonus: 0 } };
      case "completeSuccess":
        return { ...none, mustStop: true, ambush: { strategy, bonus: 2 } };
    }
  }
  switch (tier) {
    case "completeFailure":
      return { ...none, mayBypass: true, moverMayAttack: true, informed: false };
    case "failure":
      return { ...none, mayBypass: true, moverMayAttack: true };
    case "success":
      return { ...none, mustStop: true, moverMayAttack: true };
    case "completeSuccess":
      return { ...none, mustStop: true, moverMayAttack: true, defenseBonus: 2 };
  }
}

/** The mover's Sneak: the best of its lieutenant (level + Sneak) and its units (level, − 2 if not Sneak). */
function moverSneak(state: OperationsState, mover: MovingForce): Modifier[] | Line {
  let best: Modifier[] = [];
  let bestValue = -Infinity;
  const consider = (m: Modifier[]): void => {
    if (rating(m) > bestValue) {
      best = m;
      bestValue = rating(m);
    }
  };
  const org = organization(state, mover.organization);
  if (isLine(org)) return org;
  if (mover.lieutenant !== undefined) {
    const l = lieutenantOf(state, mover.lieutenant);
    if (isLine(l)) return l;
    if (l.system.organization !== org.id && l.system.recruiter !== org.id) return refusal("NotYourLieutenant", { lieutenant: l.name, organization: org.name });
    consider(lieutenantOpposition(l, "sneak"));
  }
  for (const id of mover.units) {
    const u = org.units.find((x) => x.id === id) ?? Object.values(state.organizations).flatMap((o) => o.units).find((x) => x.id === id && x.system.recruiter === org.id);
    if (!u) return refusal("NoUnit", { unit: String(id) });
    consider(unitOpposition(u, "sneak"));
  }
  if (bestValue === -Infinity) return refusal("NothingChosen");
  return best;
}

/**
 * A stance triggers when a force of a named faction enters its location.
 * Ambush rolls Sneak vs Sneak; Block Route rolls Force vs Sneak (its sentence
 * wins over its heading). The outcome says what the mover may or must do;
 * attacks that follow are Aggressive or Cautious Attacks with `reaction: true`.
 */
export function triggerStance(state: OperationsState, choice: StanceTriggerChoice, ctx: Ctx): Result<Outcome<StanceTriggerDetail>> {
  const lt = lieutenantOf(state, choice.stance);
  if (isLine(lt)) return refuse(lt);
  const st = lt.system.stance;
  if (st.kind === "") return refuse(refusal("NoStance", { name: lt.name }));
  if (lt.system.captor !== "" || !canAct(lt.system.condition)) return refuse(refusal("CannotAct", { name: lt.name }));
  if (!st.factions.includes(choice.mover.organization)) return refuse(refusal("NotTargeted", { name: lt.name }));
  if (choice.modifier !== undefined && !isSituational(choice.modifier)) return refuse(refusal("BadModifier", { modifier: String(choice.modifier), max: MAX_SITUATIONAL }));
  const opp = moverSneak(state, choice.mover);
  if (isLine(opp)) return refuse(opp);
  const own = state.organizations[lt.system.organization];
  const units: UnitState[] = (own?.units ?? []).filter((u) => st.units.includes(u.id) && u.system.location === lt.system.location);
  const mods = st.kind === "ambush" ? actingRating(lt, "sneak") : actingForceRating(lt, units);
  if (choice.modifier) mods.push({ label: SITUATIONAL_LABEL, value: choice.modifier });

  const d = new Draft(state, ctx);
  const name = st.kind === "ambush" ? "ambush" : "blockRoute";
  d.say(`${LOG}StanceTrigger.${name}`, { lieutenant: lt.name, mover: state.organizations[choice.mover.organization]!.name });
  const check = d.check({ key: `${LOG}Check.${name}`, data: { lieutenant: lt.name } }, mods, opp);
  sayTier(d, name, check.tier);
  const options = stanceOptions(st.kind, check.tier, st.strategy);
  return ok(
    d.outcome(ACTIONS.stanceTrigger, lt.id, {
      stance: lt.id,
      kind: st.kind,
      organization: lt.system.organization,
      mover: choice.mover.organization,
      tier: check.tier,
      options,
      unnoticed: !options.informed,
    }),
  );
}
