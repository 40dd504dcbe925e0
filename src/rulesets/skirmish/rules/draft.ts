import { ChangeRecorder, cloneJson, getPath, type Json } from "../../../core/rules/changes";
import { rollCheck, type CheckResult, type Modifier } from "../../../core/rules/check";
import type { LabeledCheck, LabeledRoll, Line, Outcome } from "../../../core/rules/outcome";
import { LOG, type SkirmishContext } from "./context";
import { EffectEditor, isEmptyPlan, type EffectPlan } from "./effects";
import type { CompanyState, InfantryState, SkirmishActor, SkirmishState, WeaponItem } from "./state";

/** Set a dotted path in place on the working copy (objects along the path must exist). */
function assignPath(obj: unknown, path: string, value: unknown): void {
  const keys = path.split(".");
  let cur = obj as Record<string, unknown>;
  for (const k of keys.slice(0, -1)) cur = cur[k] as Record<string, unknown>;
  cur[keys[keys.length - 1]!] = value;
}

/**
 * A working copy of the actors an action touches (each copied on first
 * write), recording the changes, effect plans, log lines, checks and rolls of
 * its outcome. The input state is never touched.
 */
export class Draft {
  readonly log: Line[] = [];
  readonly checks: LabeledCheck[] = [];
  readonly rolls: LabeledRoll[] = [];
  private readonly recorder = new ChangeRecorder();
  private readonly copies = new Map<string, SkirmishActor>();
  private readonly editors = new Map<string, EffectEditor>();

  constructor(
    readonly state: SkirmishState,
    readonly ctx: SkirmishContext,
  ) {}

  /** The actor as it is now (the working copy once written). */
  actor(id: string): SkirmishActor {
    const a = this.copies.get(id) ?? this.state.actors[id];
    if (!a) throw new Error(`No actor "${id}"`);
    return a;
  }

  /** The infantry as it is now. */
  infantry(id: string): InfantryState {
    const a = this.actor(id);
    if (a.type !== "infantry") throw new Error(`"${id}" is not infantry`);
    return a;
  }

  /** The company as it is now. */
  company(id: string): CompanyState {
    const a = this.actor(id);
    if (a.type !== "company") throw new Error(`"${id}" is not a company`);
    return a;
  }

  private writable(id: string): SkirmishActor {
    let a = this.copies.get(id);
    if (!a) {
      a = cloneJson(this.actor(id));
      this.copies.set(id, a);
    }
    return a;
  }

  setActor(id: string, path: string, value: Json): void {
    const a = this.writable(id);
    this.recorder.update({ actor: id }, path, getPath(a, path) as Json, value);
    assignPath(a, path, cloneJson(value));
  }

  weapon(actorId: string, weaponId: string): WeaponItem | undefined {
    const a = this.actor(actorId);
    return a.type === "company" ? undefined : a.weapons.find((w) => w.id === weaponId);
  }

  setWeapon(actorId: string, weaponId: string, path: string, value: Json): void {
    const a = this.writable(actorId);
    const w = a.type === "company" ? undefined : a.weapons.find((x) => x.id === weaponId);
    if (!w) throw new Error(`No weapon "${weaponId}" on "${actorId}"`);
    this.recorder.update({ actor: actorId, item: weaponId }, path, getPath(w, path) as Json, value);
    assignPath(w, path, cloneJson(value));
  }

  /** The effects of an infantry, to edit. */
  effects(id: string): EffectEditor {
    let ed = this.editors.get(id);
    if (!ed) {
      ed = new EffectEditor(id, this.infantry(id).effects);
      this.editors.set(id, ed);
    }
    return ed;
  }

  /** Add a log line `${LOG}<name>`. */
  say(name: string, data?: Line["data"]): void {
    this.log.push(data === undefined ? { key: LOG + name } : { key: LOG + name, data });
  }

  /** Roll a formula with the context's dice and record it. */
  roll(label: Line, formula: string): number {
    const total = this.ctx.dice.roll(formula);
    this.rolls.push({ label, formula, total });
    return total;
  }

  /** Roll a two-tier check with the context's dice and settings and record it. */
  check(label: Line, actorMods: Modifier[], oppMods: Modifier[]): CheckResult {
    const check = rollCheck(this.ctx.dice, actorMods, oppMods, "twoTier", this.ctx.settings);
    this.checks.push({ label, check });
    return check;
  }

  /** The effect plans recorded, one per actor with anything to do. */
  effectPlans(): EffectPlan[] {
    return [...this.editors.values()].map((ed) => ed.result()).filter((p) => !isEmptyPlan(p));
  }

  outcome<D>(action: string, actor: string, detail: D): Outcome<D> {
    return { action, actor, checks: this.checks, rolls: this.rolls, changes: this.recorder.changes(), log: this.log, detail };
  }
}
