/**
 * A combatant's attack, defense and speed as the realm sheet, the character card sheet and the
 * battle window show them: each number after its letter, the letter an `<abbr>` naming its stat
 * (templates/battle/stats.hbs), so "A2 D2 S4" explains itself where "2/2/4" did not.
 */
import { templatePath } from "../../../core/constants";
import { escapeHtml } from "../../../core/html";
import type { Localizer } from "../../../core/sheets/text";

/** The partial that shows a `StatsView`: `{{> "systems/factions/templates/battle/stats.hbs" stats}}`. */
export const STATS_PARTIAL = templatePath("battle/stats.hbs");

const KEYS = ["a", "d", "s"] as const;
export type StatKey = (typeof KEYS)[number];

/** What the partial shows: the three stats, or (`parts` empty) `text` alone, e.g. a ranged shot. */
export interface StatsView {
  parts: { key: StatKey; letter: string; name: string; value: number }[];
  /** The stats in words ("Attack 2, defense 2, speed 4"). */
  text: string;
  /**
   * The partial's markup, built once per view: a realm lists thousands of rows with a handful of
   * distinct stats, so each row inserts a string rather than running a partial and a loop.
   */
  html: string;
  /**
   * The same in one element, for the realm sheet's long lists: "A2 D2 S4" as one `<abbr>` whose
   * title says it in words, a fraction of the markup a row would otherwise repeat thousands of times.
   */
  compact: string;
}

/** The view's markup: each number after its letter, the letter an `<abbr>` naming its stat; or the text alone. */
function statsHtml(parts: StatsView["parts"], text: string): string {
  const inner = parts.length
    ? parts.map((p) => `<span class="factions-stat-${p.key}"><abbr title="${escapeHtml(p.name)}">${escapeHtml(p.letter)}</abbr>${p.value}</span>`).join(" ")
    : escapeHtml(text);
  return `<span class="factions-stats">${inner}</span>`;
}

/** The view's markup in one element (`compact`). */
function compactHtml(parts: StatsView["parts"], text: string): string {
  if (!parts.length) return `<span class="factions-stats">${escapeHtml(text)}</span>`;
  return `<abbr class="factions-stats" title="${escapeHtml(text)}">${parts.map((p) => `${escapeHtml(p.letter)}${p.value}`).join(" ")}</abbr>`;
}

export type Stats = Record<StatKey, number>;

/**
 * A function that labels stats, with the letters and names looked up once and each distinct
 * triple's view made once (for lists of many rows, which share a few).
 */
export function statsLabeler(i18n: Localizer): (stats: Stats) => StatsView {
  const names = KEYS.map((key) => ({ key, letter: i18n.localize(`FACTIONS.Battle.Stats.${key}.letter`), name: i18n.localize(`FACTIONS.Battle.Stats.${key}.name`) }));
  const views = new Map<string, StatsView>();
  return (stats) => {
    const key = `${stats.a}/${stats.d}/${stats.s}`;
    let view = views.get(key);
    if (!view) {
      const parts = names.map((n) => ({ ...n, value: stats[n.key] }));
      const text = i18n.format("FACTIONS.Battle.Stats.Text", { a: stats.a, d: stats.d, s: stats.s });
      view = { parts, text, html: statsHtml(parts, text), compact: compactHtml(parts, text) };
      views.set(key, view);
    }
    return view;
  };
}

/** Text shown in place of the stats (`parts` empty). */
export const statsText = (text: string): StatsView => ({ parts: [], text, html: statsHtml([], text), compact: compactHtml([], text) });
