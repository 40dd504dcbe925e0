import { SYSTEM_ID } from "../constants";
import type { ActionMessageData } from "../chat/action-message";
import { jsonEqual, type Change } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import { actionDefinition, type ActionDefinition, type Choice } from "./definition";
import { canChangeAll, inverse, withFullSources, writeChanges } from "./documents";
import { ActionError, warn } from "./errors";
import { askGM } from "./queries";
import { replayDice, runWithRolls } from "./roller";

export type ActionMessage = ChatMessage.Implementation & { system: ActionMessageData };

export function isActionMessage(message: ChatMessage.Implementation | null | undefined): message is ActionMessage {
  return message?.type === "action";
}

function definitionOf(message: ActionMessage): ActionDefinition {
  const def = actionDefinition(message.system.action);
  if (!def) throw new ActionError("FACTIONS.Action.Error.UnknownAction", { action: message.system.action });
  return def;
}

/** Ids for created documents that stay the same across the re-runs of one resolution. */
function idSource(ids: string[]): () => () => string {
  return () => {
    let used = 0;
    return () => ids[used++] ?? (ids.push(foundry.utils.randomID()), ids[used - 1]!);
  };
}

/** Resolve with real rolls; throws the rules' rejection. */
async function resolve(def: ActionDefinition, choice: Choice) {
  const ids: string[] = [];
  const fresh = idSource(ids);
  const { value: result, rolls } = await runWithRolls((dice) => def.resolve(choice, { dice, newId: fresh() }));
  if (!result.ok) throw new ActionError(result.reason.key, result.reason.data);
  Hooks.callAll("factions.resolved", def.id, choice, result.value);
  return { outcome: result.value, rolls: rolls.map((r) => r.roll), formulas: rolls.map((r) => r.formula), ids };
}

/** Check a choice as far as it can be checked before anyone answers; throws its rejection. */
function precheck(def: ActionDefinition, choice: Choice): void {
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

function currentRound(): number {
  return game.combat?.round ?? 0;
}

/** Who sees an unnoticed action's card: the GMs and the acting actor's owners. */
export function unnoticedAudience(actor: Actor.Implementation): string[] {
  return (game.users?.contents ?? []).filter((u) => u.isGM || actor.testUserPermission(u, "OWNER")).map((u) => u.id!);
}

async function postCard(def: ActionDefinition, actor: Actor.Implementation, system: Record<string, unknown>, rolls: Roll[] = []) {
  const outcome = system.outcome as Outcome | undefined;
  const unnoticed = !!outcome && !!def.unnoticed?.(outcome);
  const data = {
    type: "action" as const,
    speaker: ChatMessage.getSpeaker({ actor }),
    rolls,
    ...(unnoticed ? { whisper: unnoticedAudience(actor) } : {}),
    system: { action: def.id, actor: actor.uuid, round: currentRound(), unnoticed, ...system },
  };
  return (await ChatMessage.create(data as ChatMessage.CreateData)) as ActionMessage | undefined;
}

/**
 * Take an action: check it, roll it, post its card, and (by default) apply it.
 * A refused action shows its reason and changes nothing.
 */
export async function performAction(id: string, actor: Actor.Implementation, choice: Choice): Promise<ActionMessage | null> {
  try {
    const def = actionDefinition(id);
    if (!def) throw new ActionError("FACTIONS.Action.Error.UnknownAction", { action: id });
    if (Hooks.call("factions.preAction", id, actor, choice) === false) return null;
    const awaiting = def.awaiting?.(choice) ?? null;
    if (awaiting) {
      precheck(def, choice);
      const secrets = def.secrets?.(choice, null) ?? [];
      return (await postCard(def, actor, { choice, status: "awaiting", awaiting: awaiting.actor, prompt: awaiting.prompt, secrets })) ?? null;
    }
    const { outcome, rolls, formulas, ids } = await resolve(def, choice);
    const secrets = def.secrets?.(choice, outcome) ?? [];
    const message = await postCard(def, actor, { choice, status: "resolved", outcome, formulas, ids, secrets }, rolls);
    if (message && game.settings!.get(SYSTEM_ID, "autoApply")) await applyMessage(message);
    return message ?? null;
  } catch (error) {
    warn(error);
    return null;
  }
}

/** Can the current user write this card's changes and the card itself without the GM? */
function canApplyHere(message: ActionMessage, changes: readonly Change[]): boolean {
  return game.user!.isGM || (message.isOwner && canChangeAll(changes));
}

/** Apply a resolved card: here if this user may, otherwise by the GM's client. */
export async function applyMessage(message: ActionMessage): Promise<boolean> {
  try {
    const outcome = message.system.resolvedOutcome;
    if (!outcome) throw new ActionError("FACTIONS.Action.Error.NotResolved");
    if (canApplyHere(message, outcome.changes)) await applyHere(message);
    else await askGM("apply", { message: message.id! });
    return true;
  } catch (error) {
    warn(error);
    return false;
  }
}

/** Messages being applied or undone on this client: a second click waits its turn and then finds it done. */
const busy = new Map<string, Promise<unknown>>();

function exclusive<T>(message: ActionMessage, work: () => Promise<T>): Promise<T> {
  const id = message.id!;
  const run = (busy.get(id) ?? Promise.resolve()).catch(() => undefined).then(work);
  busy.set(id, run);
  return run.finally(() => busy.get(id) === run && busy.delete(id));
}

/**
 * Re-run the rule with the card's own rolls against the world as it is now.
 * It must give exactly the card's changes: this both re-validates everything
 * (the GM's client does not trust the asker) and catches a world that changed
 * since the roll.
 */
function verify(message: ActionMessage, outcome: Outcome): void {
  const def = definitionOf(message);
  const stale = () => new ActionError("FACTIONS.Action.Error.Stale");
  const { formulas } = message.system;
  if (formulas.length !== message.rolls.length) throw stale();
  const dice = replayDice(
    formulas.map((formula, i) => ({ formula, total: message.rolls[i]!.total ?? 0 })),
    stale,
  );
  const ids = [...message.system.ids];
  let used = 0;
  const result = def.resolve(message.system.choice as Choice, { dice, newId: () => ids[used++] ?? "" });
  if (!result.ok) throw new ActionError(result.reason.key, result.reason.data);
  if (!dice.exhausted() || !jsonEqual(result.value.changes, outcome.changes)) throw stale();
}

/** Apply on this client. Throws a localized refusal; on refusal nothing changed. */
export function applyHere(message: ActionMessage): Promise<void> {
  return exclusive(message, async () => {
    if (message.system.status !== "resolved") throw new ActionError("FACTIONS.Action.Error.AlreadyApplied");
    const outcome = message.system.resolvedOutcome;
    if (!outcome) throw new ActionError("FACTIONS.Action.Error.NotResolved");
    // An action someone else answers is resolved only by the GM's client (answerHere): a card
    // posted by anyone else claims an answer nobody gave.
    if (definitionOf(message).answer && !message.author?.isGM) throw new ActionError("FACTIONS.Action.Error.Unanswered");
    verify(message, outcome);
    if (Hooks.call("factions.preApply", message, outcome.changes) === false) return;
    // What undo needs: a deleted document's whole source (image, flags, effects…), not only what the rules read.
    const applied = withFullSources(outcome.changes);
    await writeChanges(outcome.changes);
    await message.update({
      "system.status": "applied",
      "system.applied": applied as unknown as object[],
      "system.appliedBy": { user: game.user!.id!, time: Date.now() },
    } as ChatMessage.UpdateData);
    Hooks.callAll("factions.applied", message, outcome.changes);
  });
}

/** Undo an applied card (GM only): restores exactly what it changed. */
export async function undoMessage(message: ActionMessage): Promise<boolean> {
  try {
    if (!game.user!.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    await exclusive(message, async () => {
      if (message.system.status !== "applied") throw new ActionError("FACTIONS.Action.Error.NotApplied");
      const changes = message.system.appliedChanges;
      if (Hooks.call("factions.preUndo", message, changes) === false) return;
      await writeChanges(inverse(changes));
      await message.update({
        "system.status": "undone",
        "system.undoneBy": { user: game.user!.id!, time: Date.now() },
      } as ChatMessage.UpdateData);
      Hooks.callAll("factions.undone", message, changes);
    });
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
    if (!answered) return;
    if (game.user!.isGM) await answerHere(message, answered);
    else await askGM("answer", { message: message.id!, choice: answered });
  } catch (error) {
    warn(error);
  }
}

/** Resolve an answered card on this (the GM's) client: a new card with the rolls, then apply. */
export function answerHere(message: ActionMessage, answered: Choice): Promise<void> {
  return exclusive(message, async () => {
    if (message.system.status !== "awaiting") throw new ActionError("FACTIONS.Action.Error.AlreadyAnswered");
    const def = definitionOf(message);
    const stored = message.system.choice as Choice;
    const choice = def.mergeAnswer ? def.mergeAnswer(stored, answered) : answered;
    const { outcome, rolls, formulas, ids } = await resolve(def, choice);
    const actor = (await fromUuid(message.system.actor)) as Actor.Implementation | null;
    if (!actor) throw new ActionError("FACTIONS.Action.Error.Missing");
    await message.update({ "system.status": "answered" } as ChatMessage.UpdateData);
    const secrets = def.secrets?.(choice, outcome) ?? [];
    const resolved = await postCard(def, actor, { choice, status: "resolved", outcome, formulas, ids, secrets }, rolls);
    if (resolved && game.settings!.get(SYSTEM_ID, "autoApply")) await applyHere(resolved);
  });
}
