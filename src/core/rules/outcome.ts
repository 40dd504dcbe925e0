import type { Change } from "./changes";
import type { CheckResult } from "./check";

/** The two sides of an opposed action: the one acting, and the other one. */
export type LineSide = "actor" | "opposition";

/** A localizable sentence: an i18n key and the values it formats with (a value may be a phrase of its own: "9 squares"). */
export interface Line {
  key: string;
  data?: Record<string, LineValue>;
  /** Starts a group of the lines after it (e.g. a battle's speed step). */
  heading?: boolean;
  /** On a heading: its group is detail, folded away on the card until opened. */
  fold?: boolean;
  /** Whose deed the line tells, in an opposed action (the card marks it with that side's colour and name). */
  side?: LineSide;
  /** Tells a roll the card already shows in its header: the card leaves it out of its list; the chronicle, which shows no header, keeps it. */
  repeatsRoll?: boolean;
}

export type LineValue = string | number | Phrase;

/** A phrase inside a line, localized on its own (a count with its unit, pluralised). */
export interface Phrase {
  key: string;
  data: Record<string, string | number>;
}

/** A line's values with each phrase put in words by `format` (an i18n's), ready to format the line. */
export function phrasesInWords(data: Record<string, LineValue>, format: (key: string, data: Record<string, string | number>) => string): Record<string, string | number> {
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, typeof v === "object" ? format(v.key, v.data) : v]));
}

/** Why an action was refused. Refused actions change nothing. */
export type Rejection = Line;

export interface LabeledCheck {
  label: Line;
  check: CheckResult;
}

export interface LabeledRoll {
  label: Line;
  formula: string;
  total: number;
}

/**
 * What one resolved action did, as data. The same object renders the chat card,
 * is applied (its `changes`), is kept in the chronicle and is reversed by undo.
 */
export interface Outcome<Detail = unknown> {
  /** Action id, e.g. `faction-turn.attack`. */
  action: string;
  /** Reference of the acting actor. */
  actor: string;
  checks: LabeledCheck[];
  rolls: LabeledRoll[];
  changes: Change[];
  /** What happened, in order, in words. */
  log: Line[];
  /** The result at a glance, shown above the log (e.g. a battle's control before → after and losses). */
  summary?: Line[];
  /** The names of the two sides its marked lines (`Line.side`) belong to. */
  sides?: Record<LineSide, Line>;
  /** Ruleset-specific facts the card or follow-up steps need. */
  detail: Detail;
}

/** Either the outcome or the reason the action was refused. */
export type Result<T> = { ok: true; value: T } | { ok: false; reason: Rejection };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const reject = <T = never>(key: string, data?: Line["data"]): Result<T> => ({ ok: false, reason: { key, data } });

/**
 * The key of a text that counts things. Foundry has no plural rules, so such a text has a key for
 * exactly one (`<key>One`: "1 attack left") beside its key for every other count ("2 attacks left").
 */
export function counted(key: string, count: number): string {
  return count === 1 ? `${key}One` : key;
}
