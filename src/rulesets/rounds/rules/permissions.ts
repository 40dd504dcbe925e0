import type { Line } from "../../../core/rules/outcome";
import { actName, refusal, stepName } from "./common";
import type { AbilityTiming, ActKind, HeroState, Position, Square, Step } from "./state";
import { LIMITED_STEPS, usedIn } from "./uses";

/** The acts taken in each step (an ability counts when it is tagged with that step). */
export const ACTS_BY_STEP: Record<Step, readonly ActKind[]> = {
  free: ["trade", "pickUp", "ability"],
  action: ["move", "slipAway", "shoot", "unleash", "ability"],
  reaction: ["shoot", "ability"],
  melee: ["melee", "ability"],
  adventure: ["challenge", "ability"],
  reinforce: ["reinforce"],
};

/** Acts aimed at an enemy hero on the map. */
const AT_ENEMY: readonly ActKind[] = ["slipAway", "shoot", "melee"];

/** A melee attack: the Melee act, or an ability tagged Melee (it needs an adjacent enemy all the same). */
const isMeleeAttack = (act: Act): boolean => act.kind === "melee" || (act.kind === "ability" && act.timing === "melee");

/** What a hero tries to do. `target` is checked when given (an act function insists on it). */
export type Act = { kind: Exclude<ActKind, "ability">; target?: HeroState | null } | { kind: "ability"; timing: AbilityTiming; target?: HeroState | null };

/** One of the eight squares around `a`, diagonals included. */
export function adjacent(a: Square, b: Square): boolean {
  const dx = Math.abs(a.x - b.x);
  const dy = Math.abs(a.y - b.y);
  return Math.max(dx, dy) === 1;
}

/**
 * Why an act aimed at an enemy cannot take `target`, or null: it must be an enemy on the map, and
 * next to the hero for a melee attack. The dialogs offer only the heroes this allows.
 */
export function targetProblem(hero: HeroState, target: HeroState, melee: boolean): Line | null {
  if (target.system.team === hero.system.team) return refusal("NotEnemy", { target: target.name });
  if (!target.system.onMap) return refusal("TargetOffMap", { target: target.name });
  if (melee && !(hero.square && target.square && adjacent(hero.square, target.square))) {
    return refusal("NotAdjacent", { hero: hero.name, target: target.name });
  }
  // On the map is a hero brought in whose token stands on the scene (a GM may have taken it off).
  if (!target.square) return refusal("TargetOffMap", { target: target.name });
  return null;
}

/**
 * Whether the hero may take the act now: null if it may, else the reason.
 * A GM's override allows anything but acting after the game, or bringing in a hero already on
 * the map (that would move it into another round's wave).
 */
export function mayAct(position: Position & { over?: boolean }, hero: HeroState, act: Act, override = false): Line | null {
  const name = hero.name;
  if (position.over) return refusal("GameOver");
  if (act.kind === "reinforce" && hero.system.onMap) return refusal("AlreadyOnMap", { hero: name });
  if (override) return null;
  if (position.round === 1 && act.kind !== "reinforce") return refusal("RoundOne");
  if (act.kind !== "reinforce" && !hero.system.onMap) return refusal("OffMap", { hero: name });

  const step = position.step;
  if (act.kind === "ability") {
    if (act.timing === "start" || act.timing === "end") return refusal("AbilityTriggered");
    if (act.timing !== step) return refusal("AbilityWrongStep", { tagged: stepName(act.timing), step: stepName(step) });
  }
  if (!ACTS_BY_STEP[step].includes(act.kind)) return refusal("WrongStep", { act: actName(act.kind), step: stepName(step) });

  const active = hero.system.team === position.team;
  if (step === "reaction" && active) return refusal("ActiveInReaction");
  if (step !== "reaction" && step !== "melee" && !active) return refusal("InactiveTeam", { step: stepName(step) });

  if (step === "adventure" && hero.adventure === null) return refusal("NotOnAdventure", { hero: name });

  const target = act.target;
  const melee = isMeleeAttack(act);
  if (target && (AT_ENEMY.includes(act.kind) || melee)) {
    const why = targetProblem(hero, target, melee);
    if (why) return why;
  }

  if (LIMITED_STEPS.includes(step) && usedIn(hero, position).length > 0) return usedUp(step, name);
  return null;
}

/** The hero's one use of this step is spent. */
function usedUp(step: Step, hero: string): Line {
  switch (step) {
    case "action":
      return refusal("UsedAction", { hero });
    case "reaction":
      return refusal("UsedReaction", { hero });
    case "melee":
      return refusal("UsedMelee", { hero });
    default:
      return refusal("UsedAdventure", { hero });
  }
}
