import { counted, ok, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, baseDetail, commandUnits, isLine, markActed, refusal, refuse, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { canAct } from "./conditions";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { commandLimit, localeOf } from "./ratings";
import type { OperationsState, StanceKind } from "./state";

export interface MoveMinionChoice extends ActingChoice {
  /** Each unit and the location it is delivered to (all in one destination locale). */
  units: { unit: string; to: string }[];
  /** Where the lieutenant goes, in the destination locale (it may stay). */
  lieutenantTo?: string;
}

/** A stance whose location the move enters and whose factions include the mover. */
export interface StanceTrigger {
  /** The lieutenant holding the stance. */
  stance: string;
  kind: Exclude<StanceKind, "">;
  location: string;
  /** The mover's units arriving there. */
  units: string[];
  /** The mover's lieutenant arrives there. */
  lieutenant: boolean;
}

export interface MoveMinionDetail {
  fromLocale: string;
  toLocale: string;
  /** Within one locale: twice Cohesion units. */
  withinLocale: boolean;
  moved: { unit: string; from: string; to: string }[];
  lieutenantMoved: boolean;
  /** Stances to trigger (see `triggerStance`). */
  triggers: StanceTrigger[];
}

/** The stances a move into these locations triggers. */
export function stanceTriggers(state: OperationsState, mover: string, arrivals: { id: string; to: string; lieutenant: boolean }[]): StanceTrigger[] {
  const out: StanceTrigger[] = [];
  for (const l of Object.values(state.lieutenants)) {
    const st = l.system.stance;
    if (st.kind === "" || !st.factions.includes(mover) || l.system.organization === mover) continue;
    if (l.system.captor !== "" || !canAct(l.system.condition)) continue;
    const here = arrivals.filter((a) => a.to === l.system.location);
    if (here.length === 0) continue;
    out.push({
      stance: l.id,
      kind: st.kind,
      location: l.system.location,
      units: here.filter((a) => !a.lieutenant).map((a) => a.id),
      lieutenant: here.some((a) => a.lieutenant),
    });
  }
  return out;
}

/** Move Minion: the lieutenant and up to Cohesion units (twice that within one locale) move to a neighboring locale. No roll. */
export function moveMinion(state: OperationsState, choice: MoveMinionChoice, ctx: Ctx): Result<ActionOutcome<MoveMinionDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const cohesion = acting.org.system.cohesion;
  const units = commandUnits(
    state,
    acting,
    choice.units.map((m) => m.unit),
    ctx.settings,
    { max: commandLimit(cohesion, true) },
  );
  if (isLine(units)) return refuse(units);
  if (units.length === 0 && choice.lieutenantTo === undefined) return refuse(refusal("NothingChosen"));
  const lt = acting.lt;
  for (const [i, m] of choice.units.entries()) {
    if (m.to === "") return refuse(refusal("NoLocation"));
    if (m.to === units[i]!.unit.system.location) return refuse(refusal("SameLocation", { name: units[i]!.unit.name }));
  }
  if (choice.lieutenantTo !== undefined) {
    if (choice.lieutenantTo === "") return refuse(refusal("NoLocation"));
    if (choice.lieutenantTo === lt.system.location) return refuse(refusal("SameLocation", { name: lt.name }));
  }
  const starts = new Set(units.map((c) => localeOf(state, c.unit.system.location)));
  const dests = new Set(choice.units.map((m) => localeOf(state, m.to)));
  if (choice.lieutenantTo !== undefined) dests.add(localeOf(state, choice.lieutenantTo));
  if (starts.size > 1) return refuse(refusal("OneStartLocale"));
  if (dests.size > 1) return refuse(refusal("OneDestinationLocale"));
  const ltLocale = localeOf(state, lt.system.location);
  const fromLocale = starts.size ? [...starts][0]! : ltLocale;
  const toLocale = [...dests][0]!;
  if (ltLocale !== fromLocale && ltLocale !== toLocale) return refuse(refusal("LieutenantElsewhere", { name: lt.name }));
  if (choice.lieutenantTo !== undefined && ltLocale !== fromLocale) return refuse(refusal("LieutenantElsewhere", { name: lt.name }));
  const within = fromLocale === toLocale;
  const max = commandLimit(cohesion, within);
  if (units.length > max) return refuse(refusal("TooManyUnits", { count: units.length, max }));

  const d = new Draft(state, ctx);
  d.say(counted(`${LOG}MoveMinion`, units.length), { lieutenant: lt.name, count: units.length });
  markActed(d, acting, units);
  const moved: MoveMinionDetail["moved"] = [];
  for (const [i, m] of choice.units.entries()) {
    const c = units[i]!;
    d.setUnit(c.org, c.unit.id, "system.location", m.to);
    moved.push({ unit: c.unit.id, from: c.unit.system.location, to: m.to });
    d.say(`${LOG}Moved`, { name: c.unit.name });
  }
  if (choice.lieutenantTo !== undefined) {
    d.setLieutenant(lt.id, "system.location", choice.lieutenantTo);
    d.say(`${LOG}Moved`, { name: lt.name });
  }
  const arrivals = [
    ...moved.map((m) => ({ id: m.unit, to: m.to, lieutenant: false })),
    ...(choice.lieutenantTo !== undefined ? [{ id: lt.id, to: choice.lieutenantTo, lieutenant: true }] : []),
  ];
  const triggers = stanceTriggers(state, acting.org.id, arrivals);
  for (const t of triggers) d.say(`${LOG}StanceTriggered`, { name: state.lieutenants[t.stance]!.name });
  const base = baseDetail(d, state, acting, {
    tier: null,
    stealthy: !!choice.stealthy,
    units,
    subjects: { locations: arrivals.map((a) => a.to) },
  });
  const detail: MoveMinionDetail = { fromLocale, toLocale, withinLocale: within, moved, lieutenantMoved: choice.lieutenantTo !== undefined, triggers };
  return ok(d.outcome(ACTIONS.moveMinion, lt.id, { ...base, ...detail }));
}
