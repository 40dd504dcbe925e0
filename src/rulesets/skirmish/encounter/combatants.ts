/**
 * An infantry or a vehicle joining an encounter (from the token HUD, the tracker or a macro) is a
 * Skirmish combatant: the `skirmish` Combatant type. Its budget is not on it: the encounter keeps
 * each fighter's budget by round (data/state.ts), so leaving and joining again gives none afresh.
 */
import { COMBATANT_TYPE, isFighter } from "../data/state";

function onPreCreate(combatant: Combatant.Implementation): void {
  if (combatant.type === COMBATANT_TYPE || !isFighter(combatant.actor as Actor.Implementation | null)) return;
  combatant.updateSource({ type: COMBATANT_TYPE, "==system": { budgets: {} } } as unknown as Combatant.UpdateData);
}

export function registerSkirmishCombatants(): void {
  Hooks.on("preCreateCombatant", (combatant) => onPreCreate(combatant as Combatant.Implementation));
}
