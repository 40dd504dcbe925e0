/**
 * The budget on the combat tracker: under each Skirmish combatant, a row of pips for what is left
 * of its move, major, minor and free actions this round (pushed ones marked by shape and name).
 */
import { onTrackerRender } from "../../../core/tracker";
import { budgetOf, isSkirmishCombatant } from "../data/state";
import { skirmishSettings } from "../settings";
import { budgetView, pipsMarkup } from "./budget-view";

function pipsElement(combat: Combat.Implementation, actor: Actor.Implementation, round: number): HTMLElement {
  const holder = document.createElement("div");
  holder.innerHTML = pipsMarkup(budgetView(budgetOf(combat, actor.uuid, round), skirmishSettings()), "factions factions-skirmish-pips factions-tracker-pips");
  return holder.firstElementChild as HTMLElement;
}

export function decorate(root: HTMLElement, combat: Combat.Implementation | null): void {
  if (!combat) return;
  for (const li of root.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat.combatants.get(li.dataset.combatantId ?? "");
    const actor = combatant?.actor as Actor.Implementation | null | undefined;
    if (!isSkirmishCombatant(combatant) || !actor) continue;
    li.querySelector(".factions-skirmish-pips")?.remove();
    // A row of its own under the fighter's line, as wide as the tracker: the pips never wrap.
    li.classList.add("factions-has-pips");
    li.append(pipsElement(combat, actor, combat.round ?? 0));
  }
}

export function registerSkirmishTracker(): void {
  onTrackerRender(decorate);
}
