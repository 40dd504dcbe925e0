import { ok, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, baseDetail, isLine, markActed, refusal, refuse, sayTier, situational, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG, RATING } from "./context";
import { Draft } from "./draft";
import { advanceProject, projectDone, type ProjectReport } from "./projects";
import { actingRating } from "./ratings";
import type { OperationsState, ProjectState } from "./state";

/** Successes a research project needs unless the GM sets more (a moderately limited effect). */
export const RESEARCH_REQUIRED = 8;
/** Research Magic rolls Lore vs 6. */
export const RESEARCH_DIFFICULTY = 6;

export interface ResearchMagicChoice extends ActingChoice {
  /** An existing research project of the organization… */
  project?: string;
  /** …or a new one (required successes default 8). */
  start?: { name: string; required?: number };
}

export interface ResearchMagicDetail {
  /** The project's id (new ones too). */
  project: string;
  created: boolean;
  report: ProjectReport;
}

/** Research Magic (Project(8): Lore vs 6): research a new spell or ritual. */
export function researchMagic(state: OperationsState, choice: ResearchMagicChoice, ctx: Ctx): Result<ActionOutcome<ResearchMagicDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const extra = situational(choice.modifier);
  if (isLine(extra)) return refuse(extra);
  let existing: ProjectState | undefined;
  if (choice.project !== undefined) {
    existing = acting.org.projects.find((p) => p.id === choice.project);
    if (!existing || existing.system.kind !== "research") return refuse(refusal("NoProject", { project: String(choice.project) }));
    if (existing.system.blocked) return refuse(refusal("ProjectBlocked", { project: existing.name }));
    if (projectDone(existing)) return refuse(refusal("ProjectDone", { project: existing.name }));
  } else if (choice.start) {
    if (choice.start.name.trim() === "") return refuse(refusal("NoName"));
    const req = choice.start.required ?? RESEARCH_REQUIRED;
    if (!Number.isInteger(req) || req < 1) return refuse(refusal("BadAmount", { amount: String(req) }));
  } else return refuse(refusal("NoProjectChosen"));

  const d = new Draft(state, ctx);
  const org = acting.org.id;
  let project = existing;
  if (!project) {
    project = {
      id: ctx.newId(),
      name: choice.start!.name,
      system: { kind: "research", required: choice.start!.required ?? RESEARCH_REQUIRED, progress: 0, blocked: false, target: "", training: "", stat: "" },
    };
    d.createProject(org, project);
  }
  d.say(`${LOG}ResearchMagic`, { lieutenant: acting.lt.name, project: project.name });
  markActed(d, acting, []);
  const mods = [...actingRating(acting.lt, "lore"), ...extra];
  const check = d.check({ key: `${LOG}Check.researchMagic`, data: { lieutenant: acting.lt.name } }, mods, [
    { label: `${RATING}Difficulty`, value: RESEARCH_DIFFICULTY },
  ]);
  sayTier(d, "researchMagic", check.tier);
  const report = advanceProject(d, org, project.id, check.tier);
  const base = baseDetail(d, state, acting, { tier: check.tier, stealthy: !!choice.stealthy });
  return ok(d.outcome(ACTIONS.researchMagic, acting.lt.id, { ...base, project: project.id, created: !existing, report }));
}
