import { ChangeRecorder } from "../../../core/rules/changes";
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { getHero, gmRules, isLine, refusal, refuse, say, teamName, teamOf } from "./common";
import { ACTIONS, type RoundsContext } from "./context";
import { entryRefusal } from "./map";
import { clearDefeated } from "./outcomes";
import { mayAct } from "./permissions";
import type { RoundsState, Square, Team } from "./state";
import { waveOf, type Wave } from "./waves";

/** The entry list of the active team's Reinforce: the wave, who came in, and who may still be brought in. */
export interface ReinforcementList {
  round: number;
  team: Team;
  wave: Wave;
  /** Heroes brought in this round (ids). */
  brought: string[];
  /** Heroes off the map (ids), in the state's order: those the team picks from. */
  candidates: string[];
  /** The track stands at this team's Reinforce now. */
  open: boolean;
}

export function reinforcementList(state: RoundsState): ReinforcementList {
  const { round, team, step, over } = state.track;
  const heroes = teamOf(state, team);
  return {
    round,
    team,
    wave: waveOf(heroes, team, round),
    brought: heroes.filter((h) => h.system.onMap && h.system.entered === round).map((h) => h.id),
    candidates: heroes.filter((h) => !h.system.onMap).map((h) => h.id),
    open: step === "reinforce" && !over,
  };
}

export interface BringInChoice {
  hero: string;
  /** The square it comes in on: one of its team's own edge (null: none chosen, refused). */
  square: Square | null;
}

export interface BringInDetail {
  hero: string;
  round: number;
  /** Heroes of the wave still owed after this one. */
  owed: number;
}

/**
 * Reinforce: bring one off-map hero of the active team onto the map (by
 * dismissal, whose rules the seed does not include: the GM rules on them),
 * on a square of its team's own edge. Only while the round's wave is owed,
 * unless the GM overrides (the edge holds even then).
 */
export function bringIn(state: RoundsState, choice: BringInChoice, ctx: RoundsContext): Result<Outcome<BringInDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const why = mayAct(state.track, hero, { kind: "reinforce" }, ctx.override);
  if (why) return refuse(why);
  const round = state.track.round;
  const team = hero.system.team;
  const { owed } = waveOf(Object.values(state.heroes), team, round);
  if (owed === 0 && !ctx.override) return refuse(refusal("WaveComplete", { team: teamName(team) }));
  const where = entryRefusal(state.map, team, choice.square);
  if (where) return refuse(where);

  const rec = new ChangeRecorder();
  rec.update({ actor: hero.id }, "system.onMap", hero.system.onMap, true);
  rec.update({ actor: hero.id }, "system.entered", hero.system.entered, round);
  // A Defeated hero brought back is Defeated no more.
  clearDefeated(rec, hero);
  const left = Math.max(0, owed - 1);
  return ok({
    action: ACTIONS.reinforce,
    actor: hero.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log: [say("BroughtIn", { hero: hero.name, team: teamName(team), owed: left }), gmRules("reinforce")],
    detail: { hero: hero.id, round, owed: left },
  });
}
