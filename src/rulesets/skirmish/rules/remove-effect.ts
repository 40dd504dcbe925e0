import { toJson } from "../../../core/rules/changes";
import { ok, type Outcome, type Result } from "../../../core/rules/outcome";
import { combatantActor, isLine, refusal, refuse, type SkirmishDetail } from "./common";
import { ACTIONS, type SkirmishContext } from "./context";
import { Draft } from "./draft";
import { endedLine } from "./effects";
import type { SkirmishState } from "./state";

export interface RemoveEffectChoice {
  actor: string;
  effect: string;
}

/**
 * The GM removes an effect (Ankle sprain, Gone Prone and the named statuses
 * last until then). Removing the last Member slowed of a member makes that
 * member ready again.
 */
export function removeEffect(state: SkirmishState, choice: RemoveEffectChoice, ctx: SkirmishContext): Result<Outcome<SkirmishDetail>> {
  const actor = combatantActor(state, choice.actor);
  if (isLine(actor)) return refuse(actor);
  const effect = actor.type === "infantry" ? actor.effects.find((e) => e.id === choice.effect) : undefined;
  if (actor.type !== "infantry" || !effect) return refuse(refusal("NoEffect", { name: actor.name, effect: String(choice.effect) }));
  const d = new Draft(state, ctx);
  d.effects(actor.id).delete(effect.id);
  d.log.push(endedLine(actor.name, effect));
  if (effect.kind === "memberSlowed") {
    const stillSlowed = actor.effects.some((e) => e.id !== effect.id && e.kind === "memberSlowed" && e.member === effect.member);
    const member = actor.system.members.find((m) => m.id === effect.member);
    if (member && member.state === "slowed" && !stillSlowed) {
      d.setActor(actor.id, "system.members", toJson(actor.system.members.map((m) => (m.id === member.id ? { ...m, state: "ready" } : m))));
      d.say("MemberReady", { name: actor.name, member: member.name });
    }
  }
  return ok(d.outcome(ACTIONS.removeEffect, actor.id, { economy: null, effects: d.effectPlans() }));
}
