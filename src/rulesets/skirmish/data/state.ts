/**
 * The Skirmish world as the pure rules read it, from the documents' stored sources (so a rule's
 * `Change.path` applies as is): every infantry, vehicle and company by actor UUID, infantry with
 * their weapons and fallout effects, vehicles with their weapons; and the encounter: each
 * fighter's budget of the current round, replayed from what its encounter keeps of it.
 */
import { SYSTEM_ID } from "../../../core/constants";
import type { FactionsActor } from "../../../core/documents/actor";
import { effectRecordOf } from "../effects";
import { replayBudget, type ActionBudget, type BudgetEntry } from "../rules/economy";
import { skirmishSettings } from "../settings";
import type { CompanySystem, InfantrySystem, SkirmishActor, SkirmishState, VehicleSystem, WeaponItem, WeaponSystem } from "../rules/state";

export const COMBATANT_TYPE = "skirmish";

export const isInfantry = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"infantry"> => actor?.type === "infantry";
export const isVehicle = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"vehicle"> => actor?.type === "vehicle";
export const isCompany = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"company"> => actor?.type === "company";
/** An actor that fights in a Skirmish encounter. */
export const isFighter = (actor: Actor.Implementation | null | undefined): actor is FactionsActor<"infantry" | "vehicle"> => isInfantry(actor) || isVehicle(actor);

/** A Combatant of a Skirmish encounter (its type says so; its budgets are kept by the encounter). */
export type SkirmishCombatant = Combatant.Implementation;

export function isSkirmishCombatant(combatant: Combatant.Implementation | null | undefined): combatant is SkirmishCombatant {
  return combatant?.type === COMBATANT_TYPE;
}

/**
 * A fighter's record of one round: its budget's entries, one per card that spent or pushed (null
 * once the card is undone), and whether its token moved on the canvas. The encounter (the Combat,
 * which only a GM writes) keeps these by fighter and round, so a fighter that leaves the
 * encounter and comes back finds its budget as it left it, and a card's undo still reaches it.
 */
export interface StoredRound {
  moved?: boolean;
  entries?: Record<string, BudgetEntry | null>;
}

/** A fighter's key in the encounter's records: its actor UUID, whose dots would split a path. */
export const fighterKey = (uuid: string): string => uuid.replaceAll(".", "_");

/** The path, on the Combat, of a fighter's record of a round. */
export const roundPath = (uuid: string, round: number): string => `flags.${SYSTEM_ID}.budgets.${fighterKey(uuid)}.${round}`;

/** Every fighter's records of the encounter, by fighter key, then by round (null: a round card undone). */
export function encounterRecords(combat: Combat.Implementation): Record<string, Record<string, StoredRound | null>> {
  const flags = (combat._source.flags as Record<string, { budgets?: Record<string, Record<string, StoredRound | null>> } | undefined>)[SYSTEM_ID];
  return flags?.budgets ?? {};
}

/** A fighter's record of a round, as the encounter keeps it (null if none). */
export function storedRound(combat: Combat.Implementation, uuid: string, round: number): StoredRound | null {
  return encounterRecords(combat)[fighterKey(uuid)]?.[String(round)] ?? null;
}

/** The entries of a record that stand (an undone card's is null). */
export function liveEntries(record: StoredRound | null): Record<string, BudgetEntry> {
  return Object.fromEntries(Object.entries(record?.entries ?? {}).filter((e): e is [string, BudgetEntry] => e[1] !== null));
}

/** A fighter's budget of a round as the rules read it: its cards replayed in order (fresh if none). */
export function budgetOf(combat: Combat.Implementation, uuid: string, round: number): ActionBudget {
  return replayBudget(round, liveEntries(storedRound(combat, uuid, round)), skirmishSettings()).budget;
}

const weaponsOf = (actor: Actor.Implementation): WeaponItem[] =>
  actor.items.contents.filter((i) => i.type === "weapon").map((i) => ({ id: i.id ?? "", name: i.name, system: i._source.system as unknown as WeaponSystem }));

/** The rules' view of one actor, or null if it is not a Skirmish actor. */
export function actorState(actor: Actor.Implementation): SkirmishActor | null {
  const base = { id: actor.uuid, name: actor.displayName };
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
    if (combat) budgets[uuid] = budgetOf(combat, uuid, now);
  }
  return { state: { actors, combatants: budgets, round: now }, combat, combatants };
}

/** The world an actor acts in: its encounter (if any) at its current round. */
export function worldOf(actorUuid: string): SkirmishWorld {
  return skirmishWorld(encounterOf(actorUuid));
}
