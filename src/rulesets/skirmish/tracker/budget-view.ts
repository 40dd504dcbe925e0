/**
 * What is left of a combatant's actions this round, as pips: the tracker and the sheets draw the
 * same view. Each kind shows its own actions (filled while left) and, after them, the pushed ones
 * (a pushed major, or the halves left of one converted into minor or move actions).
 */
import { actionsLeft, ownActions, ACTION_KINDS, type ActionBudget, type ActionKind, type EconomySettings } from "../rules/economy";

export interface Pip {
  filled: boolean;
  pushed: boolean;
}

export interface PipGroup {
  kind: ActionKind;
  label: string;
  /** "Move: 1 of 1 left" (for the tooltip and screen readers). */
  text: string;
  pips: Pip[];
}

export function budgetView(b: ActionBudget, settings: EconomySettings): PipGroup[] {
  const i18n = game.i18n!;
  const left = actionsLeft(b, settings);
  const pushedOf: Record<ActionKind, Pip[]> = {
    move: Array.from({ length: left.pushedMove }, () => ({ filled: true, pushed: true })),
    major: Array.from({ length: b.pushes }, (_, i) => ({ filled: i < left.pushedMajor, pushed: true })),
    minor: Array.from({ length: left.pushedMinor }, () => ({ filled: true, pushed: true })),
    free: [],
  };
  return ACTION_KINDS.map((kind) => {
    const own = ownActions(kind, settings);
    const pips = [...Array.from({ length: own }, (_, i) => ({ filled: i < left[kind], pushed: false })), ...pushedOf[kind]];
    const label = i18n.localize(`FACTIONS.Skirmish.Budget.${kind}`);
    const count = pips.filter((p) => p.filled).length;
    return { kind, label, text: i18n.format("FACTIONS.Skirmish.Budget.Left", { kind: label, left: String(count), of: String(pips.length) }), pips };
  });
}
