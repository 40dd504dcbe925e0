/**
 * Taking an action, on the acting user's client: check who acts, ask, roll, post the card.
 * Everything that changes documents or decides a card's fate is the active GM's client's
 * (./authority.ts, loaded there on first use), reached through ./requests.ts.
 */
import { SYSTEM_ID } from "../constants";
import { isActionMessage, type ActionMessage } from "../chat/action-message";
import { actionDefinition, type Choice } from "./definition";
import { checkActing, checkClaims, definitionOf, serially } from "./checks";
import { ActionError, warn } from "./errors";
import { postCard, resolveWithRolls } from "./posting";
import { askGM, onRequest } from "./requests";

// A card of the system, and how to tell one: defined with its data model, named here for the rulesets.
export { isActionMessage, type ActionMessage } from "../chat/action-message";

/** Check a choice as far as it can be checked before anyone answers; throws its rejection. */
function precheck(def: ReturnType<typeof definitionOf>, choice: Choice): void {
  const stop = Symbol("stop at the first roll");
  try {
    const result = def.resolve(choice, {
      dice: {
        roll: () => {
          throw stop;
        },
      },
      newId: () => foundry.utils.randomID(),
    });
    if (!result.ok) throw new ActionError(result.reason.key, result.reason.data);
  } catch (error) {
    if (error !== stop) throw error;
  }
}

/**
 * Take an action: check it, roll it, post its card, and (by default) have the GM's client
 * apply it. A refused action shows its reason and changes nothing. `actor` is null for an action
 * of no one actor (a GM's, for a whole encounter: its choice acts as "").
 */
export async function performAction(id: string, actor: Actor.Implementation | null, choice: Choice): Promise<ActionMessage | null> {
  try {
    const def = actionDefinition(id);
    if (!def) throw new ActionError("FACTIONS.Action.Error.UnknownAction", { action: id });
    if (actor !== null && !(actor instanceof Actor)) throw new ActionError("FACTIONS.Action.Error.Missing");
    if (typeof choice !== "object" || choice === null) throw new ActionError("FACTIONS.Action.Error.BadRequest");
    checkActing(def, choice, actor?.uuid ?? "", game.user!);
    if (Hooks.call("factions.preAction", id, actor, choice) === false) return null;
    const claims = checkClaims(def, choice, game.user!);
    const awaiting = def.awaiting?.(choice) ?? null;
    if (awaiting) {
      precheck(def, choice);
      const card = await postCard(def, actor, { choice, phase: "awaiting", awaiting: awaiting.actor, prompt: awaiting.prompt });
      // The options it takes up are held for it while the other side answers (no GM: they are checked when it is answered).
      if (card && claims.length && game.users?.activeGM) await askGM("reserve", { message: card.id });
      return card ?? null;
    }
    const { outcome, rolls, formulas, ids } = await resolveWithRolls(def, choice);
    const message = await postCard(def, actor, { choice, phase: "resolved", outcome, formulas, ids }, rolls);
    if (message && game.settings!.get(SYSTEM_ID, "autoApply")) await autoApply(message);
    return message ?? null;
  } catch (error) {
    warn(error);
    return null;
  }
}

/** Apply a card just posted: with no GM connected it simply waits for one, which is no error. */
async function autoApply(message: ActionMessage): Promise<void> {
  if (!game.users?.activeGM) return void ui.notifications?.info(game.i18n!.localize("FACTIONS.Action.WaitingForGM"));
  await applyMessage(message);
}

/** Have the GM's client apply a resolved card. Refusals are shown; true if it was applied. */
export async function applyMessage(message: ActionMessage): Promise<boolean> {
  try {
    await askGM("apply", { message: message.id });
    return true;
  } catch (error) {
    warn(error);
    return false;
  }
}

/** Undo an applied card (a GM): restores exactly what it changed. */
export function undoMessage(message: ActionMessage): Promise<boolean> {
  return undoRecord(message.id ?? "");
}

/**
 * Undo an applied card by its id (a GM, from its card or the chronicle), whether the chat log still
 * has the card or not: the GM's client undoes it from its record.
 */
export async function undoRecord(id: string): Promise<boolean> {
  try {
    if (!game.user!.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    await askGM("undo", { record: id });
    return true;
  } catch (error) {
    warn(error);
    return false;
  }
}

/** The answering party completes an awaiting card (e.g. the defender picks its assets). */
export async function answerMessage(message: ActionMessage): Promise<void> {
  try {
    const def = definitionOf(message);
    if (message.system.status !== "awaiting") throw new ActionError("FACTIONS.Action.Error.AlreadyAnswered");
    const answered = await def.answer?.(message.system.choice as Choice);
    if (answered) await askGM("answer", { message: message.id, choice: answered });
  } catch (error) {
    warn(error);
  }
}

/** Take one of a card's options that is not an action (the mover bypasses a stance). Throws its refusal. */
export async function takeOption(card: ActionMessage, slot: string): Promise<void> {
  await askGM("take", { message: card.id, slot });
}

/** Link a document to an applied card, spending its option `slot` (a GM attaches a journal). Throws its refusal. */
export async function attachLink(card: ActionMessage, link: { uuid: string; label: string }, slot: string): Promise<void> {
  await askGM("link", { message: card.id, link, slot });
}

/** Archive the records the cutoff names (a GM): they can no longer be undone; the chronicle keeps their lines. Throws its refusal. */
export async function archiveRecords(cutoff: { beforeRound?: number; before?: number }): Promise<void> {
  if (!game.user!.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  await askGM("archive", cutoff);
}

/** The action card a request names, read from the world. */
function cardOf(payload: unknown): ActionMessage {
  const id = (payload as { message?: unknown } | null)?.message;
  const message = typeof id === "string" ? game.messages?.get(id) : undefined;
  if (!isActionMessage(message)) throw new ActionError("FACTIONS.Action.Error.Missing");
  return message;
}

const field = <T>(payload: unknown, key: string) => (payload as Record<string, unknown> | null)?.[key] as T | undefined;

/** The GM's side of the requests: a player's client never loads it. */
const authority = () => import("./authority");
type Authority = Awaited<ReturnType<typeof authority>>;

/**
 * Run a job of the authority in the queue, which it joins now, when it is asked for (before its
 * code loads, the first time), so jobs run in the order they came, the GM records' among them.
 */
function asGM<T>(job: (gm: Authority) => Promise<T>): Promise<T> {
  return serially(async () => job(await authority()));
}

/** A job on the card a request names, read from the world when the request comes. */
function onCard<T>(payload: unknown, job: (gm: Authority, card: ActionMessage) => Promise<T>): Promise<T> {
  const card = cardOf(payload);
  return asGM((gm) => job(gm, card));
}

/** Resolve an answered card (the active GM's client): rolls, posts the result as its own card and (by default) applies it. */
export function answerAsGM(sent: ActionMessage, answered: Choice, requester: User.Implementation): Promise<ActionMessage | null> {
  return asGM((gm) => gm.answerNow(sent, answered, requester));
}

/** What the active GM's client does for each request. */
export function registerGMRequests(): void {
  onRequest("apply", (payload, requester) => onCard(payload, (gm, card) => gm.applyNow(card, requester)));
  onRequest("undo", (payload, requester) => asGM((gm) => gm.undoRecordNow(field(payload, "record"), requester)));
  onRequest("answer", async (payload, requester) => {
    await answerAsGM(cardOf(payload), field<Choice>(payload, "choice") ?? (null as unknown as Choice), requester);
  });
  onRequest("reserve", (payload, requester) => onCard(payload, (gm, card) => gm.reserveNow(card, requester)));
  onRequest("archive", (payload, requester) => asGM((gm) => gm.archiveNow(payload, requester)));
  onRequest("take", (payload, requester) => onCard(payload, (gm, card) => gm.takeNow(card, String(field(payload, "slot") ?? ""), requester)));
  onRequest("link", (payload, requester) =>
    onCard(payload, (gm, card) => gm.linkNow(card, field<{ uuid: string; label: string }>(payload, "link") ?? { uuid: "", label: "" }, String(field(payload, "slot") ?? ""), requester)),
  );
  // What a player reads of the records (their own views of cards, their older chronicle lines): read only, outside the queue.
  onRequest("views", async (payload, requester) => (await readers()).viewsFor(field(payload, "cards"), requester));
  onRequest("chronicle", async (payload, requester) => (await readers()).chroniclePageFor(payload, requester));
}

/** What the GM's client tells each reader of the records, loaded there on first use. */
const readers = () => import("../records/readers");
