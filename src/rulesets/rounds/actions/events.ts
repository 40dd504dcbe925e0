/**
 * Interstep events resolve one card at a time, on the GM's client: once a step card has put a
 * boundary's events on the Combat, or the team has put them in order, or an event has fired, the
 * next event due fires as its hero's card, until a group waits for its team's order or none is
 * left. Each card's apply hands on to the next, so the order holds across reloads and undo.
 */
import { actorOf } from "../../../core/actions/documents";
import { warn } from "../../../core/actions/errors";
import { performAction, type ActionMessage } from "../../../core/actions/pipeline";
import { ENCOUNTER_ACTIONS } from "../rules/encounter";
import { encounterOf, roundsCombatOf, type RoundsCombat } from "../encounter/state";
import { FIRE } from "./ids";

const HANDS_ON: string[] = [ENCOUNTER_ACTIONS.nextStep, ENCOUNTER_ACTIONS.nextTurn, ENCOUNTER_ACTIONS.order, FIRE];

/** Fire the next event due, if its group is in order (the active GM's client only). */
export async function resolveNextEvent(combat: RoundsCombat): Promise<ActionMessage | null> {
  if (!game.users?.activeGM?.isSelf) return null;
  const group = encounterOf(combat).pending[0];
  const event = group?.ordered ? group.events[0] : undefined;
  const hero = event ? actorOf(event.hero) : null;
  if (!event || !hero) return null;
  return performAction(FIRE, hero, { combat: combat.uuid, hero: event.hero, key: event.key });
}

async function onApplied(message: ActionMessage): Promise<void> {
  if (!HANDS_ON.includes(message.system.action)) return;
  const combat = roundsCombatOf((message.system.choice as { combat?: unknown }).combat);
  if (combat) await resolveNextEvent(combat);
}

export function registerEventChain(): void {
  Hooks.on("factions.applied", (message) => void onApplied(message as ActionMessage).catch(warn));
}
