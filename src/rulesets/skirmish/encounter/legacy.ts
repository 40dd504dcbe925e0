/**
 * Budgets of an earlier release: counters kept on each Combatant, round by round. The active GM's
 * client moves them, once, into their encounter's records (data/state.ts) as entries whose replay
 * gives the same counters, and empties the Combatant's. A card of that release that spent an
 * action can then no longer be undone: what it changed is gone from the Combatant.
 */
import { ACTION_KINDS, type ActionBudget, type BudgetEntry } from "../rules/economy";
import { isSkirmishCombatant, roundPath, storedRound } from "../data/state";

/** One round's budget as an earlier release stored it on the Combatant. */
type LegacyBudget = Omit<ActionBudget, "entries"> & { moved?: boolean };

/**
 * Entries that replay into these counters: own spends, then spends past the budget (before any
 * push, as they were taken with nothing left), then the pushes, then what was spent from them.
 */
export function legacyEntries(b: LegacyBudget): Record<string, BudgetEntry> {
  const list: BudgetEntry[] = [];
  const add = (n: number, entry: BudgetEntry) => {
    for (let i = 0; i < n; i++) list.push(entry);
  };
  for (const kind of ACTION_KINDS) add(b.spent[kind], { use: kind, override: false });
  for (const kind of ACTION_KINDS) add(b.overridden[kind], { use: kind, override: true });
  add(b.pushes, { use: "push", override: false });
  for (const kind of ["major", "minor", "move"] as const) add(b.pushed[kind], { use: kind, override: false });
  return Object.fromEntries(list.map((e, i) => [String(i + 1), e]));
}

/** Move every Combatant's budgets of an earlier release into its encounter (the active GM, at `ready`). */
export async function migrateLegacyBudgets(): Promise<void> {
  if (!game.users?.activeGM?.isSelf) return;
  for (const combat of game.combats ?? []) {
    for (const combatant of combat.combatants) {
      const budgets = (combatant._source.system as { budgets?: Record<string, LegacyBudget> } | undefined)?.budgets ?? {};
      const actor = combatant.actor as Actor.Implementation | null;
      if (!isSkirmishCombatant(combatant) || !actor || !Object.keys(budgets).length) continue;
      const update: Record<string, unknown> = {};
      for (const [round, b] of Object.entries(budgets)) {
        if (!storedRound(combat, actor.uuid, Number(round))) update[roundPath(actor.uuid, Number(round))] = { moved: !!b.moved, entries: legacyEntries(b) };
      }
      if (Object.keys(update).length) await combat.update(update as Combat.UpdateData);
      await combatant.update({ system: { "==budgets": {} } } as unknown as Combatant.UpdateData);
    }
  }
}
