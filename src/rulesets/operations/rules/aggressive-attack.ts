import type { Result } from "../../../core/rules/outcome";
import { resolveAttack, type AttackChoice, type AttackDetail, type ForceTable } from "./attack";
import type { ActionOutcome, Ctx } from "./common";
import type { OperationsState } from "./state";

/** The seed's tiers of Aggressive Attack. */
export const AGGRESSIVE_ATTACK: ForceTable = {
  completeFailure: { enemy: "dinged", own: "defeated" },
  failure: { enemy: "damaged", own: "damaged" },
  success: { enemy: "defeated", own: "damaged" },
  completeSuccess: { enemy: "destroyed", own: "dinged" },
};

/** Aggressive Attack (Force vs Force): a zealous attack on the target's whole force at a location. */
export function aggressiveAttack(state: OperationsState, choice: AttackChoice, ctx: Ctx): Result<ActionOutcome<AttackDetail>> {
  return resolveAttack("aggressiveAttack", AGGRESSIVE_ATTACK, state, choice, ctx);
}
