import type { Line } from "../../../core/rules/outcome";
import { refusal, teamName } from "./common";
import type { MapArea, Square, Team } from "./state";

/** The square counted from the map's top-left corner, from 1, as players read it. */
export function squareLabel(map: MapArea, square: Square): { column: number; row: number } {
  return { column: square.x - map.x + 1, row: square.y - map.y + 1 };
}

export function insideMap(map: MapArea, square: Square): boolean {
  return square.x >= map.x && square.x < map.x + map.columns && square.y >= map.y && square.y < map.y + map.rows;
}

/** A team's own edge, where its heroes come in: the Skyhawks' two left-hand columns, the Psiclones' two right-hand ones. */
export function entryColumns(map: MapArea, team: Team): number[] {
  return team === "skyhawks" ? [map.x, map.x + 1] : [map.x + map.columns - 1, map.x + map.columns - 2];
}

/**
 * Why a hero of `team` may not come in on `square` (null if it may): it must be a square of the
 * map, on the team's own edge. Whether a token stands there is the scene's to say.
 */
export function entryRefusal(map: MapArea | null, team: Team, square: Square | null | undefined): Line | null {
  if (!map) return refusal("NoScene");
  // The square comes from a choice: believe nothing of it.
  if (typeof square !== "object" || square === null || !Number.isSafeInteger(square.x) || !Number.isSafeInteger(square.y)) return refusal("NoSquare");
  const { column, row } = squareLabel(map, square);
  if (!insideMap(map, square)) return refusal("OutsideScene", { column, row });
  if (!entryColumns(map, team).includes(square.x)) return refusal("NotOwnEdge", { column, row, team: teamName(team) });
  return null;
}
