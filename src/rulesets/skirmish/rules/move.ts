import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { acting, isLine, refusal, refuse, spendFor, type ActingChoice, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import { immobilizedBy, noneLeft, speedOf, vehicleOf, type Speed } from "./speed";
import type { SkirmishState } from "./state";

export interface MoveChoice extends ActingChoice {
  /** A squad leaves its slowed member behind instead of matching its speed. */
  leaveSlowedBehind?: boolean;
}

export interface MoveDetail extends SkirmishDetail {
  speed: Speed;
}

/**
 * Move: one move action, up to the derived speed. A prone squad cannot take one, nor a squad with
 * no member left in the fight (RULES §5), whatever the GM overrides.
 */
export function move(state: SkirmishState, choice: MoveChoice, ctx: SkirmishContext): Result<Outcome<MoveDetail>> {
  const a = acting(state, choice.actor);
  if (isLine(a)) return refuse(a);
  const { actor, budget } = a;
  const stuck = immobilizedBy(actor);
  if (stuck !== undefined) return refuse(refusal("Immobile", { name: actor.name }));
  if (actor.type === "infantry" && noneLeft(actor)) return refuse(refusal("NoMembers", { name: actor.name }));
  const economy = spendFor(actor.id, budget, "move", ctx.settings, choice.gmOverride);
  if (isLine(economy)) return refuse(economy);
  const d = new Draft(state, ctx);
  const speed = speedOf(state, actor, { leaveSlowedBehind: !!choice.leaveSlowedBehind });
  const vehicle = actor.type === "infantry" ? vehicleOf(state, actor) : undefined;
  if (vehicle && speed.source === "vehicle") d.say("MovedWith", { name: actor.name, vehicle: vehicle.name, speed: speed.value });
  else if (speed.source === "halved") d.say("MovedSlowed", { name: actor.name, speed: speed.value });
  else d.say("Moved", { name: actor.name, speed: speed.value });
  if (economy.spend?.source === "override") d.say("Override", { name: actor.name });
  return ok(d.outcome(ACTIONS.move, actor.id, { economy, effects: [], speed }));
}
