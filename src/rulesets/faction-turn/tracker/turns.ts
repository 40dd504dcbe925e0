/**
 * The faction turn on Foundry's own combat tracker: factions are combatants,
 * a faction's turn opens with Start Turn and allows one action, and the
 * tracker shows under each faction whether its turn started and what it did.
 */
import { performAction } from "../../../core/actions/pipeline";
import type { FactionsActor } from "../../../core/documents/actor";
import { onCombatEvent, type CombatEvent } from "../../../core/documents/combat";
import { onTrackerRender, redrawTrackerOf } from "../../../core/tracker";
import { takeFactionAction } from "../actions";
import { ACTIONS, actionKey } from "../rules/context";

/** The line shown under a faction in the tracker. */
export function turnSummary(actor: Actor.Implementation): string {
  const i18n = game.i18n!;
  if (!actor.isFaction()) return "";
  const { started, action } = actor.system.turn;
  if (!started) return i18n.localize("FACTIONS.FactionTurn.Tracker.NotStarted");
  if (!action) return i18n.localize("FACTIONS.FactionTurn.Tracker.Started");
  return i18n.format("FACTIONS.FactionTurn.Tracker.Did", { action: i18n.localize(`FACTIONS.FactionTurn.Action.${actionKey(action)}`) });
}

/** The faction whose turn it is gets a Start Turn button, for its owners, until it has started. */
function startButton(actor: FactionsActor<"faction">): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  button.className = "factions-start-turn";
  button.textContent = game.i18n!.localize("FACTIONS.FactionTurn.Action.start");
  button.addEventListener("click", (event) => {
    event.stopPropagation();
    void takeFactionAction(actor, "start");
  });
  return button;
}

export function decorate(root: HTMLElement, combat: Combat.Implementation | null): void {
  if (!combat) return;
  for (const li of root.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const combatant = combat.combatants.get(li.dataset.combatantId ?? "");
    const actor = combatant?.actor;
    if (!actor?.isFaction()) continue;
    li.querySelector(".factions-turn")?.remove();
    const note = document.createElement("div");
    note.className = "factions factions-turn";
    note.textContent = turnSummary(actor);
    // Start Turn once per turn: not when the GM has gone back to a turn already had.
    if (combat.combatant === combatant && combat.atFrontier && actor.isOwner && !actor.system.turn.started) note.append(" ", startButton(actor));
    (li.querySelector(".token-name") ?? li).append(note);
  }
}

/**
 * When the encounter moves on past a faction's turn, the GM's client ends that turn (a card, so it
 * can be undone). The combat hands this out only going forward: going back never ends a turn.
 */
async function onTurnEnd({ combatant }: CombatEvent): Promise<void> {
  const actor = combatant?.actor;
  if (actor?.isFaction() && actor.system.turn.started) await performAction(ACTIONS.end, actor, { faction: actor.uuid });
}

export function registerTurnTracker(): void {
  onCombatEvent("endTurn", onTurnEnd);
  onTrackerRender(decorate);
  // A faction's turn state changes its line in the tracker.
  Hooks.on("updateActor", (actor) => {
    if (actor.isFaction()) redrawTrackerOf(actor);
  });
}
