import type { Tier } from "../../../core/rules/check";
import { LOG } from "./context";
import type { Draft } from "./draft";
import type { ProjectState } from "./state";

export interface ProjectReport {
  project: string;
  /** Successes added (0, 1 or 2). */
  added: number;
  progress: number;
  required: number;
  done: boolean;
  blocked: boolean;
}

export function projectDone(p: ProjectState): boolean {
  return p.system.progress >= p.system.required;
}

/**
 * `Project(N)`: a success adds 1, a complete success 2 (never past N; done at
 * N); a complete failure blocks the project until the GM clears it.
 */
export function advanceProject(d: Draft, orgId: string, projectId: string, tier: Tier): ProjectReport {
  const p = d.project(orgId, projectId)!;
  const before = p.system.progress;
  const gain = tier === "completeSuccess" ? 2 : tier === "success" ? 1 : 0;
  const progress = Math.min(p.system.required, before + gain);
  if (progress !== before) d.setProject(orgId, projectId, "system.progress", progress);
  let blocked = p.system.blocked;
  if (tier === "completeFailure") {
    blocked = true;
    d.setProject(orgId, projectId, "system.blocked", true);
    d.say(`${LOG}ProjectBlocked`, { project: p.name });
  } else if (gain > 0) d.say(`${LOG}ProjectProgress`, { project: p.name, progress, required: p.system.required });
  else d.say(`${LOG}ProjectNoProgress`, { project: p.name });
  const done = progress >= p.system.required;
  if (done) d.say(`${LOG}ProjectDone`, { project: p.name });
  return { project: projectId, added: progress - before, progress, required: p.system.required, done, blocked };
}
