/**
 * A token moved on the canvas counts as moving that round, whether or not its Move button was
 * used: the active GM's client marks the round's budget of its combatant. Only in a started
 * Skirmish encounter.
 */
import { freshBudget } from "../changes";
import { budgetsOf, isSkirmishCombatant } from "../data/state";

async function onTokenMoved(token: TokenDocument.Implementation, changed: object): Promise<void> {
  if (!("x" in changed || "y" in changed) || !game.users?.activeGM?.isSelf) return;
  for (const combat of game.combats ?? []) {
    if (!combat.started) continue;
    const combatant = combat.combatants.find((c) => c.tokenId === token.id || (!c.tokenId && !!token.actorId && c.actorId === token.actorId));
    if (!isSkirmishCombatant(combatant)) continue;
    const key = String(combat.round);
    const budget = budgetsOf(combatant)[key];
    if (budget?.moved) continue;
    const update = budget ? { [`system.budgets.${key}.moved`]: true } : { [`system.budgets.${key}`]: { ...freshBudget(combat.round), moved: true } };
    await combatant.update(update as Combatant.UpdateData);
  }
}

export function registerSkirmishMovement(): void {
  Hooks.on("updateToken", (token, changed) => void onTokenMoved(token as TokenDocument.Implementation, changed as object).catch((e: unknown) => console.error(e)));
}
