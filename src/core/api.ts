import { actionDefinition } from "./actions/definition";
import { applyMessage, isActionMessage, performAction, undoRecord } from "./actions/pipeline";
import { archiveChronicle, visibleChronicle } from "./chronicle/access";
import { openChronicle } from "./chronicle/open";
import { checkOdds } from "./rules/odds";

/**
 * The macro API, on `game.factions`. Every call goes through the same pipeline
 * as the sheets: checked, rolled, carded, applied; refusals are shown, never thrown.
 */
export const api = {
  /** Take an action with a ready choice, e.g. `game.factions.act("faction-turn.sell", actor, { faction: actor.uuid, asset: id })`. */
  act: performAction,
  /** Apply an action card by its message id. */
  apply: (messageId: string) => {
    const message = game.messages?.get(messageId);
    return isActionMessage(message) ? applyMessage(message) : Promise.resolve(false);
  },
  /** Undo by the card's id (a GM), whether the chat log still has the card or not: from its record. */
  undo: (messageId: string) => undoRecord(messageId),
  action: actionDefinition,
  odds: checkOdds,
  /**
   * The chronicle as the current user may read it, and its window; a GM archives the cards of
   * turns below `beforeRound` or applied before `before` (ms): `archive({ beforeRound: 5 })`.
   */
  chronicle: { entries: visibleChronicle, open: openChronicle, archive: archiveChronicle },
};

export type FactionsApi = typeof api;
