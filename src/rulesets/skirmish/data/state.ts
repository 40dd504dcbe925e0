/**
 * The Skirmish world as the pure rules read it, from the documents' stored sources (so a rule's
 * `Change.path` applies as is): every infantry, vehicle and company by actor UUID, infantry with
 * their weapons and fallout effects, vehicles with their weapons; and the encounter: each
 * combatant's budget of the current round, stored on its Combatant.
 */
import type { FactionsActor } from "../../../core/documents/actor";
import { effectRecordOf } from "../effects";
import { newBudget, type ActionBudget } from "../rules/economy";
import type { CompanySystem, InfantrySystem, SkirmishActor, SkirmishState, VehicleSystem, WeaponItem, WeaponSystem } from "../rules/state";

export const COMBATANT_TYPE = "skirmish";

export const isInfantry = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"infantry"> => actor?.type === "infantry";
export const isVehicle = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"vehicle"> => actor?.type === "vehicle";
export const isCompany = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"company"> => actor?.type === "company";
/** An actor that fights in a Skirmish encounter. */
export const isFighter = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"infantry" | "vehicle"> => isInfantry(actor) || isVehicle(actor);

/** One round's stored budget, as on the Combatant. */
export type StoredBudget = ActionBudget & { moved: boolean };

/** A Combatant of a Skirmish encounter, with its budgets. */
export type SkirmishCombatant = Combatant.Implementation & { system: { budgets: Record<string, StoredBudget> } };

export function isSkirmishCombatant(combatant: Combatant.Implementation | null | undefined): combatant is SkirmishCombatant {
  return combatant?.type === COMBATANT_TYPE;
}

/** A combatant's stored budgets by round (its source, as a change reads it). */
export function budgetsOf(combatant: SkirmishCombatant): Record<string, StoredBudget> {
  return (combatant._source.system as unknown as { budgets: Record<string, StoredBudget> }).budgets;
}

/** The budget of a round as the rules read it (a fresh one if none is stored). */
export function budgetOf(combatant: SkirmishCombatant, round: number): ActionBudget {
  const stored = budgetsOf(combatant)[String(round)];
  if (!stored) return newBudget(round);
  return { round: stored.round, spent: { ...stored.spent }, pushes: stored.pushes, pushed: { ...stored.pushed }, overridden: { ...stored.overridden } };
}

const weaponsOf = (actor: Actor.Implementation): WeaponItem[] =>
  actor.items.contents.filter((i) => i.type === "weapon").map((i) => ({ id: i.id ?? "", name: i.name, system: i._source.system as unknown as WeaponSystem }));

/** The rules' view of one actor, or null if it is not a Skirmish actor. */
export function actorState(actor: Actor.Implementation): SkirmishActor | null {
  const base = { id: actor.uuid, name: actor.name };
  if (isInfantry(actor)) {
    const effects = actor.effects.contents.flatMap((e) => effectRecordOf(e) ?? []);
    return { ...base, type: "infantry", system: actor._source.system as unknown as InfantrySystem, weapons: weaponsOf(actor), effects };
  }
  if (isVehicle(actor)) return { ...base, type: "vehicle", system: actor._source.system as unknown as VehicleSystem, weapons: weaponsOf(actor) };
  if (isCompany(actor)) return { ...base, type: "company", system: actor._source.system as unknown as CompanySystem };
  return null;
}

/** The combatants of an encounter that fight in it, by actor UUID (the first for an actor shown twice). */
export function fightersOf(combat: Combat.Implementation): Map<string, SkirmishCombatant> {
  const out = new Map<string, SkirmishCombatant>();
  for (const c of combat.combatants) {
    const actor = c.actor as Actor.Implementation | null;
    if (isSkirmishCombatant(c) && isFighter(actor) && !out.has(actor.uuid)) out.set(actor.uuid, c);
  }
  return out;
}

/** Is this a Skirmish encounter (someone fights in it)? */
export const isSkirmishEncounter = (combat: Combat.Implementation | null | undefined): combat is Combat.Implementation => !!combat && fightersOf(combat).size > 0;

/**
 * The encounter an actor fights in: the active one if it is there, else the first (by id) that
 * has it. Every client finds the same one.
 */
export function encounterOf(actorUuid: string): Combat.Implementation | null {
  const combats = [...(game.combats?.contents ?? [])].sort((a, b) => Number(b.active) - Number(a.active) || String(a.id).localeCompare(String(b.id)));
  return combats.find((c) => fightersOf(c).has(actorUuid)) ?? null;
}

/** The Skirmish world now, and the combatants of the encounter it reads. */
export interface SkirmishWorld {
  state: SkirmishState;
  combat: Combat.Implementation | null;
  /** The encounter's fighting combatants, by actor UUID. */
  combatants: Map<string, SkirmishCombatant>;
}

/**
 * Every Skirmish actor of the world (and the encounter's token actors), and the encounter's
 * combatants with their budgets of its current round (or of `round`).
 */
export function skirmishWorld(combat: Combat.Implementation | null, round?: number): SkirmishWorld {
  const actors: SkirmishState["actors"] = {};
  for (const actor of game.actors ?? []) {
    const state = actorState(actor);
    if (state) actors[state.id] = state;
  }
  const now = round ?? combat?.round ?? 0;
  const combatants = combat ? fightersOf(combat) : new Map<string, SkirmishCombatant>();
  const budgets: SkirmishState["combatants"] = {};
  for (const [uuid, combatant] of combatants) {
    if (!actors[uuid]) {
      const state = actorState(combatant.actor as Actor.Implementation);
      if (state) actors[uuid] = state;
    }
    budgets[uuid] = budgetOf(combatant, now);
  }
  return { state: { actors, combatants: budgets, round: now }, combat, combatants };
}

/** The world an actor acts in: its encounter (if any) at its current round. */
export function worldOf(actorUuid: string): SkirmishWorld {
  return skirmishWorld(encounterOf(actorUuid));
}
