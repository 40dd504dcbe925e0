import type { Tier } from "../rules/check";

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
}

export interface CardCheck {
  label: string;
  actor: CardCheckRoll;
  opposition: CardCheckRoll;
  margin: number;
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
  icon: string;
  status: CardStatus;
  statusText: string;
  checks: CardCheck[];
  rolls: { label: string; formula: string; total: number }[];
  /** What happened, in order, in words; a heading starts a group (a battle's speed step). */
  log: { text: string; heading: boolean }[];
  /** Who applied or undid it and when, if anyone. */
  footer: string;
  /** Only the GM and the acting players saw this card: the action went unnoticed. */
  unnoticed: boolean;
  buttons: CardButton[];
  /** Documents linked to the card (e.g. a journal the GM attached), shown to everyone who sees it. */
  links?: { uuid: string; label: string }[];
}

/** What the action dialog's shared part renders: the rating breakdown and the exact odds of each tier. */
export interface OddsContext {
  actor: { label: string; value: number }[];
  opposition: { label: string; value: number }[];
  actorTotal: number;
  oppositionTotal: number;
  tiers: { tier: Tier; label: string; percent: string; value: number }[];
}
