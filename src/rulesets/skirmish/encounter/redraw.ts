/**
 * An infantry's or a vehicle's sheet shows its budget, which its encounter keeps: the sheet is
 * drawn again, on each client, when the encounter's records or round change, or the fighter
 * joins or leaves it.
 */
import { isSkirmishCombatant } from "../data/state";

/** Draw again the actor's open windows (its sheets). */
function redraw(actor: Actor.Implementation | null | undefined): void {
  actor?.render(false);
}

export function registerSkirmishRedraws(): void {
  const joinedOrLeft = (combatant: Combatant.Implementation) => {
    if (isSkirmishCombatant(combatant)) redraw(combatant.actor as Actor.Implementation | null);
  };
  Hooks.on("createCombatant", (combatant) => joinedOrLeft(combatant as Combatant.Implementation));
  Hooks.on("deleteCombatant", (combatant) => joinedOrLeft(combatant as Combatant.Implementation));
  Hooks.on("updateCombat", (combat, changed) => {
    if (!("round" in (changed as object)) && !("flags" in (changed as object))) return;
    for (const c of combat.combatants) if (isSkirmishCombatant(c)) redraw(c.actor as Actor.Implementation | null);
  });
}
