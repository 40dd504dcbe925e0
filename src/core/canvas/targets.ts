/**
 * The map as the rulesets read it: the tokens the current user has targeted (Foundry's own
 * targeting), the tokens of a scene that a user may pick instead, and the distance between two
 * tokens measured on their scene's grid (the grid's own rule for diagonals, in its units).
 *
 * Measuring uses the scene's grid, not the canvas: the GM's client checks a card whatever scene
 * it is looking at, and a client with no canvas measures the same.
 */
import { worldDocument } from "../documents/uuid";

export type TokenDoc = TokenDocument.Implementation;

/** What a distance on the map is: a number in the scene's grid units ("" none). */
export interface Distance {
  value: number;
  units: string;
}

/** The tokens the current user targets, in the order they were targeted (documents, each once). */
export function targetedTokens(): TokenDoc[] {
  const targets = game.user?.targets;
  if (!targets) return [];
  const out: TokenDoc[] = [];
  for (const token of targets) {
    const doc = token.document as TokenDoc | undefined;
    if (doc && !out.includes(doc)) out.push(doc);
  }
  return out;
}

/** The scene a token stands on (null if it stands on none). */
export function sceneOfToken(token: TokenDoc): Scene.Implementation | null {
  const scene = token.parent;
  return scene instanceof Scene ? (scene as Scene.Implementation) : null;
}

/** The token a UUID names, if it is a token on a scene of this world. */
export function tokenFromUuid(uuid: string): TokenDoc | null {
  if (typeof uuid !== "string" || !uuid.startsWith("Scene.")) return null;
  const doc = worldDocument(uuid);
  if (!(doc instanceof TokenDocument)) return null;
  const token = doc as TokenDoc;
  const scene = sceneOfToken(token);
  return scene && game.scenes?.get(scene.id!) === scene && scene.tokens.get(token.id!) === token ? token : null;
}

/** May `user` see this token on the map? A GM sees every token; a player none that is hidden. */
export function seesToken(user: User.Implementation, token: TokenDoc): boolean {
  return user.isGM || !token.hidden;
}

/**
 * The actor's tokens on a scene: the token of a token's own actor, or the linked tokens of a world
 * actor. With no scene named, the tokens on the scene the user views first, then the active
 * scene's, then any other's.
 */
export function tokensOfActor(actor: Actor.Implementation, scene?: Scene.Implementation | null): TokenDoc[] {
  const own = actor.isToken ? (actor.token as TokenDoc | null) : null;
  const on = (s: Scene.Implementation): TokenDoc[] =>
    own ? (sceneOfToken(own) === s ? [own] : []) : s.tokens.contents.filter((t) => t.actorLink && t.actorId === actor.id);
  if (scene) return on(scene);
  const viewed = (canvas?.scene ?? null) as Scene.Implementation | null;
  const scenes = [viewed, (game.scenes?.active ?? null) as Scene.Implementation | null, ...(game.scenes?.contents ?? [])].filter((s): s is Scene.Implementation => !!s);
  for (const s of new Set(scenes)) {
    const found = on(s);
    if (found.length) return found;
  }
  return [];
}

/** The middle of a token, in its scene's canvas pixels. */
export function tokenCenter(token: TokenDoc): { x: number; y: number } {
  const grid = sceneOfToken(token)?.grid;
  const w = grid?.sizeX ?? 100;
  const h = grid?.sizeY ?? 100;
  return { x: token.x + ((token.width ?? 1) * w) / 2, y: token.y + ((token.height ?? 1) * h) / 2 };
}

/**
 * The distance from one token to another, centre to centre, measured on their scene's grid as
 * Foundry measures a path there; null if they do not stand on the same scene.
 */
export function tokenDistance(from: TokenDoc, to: TokenDoc): Distance | null {
  const scene = sceneOfToken(from);
  if (!scene || sceneOfToken(to) !== scene) return null;
  const measured = scene.grid.measurePath([tokenCenter(from), tokenCenter(to)], {});
  return { value: measured.distance, units: scene.grid.units ?? "" };
}

/** The nearest of some tokens to a target (the first of the nearest), with its distance; null if none shares its scene. */
export function nearestTo(tokens: readonly TokenDoc[], target: TokenDoc): { token: TokenDoc; distance: Distance } | null {
  let best: { token: TokenDoc; distance: Distance } | null = null;
  for (const token of tokens) {
    const distance = tokenDistance(token, target);
    if (distance && (!best || distance.value < best.distance.value)) best = { token, distance };
  }
  return best;
}
