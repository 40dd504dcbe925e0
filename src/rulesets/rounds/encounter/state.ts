/**
 * The Rounds world as the pure rules read it: a Rounds encounter's track (kept on its Combat), its
 * heroes (the actors of its combatants, in the tracker's order), each with its stored system
 * data and items, the square its token stands on and the adventure space it stands in, and the
 * area of its scene.
 */
import type { FactionsActor } from "../../../core/documents/actor";
import type { Encounter, PendingGroup } from "../rules/encounter";
import type { HeroItem, HeroState, HeroSystem, RoundsState, RoundsTrack } from "../rules/state";
import { adventureOf, encounterScene, sceneSquares, squareOf, tokenOf } from "./scene";
import { worldDocument } from "../../../core/documents/uuid";

export type RoundsCombat = Combat.Implementation & { type: "rounds" };
export type Hero = FactionsActor<"hero">;

export const isRoundsCombat = (combat: Combat.Implementation | null | undefined): combat is RoundsCombat => combat?.type === "rounds";
export const isHero = (actor: Actor.Implementation | null | undefined): actor is Hero => actor?.type === "hero";

/** The Rounds encounter a reference names, if it is one. */
export function roundsCombatOf(ref: unknown): RoundsCombat | null {
  if (typeof ref !== "string" || !ref) return null;
  const doc = worldDocument(ref);
  return doc instanceof Combat && isRoundsCombat(doc as Combat.Implementation) ? (doc as RoundsCombat) : null;
}

/** The encounter's stored track and pending events (sources, as the rules' changes name them). */
export function trackOf(combat: RoundsCombat): RoundsTrack {
  return foundry.utils.deepClone((combat._source.system as unknown as { track: RoundsTrack }).track);
}

export function encounterOf(combat: RoundsCombat): Encounter {
  const pending = (combat._source.system as unknown as { pending: PendingGroup[] }).pending;
  return { id: combat.uuid, round: combat.round ?? 0, pending: foundry.utils.deepClone(pending) };
}

/** The hero actors of the encounter (an unlinked token's actor a hero of its own), once each, in the tracker's order. */
export function heroesOf(combat: Combat.Implementation): Hero[] {
  const out = new Map<string, Hero>();
  for (const c of combat.turns) {
    const actor = c.actor as Actor.Implementation | null;
    if (isHero(actor) && !out.has(actor.uuid)) out.set(actor.uuid, actor);
  }
  return [...out.values()];
}

function heroItems(actor: Hero): HeroItem[] {
  return actor.items.contents
    .filter((i) => i.type === "loot" || i.type === "ability")
    .map((i) => ({ id: i.id!, name: i.name, type: i.type, system: foundry.utils.deepClone(i._source.system) }) as unknown as HeroItem);
}

export function heroStateOf(actor: Hero, scene: Scene.Implementation | null): HeroState {
  const token = tokenOf(scene, actor);
  const adventure = scene && token ? adventureOf(scene, token) : null;
  return {
    id: actor.uuid,
    name: actor.displayName,
    system: foundry.utils.deepClone(actor._source.system) as unknown as HeroSystem,
    items: heroItems(actor),
    square: scene && token ? squareOf(scene, token) : null,
    adventure: adventure ? { id: adventure.id, name: adventure.name } : null,
  };
}

export function roundsState(combat: RoundsCombat): RoundsState {
  const scene = encounterScene(combat);
  const heroes: RoundsState["heroes"] = {};
  for (const actor of heroesOf(combat)) heroes[actor.uuid] = heroStateOf(actor, scene);
  return { track: trackOf(combat), heroes, map: scene ? sceneSquares(scene) : null };
}

/** The Rounds encounter a hero plays in: the one on the tracker if it is in it, else the first that has it. */
export function heroEncounter(actor: Actor.Implementation): RoundsCombat | null {
  const has = (c: Combat.Implementation | null | undefined): c is RoundsCombat => isRoundsCombat(c) && c.combatants.some((x) => x.actor?.uuid === actor.uuid);
  if (has(game.combat)) return game.combat;
  return (game.combats?.find((c) => has(c)) as RoundsCombat | undefined) ?? null;
}

/** The hero a user orders the waiting events as: one of the ordering team's that the user owns (on the map first). */
export function orderingHero(combat: RoundsCombat, user: User.Implementation): Hero | null {
  const group = encounterOf(combat).pending[0];
  if (!group || group.ordered) return null;
  const mine = heroesOf(combat).filter((h) => h.system.team === group.team && h.testUserPermission(user, "OWNER"));
  return mine.find((h) => h.system.onMap) ?? mine[0] ?? null;
}
