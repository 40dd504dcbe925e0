/**
 * The GM's record of an action card: what the active GM's client decided about it, kept where
 * only a GM reads and writes. A card's own data is written by its author and proves nothing;
 * whether it was answered, applied or undone, what undo restores, which options it offered and who
 * took them are read from here. Pure data and functions: the records' compendium is ./pack.ts, what
 * a card's readers are shown of its record (its ruling) ./ruling.ts, what one reader may see ./views.ts.
 */
import { jsonEqual, type Change, type Json } from "../rules/changes";
import type { Line, Outcome, Rejection } from "../rules/outcome";

export type RecordStatus = "answered" | "applied" | "undone";

/** Names a viewer who does not own `actor` must not see (its Stealth assets). */
export interface Secret {
  actor: string;
  names: string[];
}

/**
 * A button an applied card offers: a strike at a new Base, a stance option, a GM decision.
 * Buttons that share a `slot` are one option: taking any of them spends it.
 */
export interface FollowUp {
  slot: string;
  /** What the button does, handed to the action's `onFollowUp`. */
  step: string;
  /** Who may take it: an owner of this actor, or a GM ("" = a GM only). */
  actor: string;
  label: Line;
  icon: string;
  /** The privileged part of a choice that takes this option (a stance bonus, a reaction). */
  grant?: Json;
}

/** A choice's claim to an option another card offered. */
export interface Claim {
  card: string;
  slot: string;
  grant?: Json;
}

export interface Stamp {
  user: string;
  time: number;
}

/** The outcome as a reader is shown it: everything but the changes. */
export type ShownOutcome = Omit<Outcome, "changes">;

/** The GM's whole record of one card. */
export interface ActionRecord {
  /** The card's chat message id. */
  id: string;
  status: RecordStatus;
  action: string;
  actor: string;
  actorName: string;
  /** Combat round (turn) it belongs to; 0 outside an encounter. */
  round: number;
  /** The encounter (Combat id) it belongs to ("" outside one; absent in records of earlier releases). */
  encounter?: string;
  /** Who asked for it to be applied (or, for an answered card, who answered) and when the GM's client did it. */
  done: Stamp;
  undone: Stamp | null;
  /** The changes as written, with deleted documents' whole sources: what undo restores. */
  changes: Change[];
  /** The outcome the GM's client verified (null for an answered card: its outcome is on the card that resolved it). */
  outcome: ShownOutcome | null;
  secrets: Secret[];
  /** Users who may see it (an unnoticed action); null for everyone. */
  audience: string[] | null;
  followUps: FollowUp[];
  /** slot → id of the card (or note) that took it. */
  taken: Record<string, string>;
  /** The options of other cards this card took: given back when it is undone. */
  claims: Claim[];
  /** Documents linked to the card after the fact (a journal the GM attached). */
  links: { uuid: string; label: string }[];
  /** For an answered card: the card that resolved it. */
  resolvedBy: string | null;
  /**
   * The choice the GM's client verified, and the name the card spoke as: what undoing it needs of
   * the card (a played character's card, a hero's square) once the chat log no longer has it.
   */
  choice?: Json;
  speaker?: string;
  /** Archived: its undo data is gone, it can no longer be undone, its options are closed. */
  archived: boolean;
}

/**
 * What a reader knows of a record: what its card and the chronicle need (never the changes, the
 * secrets or the claims), with the names they may not see masked in the outcome.
 */
export type RecordView = Pick<
  ActionRecord,
  "id" | "status" | "action" | "actor" | "actorName" | "round" | "encounter" | "done" | "undone" | "outcome" | "followUps" | "taken" | "links" | "resolvedBy" | "archived"
> & {
  /** It went unnoticed: only the GMs and the acting players read it. */
  unnoticed: boolean;
};

/** Finds the GM's record of a card by its id (null if there is none). */
export type RecordLookup = (id: string) => ActionRecord | null;

const TAKEN_NOTE = "note";

/** The options of a record (or view) still open. */
export function openFollowUps(record: Pick<RecordView, "status" | "followUps" | "taken" | "archived">): FollowUp[] {
  return record.status === "applied" && !record.archived ? record.followUps.filter((f) => !(f.slot in record.taken)) : [];
}

/**
 * Why these claims cannot be taken, or null if they all can: each names an applied card
 * that offers that option to an actor `owns` accepts, with exactly the claimed grant, and
 * not yet taken (unless by `holder`: the awaiting card that reserved it for this action).
 * `owns("")` says whether the claimant is a GM.
 */
export function claimRefusal(
  lookup: (id: string) => Pick<RecordView, "status" | "archived" | "followUps" | "taken"> | null,
  claims: readonly Claim[],
  owns: (actor: string) => boolean,
  holder?: string,
): Rejection | null {
  for (const claim of claims) {
    const record = lookup(claim.card);
    const live = record?.status === "applied" && !record.archived;
    const offered = live ? record.followUps.filter((f) => f.slot === claim.slot) : [];
    const granted = offered.find((f) => owns(f.actor) && jsonEqual(f.grant ?? null, claim.grant ?? null));
    if (!granted) return { key: "FACTIONS.Action.Error.NotOffered" };
    const taker = record!.taken[claim.slot];
    if (taker !== undefined && taker !== holder) return { key: "FACTIONS.Action.Error.AlreadyTaken" };
  }
  return null;
}

/** The records the claims name, each with its claimed options marked taken by `by` (a note when no card takes them). */
export function takeClaims(lookup: RecordLookup, claims: readonly Claim[], by: string = TAKEN_NOTE): ActionRecord[] {
  return withTaken(lookup, claims, (taken, slot) => (taken[slot] = by));
}

/** The records the claims name, with the options `by` took given back (it was undone). */
export function releaseClaims(lookup: RecordLookup, claims: readonly Claim[], by: string): ActionRecord[] {
  return withTaken(lookup, claims, (taken, slot) => {
    if (taken[slot] === by) delete taken[slot];
  });
}

function withTaken(lookup: RecordLookup, claims: readonly Claim[], update: (taken: Record<string, string>, slot: string) => void): ActionRecord[] {
  const changed = new Map<string, ActionRecord>();
  for (const claim of claims) {
    const record = changed.get(claim.card) ?? lookup(claim.card);
    if (!record) continue;
    const taken = { ...record.taken };
    update(taken, claim.slot);
    changed.set(record.id, { ...record, taken });
  }
  return [...changed.values()].filter((r) => !jsonEqual(r.taken, lookup(r.id)?.taken));
}

/** Who reads: their id, whether they are a GM, and which actors they own. */
export interface Viewer {
  id: string;
  isGM: boolean;
  owns(actor: string): boolean;
}

/** A line with the names this viewer must not see replaced by `mask`. */
export function redactLine(line: Line, hidden: ReadonlySet<string>, mask: string): Line {
  if (!hidden.size || !line.data) return line;
  if (!Object.values(line.data).some((v) => hidden.has(String(v)))) return line;
  return { ...line, data: Object.fromEntries(Object.entries(line.data).map(([k, v]) => [k, hidden.has(String(v)) ? mask : v])) };
}

/** The secret names of a record that this viewer does not own. */
export function hiddenNames(secrets: readonly Secret[], viewer: Viewer): Set<string> {
  return new Set(viewer.isGM ? [] : secrets.filter((s) => !viewer.owns(s.actor)).flatMap((s) => s.names));
}
