import type { Line } from "../../../core/rules/outcome";
import { refusal } from "./common";
import { insideMap, squareLabel } from "./map";
import type { HeroState, MapArea, Square } from "./state";

/**
 * Where acts take heroes on the map. The seed's Slip Away trades places with an enemy "and
 * moves a small distance" without saying how far: the system allows one square (diagonals
 * included) from the square taken from the enemy, or staying there. How far a Move goes is on a
 * page the seed does not include: the GM rules on it; the rules only keep it on the map.
 */
export const SLIP_AWAY_STEP = 1;

/** A hero going from one square to another: what the Foundry layer does to its token, and undoes. */
export interface Relocation {
  hero: string;
  from: Square;
  to: Square;
}

/** A square as a choice gives it: two safe integers, or nothing. */
export function squareOfChoice(value: unknown): Square | null {
  if (typeof value !== "object" || value === null) return null;
  const { x, y } = value as { x?: unknown; y?: unknown };
  return Number.isSafeInteger(x) && Number.isSafeInteger(y) ? { x: x as number, y: y as number } : null;
}

/** "column 3, row 4" data of a square, counted as players read the map. */
const where = (map: MapArea, square: Square) => squareLabel(map, square);

/** Why a hero may not go to `to` (null if it may): it needs a token on the map, and `to` must be another square of the map. */
export function moveRefusal(map: MapArea | null, hero: HeroState, to: Square): Line | null {
  if (!map) return refusal("NoScene");
  if (!hero.square) return refusal("NoToken", { hero: hero.name });
  if (!insideMap(map, to)) return refusal("OutsideScene", where(map, to));
  if (to.x === hero.square.x && to.y === hero.square.y) return refusal("SameSquare", { hero: hero.name });
  return null;
}

/**
 * Slip Away's places: the hero takes the enemy's square, the enemy the hero's; then the hero may
 * step up to SLIP_AWAY_STEP squares from there (`step`, else it stays), on the map and never onto
 * the square the enemy now holds.
 */
export function slipAwayPlaces(map: MapArea | null, hero: HeroState, target: HeroState, step: Square | null): Relocation[] | Line {
  if (!map) return refusal("NoScene");
  if (!hero.square) return refusal("NoToken", { hero: hero.name });
  if (!target.square) return refusal("TargetOffMap", { target: target.name });
  const to = step ?? target.square;
  if (!insideMap(map, to)) return refusal("OutsideScene", where(map, to));
  if (Math.max(Math.abs(to.x - target.square.x), Math.abs(to.y - target.square.y)) > SLIP_AWAY_STEP) return refusal("StepTooFar", { hero: hero.name, squares: SLIP_AWAY_STEP });
  if (to.x === hero.square.x && to.y === hero.square.y) return refusal("StepOntoEnemy", { target: target.name });
  return [
    { hero: hero.id, from: hero.square, to },
    { hero: target.id, from: target.square, to: hero.square },
  ];
}
