/**
 * A token moved on the canvas counts as moving that round, whether or not its Move button was
 * used: the active GM's client marks the fighter's record of the round in its encounter. Only in
 * a started Skirmish encounter.
 */
import { isSkirmishCombatant, roundPath, storedRound } from "../data/state";

async function onTokenMoved(token: TokenDocument.Implementation, changed: object): Promise<void> {
  if (!("x" in changed || "y" in changed) || !game.users?.activeGM?.isSelf) return;
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    const combatant = combat.combatants.find((c) => c.tokenId === token.id || (!c.tokenId && !!token.actorId && c.actorId === token.actorId));
    const actor = combatant?.actor as Actor.Implementation | null | undefined;
    if (!isSkirmishCombatant(combatant) || !actor) continue;
    if (storedRound(combat, actor.uuid, combat.round)?.moved) continue;
    await combat.update({ [`${roundPath(actor.uuid, combat.round)}.moved`]: true } as Combat.UpdateData);
  }
}

export function registerSkirmishMovement(): void {
  Hooks.on("updateToken", (token, changed) => void onTokenMoved(token as TokenDocument.Implementation, changed as object).catch((e: unknown) => console.error(e)));
}
