/**
 * What one reader may see of a record: the GMs the whole of it; any other reader its outcome with
 * the secret names of actors they do not own masked. The cards every client receives hold those
 * names masked for everyone (`cardOutcome`); whoever owns a masked actor asks the GM for its own
 * view (./reveals.ts). A view holds what a card and the chronicle need, never the changes (what
 * undo restores).
 */
import type { Change } from "../rules/changes";
import type { Line, Outcome } from "../rules/outcome";
import { hiddenNames, redactLine, type ActionRecord, type RecordView, type ShownOutcome } from "./record";

/** What a masked name reads as: an i18n key, localized on each reader's client. */
export const HIDDEN_NAME = "FACTIONS.Card.HiddenAsset";

/** Every line of an outcome, in one list. */
function linesOf(outcome: ShownOutcome): Line[] {
  return [
    ...outcome.checks.map((c) => c.label),
    ...outcome.rolls.map((r) => r.label),
    ...outcome.log,
    ...(outcome.summary ?? []),
    ...(outcome.sides ? [outcome.sides.actor, outcome.sides.opposition] : []),
  ];
}

/** The outcome with every line's `hidden` names replaced by `mask`. */
export function redactOutcome(outcome: ShownOutcome, hidden: ReadonlySet<string>, mask = HIDDEN_NAME): ShownOutcome {
  if (!hidden.size) return outcome;
  const r = (line: Line) => redactLine(line, hidden, mask);
  return {
    ...outcome,
    checks: outcome.checks.map((c) => ({ ...c, label: r(c.label) })),
    rolls: outcome.rolls.map((roll) => ({ ...roll, label: r(roll.label) })),
    log: outcome.log.map(r),
    ...(outcome.summary ? { summary: outcome.summary.map(r) } : {}),
    ...(outcome.sides ? { sides: { actor: r(outcome.sides.actor), opposition: r(outcome.sides.opposition) } } : {}),
  };
}

/** The changes with the `hidden` names of the documents they create or delete replaced by `mask`. */
export function redactChanges(changes: readonly Change[], hidden: ReadonlySet<string>, mask = HIDDEN_NAME): Change[] {
  if (!hidden.size) return [...changes];
  return changes.map((c) => (c.op !== "update" && hidden.has(c.data.name) ? { ...c, data: { ...c.data, name: mask } } : c));
}

/**
 * An outcome as a chat card may hold it, for every client to receive: each of the action's secret
 * names masked, in its lines and in its changes. Who may read them reads them in the record's views.
 */
export function cardOutcome(outcome: Outcome, secrets: readonly { names: string[] }[]): Outcome {
  const hidden = new Set(secrets.flatMap((s) => s.names));
  return { ...redactOutcome(outcome, hidden), changes: redactChanges(outcome.changes, hidden) };
}

/** The secret actors whose names the outcome shows somewhere (masked on the card for every reader). */
export function shownSecretActors(record: Pick<ActionRecord, "outcome" | "secrets">): string[] {
  if (!record.outcome || !record.secrets.length) return [];
  const values = new Set(linesOf(record.outcome).flatMap((l) => Object.values(l.data ?? {}).map(String)));
  return [...new Set(record.secrets.filter((s) => s.names.some((n) => values.has(n))).map((s) => s.actor))];
}

/** The view of a record that shows the names of the secret actors `reveals` says (every name for a GM). */
export function recordView(record: ActionRecord, reveals: ((actor: string) => boolean) | "all"): RecordView {
  const hidden = reveals === "all" ? new Set<string>() : hiddenNames(record.secrets, { id: "", isGM: false, owns: reveals });
  return {
    id: record.id,
    status: record.status,
    action: record.action,
    actor: record.actor,
    actorName: record.actorName,
    round: record.round,
    ...(record.encounter !== undefined ? { encounter: record.encounter } : {}),
    done: record.done,
    undone: record.undone,
    outcome: record.outcome ? redactOutcome(record.outcome, hidden) : null,
    unnoticed: record.audience !== null,
    followUps: record.followUps,
    taken: record.taken,
    links: record.links,
    resolvedBy: record.resolvedBy,
    archived: record.archived,
  };
}

/** May this viewer read the record at all? A GM always; anyone else unless it went unnoticed without them. */
export const mayRead = (record: Pick<ActionRecord, "audience">, viewer: { id: string; isGM: boolean }) => viewer.isGM || record.audience === null || record.audience.includes(viewer.id);
