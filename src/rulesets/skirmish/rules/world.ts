import { applyChanges, cloneJson, revertChanges, toJson, type ItemSource, type World } from "../../../core/rules/changes";
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { undoEconomy, type SkirmishDetail } from "./common";
import { DEFAULT_SKIRMISH_SETTINGS } from "./context";
import type { EconomySettings } from "./economy";
import { applyEffectPlan, invertEffectPlan, type EffectPlan } from "./effects";
import { WEAPON_ITEM_TYPE, type SkirmishActor, type SkirmishState, type WeaponItem, type WeaponSystem } from "./state";

/** The state as the generic world of `changes.ts`: actors with their weapons as items. */
export function skirmishWorld(state: SkirmishState): World {
  const world: World = {};
  for (const [id, a] of Object.entries(state.actors)) {
    const items: Record<string, ItemSource> = {};
    if (a.type !== "company") for (const w of a.weapons) items[w.id] = { _id: w.id, name: w.name, type: WEAPON_ITEM_TYPE, system: toJson(w.system) };
    world[id] = { system: toJson(a.system), items };
  }
  return world;
}

/** The state a world describes; types, names, effects, combatants and the round come from `prior`, weapons keep its order. */
export function skirmishStateOf(world: World, prior: SkirmishState): SkirmishState {
  const actors: Record<string, SkirmishActor> = {};
  for (const [id, before] of Object.entries(prior.actors)) {
    const w = world[id];
    if (!w) continue;
    const system = cloneJson(w.system) as unknown;
    if (before.type === "company") {
      actors[id] = { ...before, system: system as typeof before.system };
      continue;
    }
    const weapons: WeaponItem[] = before.weapons
      .filter((x) => w.items[x.id])
      .map((x) => ({ id: x.id, name: w.items[x.id]!.name, system: cloneJson(w.items[x.id]!.system) as unknown as WeaponSystem }));
    if (before.type === "infantry") actors[id] = { ...before, system: system as typeof before.system, weapons, effects: before.effects.map((e) => ({ ...e })) };
    else actors[id] = { ...before, system: system as typeof before.system, weapons };
  }
  return { actors, combatants: { ...prior.combatants }, round: prior.round };
}

function withEffects(state: SkirmishState, plans: readonly EffectPlan[]): SkirmishState {
  const actors = { ...state.actors };
  for (const plan of plans) {
    const a = actors[plan.actor];
    if (a?.type !== "infantry") throw new Error(`No infantry "${plan.actor}" for an effect plan`);
    actors[plan.actor] = { ...a, effects: applyEffectPlan(a.effects, plan) };
  }
  return { ...state, actors };
}

/** The state after an outcome: its changes, its effect plans and its acting combatant's budget. */
export function applyOutcome(state: SkirmishState, outcome: Outcome<SkirmishDetail>): SkirmishState {
  let next = skirmishStateOf(applyChanges(skirmishWorld(state), outcome.changes), state);
  next = withEffects(next, outcome.detail.effects);
  const eco = outcome.detail.economy;
  if (eco) next = { ...next, combatants: { ...next.combatants, [eco.combatant]: eco.after } };
  return next;
}

/** The state after an outcome's card is undone: changes reverted, effect plans inverted, the round's budget replayed without it. */
export function undoOutcome(state: SkirmishState, outcome: Outcome<SkirmishDetail>, settings: EconomySettings = DEFAULT_SKIRMISH_SETTINGS): Result<SkirmishState> {
  let next = state;
  const eco = outcome.detail.economy;
  if (eco) {
    const current = state.combatants[eco.combatant];
    if (current) {
      const budget = undoEconomy(current, eco, settings);
      if (!budget.ok) return budget;
      next = { ...next, combatants: { ...next.combatants, [eco.combatant]: budget.value } };
    }
  }
  next = withEffects(next, [...outcome.detail.effects].reverse().map(invertEffectPlan));
  return ok(skirmishStateOf(revertChanges(skirmishWorld(next), outcome.changes), next));
}
