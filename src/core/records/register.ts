/**
 * Every client follows what the records say of the cards: when a card's ruling changes (the GM's
 * client wrote it), when the GM's client told this user their own view of a card (./reveals.ts), or
 * when the GM's client wrote records (on that client), the cards concerned are drawn again and the
 * chronicle refreshed, once per batch. The GMs' compendium of records is never offered in the
 * Compendium sidebar: players may not open it, and a GM reads the records through the cards and the
 * chronicle, not as journal entries.
 */
import { isActionMessage } from "../chat/action-message";
import { RECORDS_PACK_ID } from "./ids";
import { forgetReveal, onRevealed } from "./reveals";

/** The hook the GM's client calls with the cards whose records it wrote. */
export const RECORDS_CHANGED = "factions.recordsChanged";

declare module "fvtt-types/configuration" {
  namespace Hooks {
    interface HookConfig {
      /** The GM's client wrote the records of these cards. */
      "factions.recordsChanged": (cards: string[]) => void;
    }
  }
}

/** Take the records' compendium out of the Compendium sidebar as it renders. */
export function hideRecordsPack(html: HTMLElement): void {
  for (const el of html.querySelectorAll(`[data-pack="${CSS.escape(RECORDS_PACK_ID)}"]`)) (el.closest("li") ?? el).remove();
}

/** `onRecords` hears, once per batch of changes, the ids of the cards whose records changed. */
export function registerRecords(onRecords: (cards: string[]) => void): void {
  const pending = new Set<string>();
  const changed = (cards: readonly string[]) => {
    if (!cards.length) return;
    if (!pending.size) {
      queueMicrotask(() => {
        const batch = [...pending];
        pending.clear();
        onRecords(batch);
      });
    }
    for (const card of cards) pending.add(card);
  };
  Hooks.on("updateChatMessage", (message, changes) => {
    if (!isActionMessage(message) || !foundry.utils.hasProperty(changes, "system.ruling")) return;
    forgetReveal(message.id!);
    changed([message.id!]);
  });
  // A card gone from the chat log: a player's chronicle reads its line from the GM's client now.
  Hooks.on("deleteChatMessage", (message) => {
    if (isActionMessage(message)) changed([message.id!]);
  });
  Hooks.on(RECORDS_CHANGED, changed);
  onRevealed(changed);
  Hooks.on("renderCompendiumDirectory", (_app, html) => hideRecordsPack(html as HTMLElement));
}
