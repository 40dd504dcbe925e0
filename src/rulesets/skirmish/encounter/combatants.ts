/**
 * An infantry or a vehicle joining an encounter (from the token HUD, the tracker or a macro) is a
 * Skirmish combatant: the `skirmish` Combatant type, whose system data keeps its budget round by
 * round, starting with the encounter's current round (if it has started).
 */
import { freshBudget } from "../changes";
import { COMBATANT_TYPE, isFighter } from "../data/state";

function onPreCreate(combatant: Combatant.Implementation): void {
  if (combatant.type === COMBATANT_TYPE || !isFighter(combatant.actor as Actor.Implementation | null)) return;
  const round = combatant.parent?.round ?? 0;
  // Before the encounter starts there is no round to budget: the first round's start gives one.
  const budgets = round > 0 ? { [String(round)]: freshBudget(round) } : {};
  combatant.updateSource({ type: COMBATANT_TYPE, "==system": { budgets } } as unknown as Combatant.UpdateData);
}

export function registerSkirmishCombatants(): void {
  Hooks.on("preCreateCombatant", (combatant) => onPreCreate(combatant as Combatant.Implementation));
}
