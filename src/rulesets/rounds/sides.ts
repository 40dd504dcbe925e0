/** Rounds' sides: each team's heroes. */
import type { Side } from "../../core/sides/sides";
import { TEAMS } from "./rules";

export function roundsSides(): Side[] {
  const heroes = ((game.actors?.contents ?? []) as Actor.Implementation[]).filter((a) => a.type === "hero");
  return TEAMS.map((team) => ({
    name: game.i18n!.localize(`FACTIONS.Rounds.Team.${team}`),
    ruleset: "rounds" as const,
    documents: heroes.filter((h) => (h.system as { team?: string }).team === team),
  })).filter((s) => s.documents.length > 0);
}
