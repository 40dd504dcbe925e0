import type { Line } from "../../../core/rules/outcome";
import { say, teamName, teamOf } from "./common";
import { TEAMS, type RoundsState, type Team } from "./state";

export interface TeamSummary {
  /** Hero ids, in the state's order. */
  onMap: string[];
  offMap: string[];
}

/** The game as it ended: the rounds played and where each team's heroes stand. */
export interface GameSummary {
  rounds: number;
  teams: Record<Team, TeamSummary>;
}

export function gameSummary(state: RoundsState): GameSummary {
  const side = (team: Team): TeamSummary => {
    const heroes = teamOf(state, team);
    return { onMap: heroes.filter((h) => h.system.onMap).map((h) => h.id), offMap: heroes.filter((h) => !h.system.onMap).map((h) => h.id) };
  };
  return { rounds: state.track.round, teams: { skyhawks: side("skyhawks"), psiclones: side("psiclones") } };
}

/** The summary in words: the rounds played, then each team's heroes on the map. */
export function summaryLines(summary: GameSummary, state: RoundsState): Line[] {
  const lines: Line[] = [say("GameOver", { rounds: summary.rounds })];
  for (const team of TEAMS) {
    const names = summary.teams[team].onMap.map((id) => state.heroes[id]?.name ?? id);
    lines.push(say("OnMapAtEnd", { team: teamName(team), count: names.length, heroes: names.join(", ") }));
  }
  return lines;
}
