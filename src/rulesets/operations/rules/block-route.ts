import type { Result } from "../../../core/rules/outcome";
import type { ActingChoice, ActionOutcome, Ctx } from "./common";
import { setStance, type StanceDetail } from "./stances";
import type { OperationsState } from "./state";

export interface BlockRouteChoice extends ActingChoice {
  /** The organizations it blocks. */
  factions: string[];
  /** Units assigned (≤ Cohesion), at the lieutenant's location. */
  units: string[];
}

/** Block Route (stance, Force vs Sneak when triggered): block a named faction's movement through the location. */
export function blockRoute(state: OperationsState, choice: BlockRouteChoice, ctx: Ctx): Result<ActionOutcome<StanceDetail>> {
  return setStance("blockRoute", state, { ...choice, strategy: undefined }, ctx);
}
