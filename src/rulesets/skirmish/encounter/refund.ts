/**
 * Deleting a Skirmish action's applied card refunds it as undoing does: when a GM deletes the chat
 * message, the active GM's client undoes the card from the ledger's record, once. A player deleting
 * their own card refunds nothing (only a GM undoes).
 */
import { undoDeletedAsGM } from "../../../core/actions/authority";
import { warn } from "../../../core/actions/errors";
import { isActionMessage } from "../../../core/actions/pipeline";
import { recordOf } from "../../../core/ledger/store";
import type { SkirmishDetail } from "../rules/common";

const SKIRMISH = "skirmish.";

function onDelete(message: ChatMessage.Implementation, userId: string): void {
  if (!game.users?.activeGM?.isSelf || !isActionMessage(message) || !message.system.action.startsWith(SKIRMISH)) return;
  const deleter = game.users.get(userId);
  const record = recordOf(message.id!);
  if (!deleter?.isGM || record?.status !== "applied") return;
  // Only a card that spent or granted actions: the round's tick or the end of a fight stay as they are.
  if (!(record.outcome?.detail as SkirmishDetail | undefined)?.economy) return;
  void undoDeletedAsGM(message, deleter as User.Implementation).catch(warn);
}

export function registerSkirmishRefunds(): void {
  Hooks.on("deleteChatMessage", (message, _options, userId) => onDelete(message as ChatMessage.Implementation, userId));
}
