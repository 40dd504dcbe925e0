import type { Line } from "../../../core/rules/outcome";
import { amountOf, findUnit, isLine, lieutenantOf, refusal, type Ctx } from "./common";
import { LOG } from "./context";
import type { Draft } from "./draft";
import { NO_STANCE, type OperationsState, type OrganizationState, type UnitState } from "./state";

/**
 * Move a unit to another organization: the owner's item is deleted and the
 * new owner gets it (same id if free there), uncommanded, not recruited, not hidden.
 */
export function transferUnit(d: Draft, fromOrg: string, unitId: string, toOrg: string, ctx: Ctx): UnitState | undefined {
  const u = d.unit(fromOrg, unitId);
  if (!u) return undefined;
  const taken = d.org(toOrg).units.some((x) => x.id === unitId) || d.org(toOrg).projects.some((x) => x.id === unitId);
  const moved: UnitState = {
    id: taken ? ctx.newId() : unitId,
    name: u.name,
    system: { ...structuredClone(u.system), lieutenant: "", recruiter: "", hiding: 0 },
  };
  d.deleteUnit(fromOrg, unitId);
  d.createUnit(toOrg, moved);
  return moved;
}

/** What Raid or Steal takes from a location. */
export type Acquisition =
  /** Capital of the target organization (never more than it has). */
  | { kind: "capital"; amount: number }
  /** Capture a unit of the target organization at the location: it becomes yours. */
  | { kind: "unit"; unit: string }
  /** Capture a lieutenant of the target organization at the location (Steal only): it is held captive. */
  | { kind: "lieutenant"; lieutenant: string }
  /** Information or an item (no document changes; the GM hands it over). */
  | { kind: "thing"; name: string };

export interface AcquisitionReport {
  acquired: boolean;
  /** Capital taken. */
  capital: number;
  /** The captured unit's id in its new organization. */
  unit: string | null;
  lieutenant: string | null;
}

/** Validate an acquisition against the target organization at the location. */
export function checkAcquisition(state: OperationsState, target: OrganizationState, location: string, what: Acquisition, lieutenants: boolean): Line | null {
  switch (what.kind) {
    case "capital": {
      const a = amountOf(what.amount);
      return isLine(a) ? a : null;
    }
    case "unit": {
      const f = findUnit(state, what.unit, target.id);
      if (!f || f.org.id !== target.id) return refusal("NoUnit", { unit: String(what.unit) });
      if (f.unit.system.location !== location) return refusal("UnitNotThere", { unit: f.unit.name });
      return null;
    }
    case "lieutenant": {
      if (!lieutenants) return refusal("CannotCapture");
      const l = lieutenantOf(state, what.lieutenant);
      if (isLine(l)) return l;
      if (l.system.organization !== target.id) return refusal("NotTheirs", { name: l.name, organization: target.name });
      if (l.system.location !== location) return refusal("NotThere", { name: l.name });
      return null;
    }
    case "thing":
      return what.name.trim() === "" ? refusal("NoName") : null;
  }
}

/** Take the acquisition (after the tier's conditions; a captured unit destroyed by them is gone). */
export function acquire(d: Draft, actingOrg: string, target: string, what: Acquisition, ctx: Ctx): AcquisitionReport {
  const report: AcquisitionReport = { acquired: true, capital: 0, unit: null, lieutenant: null };
  switch (what.kind) {
    case "capital": {
      const amount = Math.min(what.amount, d.org(target).system.capital);
      d.addCapital(target, -amount);
      d.addCapital(actingOrg, amount);
      report.capital = amount;
      d.say(`${LOG}CapitalTaken`, { amount, from: d.org(target).name });
      break;
    }
    case "unit": {
      const before = d.unit(target, what.unit);
      if (!before) {
        d.say(`${LOG}TargetGone`);
        report.acquired = false;
        break;
      }
      const moved = transferUnit(d, target, what.unit, actingOrg, ctx)!;
      report.unit = moved.id;
      d.say(`${LOG}UnitCaptured`, { unit: moved.name, organization: d.org(actingOrg).name });
      break;
    }
    case "lieutenant": {
      const l = d.lieutenant(what.lieutenant);
      d.setLieutenant(l.id, "system.captor", actingOrg);
      if (l.system.hiding > 0) d.setLieutenant(l.id, "system.hiding", 0);
      if (l.system.stance.kind !== "") d.setLieutenant(l.id, "system.stance", { ...NO_STANCE });
      report.lieutenant = l.id;
      d.say(`${LOG}LieutenantCaptured`, { lieutenant: l.name, organization: d.org(actingOrg).name });
      break;
    }
    case "thing":
      d.say(`${LOG}ThingAcquired`, { thing: what.name });
      break;
  }
  return report;
}

export const NOT_ACQUIRED: AcquisitionReport = { acquired: false, capital: 0, unit: null, lieutenant: null };
