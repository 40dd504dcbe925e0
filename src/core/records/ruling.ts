/**
 * A card's ruling: what the GM's client writes into an action card of what it decided about it
 * (answered, applied, undone, archived; by whom and when; the options open and taken; the links),
 * so that every reader of the card reads it where they read the card, and nothing more: the record
 * (./record.ts, in the GMs' compendium) keeps the rest (what undo restores, every name, the claims).
 *
 * Who wrote it is proven by the server, never by the card's data: the GM's client makes a GM the
 * card's author when it writes its ruling, and an author who is not a GM may change neither the
 * author nor anything of a card that is no longer theirs. A ruling on a card no GM authored is no
 * ruling. Pure data and functions.
 */
import type { ActionRecord, FollowUp, RecordStatus, RecordView, ShownOutcome, Stamp } from "./record";
import { shownSecretActors } from "./views";

export interface Ruling {
  status: RecordStatus;
  done: Stamp;
  undone: Stamp | null;
  followUps: FollowUp[];
  /** slot → id of the card (or note) that took it. */
  taken: Record<string, string>;
  links: { uuid: string; label: string }[];
  resolvedBy: string | null;
  archived: boolean;
  /** The actors whose secret names the card's outcome masks for everyone: their owners ask the GM to see them. */
  masked: string[];
}

/** The ruling of a record, as its card holds it. */
export function rulingOf(record: ActionRecord): Ruling {
  return {
    status: record.status,
    done: record.done,
    undone: record.undone,
    followUps: record.archived ? [] : record.followUps,
    taken: record.taken,
    links: record.links,
    resolvedBy: record.resolvedBy,
    archived: record.archived,
    masked: shownSecretActors(record),
  };
}

const STATUSES: readonly RecordStatus[] = ["answered", "applied", "undone"];
const isStamp = (v: unknown): v is Stamp => typeof v === "object" && v !== null && typeof (v as Stamp).user === "string" && typeof (v as Stamp).time === "number";

/** A ruling read back from a card's text (null for none, or for text that is not one). */
export function parseRuling(text: string): Ruling | null {
  if (!text) return null;
  let value: Partial<Ruling>;
  try {
    value = JSON.parse(text) as Partial<Ruling>;
  } catch {
    return null;
  }
  if (!STATUSES.includes(value.status as RecordStatus) || !isStamp(value.done)) return null;
  return {
    status: value.status as RecordStatus,
    done: value.done,
    undone: isStamp(value.undone) ? value.undone : null,
    followUps: Array.isArray(value.followUps) ? value.followUps : [],
    taken: typeof value.taken === "object" && value.taken !== null ? value.taken : {},
    links: Array.isArray(value.links) ? value.links : [],
    resolvedBy: typeof value.resolvedBy === "string" ? value.resolvedBy : null,
    archived: value.archived === true,
    masked: Array.isArray(value.masked) ? value.masked.filter((a): a is string => typeof a === "string") : [],
  };
}

/** What a card says of itself, besides its ruling. */
export interface CardFacts {
  id: string;
  action: string;
  actor: string;
  actorName: string;
  round: number;
  encounter: string;
  outcome: ShownOutcome | null;
  unnoticed: boolean;
}

/** What a reader of the card knows of its record. */
export function viewOfRuling(card: CardFacts, ruling: Ruling): RecordView {
  return {
    id: card.id,
    status: ruling.status,
    action: card.action,
    actor: card.actor,
    actorName: card.actorName,
    round: card.round,
    encounter: card.encounter,
    done: ruling.done,
    undone: ruling.undone,
    outcome: ruling.status === "answered" ? null : card.outcome,
    followUps: ruling.followUps,
    taken: ruling.taken,
    links: ruling.links,
    resolvedBy: ruling.resolvedBy,
    archived: ruling.archived,
    unnoticed: card.unnoticed,
  };
}
