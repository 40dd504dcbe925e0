/**
 * The end of a Skirmish encounter (the GM ends or deletes it): on that GM's client a dialog says
 * what carries over — each squad's highest Morale added to its company, and the fight's effects
 * ending — and, confirmed, it is one card, undoable like any other.
 */
import { promptAction } from "../../../core/actions/prompt";
import type { DialogField } from "../../../core/actions/dialog";
import { localizeLine, warn } from "../../../core/actions/errors";
import { performAction } from "../../../core/actions/pipeline";
import { resolveEnd, type EndChoice } from "../actions";
import { fightersOf } from "../data/state";
import { ACTIONS } from "../rules/context";

/** Dice for the preview: the end of a fight rolls nothing. */
const noDice = {
  roll(): number {
    throw new Error("The end of a fight rolls nothing");
  },
};

/** What ending the fight would do, as the dialog lists it; null when there is nothing to do. */
export function endPreview(choice: EndChoice): DialogField[] | null {
  const result = resolveEnd(choice, { dice: noDice, newId: () => "" });
  if (!result.ok || result.value.changes.length === 0) return null;
  return [
    { kind: "info", text: game.i18n!.localize("FACTIONS.Skirmish.Dialog.EndIntro") },
    ...result.value.log.map((line): DialogField => ({ kind: "info", text: localizeLine(line) })),
  ];
}

async function onCombatDeleted(combat: Combat.Implementation, userId: string): Promise<void> {
  if (userId !== game.user?.id || !game.user.isGM) return;
  const choice: EndChoice = { combatants: [...fightersOf(combat).keys()] };
  if (!choice.combatants.length) return;
  const fields = endPreview(choice);
  if (!fields) return;
  const values = await promptAction({ title: game.i18n!.localize("FACTIONS.Skirmish.Dialog.EndTitle"), fields, submit: "FACTIONS.Skirmish.Dialog.CarryOver" });
  if (values) await performAction(ACTIONS.endCombat, null, choice);
}

export function registerSkirmishEnd(): void {
  Hooks.on("deleteCombat", (combat, _options, userId) => void onCombatDeleted(combat as Combat.Implementation, userId).catch(warn));
}
