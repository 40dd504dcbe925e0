import type { Result } from "../../../core/rules/outcome";
import { resolveAttack, type AttackChoice, type AttackDetail, type ForceTable } from "./attack";
import type { ActionOutcome, Ctx } from "./common";
import type { OperationsState } from "./state";

/** The seed's tiers of Cautious Attack. */
export const CAUTIOUS_ATTACK: ForceTable = {
  completeFailure: { own: "damaged" },
  failure: { enemy: "dinged", own: "dinged" },
  success: { enemy: "damaged", own: "dinged" },
  completeSuccess: { enemy: "defeated" },
};

/** Cautious Attack (Force vs Force): an attack that preserves your own strength. */
export function cautiousAttack(state: OperationsState, choice: AttackChoice, ctx: Ctx): Result<ActionOutcome<AttackDetail>> {
  return resolveAttack("cautiousAttack", CAUTIOUS_ATTACK, state, choice, ctx);
}
