import type { Modifier } from "../../../core/rules/check";
import { canAct, conditionModifier } from "./conditions";
import { RATING } from "./context";
import type { LieutenantState, OperationsState, Stat, UnitState } from "./state";

/** Label of a statistic as a check modifier. */
export function statLabel(stat: Stat): string {
  return `${RATING}Stat.${stat}`;
}

/** The acting lieutenant: level + the named statistic. */
export function lieutenantRating(lt: LieutenantState, stat: Stat): Modifier[] {
  return [
    { label: `${RATING}Level`, value: lt.system.level },
    { label: statLabel(stat), value: lt.system[stat] },
  ];
}

/** Units that count toward a force's strength: not defeated or destroyed. */
export function contributing(units: readonly UnitState[]): UnitState[] {
  return units.filter((u) => canAct(u.system.condition));
}

/** A force's strength: its best unit's level + 1 for each other unit (defeated units count for nothing). */
export function forceStrength(units: readonly UnitState[]): Modifier[] {
  const live = contributing(units);
  if (live.length === 0) return [];
  let best = live[0]!;
  for (const u of live) if (u.system.level > best.system.level) best = u;
  const mods: Modifier[] = [{ label: best.name, value: best.system.level }];
  if (live.length > 1) mods.push({ label: `${RATING}OtherUnits`, value: live.length - 1 });
  return mods;
}

/** How many units a lieutenant of an organization with this Cohesion commands in one action. */
export function commandLimit(cohesion: number, withinLocale = false): number {
  return Math.max(0, cohesion) * (withinLocale ? 2 : 1);
}

/**
 * The acting side of a Force action: level + Force + the committed force's
 * strength, with the worst condition penalty among the lieutenant and its units.
 */
export function actingForceRating(lt: LieutenantState, units: readonly UnitState[]): Modifier[] {
  return [...lieutenantRating(lt, "force"), ...forceStrength(units), ...conditionModifier([lt.system.condition, ...units.map((u) => u.system.condition)])];
}

/** The acting lieutenant in a Sneak, Charm or Lore action: level + stat, with its condition penalty. */
export function actingRating(lt: LieutenantState, stat: Stat): Modifier[] {
  return [...lieutenantRating(lt, stat), ...conditionModifier([lt.system.condition])];
}

/** A target's hiding level as a modifier (empty if not hidden). */
export function hidingModifier(hiding: number): Modifier[] {
  return hiding > 0 ? [{ label: `${RATING}Hiding`, value: hiding }] : [];
}

/** "vs Sneak" / "vs Charm" against a lieutenant: level + that stat, + its hiding level. */
export function lieutenantOpposition(lt: LieutenantState, stat: Stat): Modifier[] {
  return [{ label: lt.name, value: lt.system.level + lt.system[stat] }, ...hidingModifier(lt.system.hiding)];
}

/** "vs Sneak" / "vs Charm" against a unit: its level (level − 2 if not of that competency), + its hiding level. */
export function unitOpposition(unit: UnitState, stat: Stat): Modifier[] {
  const mods: Modifier[] = [{ label: unit.name, value: unit.system.level }];
  if (unit.system.competency !== stat) mods.push({ label: `${RATING}Incompetent`, value: -2 });
  return [...mods, ...hidingModifier(unit.system.hiding)];
}

const NONE: ReadonlySet<string> = new Set();

/** The members of an organization at a location that are not hidden (destroyed excluded). */
export function visibleAt(
  state: OperationsState,
  orgId: string,
  location: string,
  exclude: ReadonlySet<string> = NONE,
): { units: UnitState[]; lieutenants: LieutenantState[] } {
  const org = state.organizations[orgId];
  const units = (org?.units ?? []).filter(
    (u) => !exclude.has(u.id) && u.system.location === location && u.system.hiding <= 0 && u.system.condition !== "destroyed",
  );
  const lieutenants = Object.values(state.lieutenants).filter(
    (l) =>
      !exclude.has(l.id) &&
      l.system.organization === orgId &&
      l.system.captor === "" &&
      l.system.location === location &&
      l.system.hiding <= 0 &&
      l.system.condition !== "destroyed",
  );
  return { units, lieutenants };
}

/** The defending lieutenant of a force: the visible one able to defend with the highest level + Force (first on ties). */
export function defendingLieutenant(lieutenants: readonly LieutenantState[]): LieutenantState | undefined {
  let best: LieutenantState | undefined;
  for (const l of lieutenants) {
    if (!canAct(l.system.condition)) continue;
    if (!best || l.system.level + l.system.force > best.system.level + best.system.force) best = l;
  }
  return best;
}

/**
 * "vs Force": the defending force's strength at the location (hidden units
 * excluded) plus, if a lieutenant of the defender is there, its level + Force.
 */
export function forceOpposition(state: OperationsState, orgId: string, location: string, exclude: ReadonlySet<string> = NONE): Modifier[] {
  const { units, lieutenants } = visibleAt(state, orgId, location, exclude);
  const mods = forceStrength(units);
  const lt = defendingLieutenant(lieutenants);
  if (lt) mods.push({ label: lt.name, value: lt.system.level + lt.system.force });
  return mods;
}

/** Is there anyone of the organization at the location able to oppose (visible, not defeated)? */
export function hasOpposition(state: OperationsState, orgId: string, location: string, exclude: ReadonlySet<string> = NONE): boolean {
  const { units, lieutenants } = visibleAt(state, orgId, location, exclude);
  return units.some((u) => canAct(u.system.condition)) || lieutenants.some((l) => canAct(l.system.condition));
}

/**
 * The best "vs Sneak" / "vs Charm" opposition among an organization's visible
 * members able to oppose at a location; empty (a straight roll) if there is none.
 */
export function bestOpposition(
  state: OperationsState,
  orgId: string,
  location: string,
  stat: Stat,
  exclude: ReadonlySet<string> = NONE,
): Modifier[] {
  const { units, lieutenants } = visibleAt(state, orgId, location, exclude);
  let best: Modifier[] = [];
  let bestValue = -Infinity;
  const consider = (mods: Modifier[]): void => {
    const v = mods.reduce((s, m) => s + m.value, 0);
    if (v > bestValue) {
      best = mods;
      bestValue = v;
    }
  };
  for (const u of units) if (canAct(u.system.condition)) consider(unitOpposition(u, stat));
  for (const l of lieutenants) if (canAct(l.system.condition)) consider(lieutenantOpposition(l, stat));
  return best;
}

/** A lieutenant's core competency: its highest statistic (first of force, sneak, charm, lore on ties). */
export function lieutenantCompetency(lt: LieutenantState): Stat {
  const order: Stat[] = ["force", "sneak", "charm", "lore"];
  let best: Stat = "force";
  for (const s of order) if (lt.system[s] > lt.system[best]) best = s;
  return best;
}

/** The locale of a location (a location the state does not list is its own locale). */
export function localeOf(state: OperationsState, location: string): string {
  return Object.prototype.hasOwnProperty.call(state.locales, location) ? state.locales[location]! : location;
}
