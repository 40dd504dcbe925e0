/**
 * The encounter's own moves (Next Step, Next Turn, going back) are cards of the encounter, not of
 * a hero: their acting document is the Combat itself. The shared pipeline takes an actor, so this
 * posts such a card the same way (resolved with real rolls, its choice, formulas and ids kept) and
 * hands it to the GM's client to apply like any other: verified, written all or nothing, kept in
 * the ledger and undoable.
 */
import type { ActionDefinition, Choice } from "../../../core/actions/definition";
import { ActionError, warn } from "../../../core/actions/errors";
import { checkActing } from "../../../core/actions/checks";
import { applyMessage, type ActionMessage } from "../../../core/actions/pipeline";
import { resolveWithRolls } from "../../../core/actions/posting";
import { SYSTEM_ID } from "../../../core/constants";

/** Post an encounter card as the current user (a GM), then have it applied. A refusal is shown and changes nothing. */
export async function postEncounterCard(def: ActionDefinition, combat: Combat.Implementation, choice: Choice): Promise<ActionMessage | null> {
  try {
    if (!game.user?.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    // The choice's shape first (naming a malformed field), then that it acts as this Combat.
    checkActing(def, choice, combat.uuid, game.user);
    const { outcome, rolls, formulas, ids } = await resolveWithRolls(def, choice);
    const data = {
      type: "action" as const,
      speaker: ChatMessage.getSpeaker({ alias: game.i18n!.localize("FACTIONS.Rounds.Tracker.Encounter") }),
      rolls,
      system: { action: def.id, actor: combat.uuid, round: combat.round ?? 0, choice, phase: "resolved", outcome, formulas, ids },
    };
    const message = (await ChatMessage.create(data as ChatMessage.CreateData)) as ActionMessage | undefined;
    if (!message) return null;
    if (game.settings!.get(SYSTEM_ID, "autoApply") && game.users?.activeGM) await applyMessage(message);
    return message;
  } catch (error) {
    warn(error);
    return null;
  }
}
