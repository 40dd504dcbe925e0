import type { Tier } from "../rules/check";
import type { LineSide } from "../rules/outcome";

/** What the action card template renders: everything already localized for the viewer. */
export interface CardCheckRoll {
  /** The rating part by part, e.g. "Force +5, Situational modifier +1". */
  breakdown: string;
  formula: string;
  /** The dice rolled without the rating ("1d10", or "2d6" where a ruleset's setting says so); absent means 1d10. */
  dice?: string;
  die: number;
  rating: number;
  total: number;
  /** The rating and the total as shown, signed with the minus sign ("+5", "−1"; `shownNumber`). */
  ratingText: string;
  totalText: string;
}

export interface CardCheck {
  label: string;
  actor: CardCheckRoll;
  opposition: CardCheckRoll;
  margin: number;
  /** The margin as shown ("+4", "−9"). */
  marginText: string;
  tier: Tier;
  tierLabel: string;
  /** success or complete success */
  success: boolean;
  /** How many tied attempts were rolled again first. */
  ties: number;
}

export interface CardButton {
  /** The `data-action` the card's click handler dispatches on. */
  action: string;
  label: string;
  /** Font Awesome classes, e.g. `fa-solid fa-check`. */
  icon: string;
  /** Extra `data-*` attributes. */
  data?: Record<string, string>;
}

import type { CardStatus } from "./action-message";
export type { CardStatus };

export interface ActionCardContext {
  actor: { name: string; img: string; uuid: string };
  title: string;
  /** Font Awesome classes of the action, shown with its title. */
  icon: string;
  /** The card's image: the action's own (from Foundry's core icons), else the actor's. */
  img: string;
  status: CardStatus;
  statusText: string;
  checks: CardCheck[];
  rolls: { label: string; formula: string; total: number }[];
  /** The result at a glance, above the log. */
  summary: string[];
  /** The names of the sides the log marks, when it marks any. */
  sides: Record<LineSide, string> | null;
  /** What happened, in order, in words, in groups (a battle's speed steps), some folded away. */
  log: CardLogGroup[];
  /** Who applied or undid it and when, if anyone. */
  footer: string;
  /** Only the GM and the acting players saw this card: the action went unnoticed. */
  unnoticed: boolean;
  buttons: CardButton[];
  /** Documents linked to the card (e.g. a journal the GM attached), shown to everyone who sees it. */
  links?: { uuid: string; label: string }[];
}

/** A line of the card's log, with the side whose deed it tells ("" for none) and that side's name. */
export interface CardLogLine {
  text: string;
  side: LineSide | "";
  sideName: string;
}

/** A group of the log: the lines under a heading ("" for the lines before any), folded away or not. */
export interface CardLogGroup {
  heading: string;
  fold: boolean;
  lines: CardLogLine[];
}

/** A log line as the card receives it, localized. */
export interface CardLineInput {
  text: string;
  heading?: boolean;
  fold?: boolean;
  side?: LineSide;
}

/** The log in groups: each heading starts one; lines before the first heading make a group of their own. */
export function groupLog(lines: readonly CardLineInput[], sides: Record<LineSide, string> | null): CardLogGroup[] {
  const groups: CardLogGroup[] = [];
  let current: CardLogGroup | undefined;
  for (const l of lines) {
    if (l.heading) {
      groups.push((current = { heading: l.text, fold: !!l.fold, lines: [] }));
      continue;
    }
    if (!current) groups.push((current = { heading: "", fold: false, lines: [] }));
    const side = l.side ?? "";
    current.lines.push({ text: l.text, side, sideName: side && sides ? sides[side] : "" });
  }
  return groups;
}

/** What the action dialog's shared part renders: the rating breakdown and the exact odds of each tier. */
export interface OddsContext {
  /** Each modifier, and each total, with its value as shown (`text`, signed: "+3", "−1"). */
  actor: { label: string; value: number; text: string }[];
  opposition: { label: string; value: number; text: string }[];
  actorTotal: number;
  oppositionTotal: number;
  actorTotalText: string;
  oppositionTotalText: string;
  tiers: { tier: Tier; label: string; percent: string; value: number }[];
}
