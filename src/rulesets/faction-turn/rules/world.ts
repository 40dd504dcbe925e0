import { applyChanges, revertChanges, type Change, type ItemSource, type World } from "../../../core/rules/changes";
import { assetSource } from "./draft";
import type { AssetState, AssetSystem, FactionState, FactionSystem, FactionTurnState } from "./state";

/** The state as the generic world of `changes.ts` (actor id → system + asset items). */
export function factionTurnWorld(state: FactionTurnState): World {
  const world: World = {};
  for (const [id, f] of Object.entries(state.factions)) {
    const items: Record<string, ItemSource> = {};
    for (const a of f.assets) items[a.id] = assetSource(a);
    world[id] = { system: structuredClone(f.system) as unknown as World[string]["system"], items };
  }
  return world;
}

/**
 * The state a world describes. Names of factions come from `prior` (the world
 * does not hold them); assets keep `prior`'s order, new ones follow in item order.
 */
export function factionTurnStateOf(world: World, prior: FactionTurnState): FactionTurnState {
  const factions: Record<string, FactionState> = {};
  for (const [id, actor] of Object.entries(world)) {
    const before = prior.factions[id];
    const order = before ? before.assets.map((a) => a.id).filter((x) => x in actor.items) : [];
    for (const x of Object.keys(actor.items)) if (!order.includes(x)) order.push(x);
    const assets: AssetState[] = order.map((x) => {
      const it = actor.items[x]!;
      return { id: it._id, name: it.name, system: structuredClone(it.system) as unknown as AssetSystem };
    });
    factions[id] = {
      id,
      name: before?.name ?? id,
      system: structuredClone(actor.system) as unknown as FactionSystem,
      assets,
    };
  }
  return { factions };
}

/** The state after the changes (a new object; the input is untouched). */
export function applyToState(state: FactionTurnState, changes: readonly Change[]): FactionTurnState {
  return factionTurnStateOf(applyChanges(factionTurnWorld(state), changes), state);
}

/** The state before the changes (a new object; the input is untouched). */
export function revertOnState(state: FactionTurnState, changes: readonly Change[]): FactionTurnState {
  return factionTurnStateOf(revertChanges(factionTurnWorld(state), changes), state);
}
