/**
 * Realm turns on Foundry's combat tracker. A realm's turn ends when it passes (End Turn on its
 * sheet) or when the encounter moves on past it: then the GM's client ends it with a card, so it
 * can be undone. Going back a turn ends nothing, and a realm starts its turn only when the
 * encounter gives it one (the rules read the encounter from `battleState`).
 */
import { performAction } from "../../../core/actions/pipeline";
import { onCombatEvent, type CombatEvent } from "../../../core/documents/combat";
import { isRealm } from "../data/state";
import { BATTLE_ACTIONS } from "../ids";

async function onTurnEnd({ combatant }: CombatEvent): Promise<void> {
  const actor = combatant?.actor;
  if (isRealm(actor) && actor.system.started) await performAction(BATTLE_ACTIONS.endTurn, actor, { realm: actor.uuid });
}

export function registerRealmTurns(): void {
  onCombatEvent("endTurn", onTurnEnd);
}
