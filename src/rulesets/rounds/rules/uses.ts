import type { ChangeRecorder, Json } from "../../../core/rules/changes";
import { positionKey } from "./position";
import type { ActKind, HeroState, Position, Step, UsedRecord } from "./state";

/** Steps in which each hero has one use, shared by every kind of act in the step. Free uses are unlimited. */
export const LIMITED_STEPS: readonly Step[] = ["action", "reaction", "melee", "adventure"];

/** The use records as the JSON of a change. */
function usedJson(used: readonly UsedRecord[]): Json {
  return used.map((u) => ({ at: u.at, acts: [...u.acts] }));
}

/** What the hero has used in the step at `position` (each step keeps its own record). */
export function usedIn(hero: HeroState, position: Position): readonly ActKind[] {
  const at = positionKey(position);
  return hero.system.used.find((u) => u.at === at)?.acts ?? [];
}

/**
 * Record that the hero took `kind` in the step at `position` (only limited steps keep count).
 * Only that step's record changes: the others stay, so going back to a step finds its use spent.
 */
export function recordUse(rec: ChangeRecorder, hero: HeroState, position: Position, kind: ActKind): void {
  if (!LIMITED_STEPS.includes(position.step)) return;
  const at = positionKey(position);
  const before = hero.system.used;
  const record: UsedRecord = { at, acts: [...usedIn(hero, position), kind] };
  const after = before.some((u) => u.at === at) ? before.map((u) => (u.at === at ? record : u)) : [...before, record];
  rec.update({ actor: hero.id }, "system.used", usedJson(before), usedJson(after));
}
