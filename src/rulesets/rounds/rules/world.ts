import { applyChanges, cloneJson, revertChanges, type Change, type ItemSource, type Json, type World } from "../../../core/rules/changes";
import { itemSource } from "./common";
import type { HeroItem, HeroState, HeroSystem, RoundsState } from "./state";

/** The heroes as the generic world of `changes.ts`: each hero with its loot and ability items. */
export function roundsWorld(state: RoundsState): World {
  const world: World = {};
  for (const [id, h] of Object.entries(state.heroes)) {
    const items: Record<string, ItemSource> = {};
    for (const it of h.items) items[it.id] = itemSource(it);
    world[id] = { system: cloneJson(h.system) as unknown as Json, items };
  }
  return world;
}

function heroOf(prior: HeroState, actor: World[string]): HeroState {
  // Items keep the prior order; new ones follow in the order they were created.
  const ids = prior.items.map((i) => i.id).filter((i) => actor.items[i]);
  for (const i of Object.keys(actor.items)) if (!ids.includes(i)) ids.push(i);
  const items = ids.map((i) => {
    const src = actor.items[i]!;
    return { id: src._id, name: src.name, type: src.type, system: cloneJson(src.system) } as unknown as HeroItem;
  });
  return { ...prior, system: cloneJson(actor.system) as unknown as HeroSystem, items };
}

/** The state after the changes to its heroes (a new object; the input is untouched). */
export function applyToRoundsState(state: RoundsState, changes: readonly Change[]): RoundsState {
  const world = applyChanges(roundsWorld(state), changes);
  return { ...state, track: { ...state.track }, heroes: Object.fromEntries(Object.entries(state.heroes).map(([id, h]) => [id, heroOf(h, world[id]!)])) };
}

/** The state before the changes (a new object; the input is untouched). */
export function revertOnRoundsState(state: RoundsState, changes: readonly Change[]): RoundsState {
  const world = revertChanges(roundsWorld(state), changes);
  return { ...state, track: { ...state.track }, heroes: Object.fromEntries(Object.entries(state.heroes).map(([id, h]) => [id, heroOf(h, world[id]!)])) };
}
