import type { Change, ChangeRecorder, Json } from "../../../core/rules/changes";
import { positionKey } from "./position";
import type { ActKind, HeroState, Position, Step, UsedRecord } from "./state";

/** Steps in which each hero has one use, shared by every kind of act in the step. Free uses are unlimited. */
export const LIMITED_STEPS: readonly Step[] = ["action", "reaction", "melee", "adventure"];

/** A use record as the JSON of a change. */
function usedJson(u: UsedRecord): Json {
  return { at: u.at, acts: [...u.acts] };
}

/** What the hero has used in the step at `position` (uses stamped with another step do not count). */
export function usedIn(hero: HeroState, position: Position): readonly ActKind[] {
  return hero.system.used.at === positionKey(position) ? hero.system.used.acts : [];
}

/** Record that the hero took `kind` in the step at `position` (only limited steps keep count). */
export function recordUse(rec: ChangeRecorder, hero: HeroState, position: Position, kind: ActKind): void {
  if (!LIMITED_STEPS.includes(position.step)) return;
  const acts = [...usedIn(hero, position), kind];
  rec.update({ actor: hero.id }, "system.used", usedJson(hero.system.used), usedJson({ at: positionKey(position), acts }));
}

/**
 * When the step changes forward: every hero's uses are cleared, one update
 * each (built directly: fresh values, nothing to merge, and a step change
 * with many heroes stays cheap).
 */
export function resetUses(heroes: Iterable<HeroState>): Change[] {
  const out: Change[] = [];
  for (const h of heroes) {
    const u = h.system.used;
    if (u.at !== "" || u.acts.length > 0) out.push({ op: "update", ref: { actor: h.id }, path: "system.used", from: usedJson(u), to: { at: "", acts: [] } });
  }
  return out;
}
