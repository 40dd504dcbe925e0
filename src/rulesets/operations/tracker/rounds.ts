/**
 * Operations rounds on Foundry's combat tracker: at each round's start the
 * GM's client posts a Start Round card per organization in the encounter
 * (upkeep, recovery, acted marks reset) — on the GM's client only, and the line under each lieutenant
 * says whether it acted this round.
 */
import { onCombatEvent, type CombatEvent } from "../../../core/documents/combat";
import { onTrackerRender, redrawTrackerOf } from "../../../core/tracker";
import { startOperationsRound } from "../actions";
import { isLieutenant, isOrganization } from "../data/state";
import { worldDocument } from "../../../core/documents/uuid";

/** The line shown under a lieutenant in the tracker. */
export function roundSummary(actor: Actor.Implementation): string {
  if (!isLieutenant(actor)) return "";
  return game.i18n!.localize(`FACTIONS.Operations.Tracker.${actor.system.acted ? "Acted" : "NotActed"}`);
}

/** The organizations taking part: those in the encounter, and those of its lieutenants. */
export function encounterOrganizations(combat: Combat.Implementation): Actor.Implementation[] {
  const out = new Map<string, Actor.Implementation>();
  for (const c of combat.combatants) {
    const actor = c.actor as Actor.Implementation | null;
    if (isOrganization(actor)) out.set(actor.uuid, actor);
    else if (isLieutenant(actor)) {
      const org = worldDocument(actor.system.organization) as Actor.Implementation | null;
      if (isOrganization(org)) out.set(org.uuid, org);
    }
  }
  return [...out.values()];
}

export function decorate(root: HTMLElement, combat: Combat.Implementation | null): void {
  if (!combat) return;
  for (const li of root.querySelectorAll<HTMLElement>("[data-combatant-id]")) {
    const actor = combat.combatants.get(li.dataset.combatantId ?? "")?.actor as Actor.Implementation | null | undefined;
    if (!isLieutenant(actor)) continue;
    li.querySelector(".factions-round")?.remove();
    const note = document.createElement("div");
    note.className = `factions factions-round${actor.system.acted ? " factions-acted" : ""}`;
    note.textContent = roundSummary(actor);
    (li.querySelector(".token-name") ?? li).append(note);
  }
}

/**
 * A new round of the encounter starts every organization's round. The combat hands this out on the
 * active GM's client, once per round: never when the GM goes back, nor again when it moves forward
 * through a round it has already started.
 */
async function onRoundStart({ combat }: CombatEvent): Promise<void> {
  for (const org of encounterOrganizations(combat)) await startOperationsRound(org);
}

export function registerRoundTracker(): void {
  onCombatEvent("startRound", onRoundStart);
  onTrackerRender(decorate);
  Hooks.on("updateActor", (actor) => {
    if (isLieutenant(actor as Actor.Implementation)) redrawTrackerOf(actor as Actor.Implementation);
  });
}
