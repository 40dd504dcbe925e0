import type { Dice } from "../../../src/core/rules/dice";
import {
  DEFAULT_SKIRMISH_SETTINGS,
  newBudget,
  newEffect,
  type ActionBudget,
  type EffectKind,
  type EffectRecord,
  type InfantryState,
  type SkirmishContext,
  type SkirmishSettings,
  type SkirmishState,
  type VehicleState,
  type CompanyState,
  type TargetOnMap,
} from "../../../src/rulesets/skirmish/rules";

/** A context with fresh effect ids e1, e2, … */
export function context(dice: Dice, settings: Partial<SkirmishSettings> = {}): SkirmishContext {
  let n = 0;
  return { dice, settings: { ...DEFAULT_SKIRMISH_SETTINGS, ...settings }, newId: () => `e${++n}` };
}

/** Dice that fail the test if anything is rolled. */
export const noDice: Dice = {
  roll(formula: string): number {
    throw new Error(`Nothing should be rolled here (asked for ${formula})`);
  },
};

export function effect(id: string, kind: EffectKind, stack = 1, extra: Partial<EffectRecord> = {}): EffectRecord {
  return { ...newEffect(id, kind, stack), ...extra };
}

export function ada(effects: EffectRecord[] = []): InfantryState {
  return {
    id: "ada",
    name: "Ada",
    type: "infantry",
    system: { kind: "individual", body: 3, nerves: 2, speed: 7, injuries: 0, company: "", vehicle: "", members: [], highestMorale: 0 },
    weapons: [{ id: "pistol", name: "Pistol", system: { reloads: { value: 2, max: 3 }, heavy: false } }],
    effects,
  };
}

export function red(effects: EffectRecord[] = []): InfantryState {
  return {
    id: "red",
    name: "Red Squad",
    type: "infantry",
    system: {
      kind: "squad",
      body: 2,
      nerves: 4,
      speed: 6,
      injuries: 0,
      company: "first",
      vehicle: "",
      members: [
        { id: "m1", name: "Ana", state: "ready" },
        { id: "m2", name: "Ben", state: "ready" },
        { id: "m3", name: "Cy", state: "ready" },
        { id: "m4", name: "Dee", state: "ready" },
      ],
      highestMorale: 0,
    },
    weapons: [
      { id: "rifles", name: "Rifles", system: { reloads: { value: 3, max: 3 }, heavy: false } },
      { id: "carbines", name: "Carbines", system: { reloads: { value: 0, max: 2 }, heavy: false } },
      { id: "mg", name: "Heavy MG", system: { reloads: { value: 2, max: 2 }, heavy: true } },
    ],
    effects,
  };
}

export function rhino(): VehicleState {
  return {
    id: "rhino",
    name: "Rhino",
    type: "vehicle",
    system: { speed: 10, heat: 1, heatThreshold: 2 },
    weapons: [
      { id: "cannon", name: "Cannon", system: { reloads: { value: 4, max: 4 }, heavy: true } },
      { id: "coax", name: "Coax MG", system: { reloads: { value: 5, max: 5 }, heavy: false } },
      { id: "smoke", name: "Smoke launcher", system: { reloads: { value: 1, max: 2 }, heavy: false } },
    ],
  };
}

export function first(): CompanyState {
  return { id: "first", name: "First Company", type: "company", system: { morale: 5, squads: ["red"] } };
}

/** Pip rides in the Rhino. */
export function pip(): InfantryState {
  const p = ada();
  return { ...p, id: "pip", name: "Pip", system: { ...p.system, speed: 5, vehicle: "rhino" }, weapons: [] };
}

/**
 * Round 2 of an encounter: Ada, Red Squad, the Rhino and Pip fight (fresh
 * budgets); the First Company and an outsider, Zed, are not combatants.
 */
export function scene(opts: { ada?: InfantryState; red?: InfantryState; round?: number; budgets?: Record<string, ActionBudget> } = {}): SkirmishState {
  const round = opts.round ?? 2;
  const zed: InfantryState = { ...ada(), id: "zed", name: "Zed" };
  const actors = { ada: opts.ada ?? ada(), red: opts.red ?? red(), rhino: rhino(), pip: pip(), first: first(), zed };
  const combatants: Record<string, ActionBudget> = { ada: newBudget(round), red: newBudget(round), rhino: newBudget(round), pip: newBudget(round), ...opts.budgets };
  return { actors, combatants, round };
}

export function infantry(state: SkirmishState, id: string): InfantryState {
  const a = state.actors[id];
  if (a?.type !== "infantry") throw new Error(`${id} is not infantry`);
  return a;
}

/** What the map says of a target: its token, the name it shows, its actor, and its distance from the attacker. */
export function onMap(actor = "zed", distance: number | null = 6, units = ""): TargetOnMap {
  return { token: `Scene.s.Token.${actor}`, name: `${actor} token`, actor, distance, units };
}

/** An attack's choice aimed at a target on the map (Zed, 6 away, by default). */
export function aim<C extends object>(choice: C, target: TargetOnMap | null = onMap()): C & { target: string; onMap: TargetOnMap | null } {
  return { ...choice, target: target?.token ?? "Scene.s.Token.gone", onMap: target };
}
