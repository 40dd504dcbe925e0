/**
 * What each reader may see of a record. A record is kept whole for the GMs; its readers get views
 * of it, each a document of its own that only they can read:
 * - view 0, for every reader of the card (everyone, or, for an unnoticed action, its audience),
 *   with every secret name masked;
 * - one more view per group of readers who own some of its secret actors, showing those names.
 * A view holds what a card and the chronicle need, never the changes (what undo restores).
 */
import type { Change } from "../rules/changes";
import type { Line, Outcome } from "../rules/outcome";
import { hiddenNames, redactLine, type ActionRecord, type RecordView, type ShownOutcome, type ViewLayout, type Viewer } from "./record";

/** Foundry's ownership levels the views use. */
const NONE = 0;
const OBSERVER = 2;

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

/** The secret actors whose names the outcome shows somewhere. */
function shownSecretActors(record: ActionRecord): string[] {
  if (!record.outcome || !record.secrets.length) return [];
  const values = new Set(linesOf(record.outcome).flatMap((l) => Object.values(l.data ?? {}).map(String)));
  return [...new Set(record.secrets.filter((s) => s.names.some((n) => values.has(n))).map((s) => s.actor))];
}

/**
 * Who reads which view of a record, given the world's users as they are when it is first written:
 * view 0 for every reader of the card, then one view per group of players who own the same secret
 * actors the outcome names. A GM reads the record itself.
 */
export function viewLayouts(record: ActionRecord, users: readonly Viewer[]): ViewLayout[] {
  const base: Record<string, number> = { default: record.audience === null ? OBSERVER : NONE };
  const readers = users.filter((u) => !u.isGM && (record.audience === null || record.audience.includes(u.id)));
  if (record.audience !== null) for (const u of readers) base[u.id] = OBSERVER;
  const layouts: ViewLayout[] = [{ ownership: base, reveals: [] }];
  const secretActors = shownSecretActors(record);
  const groups = new Map<string, ViewLayout>();
  for (const u of readers) {
    const reveals = secretActors.filter((a) => u.owns(a)).sort();
    if (!reveals.length) continue;
    const key = reveals.join("\n");
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { ownership: { default: NONE }, reveals }));
    group.ownership[u.id] = OBSERVER;
  }
  return [...layouts, ...groups.values()];
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

/** The view a layout gives its readers. */
export const layoutView = (record: ActionRecord, layout: ViewLayout) => recordView(record, (actor) => layout.reveals.includes(actor));
