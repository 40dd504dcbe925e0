import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { isLine, organization, refuse, type Ctx } from "./common";
import { recoverCondition, type ConditionReport } from "./conditions";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import type { OperationsState } from "./state";

export interface StartRoundChoice {
  organization: string;
}

export interface UpkeepItem {
  kind: "unit" | "lieutenant";
  id: string;
  /** The unit's owner (the lieutenant's organization). */
  owner: string;
  name: string;
  upkeep: number;
}

export interface StartRoundDetail {
  organization: string;
  round: number;
  /** Capital paid for upkeep. */
  paid: number;
  /** What could not be paid: reported, not applied; the GM decides. */
  unpaid: UpkeepItem[];
  recovered: ConditionReport[];
}

/**
 * Everything whose upkeep the organization pays: its own units and lieutenants,
 * except those another organization recruited (that one pays), and the units
 * and lieutenants it recruited that stayed with their owners.
 */
export function upkeepOf(state: OperationsState, orgId: string): UpkeepItem[] {
  const payer = (owner: string, recruiter: string): string => (recruiter !== "" && state.organizations[recruiter] ? recruiter : owner);
  const out: UpkeepItem[] = [];
  for (const o of Object.values(state.organizations)) {
    for (const u of o.units) {
      if (payer(o.id, u.system.recruiter) === orgId && u.system.condition !== "destroyed") {
        out.push({ kind: "unit", id: u.id, owner: o.id, name: u.name, upkeep: Math.max(0, u.system.upkeep) });
      }
    }
  }
  for (const l of Object.values(state.lieutenants)) {
    if (payer(l.system.organization, l.system.recruiter) === orgId && l.system.condition !== "destroyed") {
      out.push({ kind: "lieutenant", id: l.id, owner: l.system.organization, name: l.name, upkeep: Math.max(0, l.system.upkeep) });
    }
  }
  return out;
}

/**
 * Start of a round for one organization: upkeep is paid in Capital (what it
 * cannot pay is reported, not applied); its units and lieutenants that neither
 * acted nor defended last round recover one condition step (a setting); the
 * acted and defended marks are reset.
 */
export function startRound(state: OperationsState, choice: StartRoundChoice, ctx: Ctx): Result<Outcome<StartRoundDetail>> {
  const org = organization(state, choice.organization);
  if (isLine(org)) return refuse(org);
  const d = new Draft(state, ctx);
  const id = org.id;
  const round = org.system.round + 1;
  d.setOrg(id, "system.round", round);
  d.say(`${LOG}RoundStarts`, { organization: org.name, round });

  let capital = org.system.capital;
  let paid = 0;
  const unpaid: UpkeepItem[] = [];
  for (const item of upkeepOf(state, id)) {
    if (item.upkeep === 0) continue;
    if (item.upkeep <= capital) {
      capital -= item.upkeep;
      paid += item.upkeep;
    } else {
      unpaid.push(item);
      d.say(`${LOG}UpkeepUnpaid`, { name: item.name, upkeep: item.upkeep });
    }
  }
  if (paid > 0) d.addCapital(id, -paid);
  d.say(`${LOG}UpkeepPaid`, { amount: paid, capital: d.org(id).system.capital });

  const recovered: ConditionReport[] = [];
  for (const u of org.units) {
    if (ctx.settings.recovery && !u.system.acted && !u.system.defended) {
      const to = recoverCondition(u.system.condition);
      if (to !== u.system.condition) {
        d.setUnit(id, u.id, "system.condition", to);
        recovered.push({ id: u.id, kind: "unit", from: u.system.condition, to });
        d.say(`${LOG}Recovered.${to}`, { name: u.name });
      }
    }
    if (u.system.acted) d.setUnit(id, u.id, "system.acted", false);
    if (u.system.defended) d.setUnit(id, u.id, "system.defended", false);
  }
  for (const l of Object.values(state.lieutenants)) {
    if (l.system.organization !== id) continue;
    if (ctx.settings.recovery && !l.system.acted && !l.system.defended) {
      const to = recoverCondition(l.system.condition);
      if (to !== l.system.condition) {
        d.setLieutenant(l.id, "system.condition", to);
        recovered.push({ id: l.id, kind: "lieutenant", from: l.system.condition, to });
        d.say(`${LOG}Recovered.${to}`, { name: l.name });
      }
    }
    if (l.system.acted) d.setLieutenant(l.id, "system.acted", false);
    if (l.system.defended) d.setLieutenant(l.id, "system.defended", false);
  }
  return ok(d.outcome(ACTIONS.startRound, id, { organization: id, round, paid, unpaid, recovered }));
}
