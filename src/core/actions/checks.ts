/**
 * The checks every client makes of an action before it is posted, and the GM's client again
 * before it applies one (./authority.ts): who acts, the choice's shape, the options it claims.
 * Also the one queue the GM's client runs its jobs in (the authority's and the GM records'), here
 * at start-up so every job joins it in the order it was asked for, whatever code it loads first.
 */
import { claimRefusal, type Claim, type RecordView } from "../records/record";
import { recordViewOf } from "../chat/action-message";
import { shapeRefusal } from "../rules/shape";
import { actionDefinition, type ActionDefinition, type Choice } from "./definition";
import { actorOf } from "./documents";
import { ActionError } from "./errors";
import type { ActionMessage } from "../chat/action-message";

let queue: Promise<unknown> = Promise.resolve();

/** Run `work` after every job started before it on this client. */
export function serially<T>(work: () => Promise<T>): Promise<T> {
  const run = queue.then(work);
  queue = run.catch(() => undefined);
  return run;
}

export function definitionOf(message: ActionMessage): ActionDefinition {
  const def = actionDefinition(message.system.action);
  if (!def) throw new ActionError("FACTIONS.Action.Error.UnknownAction", { action: message.system.action });
  return def;
}

/** Does `user` own the actor (or, as a GM, stand in for it)? The empty reference is a GM's. */
export function owns(user: User.Implementation, ref: string): boolean {
  if (user.isGM) return true;
  const actor = ref ? actorOf(ref) : null;
  return !!actor?.testUserPermission(user, "OWNER");
}

/** Refuse a choice that is not of the action's shape, naming the field (before anything reads it). */
export function checkShape(def: ActionDefinition, choice: Choice): void {
  const refusal = shapeRefusal(def.shape, choice);
  if (refusal) throw new ActionError(refusal.key, refusal.data);
}

/**
 * The checks of who acts, against what the server recorded: the card's author owns the card's
 * actor, the choice acts as that actor, and a GM-only action was posted by a GM.
 */
export function checkActing(def: ActionDefinition, choice: Choice, actorRef: string, user: User.Implementation): void {
  checkShape(def, choice);
  if (def.actingActor(choice) !== actorRef) throw new ActionError("FACTIONS.Action.Error.WrongActor");
  if (def.gmOnly && !user.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  if (!owns(user, actorRef)) throw new ActionError("FACTIONS.Action.Error.NotYours");
  const refusal = def.checkUser?.(choice, user) ?? null;
  if (refusal) throw new ActionError(refusal.key, refusal.data);
}

/** The options a choice takes up (other cards' offers); throws its refusal if it names none rightly. */
export function claimsOf(def: ActionDefinition, choice: Choice): Claim[] {
  const claims = def.claims?.(choice) ?? [];
  if (!Array.isArray(claims)) throw new ActionError(claims.key, claims.data);
  return claims;
}

/**
 * The options of other cards this choice takes up; throws if it claims one it may not take
 * (`holder` reserved them). `lookup` reads the offering cards: on the acting client their rulings
 * as its chat log holds them; on the GM's client, which decides, the records themselves.
 */
export function checkClaims(
  def: ActionDefinition,
  choice: Choice,
  user: User.Implementation,
  holder?: string,
  lookup: (card: string) => Pick<RecordView, "status" | "archived" | "followUps" | "taken"> | null = recordViewOf,
): Claim[] {
  const claims = claimsOf(def, choice);
  const refusal = claimRefusal(lookup, claims, (actor) => owns(user, actor), holder);
  if (refusal) throw new ActionError(refusal.key, refusal.data);
  return claims;
}
