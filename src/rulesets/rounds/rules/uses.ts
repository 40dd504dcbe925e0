import { toJson, type ChangeRecorder } from "../../../core/rules/changes";
import { positionKey } from "./position";
import { NOTHING_USED, type ActKind, type HeroState, type Position, type Step } from "./state";

/** Steps in which each hero has one use, shared by every kind of act in the step. Free uses are unlimited. */
export const LIMITED_STEPS: readonly Step[] = ["action", "reaction", "melee", "adventure"];

/** What the hero has used in the step at `position` (uses stamped with another step do not count). */
export function usedIn(hero: HeroState, position: Position): readonly ActKind[] {
  return hero.system.used.at === positionKey(position) ? hero.system.used.acts : [];
}

/** Record that the hero took `kind` in the step at `position` (only limited steps keep count). */
export function recordUse(rec: ChangeRecorder, hero: HeroState, position: Position, kind: ActKind): void {
  if (!LIMITED_STEPS.includes(position.step)) return;
  const acts = [...usedIn(hero, position), kind];
  rec.update({ actor: hero.id }, "system.used", toJson(hero.system.used), toJson({ at: positionKey(position), acts }));
}

/** When the step changes forward: every hero's uses are cleared. */
export function resetUses(rec: ChangeRecorder, heroes: Iterable<HeroState>): void {
  for (const h of heroes) {
    const u = h.system.used;
    if (u.at !== "" || u.acts.length > 0) rec.update({ actor: h.id }, "system.used", toJson(u), toJson(NOTHING_USED));
  }
}
