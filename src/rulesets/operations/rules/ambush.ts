import type { Result } from "../../../core/rules/outcome";
import type { ActingChoice, ActionOutcome, Ctx } from "./common";
import { setStance, type StanceDetail } from "./stances";
import type { AttackStrategy, OperationsState } from "./state";

export interface AmbushChoice extends ActingChoice {
  /** The organizations it attacks. */
  factions: string[];
  strategy: AttackStrategy;
  /** Units assigned (≤ Cohesion), at the lieutenant's location. */
  units: string[];
}

/** Ambush (stance, Sneak vs Sneak when triggered): set up to attack a named faction's force entering the location. */
export function ambush(state: OperationsState, choice: AmbushChoice, ctx: Ctx): Result<ActionOutcome<StanceDetail>> {
  return setStance("ambush", state, choice, ctx);
}
