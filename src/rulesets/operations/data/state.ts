/**
 * The Operations world as the pure rules read it: every organization (with its
 * unit and project items) and every lieutenant, keyed by actor UUID, from the
 * documents' stored sources, so the rules' `Change.path`s apply as they are.
 */
import type { FactionsActor } from "../../../core/documents/actor";
import type { FactionsItem } from "../../../core/documents/item";
import type { LieutenantSystem, OperationsState, OrganizationState, OrganizationSystem, ProjectSystem, UnitSystem } from "../rules/state";

export const isOrganization = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"organization"> => actor?.type === "organization";
export const isLieutenant = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"lieutenant"> => actor?.type === "lieutenant";
export const isUnit = (item: Item.Implementation | null | undefined): item is FactionsItem<"unit"> => item?.type === "unit";
export const isProject = (item: Item.Implementation | null | undefined): item is FactionsItem<"project"> => item?.type === "project";

export function organizationStateOf(actor: Actor.Implementation): OrganizationState {
  const units = actor.items.contents.flatMap((i) => (isUnit(i) ? [{ id: i.id ?? "", name: i.name, system: i.toObject().system as unknown as UnitSystem }] : []));
  const projects = actor.items.contents.flatMap((i) =>
    isProject(i) ? [{ id: i.id ?? "", name: i.name, system: i.toObject().system as unknown as ProjectSystem }] : [],
  );
  const system = actor.toObject().system as unknown as OrganizationSystem;
  // An NPC faction is an organization no player owns (or one the GM marks as such).
  return { id: actor.uuid, name: actor.name, system: { ...system, npc: system.npc || !actor.hasPlayerOwner }, units, projects };
}

/**
 * The locale of a location: a journal page is a location inside the locale its
 * entry names; any other location is a locale of its own.
 */
export function localeOfRef(ref: string): string {
  const m = /^(JournalEntry\.[A-Za-z0-9]{16})\.JournalEntryPage\.[A-Za-z0-9]{16}$/.exec(ref);
  return m ? m[1]! : ref;
}

export function operationsState(): OperationsState {
  const state: OperationsState = { organizations: {}, lieutenants: {}, locales: {} };
  const places = new Set<string>();
  for (const actor of game.actors ?? []) {
    if (isOrganization(actor)) {
      const org = organizationStateOf(actor);
      state.organizations[actor.uuid] = org;
      for (const u of org.units) places.add(u.system.location);
    } else if (isLieutenant(actor)) {
      const system = actor.toObject().system as unknown as LieutenantSystem;
      state.lieutenants[actor.uuid] = { id: actor.uuid, name: actor.name, system };
      places.add(system.location);
    }
  }
  for (const page of game.journal?.contents.flatMap((e) => e.pages.contents) ?? []) places.add(page.uuid);
  for (const p of places) if (p) state.locales[p] = localeOfRef(p);
  return state;
}
