/**
 * What the Rounds rules read from the scene: the grid square under a hero's token (for
 * adjacency), the adventure space Region its token stands in, and the squares where a team's
 * heroes enter the map.
 */
import { actorOf } from "../../../core/actions/documents";
import { ADVENTURE_BEHAVIOR } from "../data/adventure";
import { entryColumns, squareLabel as labelOnMap } from "../rules/map";
import type { AdventureSpace, MapArea, Square, Team } from "../rules/state";

/** The scene a Rounds encounter is played on: its own, else the active scene. */
export function encounterScene(combat: Combat.Implementation): Scene.Implementation | null {
  const own = combat.scene as Scene.Implementation | null;
  return own ?? (game.scenes?.find((s) => s.active) as Scene.Implementation | undefined) ?? null;
}

/**
 * The hero's token on the scene: an unlinked token's actor has its own; a world actor its first
 * linked token (the GM may have placed more than one). An unlinked token of a world hero is a hero
 * of its own, not that one.
 */
export function tokenOf(scene: Scene.Implementation | null, actor: Actor.Implementation): TokenDocument.Implementation | null {
  if (!scene) return null;
  if (actor.isToken) return actor.token?.parent === scene ? (actor.token as TokenDocument.Implementation) : null;
  return (scene.tokens.find((t) => t.actorId === actor.id && t.actorLink) as TokenDocument.Implementation | undefined) ?? null;
}

/** The token of the hero a reference names (its actor's UUID) on the scene (null: no such hero, or no token there). */
export function heroTokenOn(scene: Scene.Implementation | null, hero: string): TokenDocument.Implementation | null {
  const actor = hero ? actorOf(hero) : null;
  return actor ? tokenOf(scene, actor) : null;
}

/** Where a token stands (or would, dropped there): its corner and size. */
type Place = Pick<TokenDocument.Implementation, "x" | "y" | "width" | "height">;

/** The point at the middle of a token, in scene pixels. */
function centre(scene: Scene.Implementation, token: Place): { x: number; y: number } {
  const size = scene.grid.size;
  return { x: token.x + ((token.width ?? 1) * size) / 2, y: token.y + ((token.height ?? 1) * size) / 2 };
}

/** The grid square (column, row) under the middle of the token. */
export function squareOf(scene: Scene.Implementation, token: Place): Square {
  const size = scene.grid.size;
  const { x, y } = centre(scene, token);
  return { x: Math.floor(x / size), y: Math.floor(y / size) };
}

/** The adventure space (a Region with an enabled adventure behavior) the token stands in, if any. */
export function adventureOf(scene: Scene.Implementation, token: TokenDocument.Implementation): (AdventureSpace & { text: string }) | null {
  const point = { ...centre(scene, token), elevation: token.elevation };
  for (const region of scene.regions) {
    const behavior = region.behaviors.find((b) => b.type === ADVENTURE_BEHAVIOR && !b.disabled);
    if (behavior && region.testPoint(point)) return { id: region.uuid, name: region.name, text: (behavior.system as { text?: string }).text ?? "" };
  }
  return null;
}

/** The scene's own area in whole grid squares (the canvas padding around it left out). */
export function sceneSquares(scene: Scene.Implementation): MapArea {
  const d = scene.dimensions;
  const size = d.size;
  return { x: Math.ceil(d.sceneX / size), y: Math.ceil(d.sceneY / size), columns: Math.floor(d.sceneWidth / size), rows: Math.floor(d.sceneHeight / size) };
}

/** Is a square free of tokens (other than `actor`'s own)? */
export function squareFree(scene: Scene.Implementation, square: Square, actor?: Actor.Implementation): boolean {
  const own = actor ? tokenOf(scene, actor) : null;
  return !scene.tokens.some((t) => t !== own && sameSquare(squareOf(scene, t as TokenDocument.Implementation), square));
}

export const sameSquare = (a: Square, b: Square) => a.x === b.x && a.y === b.y;

/**
 * Where a team's heroes come onto the map: the free squares of its own edge of the scene (the
 * rules' `entryColumns`: the Skyhawks' the two left-hand columns, the Psiclones' the two
 * right-hand ones), top to bottom.
 */
export function entrySquares(scene: Scene.Implementation, team: Team): Square[] {
  const area = sceneSquares(scene);
  const out: Square[] = [];
  for (const x of entryColumns(area, team)) {
    for (let y = area.y; y < area.y + area.rows; y++) if (squareFree(scene, { x, y })) out.push({ x, y });
  }
  return out;
}

/** The square counted from the scene's top-left corner, from 1, as players read it. */
export function squareLabel(scene: Scene.Implementation, square: Square): { column: number; row: number } {
  return labelOnMap(sceneSquares(scene), square);
}
