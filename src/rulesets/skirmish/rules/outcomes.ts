/**
 * What an attack does to its target (issue 18 §3), in the seed's own terms: the results of its
 * consequence tables that hurt a fighter. The seed says how an attack rolls, not what it does, so
 * the attack's card offers them and the GM applies one with a click (the squad's owner picks which
 * member a Member Injured! puts out of the fight), each as its own card:
 *
 * - an individual's **Injury!** (one more injury);
 * - a squad's **Member Injured!** (the member its owner picks is out of the fight);
 * - **Morale −1** for the target's company;
 * - a named status, the ones its table names: **Concussion** and **Dazed** for an individual,
 *   **Panic!** and **Comms breakdown!** for a squad (statuses for the GM to rule on).
 *
 * A vehicle bears no fallout: only its company's Morale falls.
 *
 * The outcomes follow the roll: an attack whose every weapon fell short of its number harms nobody,
 * and its card offers the GM alone each outcome as a ruling (the GM's word over the dice).
 */
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { refusal, refuse, type SkirmishDetail } from "./common";
import { attackLanded, type AttackDetail } from "./attack";
import { ACTIONS, SKIRMISH, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import { applyFallout } from "./fallout";
import { companyOf } from "./company";
import type { Combatant, CompanyState, EffectKind, InfantryKind, SkirmishState } from "./state";

/** Every outcome an attack's card may offer. */
export const ATTACK_OUTCOMES = ["injury", "memberInjured", "moraleDown", "concussion", "dazed", "panic", "commsBreakdown"] as const;
export type AttackOutcome = (typeof ATTACK_OUTCOMES)[number];

/** The named statuses each kind of infantry's table gives. */
export const OUTCOME_STATUSES: Record<InfantryKind, readonly (AttackOutcome & EffectKind)[]> = {
  individual: ["concussion", "dazed"],
  squad: ["panic", "commsBreakdown"],
};

/** The outcome whose member the squad's owner picks. */
export const MEMBER_OUTCOME = "memberInjured";

/** The i18n key of an outcome's name as the seed words it ("Member Injured!"). */
export const outcomeLabel = (outcome: AttackOutcome): string => `${SKIRMISH}Outcome.${outcome}`;

export const isAttackOutcome = (x: unknown): x is AttackOutcome => (ATTACK_OUTCOMES as readonly unknown[]).includes(x);

/** A fighter's company: an infantry's own (companyOf), or a company that lists a vehicle among its squads. */
export function fighterCompany(state: SkirmishState, fighter: Combatant): CompanyState | undefined {
  if (fighter.type === "infantry") return companyOf(state, fighter);
  for (const a of Object.values(state.actors)) if (a.type === "company" && a.system.squads.includes(fighter.id)) return a;
  return undefined;
}

const fighterOf = (state: SkirmishState, id: string): Combatant | undefined => {
  const a = Object.prototype.hasOwnProperty.call(state.actors, id) ? state.actors[id] : undefined;
  return a && a.type !== "company" ? a : undefined;
};

/** The members of a squad still in the fight (a Member Injured! may take). */
export function membersInFight(fighter: Combatant): { id: string; name: string }[] {
  if (fighter.type !== "infantry" || fighter.system.kind !== "squad") return [];
  return fighter.system.members.filter((m) => m.state !== "out").map((m) => ({ id: m.id, name: m.name }));
}

/** The outcomes an attack may have on the target now, in the card's order (none for what does not fight). */
export function outcomesFor(state: SkirmishState, target: string): AttackOutcome[] {
  const fighter = fighterOf(state, target);
  if (!fighter) return [];
  const out: AttackOutcome[] = [];
  if (fighter.type === "infantry" && fighter.system.kind === "individual") out.push("injury");
  if (membersInFight(fighter).length > 0) out.push(MEMBER_OUTCOME);
  if (fighterCompany(state, fighter)) out.push("moraleDown");
  if (fighter.type === "infantry") out.push(...OUTCOME_STATUSES[fighter.system.kind]);
  return out;
}

/** An outcome an attack's card offers: the squad owner's too (Member Injured! of a hit), or the GM's alone; a ruling on a miss. */
export interface OfferedOutcome {
  outcome: AttackOutcome;
  byOwner: boolean;
  ruling: boolean;
}

/** What an applied attack's card offers now: a hit or an unnumbered roll its target's outcomes, a miss the GM's rulings. */
export function offeredOutcomes(state: SkirmishState, detail: Pick<AttackDetail, "target" | "rolls">): OfferedOutcome[] {
  const ruling = attackLanded(detail.rolls) === false;
  return outcomesFor(state, detail.target.actor).map((outcome) => ({ outcome, byOwner: !ruling && outcome === MEMBER_OUTCOME, ruling }));
}

export interface OutcomeChoice {
  /** The fighter the attack was aimed at (its actor's UUID): the card's actor. */
  target: string;
  outcome: string;
  /** Member Injured!: the member out of the fight ("" for the others). */
  member: string;
  /** The attack's card (its chat message id). */
  card: string;
}

export interface OutcomeDetail extends SkirmishDetail {
  target: string;
  outcome: AttackOutcome;
  /** The member put out of the fight, or "". */
  member: string;
  /** The company whose Morale fell, or "". */
  company: string;
  card: string;
}

/**
 * Apply one outcome of an attack to its target. Refused for an outcome the target cannot bear
 * (an Injury! for a squad, a status of the other table, Morale −1 with no company), a Member
 * Injured! naming no member in the fight (or none left), and a status the target already has.
 */
export function applyAttackOutcome(state: SkirmishState, choice: OutcomeChoice, ctx: SkirmishContext): Result<Outcome<OutcomeDetail>> {
  const fighter = fighterOf(state, choice.target);
  if (!fighter) return refuse(refusal("NoActor", { actor: String(choice.target) }));
  const name = fighter.name;
  const outcome = choice.outcome;
  if (!isAttackOutcome(outcome) || !outcomesFor(state, fighter.id).includes(outcome)) {
    if (outcome === MEMBER_OUTCOME && fighter.type === "infantry" && fighter.system.kind === "squad") return refuse(refusal("NoMemberInFight", { name }));
    return refuse(refusal("OutcomeNotFor", { name, outcome: isAttackOutcome(outcome) ? outcomeLabel(outcome) : String(outcome) }));
  }
  const d = new Draft(state, ctx);
  const detail: OutcomeDetail = { economy: null, effects: [], target: fighter.id, outcome, member: "", company: "", card: choice.card };
  if (outcome === "moraleDown") {
    const company = fighterCompany(state, fighter)!;
    const morale = d.company(company.id).system.morale - 1;
    d.setActor(company.id, "system.morale", morale);
    detail.company = company.id;
    d.say("MoraleDown", { name, company: company.name, morale });
  } else if (fighter.type === "infantry") {
    if (outcome === MEMBER_OUTCOME) {
      const member = membersInFight(fighter).find((m) => m.id === choice.member);
      if (!member) return refuse(refusal(choice.member ? "MemberNotInFight" : "PickMember", { name }));
      detail.member = applyFallout(d, fighter, { roll: 0, fallout: "memberInjured", n: 1 }, [member.id]).members[0] ?? "";
    } else if (outcome === "injury") {
      applyFallout(d, fighter, { roll: 0, fallout: "injury", n: 1 }, []);
    } else {
      if (fighter.effects.some((e) => e.kind === outcome)) return refuse(refusal("AlreadyHasStatus", { name, outcome: outcomeLabel(outcome) }));
      applyFallout(d, fighter, { roll: 0, fallout: outcome, n: 1 }, []);
    }
  }
  detail.effects = d.effectPlans();
  return ok(d.outcome(ACTIONS.outcome, fighter.id, detail));
}
