/**
 * What only the active GM's client does: apply a card, resolve an answer, undo, hand out a
 * card's options, archive, and tell a player what the records say of their own cards. It believes
 * nothing it is sent. Identity is the requester the server recorded (./requests.ts) and a card's
 * `author`; whether a card was answered, applied or undone, and what undo restores, is read from
 * and written to the GMs' records (../records/pack.ts), which only a GM reads or writes; each
 * card's readers read its ruling in the card (../records/ruling.ts). Each job here runs in the one
 * queue (./checks.ts `serially`), which its caller (./pipeline.ts) joins when the request comes, so
 * two applies never interleave and the second of two racing actions meets the world the first one
 * left. Loaded on first use, on the GM's client only.
 */
import { SYSTEM_ID } from "../constants";
import { claimRefusal, releaseClaims, takeClaims, type ActionRecord, type Claim, type Secret } from "../records/record";
import { cardOutcome } from "../records/views";
import { archiveCutoff, archiveDue, archivedRecord } from "../records/archive";
import { cachedRecord, loadRecord, loadRecords, recordSummaries } from "../records/pack";
import { saveRecords } from "../records/save";
import { jsonEqual, type Json } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import { possibleTotal } from "../rules/roll-check";
import { actionDefinition, type ActionDefinition, type Choice } from "./definition";
import { checkActing, checkClaims, checkShape, claimsOf, definitionOf, owns } from "./checks";
import { actorOf } from "./documents";
import { ActionError } from "./errors";
import type { ActionMessage } from "../chat/action-message";
import { postCard, resolveWithRolls, unnoticedAudience } from "./posting";
import { replayDice } from "./roller";
import { inverse, restore, withFullSources, writeChanges } from "./writes";

/** The message as it is in the world now (it may have been deleted since it was sent). */
function current(message: ActionMessage): ActionMessage {
  const now = game.messages?.get(message.id ?? "");
  if (!now) throw new ActionError("FACTIONS.Action.Error.Missing");
  return now as ActionMessage;
}

/** Each roll's dice as the roll reports them. */
function rolledDice(roll: Roll) {
  return roll.dice.map((d) => ({ faces: d.faces ?? 0, results: d.results.filter((r) => r.active !== false).map((r) => r.result) }));
}

/**
 * Re-run the rule with the card's own rolls against the world as it is now. Every die must be
 * possible for its formula, and the rule must give exactly the card's changes: this both
 * re-validates everything and catches a world that changed since the roll. The GM's own run
 * is the outcome the record keeps.
 */
function verify(message: ActionMessage, def: ActionDefinition): { outcome: Outcome; secrets: Secret[] } {
  const claimed = message.system.outcome as Outcome | null;
  if (!claimed) throw new ActionError("FACTIONS.Action.Error.NotResolved");
  const { formulas } = message.system;
  const rolls = message.system.cardRolls;
  if (formulas.length !== rolls.length) throw new ActionError("FACTIONS.Action.Error.Stale");
  const recorded = formulas.map((formula, i) => {
    const roll = rolls[i]!;
    const total = possibleTotal(formula, rolledDice(roll));
    if (total === null || total !== roll.total) throw new ActionError("FACTIONS.Action.Error.ImpossibleRoll", { formula });
    return { formula, total };
  });
  const dice = replayDice(recorded, () => new ActionError("FACTIONS.Action.Error.Stale"));
  const ids = [...message.system.ids];
  let used = 0;
  const choice = message.system.choice as Choice;
  const result = def.resolve(choice, { dice, newId: () => ids[used++] ?? "" });
  if (!result.ok) throw new ActionError(result.reason.key, result.reason.data);
  // The card holds its changes with the action's secret names masked (posting.ts): so do these.
  const secrets = def.secrets?.(choice, result.value) ?? [];
  if (!dice.exhausted() || !jsonEqual(cardOutcome(result.value, secrets).changes, claimed.changes)) throw new ActionError("FACTIONS.Action.Error.Stale");
  return { outcome: result.value, secrets };
}

/** A record this client has loaded (every job loads what it reads first). */
const recordOf = (id: string) => cachedRecord(id);

function newRecord(message: ActionMessage, fields: Partial<ActionRecord> & Pick<ActionRecord, "status">): ActionRecord {
  const actor = actorOf(message.system.actor);
  return {
    id: message.id!,
    action: message.system.action,
    actor: message.system.actor,
    actorName: actor?.name ?? message.speaker.alias ?? "",
    round: message.system.round,
    encounter: message.system.encounter,
    done: { user: game.user!.id!, time: Date.now() },
    undone: null,
    changes: [],
    outcome: null,
    secrets: [],
    audience: null,
    followUps: [],
    taken: {},
    claims: [],
    links: [],
    resolvedBy: null,
    archived: false,
    ...fields,
  };
}

async function refusedIfRecorded(id: string): Promise<void> {
  const record = await loadRecord(id);
  if (!record) return;
  if (record.status === "answered") throw new ActionError("FACTIONS.Action.Error.AlreadyAnswered");
  if (record.status === "undone") throw new ActionError("FACTIONS.Action.Error.AlreadyUndone");
  throw new ActionError("FACTIONS.Action.Error.AlreadyApplied");
}

/** The options a choice claims, checked against the records of the cards that offered them (loaded first). */
async function verifiedClaims(def: ActionDefinition, choice: Choice, author: User.Implementation, holder?: string): Promise<Claim[]> {
  await loadRecords(claimsOf(def, choice).map((c) => c.card));
  return checkClaims(def, choice, author, holder, recordOf);
}

/** Apply a resolved card, for `requester`. Throws a localized refusal; on refusal nothing changed. */
export async function applyNow(sent: ActionMessage, requester: User.Implementation): Promise<void> {
  const message = current(sent);
  await refusedIfRecorded(message.id!);
  if (message.system.phase !== "resolved") throw new ActionError("FACTIONS.Action.Error.NotResolved");
  const def = definitionOf(message);
  const author = message.author as User.Implementation | null;
  if (!author) throw new ActionError("FACTIONS.Action.Error.Missing");
  if (!requester.isGM && requester.id !== author.id) throw new ActionError("FACTIONS.Action.Error.NotYours");
  const choice = message.system.choice as Choice;
  checkActing(def, choice, message.system.actor, author);
  // An action someone else answers is resolved only by the GM's client: a card posted by anyone
  // else claims an answer nobody gave.
  if (def.answer && !author.isGM) throw new ActionError("FACTIONS.Action.Error.Unanswered");
  const claims = await verifiedClaims(def, choice, author, message.system.answers || undefined);
  // Its secret names are read before the changes land: an asset the action destroys keeps its name.
  const { outcome, secrets } = verify(message, def);
  if (Hooks.call("factions.preApply", message, outcome.changes) === false) throw new ActionError("FACTIONS.Action.Error.Stopped");
  // What undo needs: a deleted document's whole source (image, flags, effects…), not only what the rules read.
  const applied = withFullSources(outcome.changes);
  await writeChanges(applied);
  const written = { ...outcome, changes: applied };
  try {
    await def.commit?.(message, written);
  } catch (error) {
    await restore(applied);
    throw error instanceof ActionError ? error : new ActionError("FACTIONS.Action.Error.WriteRefused");
  }
  const { changes: _written, ...shown } = outcome;
  const actor = actorOf(message.system.actor);
  const record = newRecord(message, {
    status: "applied",
    choice: choice as Json,
    speaker: message.speaker.alias ?? "",
    done: { user: requester.id!, time: Date.now() },
    changes: applied,
    outcome: shown,
    secrets,
    audience: actor && def.unnoticed?.(outcome) ? unnoticedAudience(actor) : null,
    followUps: def.followUps?.(outcome, choice) ?? [],
    claims,
  });
  try {
    await saveRecords({ create: [record], update: takeClaims(recordOf, claims, record.id), outcomes: { [record.id]: cardOutcome(outcome, secrets) } });
  } catch (error) {
    await def.uncommit?.(message, written).catch((e: unknown) => console.error(e));
    await restore(applied);
    throw error;
  }
  Hooks.callAll("factions.applied", message, applied);
  // The card went while it was being applied: what it did stands, recorded; the GM can undo it from the chronicle.
  if (!game.messages?.has(message.id!)) ui.notifications?.warn(game.i18n!.format("FACTIONS.Chronicle.CardDeletedApplied", { action: game.i18n!.localize(def.label) }));
}

/** Resolve an answered card: the GM's client rolls, posts the result as its own card and (by default) applies it. */
export async function answerNow(sent: ActionMessage, answered: Choice, requester: User.Implementation): Promise<ActionMessage | null> {
  const message = current(sent);
  await refusedIfRecorded(message.id!);
  if (message.system.phase !== "awaiting") throw new ActionError("FACTIONS.Action.Error.AlreadyAnswered");
  const def = definitionOf(message);
  const author = message.author as User.Implementation | null;
  if (!author || !def.mergeAnswer) throw new ActionError("FACTIONS.Action.Error.BadAnswer");
  const stored = message.system.choice as Choice;
  checkActing(def, stored, message.system.actor, author);
  const answering = def.awaiting?.(stored)?.actor;
  if (!requester.isGM && !(answering && owns(requester, answering))) throw new ActionError("FACTIONS.Action.Error.NotYourAnswer");
  if (typeof answered !== "object" || answered === null) throw new ActionError("FACTIONS.Action.Error.BadAnswer");
  const choice = def.mergeAnswer(stored, answered);
  checkShape(def, choice);
  await verifiedClaims(def, choice, author, message.id!);
  const actor = actorOf(message.system.actor);
  if (!actor) throw new ActionError("FACTIONS.Action.Error.Missing");
  const { outcome, rolls, formulas, ids } = await resolveWithRolls(def, choice);
  const where = { round: message.system.round, encounter: message.system.encounter };
  const resolved = await postCard(def, actor, { choice, phase: "resolved", answers: message.id!, outcome, formulas, ids, ...where }, rolls);
  if (!resolved) throw new ActionError("FACTIONS.Action.Error.Unexpected");
  const record = newRecord(message, { status: "answered", done: { user: requester.id!, time: Date.now() }, resolvedBy: resolved.id! });
  await saveRecords({ create: [record] });
  if (game.settings!.get(SYSTEM_ID, "autoApply")) await applyNow(resolved, game.user!);
  return resolved;
}

/**
 * Undo an applied card (a GM asked), whether the chat log still has its card, lost it long ago, or
 * loses it while the undo runs: what undo restores and what the card's own undo steps need come
 * from the record alone.
 */
export async function undoRecordNow(id: unknown, requester: User.Implementation): Promise<void> {
  if (!requester.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const record = typeof id === "string" ? await loadRecord(id) : null;
  if (record?.status !== "applied") throw new ActionError("FACTIONS.Action.Error.NotApplied");
  if (record.archived) throw new ActionError("FACTIONS.Action.Error.Archived");
  // A card taken from one of its options (an attack's outcome) stands on it: that one is undone first.
  const takers = await loadRecords(Object.values(record.taken));
  const standing = [...takers.values()].find((r) => r.status === "applied");
  if (standing) throw new ActionError("FACTIONS.Action.Error.TakenStands", { action: actionDefinition(standing.action)?.label ?? standing.action, actor: standing.actorName });
  const card = (game.messages?.get(record.id) as ActionMessage | undefined) ?? standIn(record);
  if (Hooks.call("factions.preUndo", card, record.changes) === false) throw new ActionError("FACTIONS.Action.Error.Stopped");
  const def = definitionOf(card);
  await loadRecords(record.claims.map((c) => c.card));
  const reverse = inverse(record.changes);
  await writeChanges(reverse, { restoring: true });
  const undone: ActionRecord = { ...record, status: "undone", undone: { user: requester.id!, time: Date.now() } };
  const written = { ...(record.outcome ?? emptyOutcome(record)), changes: record.changes } as Outcome;
  try {
    await def.uncommit?.(card, written);
    await saveRecords({ update: [undone, ...releaseClaims(recordOf, record.claims, record.id)] });
  } catch (error) {
    await restore(reverse);
    throw error instanceof ActionError ? error : new ActionError("FACTIONS.Action.Error.WriteRefused");
  }
  Hooks.callAll("factions.undone", card, record.changes);
}

const emptyOutcome = (record: ActionRecord) => ({ action: record.action, actor: record.actor, checks: [], rolls: [], log: [], detail: null });

/** The card of a record, as undo reads it, when the chat log no longer has it (a document of no collection). */
function standIn(record: ActionRecord): ActionMessage {
  const system = { action: record.action, actor: record.actor, choice: record.choice ?? {}, phase: "resolved", round: record.round, encounter: record.encounter ?? "" };
  const author = record.done.user || game.user!.id!;
  return new ChatMessage.implementation({ _id: record.id, type: "action", author, speaker: { alias: record.speaker ?? record.actorName }, system } as ChatMessage.CreateData) as ActionMessage;
}

/**
 * An awaiting card takes up another card's option (a strike at a new Base): the option is
 * held for it from now on, so no second strike can be posted while the defender answers.
 */
export async function reserveNow(sent: ActionMessage, requester: User.Implementation): Promise<void> {
  const message = current(sent);
  if (message.system.phase !== "awaiting" || (await loadRecord(message.id!))) throw new ActionError("FACTIONS.Action.Error.AlreadyAnswered");
  const def = definitionOf(message);
  const author = message.author as User.Implementation | null;
  if (!author || (!requester.isGM && requester.id !== author.id)) throw new ActionError("FACTIONS.Action.Error.NotYours");
  const choice = message.system.choice as Choice;
  checkActing(def, choice, message.system.actor, author);
  const claims = await verifiedClaims(def, choice, author, message.id!);
  if (claims.length) await saveRecords({ update: takeClaims(recordOf, claims, message.id!) });
}

/** Take one of a card's options without an action (the mover bypasses a stance): spent for good. */
export async function takeNow(sent: ActionMessage, slot: string, requester: User.Implementation): Promise<void> {
  const message = current(sent);
  const offered = (await loadRecord(message.id!))?.followUps.find((f) => f.slot === slot && owns(requester, f.actor));
  const claims: Claim[] = [{ card: message.id!, slot, ...(offered?.grant !== undefined ? { grant: offered.grant } : {}) }];
  const refusal = claimRefusal(recordOf, claims, (actor) => owns(requester, actor));
  if (refusal) throw new ActionError(refusal.key, refusal.data);
  await saveRecords({ update: takeClaims(recordOf, claims) });
}

/** Link a document to an applied card (a GM attached a journal to it), spending the option `slot` it came from. */
export async function linkNow(sent: ActionMessage, link: { uuid: string; label: string }, slot: string, requester: User.Implementation): Promise<void> {
  if (!requester.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const message = current(sent);
  const record = await loadRecord(message.id!);
  if (record?.status !== "applied" || record.archived) throw new ActionError("FACTIONS.Action.Error.NotApplied");
  if (slot in record.taken) throw new ActionError("FACTIONS.Action.Error.AlreadyTaken");
  if (typeof link?.uuid !== "string" || typeof link.label !== "string") throw new ActionError("FACTIONS.Action.Error.BadRequest");
  const links = [...record.links, { uuid: link.uuid, label: link.label }];
  await saveRecords({ update: [{ ...record, links, taken: { ...record.taken, [slot]: "note" } }] });
}

/** Records are archived this many at a time. */
const ARCHIVE_BATCH = 100;

/** Archive the records the cutoff names (a GM asked): they can no longer be undone, the chronicle keeps their lines. */
export async function archiveNow(cutoff: unknown, requester: User.Implementation): Promise<void> {
  if (!requester.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const parsed = archiveCutoff(cutoff);
  if (!parsed) throw new ActionError("FACTIONS.Chronicle.BadCutoff");
  const due = (await recordSummaries()).filter((s) => archiveDue(s, parsed)).map((s) => s.card);
  for (let i = 0; i < due.length; i += ARCHIVE_BATCH) {
    const batch = [...(await loadRecords(due.slice(i, i + ARCHIVE_BATCH))).values()];
    await saveRecords({ update: batch.map(archivedRecord) });
  }
}
