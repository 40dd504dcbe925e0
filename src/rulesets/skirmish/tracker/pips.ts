/**
 * The budget on the combat tracker: under each Skirmish combatant, pips for what is left of its
 * move, major, minor and free actions this round (pushed ones marked).
 */
import { onTrackerRender } from "../../../core/tracker";
import { budgetOf, isSkirmishCombatant } from "../data/state";
import { skirmishSettings } from "../settings";
import { budgetView } from "./budget-view";

function pipsElement(combat: Combat.Implementation, actor: Actor.Implementation, round: number): HTMLElement {
  const root = document.createElement("div");
  root.className = "factions factions-skirmish-pips";
  for (const group of budgetView(budgetOf(combat, actor.uuid, round), skirmishSettings())) {
    const span = document.createElement("span");
    span.className = `factions-pip-group factions-kind-${group.kind}`;
    span.dataset.tooltip = group.text;
    // One picture with one name (a plain span's aria-label is ignored by screen readers).
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", group.text);
    const name = document.createElement("span");
    name.className = "factions-pip-label";
    name.textContent = group.label;
    span.append(name);
    for (const pip of group.pips) {
      const i = document.createElement("i");
      i.className = `factions-pip${pip.filled ? " factions-filled" : " factions-spent"}${pip.pushed ? " factions-pushed" : ""}`;
      i.setAttribute("inert", "");
      span.append(i);
    }
    root.append(span);
  }
  return root;
}

export function decorate(root: HTMLElement, combat: Combat.Implementation | null): void {
  if (!combat) return;
  for (const li of root.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat.combatants.get(li.dataset.combatantId ?? "");
    const actor = combatant?.actor as Actor.Implementation | null | undefined;
    if (!isSkirmishCombatant(combatant) || !actor) continue;
    li.querySelector(".factions-skirmish-pips")?.remove();
    (li.querySelector(".token-name") ?? li).append(pipsElement(combat, actor, combat.round ?? 0));
  }
}

export function registerSkirmishTracker(): void {
  onTrackerRender(decorate);
}
