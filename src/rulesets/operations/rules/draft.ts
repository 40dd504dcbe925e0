import { ChangeRecorder, cloneJson, getPath, type ItemSource, type Json } from "../../../core/rules/changes";
import { rollCheck, type CheckKind, type CheckResult, type Modifier } from "../../../core/rules/check";
import type { LabeledCheck, LabeledRoll, Line, Outcome } from "../../../core/rules/outcome";
import type { OperationsContext } from "./context";
import type { LieutenantState, OperationsState, OrganizationState, ProjectState, UnitState } from "./state";

/** Item types of the Organization's items. */
export const UNIT_ITEM_TYPE = "unit";
export const PROJECT_ITEM_TYPE = "project";

export function unitSource(unit: UnitState): ItemSource {
  return { _id: unit.id, name: unit.name, type: UNIT_ITEM_TYPE, system: cloneJson(unit.system) as unknown as Json };
}

export function projectSource(project: ProjectState): ItemSource {
  return { _id: project.id, name: project.name, type: PROJECT_ITEM_TYPE, system: cloneJson(project.system) as unknown as Json };
}

/** Set a dotted path in place on the working copy (objects along the path must exist). */
function assignPath(obj: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys[keys.length - 1]!] = value;
}

/**
 * A working copy of the state that an action edits step by step while it
 * records the changes, log lines, checks and rolls of its outcome. The input
 * state is never touched.
 */
export class Draft {
  readonly state: OperationsState;
  readonly log: Line[] = [];
  readonly checks: LabeledCheck[] = [];
  readonly rolls: LabeledRoll[] = [];
  private readonly recorder = new ChangeRecorder();

  constructor(
    original: OperationsState,
    readonly ctx: OperationsContext,
  ) {
    this.state = cloneJson(original);
  }

  org(id: string): OrganizationState {
    const o = this.state.organizations[id];
    if (!o) throw new Error(`No organization "${id}"`);
    return o;
  }

  lieutenant(id: string): LieutenantState {
    const l = this.state.lieutenants[id];
    if (!l) throw new Error(`No lieutenant "${id}"`);
    return l;
  }

  unit(orgId: string, unitId: string): UnitState | undefined {
    return this.state.organizations[orgId]?.units.find((u) => u.id === unitId);
  }

  project(orgId: string, projectId: string): ProjectState | undefined {
    return this.state.organizations[orgId]?.projects.find((p) => p.id === projectId);
  }

  setOrg(orgId: string, path: string, value: Json): void {
    const o = this.org(orgId);
    this.recorder.update({ actor: orgId }, path, getPath(o, path) as Json, value);
    assignPath(o, path, cloneJson(value));
  }

  setLieutenant(id: string, path: string, value: Json): void {
    const l = this.lieutenant(id);
    this.recorder.update({ actor: id }, path, getPath(l, path) as Json, value);
    assignPath(l, path, cloneJson(value));
  }

  setUnit(orgId: string, unitId: string, path: string, value: Json): void {
    const u = this.unit(orgId, unitId);
    if (!u) throw new Error(`No unit "${unitId}" in "${orgId}"`);
    this.recorder.update({ actor: orgId, item: unitId }, path, getPath(u, path) as Json, value);
    assignPath(u, path, cloneJson(value));
  }

  setProject(orgId: string, projectId: string, path: string, value: Json): void {
    const p = this.project(orgId, projectId);
    if (!p) throw new Error(`No project "${projectId}" in "${orgId}"`);
    this.recorder.update({ actor: orgId, item: projectId }, path, getPath(p, path) as Json, value);
    assignPath(p, path, cloneJson(value));
  }

  createUnit(orgId: string, unit: UnitState): void {
    this.recorder.create({ actor: orgId, item: unit.id }, unitSource(unit));
    this.org(orgId).units.push(cloneJson(unit));
  }

  deleteUnit(orgId: string, unitId: string): void {
    const o = this.org(orgId);
    const i = o.units.findIndex((u) => u.id === unitId);
    if (i < 0) throw new Error(`No unit "${unitId}" in "${orgId}"`);
    this.recorder.delete({ actor: orgId, item: unitId }, unitSource(o.units[i]!));
    o.units.splice(i, 1);
  }

  createProject(orgId: string, project: ProjectState): void {
    this.recorder.create({ actor: orgId, item: project.id }, projectSource(project));
    this.org(orgId).projects.push(cloneJson(project));
  }

  /** Add Capital (negative to pay); callers make sure it stays ≥ 0. */
  addCapital(orgId: string, amount: number): void {
    if (amount === 0) return;
    this.setOrg(orgId, "system.capital", this.org(orgId).system.capital + amount);
  }

  say(key: string, data?: Line["data"]): void {
    this.log.push(data === undefined ? { key } : { key, data });
  }

  /** Roll an opposed check with the context's dice and settings and record it. */
  check(label: Line, actorMods: Modifier[], oppMods: Modifier[], kind: CheckKind = "fourTier"): CheckResult {
    const check = rollCheck(this.ctx.dice, actorMods, oppMods, kind, this.ctx.settings);
    this.checks.push({ label, check });
    return check;
  }

  outcome<D>(action: string, actor: string, detail: D): Outcome<D> {
    return { action, actor, checks: this.checks, rolls: this.rolls, changes: this.recorder.changes(), log: this.log, detail };
  }
}
