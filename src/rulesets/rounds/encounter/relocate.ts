/**
 * An act that takes heroes elsewhere on the map (a dragged Move, Slip Away's swap) moves their
 * tokens when the GM's client applies its card, and puts them back when it is undone. The squares
 * come from the card's resolved outcome (../rules/places.ts); the tokens are found on the
 * encounter's scene when the card is applied or undone.
 */
import type { ActionMessage } from "../../../core/chat/action-message";
import type { Outcome, Rejection } from "../../../core/rules/outcome";
import type { ActDetail, Relocation, Square } from "../rules";
import { heroTokenOn, sameSquare, squareLabel, squareOf } from "./scene";
import { worldDocument } from "../../../core/documents/uuid";

type Token = TokenDocument.Implementation;

/** The top-left corner that puts a token's middle on a square. */
function cornerOn(scene: Scene.Implementation, token: Token, square: Square): { x: number; y: number } {
  const size = scene.grid.size;
  return { x: Math.round((square.x + 0.5 - (token.width ?? 1) / 2) * size), y: Math.round((square.y + 0.5 - (token.height ?? 1) / 2) * size) };
}

/** Why the moves cannot be made on the scene (null if they can): each square they go to must hold no token but the moving heroes' own. */
export function movesBlocked(scene: Scene.Implementation, moves: readonly Relocation[]): Rejection | null {
  const moving = new Set(moves.map((m) => heroTokenOn(scene, m.hero)).filter((t): t is Token => !!t));
  for (const m of moves) {
    const taken = scene.tokens.some((t) => !moving.has(t as Token) && sameSquare(squareOf(scene, t as Token), m.to));
    if (taken) return { key: "FACTIONS.Rounds.Reject.SquareTaken", data: squareLabel(scene, m.to) };
  }
  return null;
}

/** Each hero's token goes to the square the move names (to) or back where it came from (from). */
async function place(outcome: Outcome, end: "from" | "to"): Promise<void> {
  const detail = outcome.detail as (ActDetail & { scene?: string }) | undefined;
  const scene = detail?.scene ? (worldDocument(detail.scene) as Scene.Implementation | null) : null;
  if (!detail?.moves?.length || !scene) return;
  const updates = detail.moves.flatMap((m) => {
    const token = heroTokenOn(scene, m.hero);
    return token ? [{ _id: token.id!, ...cornerOn(scene, token, m[end]) }] : [];
  });
  if (updates.length) await scene.updateEmbeddedDocuments("Token", updates);
}

export const relocate = (_card: ActionMessage, outcome: Outcome) => place(outcome, "to");
export const putBack = (_card: ActionMessage, outcome: Outcome) => place(outcome, "from");
