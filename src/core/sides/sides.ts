/**
 * The sides of the games (issue 27 §3): what a player plays, as its ruleset knows it (a Skirmish
 * company with its fighters, a Rounds team, a Battle realm with its deck, hand and pile, an
 * Operations organization with its lieutenants, a Faction Turn faction). Each ruleset says how to
 * find its sides in the world (the core never imports a ruleset); the GM hands each to a player
 * in one step (window.ts), and who owns a side is who owns all of its documents.
 */
import type { RulesetId } from "../settings";

/** A document a side is made of: an actor, or a stack of cards. */
export type SideDocument = Actor.Implementation | Cards.Implementation;

export interface Side {
  name: string;
  ruleset: RulesetId;
  documents: SideDocument[];
}

const finders: { ruleset: RulesetId; find: () => Side[] }[] = [];

/** A ruleset's way to find its sides (at `init`). */
export function registerSides(ruleset: RulesetId, find: () => Side[]): void {
  finders.push({ ruleset, find });
}

/** Every side in the world, game by game, each by name. */
export function worldSides(enabled: (ruleset: RulesetId) => boolean): Side[] {
  return finders.filter((f) => enabled(f.ruleset)).flatMap((f) => f.find().sort((a, b) => a.name.localeCompare(b.name)));
}

/** The player who owns every document of the side, "" if none owns any (the GM's), null if they disagree. */
export function ownerOf(side: Side, players: readonly User.Implementation[]): string | null {
  const owning = players.map((u) => ({ u, owns: side.documents.filter((d) => d.testUserPermission(u, "OWNER")).length })).filter((o) => o.owns > 0);
  if (owning.length === 0) return "";
  return owning.length === 1 && owning[0]!.owns === side.documents.length ? owning[0]!.u.id! : null;
}

/**
 * Give the side to `player` ("" none: the GM's alone): they own each of its documents, and every
 * other player named its owner inherits the default again (one who observes it still does). Run
 * again with another choice, it undoes this one.
 */
export async function giveSide(side: Side, player: string, players: readonly User.Implementation[]): Promise<void> {
  const { OWNER, INHERIT } = CONST.DOCUMENT_OWNERSHIP_LEVELS;
  for (const doc of side.documents) {
    const ownership: Record<string, CONST.DOCUMENT_OWNERSHIP_LEVELS> = {};
    for (const u of players) {
      const id = u.id!;
      if (id === player) ownership[id] = OWNER;
      else if (doc.ownership[id] === OWNER) ownership[id] = INHERIT;
    }
    if (Object.keys(ownership).length) await doc.update({ ownership });
  }
}
