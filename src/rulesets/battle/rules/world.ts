import { applyChanges, revertChanges, type Change, type ItemSource, type World } from "../../../core/rules/changes";
import { copyPlain, itemSource } from "./realm";
import { kindOfType, type BattleState, type RealmItem, type RealmState, type RealmSystem } from "./state";

/** The state as the generic world of `changes.ts` (actor id → system + items). */
export function battleWorld(state: BattleState): World {
  const world: World = {};
  for (const [id, r] of Object.entries(state.realms)) {
    const items: Record<string, ItemSource> = {};
    for (const it of r.items) items[it.id] = itemSource(it);
    world[id] = { system: copyPlain(r.system) as unknown as World[string]["system"], items };
  }
  return world;
}

/**
 * The state a world describes. Realm names come from `prior` (the world does
 * not hold them); items keep `prior`'s order, new ones follow in item order.
 */
export function battleStateOf(world: World, prior: BattleState): BattleState {
  const realms: Record<string, RealmState> = {};
  for (const [id, actor] of Object.entries(world)) {
    const before = prior.realms[id];
    const order = before ? before.items.map((i) => i.id).filter((x) => x in actor.items) : [];
    const known = new Set(order);
    for (const x of Object.keys(actor.items)) if (!known.has(x)) order.push(x);
    const items = order.map((x) => {
      const it = actor.items[x]!;
      const type = kindOfType(it.type);
      if (!type) throw new Error(`Unknown item type "${it.type}"`);
      return { id: it._id, name: it.name, type, system: copyPlain(it.system) } as unknown as RealmItem;
    });
    realms[id] = { id, name: before?.name ?? id, system: copyPlain(actor.system) as unknown as RealmSystem, items };
  }
  return { realms };
}

/** The state after the changes (a new object; the input is untouched). */
export function applyToBattleState(state: BattleState, changes: readonly Change[]): BattleState {
  return battleStateOf(applyChanges(battleWorld(state), changes), state);
}

/** The state before the changes (a new object; the input is untouched). */
export function revertOnBattleState(state: BattleState, changes: readonly Change[]): BattleState {
  return battleStateOf(revertChanges(battleWorld(state), changes), state);
}
