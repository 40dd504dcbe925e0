/**
 * The Skirmish actions that spend from a fighter's budget, what each spends, and the id of its GM
 * override: what the action definitions (./actions.ts) and the dialogs (./dialogs.ts) share, so the
 * two depend one way.
 */
import { ACTIONS, type ActionKind } from "./rules";

/** The actions that spend from the budget, and what they spend. */
export const SPENDS = { move: "move", attack: "major", reload: "minor", deploy: "minor", scan: "minor", free: "free" } as const satisfies Record<string, ActionKind>;
export type SpendName = keyof typeof SPENDS;

/** The id of a spend's GM override. */
export const overrideId = (name: SpendName) => `${ACTIONS[name]}.override`;
