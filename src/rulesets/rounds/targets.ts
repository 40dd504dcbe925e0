/**
 * An aimed act's target as the map gives it (src/core/canvas/targets.ts): a choice names the
 * enemy hero (its actor's UUID) or the token the user targeted; either way the rules get the hero
 * and the distance from the acting hero's token to the target's, measured on the encounter's
 * scene's grid by whichever client resolves the act (the player's, then the GM's, which checks the
 * card against the map as it is then, never against what the card says).
 */
import { actorOf } from "../../core/actions/documents";
import { seesToken, tokenDistance, tokenFromUuid, type TokenDoc } from "../../core/canvas/targets";
import { ok, reject, type Rejection, type Result } from "../../core/rules/outcome";
import { refusal, type MapDistance, type RoundsState } from "./rules";
import { encounterScene, heroTokenOn } from "./encounter/scene";
import { roundsCombatOf, type RoundsCombat } from "./encounter/state";

/** A hero's token on the encounter's scene (null: none there). */
export function heroToken(combat: RoundsCombat, hero: string): TokenDoc | null {
  return heroTokenOn(encounterScene(combat), hero);
}

/**
 * The hero a target names: a token the user targeted stands for its actor, if that is a hero of
 * this game on its scene (else why not); anything else is taken as a hero's id, for the rules to
 * find or refuse.
 */
export function targetHero(combat: RoundsCombat, state: RoundsState, target: string): { hero: string; token: TokenDoc | null } | Rejection {
  const token = target ? tokenFromUuid(target) : null;
  if (!token) return { hero: target, token: heroToken(combat, target) };
  const name = token.name ?? "";
  if (token.parent !== encounterScene(combat)) return refusal("TargetElsewhere", { target: name });
  const actor = token.actor as Actor.Implementation | null;
  if (!actor || !Object.prototype.hasOwnProperty.call(state.heroes, actor.uuid)) return refusal("NotAHero", { target: name });
  // A linked hero's token: the one the rules read its square from.
  return { hero: actor.uuid, token: heroToken(combat, actor.uuid) ?? token };
}

/** From one hero's token to another's on the encounter's scene (null: one of them has none there). */
export function heroDistance(combat: RoundsCombat, from: string, to: TokenDoc | null): MapDistance | null {
  const mine = heroToken(combat, from);
  const d = mine && to ? tokenDistance(mine, to) : null;
  return d && Number.isFinite(d.value) ? { value: d.value, units: d.units } : null;
}

type Aimed = { hero: string; target?: string };

/**
 * The rule's input: the choice with its target as the hero it stands for and the distance as the
 * map has it now (whatever the choice said of one). A choice with no target is left as it is.
 */
export function aimedInput<C extends Aimed>(combat: RoundsCombat, state: RoundsState, choice: C): Result<C> {
  const { distance: _ignored, ...rest } = choice as C & { distance?: unknown };
  const plain = rest as unknown as C;
  if (typeof choice.target !== "string" || choice.target === "") return ok(plain);
  const aimed = targetHero(combat, state, choice.target);
  if (!("hero" in aimed)) return reject(aimed.key, aimed.data);
  return ok({ ...plain, target: aimed.hero, distance: heroDistance(combat, choice.hero, aimed.token) });
}

/**
 * A player may not aim at a token they cannot see (a hidden one): refused as if it were not on the
 * map, naming only the acting hero. Checked on their client and on the GM's for the card's author.
 */
export function unseenTarget(choice: { combat?: unknown; hero?: unknown; target?: unknown }, user: User.Implementation): Rejection | null {
  if (user.isGM || typeof choice.target !== "string" || choice.target === "") return null;
  const combat = roundsCombatOf(choice.combat);
  const token = tokenFromUuid(choice.target) ?? (combat ? heroToken(combat, choice.target) : null);
  if (!token || seesToken(user, token)) return null;
  const hero = actorOf(String(choice.hero ?? ""));
  return refusal("TargetUnseen", { hero: (hero as { displayName?: string } | null)?.displayName ?? hero?.name ?? "" });
}
