/** The Battle rules' plain state, read from the world's realm actors. */
import { actorOf } from "../../../core/actions/documents";
import { turnOrder } from "../../../core/documents/combat";
import type { FactionsActor } from "../../../core/documents/actor";
import { kindOfType, type BattleState, type CharacterCard, type RealmItem, type RealmState, type RealmSystem } from "../rules/state";
import { worldDocument } from "../../../core/documents/uuid";

export type Realm = FactionsActor<"realm">;

export function isRealm(actor: Actor.Implementation | null | undefined): actor is Realm {
  return actor?.type === "realm";
}

/** Is this item one of the Battle kinds (location, building, technology, character, fortification, unit counter)? */
export function isBattleItem(item: Item.Implementation): boolean {
  return kindOfType(item.type) !== undefined;
}

/** The plain rules item of a Battle item (its stored source), or undefined for any other item. */
export function realmItemOf(item: Item.Implementation): RealmItem | undefined {
  const type = kindOfType(item.type);
  if (!type) return undefined;
  return { id: item.id ?? "", name: item.name, type, system: item.toObject().system } as unknown as RealmItem;
}

/** The plain rules state of one realm actor, keyed by its UUID. */
export function realmStateOf(actor: Actor.Implementation): RealmState {
  const system = actor.toObject().system as unknown as RealmSystem;
  const items: RealmItem[] = [];
  for (const item of actor.items) {
    const it = realmItemOf(item);
    if (it) items.push(it);
  }
  return { id: actor.uuid, name: actor.name, system, items };
}

/** Every realm in the world, as the Battle rules see them, and the encounter they take turns in. */
export function battleState(): BattleState {
  const realms: BattleState["realms"] = {};
  for (const actor of game.actors ?? []) if (isRealm(actor)) realms[actor.uuid] = realmStateOf(actor);
  const order = turnOrder(isRealm);
  return order ? { realms, order } : { realms };
}

/** The realm actor behind a rules reference (a UUID). */
export function realmOf(ref: string): Realm | null {
  const doc = worldDocument(ref);
  return doc instanceof Actor && isRealm(doc as Actor.Implementation) ? (doc as unknown as Realm) : null;
}

/** A character card's data as Play Character reads it. */
export function characterCardOf(card: Card.Implementation): CharacterCard | null {
  if (card.type !== "character") return null;
  const system = card.toObject().system as unknown as CharacterCard["system"];
  return { name: card.name, system };
}

/** Does a connected player (not a GM) own this realm? Then that player answers for it; otherwise the GM does. */
export function answeredByPlayer(realmRef: string): boolean {
  const actor = actorOf(realmRef);
  if (!actor) return false;
  return (game.users?.contents ?? []).some((u) => u.active && !u.isGM && actor.testUserPermission(u, "OWNER"));
}
