import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { isLine, lieutenantOf, organization, refusal, refuse, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import type { OperationsState } from "./state";

/**
 * The GM's decision on one unit or lieutenant whose upkeep a Start Round card
 * could not pay: release it (it leaves the organization that pays for it) or
 * let it be paid later (nothing changes).
 */
export interface UpkeepDecisionChoice {
  /** The paying organization. */
  organization: string;
  /** The Start Round card this decides on (the record that it was decided; the rule ignores it). */
  card?: string;
  kind: "unit" | "lieutenant";
  id: string;
  /** The unit's owner (for a lieutenant: its organization). */
  owner: string;
  decision: "release" | "later";
}

export interface UpkeepDecisionDetail {
  organization: string;
  kind: "unit" | "lieutenant";
  id: string;
  decision: "release" | "later";
}

/**
 * Release: a unit of the payer's own is removed (deleted); a lieutenant of its
 * own loses its organization; one the payer recruited from another organization
 * stays with its owner and is no longer the payer's (its recruiter is cleared).
 */
export function decideUpkeep(state: OperationsState, choice: UpkeepDecisionChoice, ctx: Ctx): Result<Outcome<UpkeepDecisionDetail>> {
  const payer = organization(state, choice.organization);
  if (isLine(payer)) return refuse(payer);
  if (choice.decision !== "release" && choice.decision !== "later") return refuse(refusal("BadDecision", { decision: String(choice.decision) }));
  const d = new Draft(state, ctx);
  let name: string;
  if (choice.kind === "unit") {
    const owner = organization(state, choice.owner);
    if (isLine(owner)) return refuse(owner);
    const unit = owner.units.find((u) => u.id === choice.id);
    if (!unit) return refuse(refusal("NoUnit", { unit: choice.id }));
    const recruited = owner.id !== payer.id;
    if (recruited ? unit.system.recruiter !== payer.id : unit.system.recruiter !== "" && state.organizations[unit.system.recruiter] !== undefined)
      return refuse(refusal("NotPayer", { name: unit.name, organization: payer.name }));
    name = unit.name;
    if (choice.decision === "release") {
      if (recruited) d.setUnit(owner.id, unit.id, "system.recruiter", "");
      else d.deleteUnit(owner.id, unit.id);
    }
  } else if (choice.kind === "lieutenant") {
    const lt = lieutenantOf(state, choice.id);
    if (isLine(lt)) return refuse(lt);
    const recruited = lt.system.recruiter !== "" && state.organizations[lt.system.recruiter] !== undefined;
    if (recruited ? lt.system.recruiter !== payer.id : lt.system.organization !== payer.id) return refuse(refusal("NotPayer", { name: lt.name, organization: payer.name }));
    name = lt.name;
    if (choice.decision === "release") d.setLieutenant(lt.id, recruited ? "system.recruiter" : "system.organization", "");
  } else return refuse(refusal("BadDecision", { decision: String(choice.kind) }));
  if (choice.decision === "release") d.say(`${LOG}UpkeepReleased`, { name, organization: payer.name });
  else d.say(`${LOG}UpkeepLater`, { name, organization: payer.name });
  return ok(d.outcome(ACTIONS.upkeep, payer.id, { organization: payer.id, kind: choice.kind, id: choice.id, decision: choice.decision }));
}
