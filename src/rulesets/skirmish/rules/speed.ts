import { EFFECT_RULES } from "./effects";
import type { InfantryState, SkirmishState, VehicleState } from "./state";

/** Why a speed is what it is: the vehicle's, halved, the actor's own, or 0 for a squad with no one left. */
export type SpeedSource = "own" | "vehicle" | "halved" | "noMembers";

export interface Speed {
  value: number;
  source: SpeedSource;
}

/** The vehicle an infantry rides in, if it names one that is in the state. */
export function vehicleOf(state: SkirmishState, infantry: InfantryState): VehicleState | undefined {
  const v = infantry.system.vehicle === "" ? undefined : state.actors[infantry.system.vehicle];
  return v?.type === "vehicle" ? v : undefined;
}

/**
 * The speed a combatant moves at (RULES §5). Derived, never raised: infantry
 * in a vehicle moves at the vehicle's speed; on foot, Ankle sprain or Member
 * slowed halve its speed, rounding down, and a second one does not halve
 * again. A squad may leave its slowed member behind instead of matching its
 * speed (`leaveSlowedBehind`); a sprained ankle cannot be left behind.
 * Riding, the halving does not apply: the vehicle carries it. A squad with no
 * member left in the fight has speed 0, riding or not: there is no one to move.
 */
export function speedOf(state: SkirmishState, actor: InfantryState | VehicleState, opts: { leaveSlowedBehind?: boolean } = {}): Speed {
  const own = Math.max(0, actor.system.speed);
  if (actor.type === "vehicle") return { value: own, source: "own" };
  if (noneLeft(actor)) return { value: 0, source: "noMembers" };
  const vehicle = vehicleOf(state, actor);
  if (vehicle) return { value: Math.max(0, vehicle.system.speed), source: "vehicle" };
  const halved = actor.effects.some((e) => EFFECT_RULES[e.kind].halvesSpeed && !(e.kind === "memberSlowed" && opts.leaveSlowedBehind));
  return halved ? { value: Math.floor(own / 2), source: "halved" } : { value: own, source: "own" };
}

/** A squad with no member left in the fight (every one out, or none at all). */
export function noneLeft(actor: InfantryState): boolean {
  return actor.system.kind === "squad" && actor.system.members.every((m) => m.state === "out");
}

/** The effect that keeps an infantry from taking a move action (Gone Prone), if any. */
export function immobilizedBy(actor: InfantryState | VehicleState): string | undefined {
  if (actor.type === "vehicle") return undefined;
  return actor.effects.find((e) => EFFECT_RULES[e.kind].immobile)?.kind;
}
