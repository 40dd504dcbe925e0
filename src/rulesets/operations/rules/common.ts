import type { Modifier, Tier } from "../../../core/rules/check";
import { isSituational, isSuccess, MAX_SITUATIONAL } from "../../../core/rules/check";
import { reject, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { canAct } from "./conditions";
import { LOG, REJECT, TIER, type ActionName, type OperationsContext, type OperationsSettings } from "./context";
import type { Draft } from "./draft";
import { NO_STANCE, type LieutenantState, type OperationsState, type OrganizationState, type SurveillanceKind, type UnitState } from "./state";

export function refusal(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: REJECT + name } : { key: REJECT + name, data };
}

export function refuse<T>(r: Line): Result<T> {
  return reject<T>(r.key, r.data);
}

export function isLine(x: unknown): x is Line {
  return typeof x === "object" && x !== null && typeof (x as Line).key === "string" && !("system" in x);
}

function has<T>(rec: Record<string, T>, key: string): T | undefined {
  return Object.prototype.hasOwnProperty.call(rec, key) ? rec[key] : undefined;
}

/** i18n key of the situational modifier's label. */
export const SITUATIONAL_LABEL = "FACTIONS.Check.Situational";

/** The situational modifier as a check modifier list (empty for 0), or a refusal if it is not a whole number within ±20. */
export function situational(value: number | undefined): Modifier[] | Line {
  if (value === undefined || value === 0) return [];
  if (!isSituational(value)) return refusal("BadModifier", { modifier: String(value), max: MAX_SITUATIONAL });
  return [{ label: SITUATIONAL_LABEL, value }];
}

/** A whole number ≥ 0, or a refusal. */
export function amountOf(value: number): number | Line {
  if (!Number.isInteger(value) || value < 0) return refusal("BadAmount", { amount: String(value) });
  return value;
}

export function organization(state: OperationsState, id: string): OrganizationState | Line {
  return has(state.organizations, id) ?? refusal("NoOrganization", { organization: String(id) });
}

export function lieutenantOf(state: OperationsState, id: string): LieutenantState | Line {
  return has(state.lieutenants, id) ?? refusal("NoLieutenant", { lieutenant: String(id) });
}

/** A unit of any organization by id (the preferred organization is searched first). */
export function findUnit(state: OperationsState, id: string, prefer?: string): { org: OrganizationState; unit: UnitState } | undefined {
  const orgs = Object.values(state.organizations);
  if (prefer) orgs.sort((a, b) => (a.id === prefer ? -1 : b.id === prefer ? 1 : 0));
  for (const org of orgs) {
    const unit = org.units.find((u) => u.id === id);
    if (unit) return { org, unit };
  }
  return undefined;
}

/** The lieutenant acting for an organization. */
export interface Acting {
  org: OrganizationState;
  lt: LieutenantState;
}

/** Common fields of every action's choice. */
export interface ActingChoice {
  /** The acting lieutenant. */
  lieutenant: string;
  /** The organization it acts for (default: its own; else the organization that recruited it). */
  organization?: string;
  /** Declared stealthy. */
  stealthy?: boolean;
  /** Situational modifier to the acting side's check. */
  modifier?: number;
}

/**
 * The lieutenant able to act: it exists, acts for its own organization or the
 * one that recruited it, is not captive, defeated or destroyed, and (with the
 * one-action setting) has not acted this round.
 */
export function actingLieutenant(state: OperationsState, choice: ActingChoice, settings: OperationsSettings): Acting | Line {
  const lt = lieutenantOf(state, choice.lieutenant);
  if (isLine(lt)) return lt;
  const orgId = choice.organization ?? lt.system.organization;
  const org = organization(state, orgId);
  if (isLine(org)) return org;
  if (lt.system.organization !== org.id && lt.system.recruiter !== org.id) {
    return refusal("NotYourLieutenant", { lieutenant: lt.name, organization: org.name });
  }
  if (lt.system.captor !== "") return refusal("Captive", { lieutenant: lt.name });
  if (!canAct(lt.system.condition)) return refusal("CannotAct", { name: lt.name });
  if (settings.oneActionPerRound && lt.system.acted) return refusal("Acted", { name: lt.name });
  return { org, lt };
}

/** A unit committed to an action, with its owner. */
export interface Committed {
  org: string;
  unit: UnitState;
}

export function firstDuplicate(ids: readonly string[]): string | undefined {
  const seen = new Set<string>();
  for (const id of ids) {
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}

/**
 * The units a lieutenant commands in one action: its organization's own, those
 * it recruited (they stayed with their owner), and, for a lieutenant it
 * recruited, that lieutenant's original organization's units (risky).
 */
export function commandUnits(
  state: OperationsState,
  acting: Acting,
  ids: readonly string[],
  settings: OperationsSettings,
  opts: { max: number; location?: string; min?: number },
): Committed[] | Line {
  const dup = firstDuplicate(ids);
  if (dup !== undefined) return refusal("Duplicate", { id: dup });
  if (ids.length < (opts.min ?? 0)) return refusal("NoUnits");
  if (ids.length > opts.max) return refusal("TooManyUnits", { count: ids.length, max: opts.max });
  const out: Committed[] = [];
  for (const id of ids) {
    const found = findUnit(state, id, acting.org.id);
    if (!found) return refusal("NoUnit", { unit: String(id) });
    const { org, unit } = found;
    const mine = org.id === acting.org.id || unit.system.recruiter === acting.org.id;
    const viaRecruit = acting.lt.system.recruiter === acting.org.id && org.id === acting.lt.system.organization;
    if (!mine && !viaRecruit) return refusal("NotYourUnit", { unit: unit.name, organization: acting.org.name });
    if (!canAct(unit.system.condition)) return refusal("CannotAct", { name: unit.name });
    if (settings.oneActionPerRound && unit.system.acted) return refusal("Acted", { name: unit.name });
    if (opts.location !== undefined && unit.system.location !== opts.location) return refusal("UnitNotThere", { unit: unit.name });
    out.push({ org: org.id, unit });
  }
  return out;
}

/** A lieutenant acting for the organization that recruited it risks being noticed. */
export function riskyCommand(acting: Acting, units: readonly Committed[]): boolean {
  return acting.lt.system.organization !== acting.org.id && units.some((c) => c.org === acting.lt.system.organization);
}

/**
 * The lieutenant and its units act: they are marked as having acted, lose any
 * hiding level, and the lieutenant's stance ends (unless `keepStance`).
 */
export function markActed(d: Draft, acting: Acting, units: readonly Committed[], keepStance = false): void {
  const lt = d.lieutenant(acting.lt.id);
  d.setLieutenant(lt.id, "system.acted", true);
  if (lt.system.hiding > 0) {
    d.setLieutenant(lt.id, "system.hiding", 0);
    d.say(`${LOG}HidingLost`, { name: lt.name });
  }
  if (!keepStance && lt.system.stance.kind !== "") {
    d.setLieutenant(lt.id, "system.stance", { ...NO_STANCE });
    d.say(`${LOG}StanceEnded`, { name: lt.name });
  }
  for (const c of units) {
    const u = d.unit(c.org, c.unit.id);
    if (!u) continue;
    d.setUnit(c.org, u.id, "system.acted", true);
    if (u.system.hiding > 0) {
      d.setUnit(c.org, u.id, "system.hiding", 0);
      d.say(`${LOG}HidingLost`, { name: u.name });
    }
  }
}

/** Say the tier's text from the seed. */
export function sayTier(d: Draft, action: ActionName, tier: Tier): void {
  d.say(`${TIER}${action}.${tier}`);
}

/**
 * Is a stealthy action unnoticed? On success or complete success; for the
 * actions whose text says "only a complete success means that the action
 * remains unnoticed" (`strict`), on complete success only. `tier` null is an
 * action without a roll (it succeeds).
 */
export function stealthHolds(tier: Tier | null, strict: boolean): boolean {
  if (tier === null) return true;
  return strict ? tier === "completeSuccess" : isSuccess(tier);
}

/** One surveillance record that learns of an action. */
export interface SurveillanceReport {
  /** The watching organization. */
  organization: string;
  watcher: string;
  kind: SurveillanceKind;
  target: string;
}

/** Who and where an action involves, for surveillance. */
export interface Subjects {
  lieutenants: string[];
  units: string[];
  locations: string[];
}

/** The surveillance of other organizations that learns of an action (even a secret one). */
export function surveillanceReports(state: OperationsState, actingOrg: string, subjects: Subjects): SurveillanceReport[] {
  const out: SurveillanceReport[] = [];
  for (const org of Object.values(state.organizations)) {
    if (org.id === actingOrg) continue;
    for (const r of org.system.surveillance) {
      const hit =
        (r.kind === "lieutenant" && subjects.lieutenants.includes(r.target)) ||
        (r.kind === "unit" && subjects.units.includes(r.target)) ||
        (r.kind === "location" && subjects.locations.includes(r.target));
      if (hit) out.push({ organization: org.id, watcher: r.watcher, kind: r.kind, target: r.target });
    }
  }
  return out;
}

/** Fields every action's detail has. */
export interface ActionDetail {
  /** The organization acted for. */
  organization: string;
  /** The check's tier, null if nothing was rolled. */
  tier: Tier | null;
  stealthy: boolean;
  /** The action stays unnoticed: its card goes to the GM and the acting players only. */
  unnoticed: boolean;
  /** The acting lieutenant acted for the organization that recruited it with its original organization's units (a high chance of being noticed). */
  risky: boolean;
  /** Surveillance that learns of this action. */
  reports: SurveillanceReport[];
}

/**
 * Build the common detail and say whether a stealthy action was noticed. `forceUnnoticed`: the
 * action stays unnoticed whatever was declared; "told" when the tier's own text already says it
 * is automatically stealthy (then the card says only that it remains unnoticed, not that twice).
 */
export function baseDetail(
  d: Draft,
  original: OperationsState,
  acting: Acting,
  opts: { tier: Tier | null; stealthy: boolean; strict?: boolean; forceUnnoticed?: boolean | "told"; units?: readonly Committed[]; subjects?: Partial<Subjects> },
): ActionDetail {
  const units = opts.units ?? [];
  const unnoticed = (opts.stealthy && stealthHolds(opts.tier, !!opts.strict)) || !!opts.forceUnnoticed;
  if (opts.forceUnnoticed) d.say(opts.forceUnnoticed === "told" ? `${LOG}Unnoticed` : `${LOG}AutomaticallyStealthy`);
  else if (opts.stealthy) d.say(unnoticed ? `${LOG}Unnoticed` : `${LOG}Noticed`);
  const risky = riskyCommand(acting, units);
  if (risky) {
    d.say(`${LOG}RiskyCommand`, { lieutenant: acting.lt.name });
  }
  const subjects: Subjects = {
    lieutenants: [acting.lt.id, ...(opts.subjects?.lieutenants ?? [])],
    units: [...units.map((c) => c.unit.id), ...(opts.subjects?.units ?? [])],
    locations: [acting.lt.system.location, ...units.map((c) => c.unit.system.location), ...(opts.subjects?.locations ?? [])].filter((l) => l !== ""),
  };
  return {
    organization: acting.org.id,
    tier: opts.tier,
    stealthy: opts.stealthy,
    unnoticed,
    risky,
    reports: surveillanceReports(original, acting.org.id, subjects),
  };
}

/** The outcome of an action whose detail extends the common fields. */
export type ActionOutcome<D> = Outcome<ActionDetail & D>;

export type Ctx = OperationsContext;
