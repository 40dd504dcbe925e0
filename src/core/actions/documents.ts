/**
 * The world's documents as actions name them. Writing an action's changes to them (and putting
 * them back) is the GM's client's alone: ./writes.ts, loaded with the authority.
 */
import { worldDocument } from "../documents/uuid";

/** The actor a reference names (a world actor UUID). */
export function actorOf(ref: string): Actor.Implementation | null {
  if (!ref) return null;
  const doc = worldDocument(ref);
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** Ids of items being put back by an undo or a rollback (./writes.ts): the ruleset guard lets a GM restore them. */
export const restoring = new Set<string>();
