/** Faction Turn's sides: each faction (its assets are its own items). */
import type { Side } from "../../core/sides/sides";

export function factionTurnSides(): Side[] {
  return ((game.actors?.contents ?? []) as Actor.Implementation[])
    .filter((a) => a.type === "faction")
    .map((faction) => ({ name: faction.name, ruleset: "factionTurn" as const, documents: [faction] }));
}
