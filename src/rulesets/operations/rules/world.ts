import { applyChanges, revertChanges, type Change, type ItemSource, type World } from "../../../core/rules/changes";
import { PROJECT_ITEM_TYPE, UNIT_ITEM_TYPE, projectSource, unitSource } from "./draft";
import type { LieutenantSystem, OperationsState, OrganizationState, OrganizationSystem, ProjectState, ProjectSystem, UnitState, UnitSystem } from "./state";

/** The state as the generic world of `changes.ts`: organizations with their unit and project items, lieutenants with none. */
export function operationsWorld(state: OperationsState): World {
  const world: World = {};
  for (const [id, o] of Object.entries(state.organizations)) {
    const items: Record<string, ItemSource> = {};
    for (const u of o.units) items[u.id] = unitSource(u);
    for (const p of o.projects) items[p.id] = projectSource(p);
    world[id] = { system: structuredClone(o.system) as unknown as World[string]["system"], items };
  }
  for (const [id, l] of Object.entries(state.lieutenants)) {
    world[id] = { system: structuredClone(l.system) as unknown as World[string]["system"], items: {} };
  }
  return world;
}

function ordered<T extends { id: string }>(prior: T[] | undefined, items: Record<string, ItemSource>, type: string, make: (it: ItemSource) => T): T[] {
  const ids = (prior ?? []).map((x) => x.id).filter((x) => items[x]?.type === type);
  for (const [x, it] of Object.entries(items)) if (it.type === type && !ids.includes(x)) ids.push(x);
  return ids.map((x) => make(items[x]!));
}

/**
 * The state a world describes. Which actor is an organization or a lieutenant,
 * their names and the locales come from `prior`; items keep `prior`'s order.
 */
export function operationsStateOf(world: World, prior: OperationsState): OperationsState {
  const organizations: Record<string, OrganizationState> = {};
  const lieutenants: OperationsState["lieutenants"] = {};
  for (const [id, actor] of Object.entries(world)) {
    const lt = prior.lieutenants[id];
    if (lt) {
      lieutenants[id] = { id, name: lt.name, system: structuredClone(actor.system) as unknown as LieutenantSystem };
      continue;
    }
    const before = prior.organizations[id];
    const units: UnitState[] = ordered(before?.units, actor.items, UNIT_ITEM_TYPE, (it) => ({
      id: it._id,
      name: it.name,
      system: structuredClone(it.system) as unknown as UnitSystem,
    }));
    const projects: ProjectState[] = ordered(before?.projects, actor.items, PROJECT_ITEM_TYPE, (it) => ({
      id: it._id,
      name: it.name,
      system: structuredClone(it.system) as unknown as ProjectSystem,
    }));
    organizations[id] = { id, name: before?.name ?? id, system: structuredClone(actor.system) as unknown as OrganizationSystem, units, projects };
  }
  return { organizations, lieutenants, locales: { ...prior.locales } };
}

/** The state after the changes (a new object; the input is untouched). */
export function applyToState(state: OperationsState, changes: readonly Change[]): OperationsState {
  return operationsStateOf(applyChanges(operationsWorld(state), changes), state);
}

/** The state before the changes (a new object; the input is untouched). */
export function revertOnState(state: OperationsState, changes: readonly Change[]): OperationsState {
  return operationsStateOf(revertChanges(operationsWorld(state), changes), state);
}
