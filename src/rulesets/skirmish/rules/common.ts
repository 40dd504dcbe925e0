import { reject, type Line, type Result } from "../../../core/rules/outcome";
import { LOG, REJECT, type SkirmishSettings } from "./context";
import { budgetForRound, grantPush, refundAction, spendAction, type ActionBudget, type ActionKind, type EconomySettings, type Spend } from "./economy";
import type { EffectPlan } from "./effects";
import type { Combatant, SkirmishState } from "./state";

export function refusal(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: REJECT + name } : { key: REJECT + name, data };
}

export function refuse<T>(r: Line): Result<T> {
  return reject<T>(r.key, r.data);
}

export function isLine(x: unknown): x is Line {
  return typeof x === "object" && x !== null && typeof (x as Line).key === "string" && !("system" in x);
}

/** How an action touched the acting combatant's budget: the Foundry layer stores `after` on its Combatant. */
export interface EconomyDetail {
  combatant: string;
  before: ActionBudget;
  after: ActionBudget;
  /** The action spent, or null. */
  spend: Spend | null;
  /** A push was granted. */
  granted: boolean;
}

/** What every Skirmish outcome's detail carries. */
export interface SkirmishDetail {
  economy: EconomyDetail | null;
  /** The effects to create, update and delete, per actor. */
  effects: EffectPlan[];
}

/** Common fields of an action's choice. */
export interface ActingChoice {
  /** The acting infantry or vehicle. */
  actor: string;
  /** The GM lets the action through although the budget is used up. */
  gmOverride?: boolean;
}

/** An actor that exists and can fight. */
export function combatantActor(state: SkirmishState, id: string): Combatant | Line {
  const a = Object.prototype.hasOwnProperty.call(state.actors, id) ? state.actors[id] : undefined;
  if (!a) return refusal("NoActor", { actor: String(id) });
  if (a.type === "company") return refusal("NotCombatant", { name: a.name });
  return a;
}

/** The acting combatant with its budget for the current round, or why it cannot act. */
export function acting(state: SkirmishState, id: string): { actor: Combatant; budget: ActionBudget } | Line {
  const actor = combatantActor(state, id);
  if (isLine(actor)) return actor;
  const stored = Object.prototype.hasOwnProperty.call(state.combatants, id) ? state.combatants[id] : undefined;
  if (!stored) return refusal("NotInEncounter", { name: actor.name });
  return { actor, budget: budgetForRound(stored, state.round) };
}

/** Spend one action, or the economy's reason it cannot be spent. */
export function spendFor(actor: string, budget: ActionBudget, kind: ActionKind, settings: SkirmishSettings, gmOverride: boolean | undefined): EconomyDetail | Line {
  const r = spendAction(budget, kind, settings, !!gmOverride);
  if (!r.ok) return r.reason;
  return { combatant: actor, before: budget, after: r.value.budget, spend: r.value.spend, granted: false };
}

/** A push granted. */
export function pushFor(actor: string, budget: ActionBudget): EconomyDetail {
  return { combatant: actor, before: budget, after: grantPush(budget), spend: null, granted: true };
}

/** The key of the budget entry an action added (its card's), or null if it added none. */
export function entryOf(economy: EconomyDetail): string | null {
  return Object.keys(economy.after.entries).find((key) => !(key in economy.before.entries)) ?? null;
}

/**
 * The budget after an action's card is undone: the round replayed without its entry (economy.ts
 * `refundAction`), refused while a later card took what it gave. `current` is the budget of the
 * card's round now; a card of another round changes nothing of it.
 */
export function undoEconomy(current: ActionBudget, economy: EconomyDetail, settings: EconomySettings): Result<ActionBudget> {
  const entry = entryOf(economy);
  if (!entry || economy.after.round !== current.round) return { ok: true, value: current };
  return refundAction(current, entry, settings);
}

/** A log line `${LOG}<name>` (for roll and check labels). */
export function line(name: string, data?: Line["data"]): Line {
  return data === undefined ? { key: LOG + name } : { key: LOG + name, data };
}
