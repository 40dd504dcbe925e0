import { turnOrder } from "../../../core/documents/combat";
import type { AssetState, AssetSystem, FactionState, FactionSystem, FactionTurnState } from "../rules/state";

/** The plain rules state of one asset item. */
export function assetStateOf(item: Item.Implementation): AssetState {
  const source = item.toObject().system as unknown as AssetSystem;
  return { id: item.id ?? "", name: item.name, system: source };
}

/** The plain rules state of one faction actor, keyed by its UUID. */
export function factionStateOf(actor: Actor.Implementation): FactionState {
  const system = actor.toObject().system as unknown as FactionSystem;
  const assets = actor.items.contents.flatMap((item) => (item.isAsset() ? [assetStateOf(item)] : []));
  return { id: actor.uuid, name: actor.name, system, assets };
}

/** Every faction actor in the world, as the rules see them, and the encounter they are in. */
export function factionTurnState(): FactionTurnState {
  const factions: FactionTurnState["factions"] = {};
  for (const actor of game.actors ?? []) {
    if (actor.isFaction()) factions[actor.uuid] = factionStateOf(actor);
  }
  const order = turnOrder((actor) => actor.isFaction());
  return order ? { factions, order } : { factions };
}
