/**
 * Each Operations action's pure rule and the settings it reads: what the action definitions
 * (./actions.ts) and the dialogs' odds (./dialogs.ts) share, so the two depend one way.
 */
import { SYSTEM_ID } from "../../core/constants";
import type { Outcome, Result } from "../../core/rules/outcome";
import { checkSettings } from "../../core/settings";
import { OPERATIONS_ACTIONS, type OperationsActionName } from "./action-list";
import * as rules from "./rules";
import type { OperationsContext, OperationsSettings, OperationsState } from "./rules";

export function operationsSettings(): OperationsSettings {
  const s = game.settings!;
  return { ...checkSettings(), recovery: s.get(SYSTEM_ID, "operationsRecovery"), oneActionPerRound: s.get(SYSTEM_ID, "operationsOneAction") };
}

export type Rule<C> = (state: OperationsState, choice: C, ctx: OperationsContext) => Result<Outcome>;

/** Each of the twenty actions' pure rule. */
export const RULES = Object.fromEntries(OPERATIONS_ACTIONS.map((name) => [name, rules[name] as Rule<object>])) as Record<OperationsActionName, Rule<object>>;
