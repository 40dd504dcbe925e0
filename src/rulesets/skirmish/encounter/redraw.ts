/**
 * An infantry's or a vehicle's sheet shows its budget, which lives on its Combatant: the sheet is
 * drawn again, on each client, when its combatant's budget changes or its encounter's round does.
 */
import { isSkirmishCombatant } from "../data/state";

/** Draw again the actor's open windows (its sheets). */
function redraw(actor: Actor.Implementation | null | undefined): void {
  actor?.render(false);
}

export function registerSkirmishRedraws(): void {
  Hooks.on("updateCombatant", (combatant) => {
    if (isSkirmishCombatant(combatant as Combatant.Implementation)) redraw(combatant.actor as Actor.Implementation | null);
  });
  Hooks.on("updateCombat", (combat, changed) => {
    if (!("round" in (changed as object))) return;
    for (const c of combat.combatants) if (isSkirmishCombatant(c)) redraw(c.actor as Actor.Implementation | null);
  });
}
