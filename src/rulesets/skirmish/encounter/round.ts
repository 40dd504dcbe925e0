/**
 * The round going forward, on the active GM's client (the encounter hands it out once per round,
 * never going back): one card that starts every combatant's budget afresh and ticks the fallout,
 * saying which effects ended. It is undoable like any card.
 */
import { performAction } from "../../../core/actions/pipeline";
import { onCombatEvent, type CombatEvent } from "../../../core/documents/combat";
import { ACTIONS } from "../rules/context";
import { isSkirmishEncounter } from "../data/state";
import type { RoundChoice } from "../actions";

async function onRoundStart({ combat, round }: CombatEvent): Promise<void> {
  if (!isSkirmishEncounter(combat)) return;
  const choice: RoundChoice = { combat: combat.id!, round };
  await performAction(ACTIONS.advanceRound, null, choice);
}

export function registerSkirmishRounds(): void {
  onCombatEvent("startRound", onRoundStart);
}
