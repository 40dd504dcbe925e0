import { isSituational, MAX_SITUATIONAL } from "../../../core/rules/check";
import type { Modifier } from "../../../core/rules/check";
import { ok, type Line, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, amountOf, baseDetail, findUnit, isLine, markActed, refusal, refuse, sayTier, situational, type Acting, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { conditionModifier } from "./conditions";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { advanceProject, projectDone, type ProjectReport } from "./projects";
import { lieutenantCompetency, lieutenantRating } from "./ratings";
import { STATS, type OperationsState, type ProjectState, type Stat, type TrainingKind } from "./state";

/** Successes a training project needs. */
export const TRAINING_REQUIRED = 6;
export const MAX_LEVEL = 10;
export const MAX_STAT = 5;

export interface TrainMinionChoice extends ActingChoice {
  /** An existing training project of the organization… */
  project?: string;
  /** …or a new one: a unit's or lieutenant's level (a lieutenant also names the statistic it raises), or a unit's type (its new competency). */
  start?: { target: string; training: Exclude<TrainingKind, "">; stat?: Stat; name?: string; required?: number };
  /** A lieutenant sent away to an outside trainer: the acting lieutenant is the trainee, who pays `cost` Capital; the trainer rolls with `rating`. */
  outsideTrainer?: { cost: number; rating: number };
}

export interface TrainMinionDetail {
  project: string;
  created: boolean;
  report: ProjectReport;
  /** The training took effect (the project was completed by this action). */
  trained: boolean;
  paid: number;
}

type Trainee =
  | { kind: "unit"; org: string; id: string; name: string; level: number; competency: Stat }
  | { kind: "lieutenant"; id: string; name: string; level: number; stats: Record<Stat, number>; competency: Stat };

function trainee(state: OperationsState, acting: Acting, target: string): Trainee | Line {
  const l = Object.prototype.hasOwnProperty.call(state.lieutenants, target) ? state.lieutenants[target] : undefined;
  if (l) {
    if (l.system.organization !== acting.org.id && l.system.recruiter !== acting.org.id) {
      return refusal("NotYourLieutenant", { lieutenant: l.name, organization: acting.org.name });
    }
    const stats = { force: l.system.force, sneak: l.system.sneak, charm: l.system.charm, lore: l.system.lore };
    return { kind: "lieutenant", id: l.id, name: l.name, level: l.system.level, stats, competency: lieutenantCompetency(l) };
  }
  const f = findUnit(state, target, acting.org.id);
  if (!f) return refusal("NoTarget", { target: String(target) });
  if (f.org.id !== acting.org.id && f.unit.system.recruiter !== acting.org.id) return refusal("NotYourUnit", { unit: f.unit.name, organization: acting.org.name });
  return { kind: "unit", org: f.org.id, id: f.unit.id, name: f.unit.name, level: f.unit.system.level, competency: f.unit.system.competency };
}

/** Train Minion (Project(6): Straight variable): train a unit or lieutenant a level, or a unit to a different type. */
export function trainMinion(state: OperationsState, choice: TrainMinionChoice, ctx: Ctx): Result<ActionOutcome<TrainMinionDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  let existing: ProjectState | undefined;
  let target: string;
  let training: Exclude<TrainingKind, "">;
  let stat: Stat | "";
  if (choice.project !== undefined) {
    existing = acting.org.projects.find((p) => p.id === choice.project);
    if (!existing || existing.system.kind !== "training" || existing.system.training === "") return refuse(refusal("NoProject", { project: String(choice.project) }));
    if (existing.system.blocked) return refuse(refusal("ProjectBlocked", { project: existing.name }));
    if (projectDone(existing)) return refuse(refusal("ProjectDone", { project: existing.name }));
    ({ target, training, stat } = { ...existing.system, training: existing.system.training });
  } else if (choice.start) {
    ({ target, training } = choice.start);
    stat = choice.start.stat ?? "";
    const req = choice.start.required ?? TRAINING_REQUIRED;
    if (!Number.isInteger(req) || req < 1) return refuse(refusal("BadAmount", { amount: String(req) }));
  } else return refuse(refusal("NoProjectChosen"));

  const t = trainee(state, acting, target);
  if (isLine(t)) return refuse(t);
  if (stat !== "" && !STATS.includes(stat)) return refuse(refusal("BadCompetency", { competency: String(stat) }));
  // What is trained, and the statistic the trainer rolls.
  let rollStat: Stat;
  if (t.kind === "lieutenant") {
    if (training !== "level") return refuse(refusal("LieutenantType"));
    if (stat === "") return refuse(refusal("NeedStat"));
    if (t.level >= MAX_LEVEL) return refuse(refusal("MaxLevel", { name: t.name }));
    if (t.stats[stat] >= MAX_STAT) return refuse(refusal("MaxStat", { name: t.name }));
    rollStat = t.competency;
  } else if (training === "type") {
    if (stat === "") return refuse(refusal("NeedStat"));
    if (stat === t.competency) return refuse(refusal("SameType", { name: t.name }));
    rollStat = stat;
  } else rollStat = t.competency;

  // The trainer.
  let mods: Modifier[];
  let paid = 0;
  const outside = choice.outsideTrainer;
  if (outside) {
    if (t.kind !== "lieutenant") return refuse(refusal("OutsideForLieutenants"));
    if (acting.lt.id !== t.id) return refuse(refusal("OutsideTraineeActs", { name: t.name }));
    const cost = amountOf(outside.cost);
    if (isLine(cost)) return refuse(cost);
    if (!isSituational(outside.rating)) return refuse(refusal("BadModifier", { modifier: String(outside.rating), max: MAX_SITUATIONAL }));
    if (acting.org.system.capital < cost) return refuse(refusal("CapitalShort", { price: cost, capital: acting.org.system.capital }));
    paid = cost;
    mods = [{ label: `${RATING}OutsideTrainer`, value: outside.rating }, ...extra];
  } else {
    const tr = acting.lt;
    if (t.kind === "lieutenant" && tr.id === t.id) return refuse(refusal("TrainerIsTrainee", { name: tr.name }));
    const ok = training === "type" ? tr.system.level >= t.level : tr.system.level > t.level;
    if (!ok) return refuse(refusal(training === "type" ? "TrainerLevelType" : "TrainerLevel", { trainer: tr.name, name: t.name }));
    mods = [...lieutenantRating(tr, rollStat), ...conditionModifier([tr.system.condition]), ...extra];
  }

  const d = new Draft(state, ctx);
  const org = acting.org.id;
  let project = existing;
  if (!project) {
    project = {
      id: ctx.newId(),
      name: choice.start!.name?.trim() || t.name,
      system: { kind: "training", required: choice.start!.required ?? TRAINING_REQUIRED, progress: 0, blocked: false, target: t.id, training, stat },
    };
    d.createProject(org, project);
  }
  d.say(`${LOG}TrainMinion`, { lieutenant: acting.lt.name, target: t.name });
  markActed(d, acting, []);
  if (paid > 0) {
    d.addCapital(org, -paid);
    d.say(`${LOG}PaidCapital`, { amount: paid, capital: d.org(org).system.capital });
  }
  const check = d.check({ key: `${LOG}Check.trainMinion`, data: { lieutenant: acting.lt.name } }, mods, []);
  sayTier(d, "trainMinion", check.tier);
  const report = advanceProject(d, org, project.id, check.tier);
  let trained = false;
  if (report.done) {
    trained = true;
    if (t.kind === "lieutenant") {
      const l = d.lieutenant(t.id);
      d.setLieutenant(t.id, "system.level", l.system.level + 1);
      d.setLieutenant(t.id, `system.${stat}`, l.system[stat as Stat] + 1);
      d.say(`${LOG}TrainedLieutenant.${stat}`, { name: t.name, level: l.system.level });
    } else if (training === "level") {
      const u = d.unit(t.org, t.id)!;
      d.setUnit(t.org, t.id, "system.level", u.system.level + 1);
      d.say(`${LOG}TrainedLevel`, { name: t.name, level: u.system.level });
    } else {
      d.setUnit(t.org, t.id, "system.competency", stat);
      d.say(`${LOG}TrainedType.${stat}`, { name: t.name });
    }
    d.say(`${LOG}UpkeepMayRise`);
  }
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy });
  return ok(d.outcome(ACTIONS.trainMinion, acting.lt.id, { ...base, project: project.id, created: !existing, report, trained, paid }));
}
