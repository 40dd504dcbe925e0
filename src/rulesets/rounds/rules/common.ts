import { cloneJson, type ItemSource, type Json } from "../../../core/rules/changes";
import { reject, type Line, type Result } from "../../../core/rules/outcome";
import { ACT, LOG, REJECT, STEP, TEAM } from "./context";
import type { ActKind, HeroItem, HeroState, RoundsState, Step, Team } from "./state";

/** A refusal line: `FACTIONS.Rounds.Reject.<name>`. */
export function refusal(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: REJECT + name } : { key: REJECT + name, data };
}

/** A log line: `FACTIONS.Rounds.Log.<name>`. */
export function say(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: LOG + name } : { key: LOG + name, data };
}

export function refuse<T>(r: Line): Result<T> {
  return reject<T>(r.key, r.data);
}

export function isLine(x: unknown): x is Line {
  return typeof x === "object" && x !== null && typeof (x as Line).key === "string" && !("system" in x);
}

/** The line saying the GM rules on what the seed does not give for this act (its rules pages are not included). */
export function gmRules(kind: ActKind | "trigger"): Line {
  return say(`GmRules.${kind}`);
}

/** i18n keys of names, for a line's data (the Foundry layer localizes values that are keys). */
export const stepName = (step: Step): string => STEP + step;
export const teamName = (team: Team): string => TEAM + team;
export const actName = (kind: ActKind): string => ACT + kind;

/** The hero by id, or why there is none. */
export function getHero(state: RoundsState, id: string): HeroState | Line {
  const h = Object.prototype.hasOwnProperty.call(state.heroes, id) ? state.heroes[id] : undefined;
  return h ?? refusal("NoHero", { hero: String(id) });
}

/** The heroes of a team, in the state's order. */
export function teamOf(state: RoundsState, team: Team): HeroState[] {
  return Object.values(state.heroes).filter((h) => h.system.team === team);
}

/** An item's full source, as a create or delete change carries it. */
export function itemSource(item: HeroItem): ItemSource {
  return { _id: item.id, name: item.name, type: item.type, system: cloneJson(item.system) as unknown as Json };
}
