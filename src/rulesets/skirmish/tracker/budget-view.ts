/**
 * What is left of a combatant's actions this round, as pips: the tracker and the sheets draw the
 * same view. Each kind shows its own actions (filled while left) and, after them, the pushed ones
 * (a pushed major, or the halves left of one converted into minor or move actions). A pushed pip
 * is told apart by its shape (a diamond), by the push's mark before it, and by its group's name
 * ("… pushed: 1 of 1 left"), not only by its colour.
 */
import type { Localizer } from "../../../core/sheets/text";
import { actionsLeft, ownActions, ACTION_KINDS, type ActionBudget, type ActionKind, type EconomySettings } from "../rules/economy";

export interface Pip {
  filled: boolean;
  pushed: boolean;
  /** The first pushed pip of its group: the push's mark goes before it. */
  firstPushed: boolean;
}

export interface PipGroup {
  kind: ActionKind;
  label: string;
  /** "Move: 1 of 1 left", "Major: 1 of 2 left (pushed: 1 of 1 left)" (for the tooltip and screen readers). */
  text: string;
  pips: Pip[];
}

const B = "FACTIONS.Skirmish.Budget.";

export function budgetView(b: ActionBudget, settings: EconomySettings, t: Localizer = game.i18n!): PipGroup[] {
  const left = actionsLeft(b, settings);
  const pushedOf: Record<ActionKind, boolean[]> = {
    move: Array.from({ length: left.pushedMove }, () => true),
    major: Array.from({ length: b.pushes }, (_, i) => i < left.pushedMajor),
    minor: Array.from({ length: left.pushedMinor }, () => true),
    free: [],
  };
  return ACTION_KINDS.map((kind) => {
    const own = ownActions(kind, settings);
    const pushed = pushedOf[kind].map((filled, i) => ({ filled, pushed: true, firstPushed: i === 0 }));
    const pips = [...Array.from({ length: own }, (_, i) => ({ filled: i < left[kind], pushed: false, firstPushed: false })), ...pushed];
    const label = t.localize(`${B}${kind}`);
    const count = (list: Pip[]) => String(list.filter((p) => p.filled).length);
    const data = { kind: label, left: count(pips), of: String(pips.length), pushedLeft: count(pushed), pushed: String(pushed.length) };
    return { kind, label, text: t.format(`${B}${pushed.length ? "LeftPushed" : "Left"}`, data), pips };
  });
}

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/**
 * The pips as HTML, as templates/skirmish/budget.hbs draws them on the sheets: the tracker's row
 * (and the gallery's picture of it) is this markup.
 */
export function pipsMarkup(groups: readonly PipGroup[], className = "factions factions-skirmish-pips"): string {
  const group = (g: PipGroup) => {
    const pips = g.pips.map((p) => `${p.firstPushed ? '<i class="factions-pip-mark fa-solid fa-bolt" inert></i>' : ""}<i class="factions-pip ${p.filled ? "factions-filled" : "factions-spent"}${p.pushed ? " factions-pushed" : ""}" inert></i>`);
    // One picture with one name (a plain span's aria-label is ignored by screen readers).
    return `<span class="factions-pip-group factions-kind-${g.kind}" role="img" data-tooltip="${escape(g.text)}" aria-label="${escape(g.text)}"><span class="factions-pip-label">${escape(g.label)}</span><span class="factions-pips">${pips.join("")}</span></span>`;
  };
  return `<div class="${escape(className)}">${groups.map(group).join("")}</div>`;
}
