/**
 * An attack's target as the map gives it (src/core/canvas/targets.ts): the token a choice names,
 * the name it shows and the actor it stands for, and its distance from the attacker's nearest
 * token on the same scene, measured on that scene's grid. Read on whichever client resolves the
 * attack (the attacker's, then the GM's, which checks the card against the map as it is then).
 */
import { nearestTo, seesToken, tokenFromUuid, tokensOfActor, type TokenDoc } from "../../core/canvas/targets";
import type { Rejection } from "../../core/rules/outcome";
import type { SkirmishWorld } from "./data/state";
import { actorState } from "./data/state";
import { REJECT, type AttackChoice, type AttackInput, type TargetOnMap } from "./rules";
import { worldDocument } from "../../core/documents/uuid";

/** The attacking actor's document, by UUID (a token's own actor too). */
function actorOf(uuid: string): Actor.Implementation | null {
  const doc = uuid ? (worldDocument(uuid) as unknown) : null;
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

/** What the map says of the token a choice targets, as seen from the attacker (null: no such token). */
export function targetOnMap(attackerUuid: string, target: string): TargetOnMap | null {
  const token = target ? tokenFromUuid(target) : null;
  if (!token) return null;
  const attacker = actorOf(attackerUuid);
  const mine = attacker ? tokensOfActor(attacker, token.parent as Scene.Implementation) : [];
  const nearest = nearestTo(mine.filter((t) => t !== token), token);
  return {
    token: token.uuid,
    name: token.name ?? "",
    actor: (token.actor as Actor.Implementation | null)?.uuid ?? "",
    distance: nearest ? nearest.distance.value : null,
    units: nearest ? nearest.distance.units : "",
  };
}

/** The rule's input: the choice with what the map says of its target; the target's actor joins the world the rules read. */
export function attackInput(choice: AttackChoice, world: SkirmishWorld): AttackInput {
  const onMap = targetOnMap(choice.actor, choice.target);
  const token = onMap ? tokenFromUuid(onMap.token) : null;
  const actor = token?.actor as Actor.Implementation | null | undefined;
  if (actor && !world.state.actors[actor.uuid]) {
    const state = actorState(actor);
    if (state) world.state.actors[actor.uuid] = state;
  }
  return { ...choice, onMap };
}

/** A target the user may not see on the map (a hidden token, for a player) is refused as if it were not there. */
export function targetRefusal(choice: { target?: unknown; actor?: unknown }, user: User.Implementation): Rejection | null {
  const token = typeof choice.target === "string" && choice.target ? tokenFromUuid(choice.target) : null;
  if (!token || seesToken(user, token as TokenDoc)) return null;
  return { key: `${REJECT}TargetGone`, data: { name: actorOf(String(choice.actor ?? ""))?.name ?? "" } };
}

/** The tokens the dialog's picker offers: the fighters on the attacker's scene, other than its own, that the user sees. */
export function pickableTargets(attacker: Actor.Implementation, user: User.Implementation): TokenDoc[] {
  const mine = tokensOfActor(attacker);
  const scene = mine[0]?.parent as Scene.Implementation | undefined;
  if (!scene) return [];
  return scene.tokens.contents.filter((t) => {
    const actor = t.actor as Actor.Implementation | null;
    return !mine.includes(t) && actor?.uuid !== attacker.uuid && (actor?.type === "infantry" || actor?.type === "vehicle") && seesToken(user, t);
  });
}
