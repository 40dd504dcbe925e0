import { isSituational, MAX_SITUATIONAL } from "../../../core/rules/check";
import { counted, ok, type Result } from "../../../core/rules/outcome";
import { actingLieutenant, baseDetail, commandUnits, isLine, markActed, refusal, refuse, type ActingChoice, type ActionOutcome, type Ctx } from "./common";
import { ACTIONS, LOG } from "./context";
import { Draft } from "./draft";
import { commandLimit } from "./ratings";
import type { OperationsState } from "./state";

export interface HireOutChoice extends ActingChoice {
  /** The units sent out (1 … Cohesion), all of one competency. */
  units: string[];
  /** Units hired out selectively (default: those marked selective). */
  selective?: string[];
  /** The GM's change to the profit for the locale (the total never drops below 0). */
  adjust?: number;
}

export interface HireOutDetail {
  /** Capital earned. */
  earned: number;
  /** floor(Σ level/2), a selective unit counting level/4. */
  base: number;
  selective: string[];
}

/** Capital from hiring units out: floor(Σ level/2), with a selective unit's level counting /4. */
export function hireOutEarnings(units: readonly { level: number; selective: boolean }[]): number {
  let quarters = 0;
  for (const u of units) quarters += u.selective ? u.level : 2 * u.level;
  return Math.floor(quarters / 4);
}

/** Hire Out: send units out to work for Capital. No roll. */
export function hireOut(state: OperationsState, choice: HireOutChoice, ctx: Ctx): Result<ActionOutcome<HireOutDetail>> {
  const acting = actingLieutenant(state, choice, ctx.settings);
  if (isLine(acting)) return refuse(acting);
  const units = commandUnits(state, acting, choice.units, ctx.settings, { max: commandLimit(acting.org.system.cohesion), min: 1 });
  if (isLine(units)) return refuse(units);
  const competency = units[0]!.unit.system.competency;
  const odd = units.find((c) => c.unit.system.competency !== competency);
  if (odd) return refuse(refusal("MixedCompetency", { unit: odd.unit.name }));
  const selective = choice.selective ?? units.filter((c) => c.unit.system.selective).map((c) => c.unit.id);
  const stray = selective.find((id) => !units.some((c) => c.unit.id === id));
  if (stray !== undefined) return refuse(refusal("NoUnit", { unit: String(stray) }));
  const adjust = choice.adjust ?? 0;
  if (!isSituational(adjust)) return refuse(refusal("BadModifier", { modifier: String(adjust), max: MAX_SITUATIONAL }));

  const base = hireOutEarnings(units.map((c) => ({ level: c.unit.system.level, selective: selective.includes(c.unit.id) })));
  const earned = Math.max(0, base + adjust);
  const d = new Draft(state, ctx);
  d.say(counted(`${LOG}HireOut`, units.length), { lieutenant: acting.lt.name, count: units.length });
  markActed(d, acting, units);
  if (adjust !== 0) d.say(`${LOG}ProfitAdjusted`, { adjust });
  d.addCapital(acting.org.id, earned);
  d.say(`${LOG}Earned`, { amount: earned, capital: d.org(acting.org.id).system.capital });
  const detail = baseDetail(d, state, acting, { tier: null, stealthy: !!choice.stealthy, units });
  return ok(d.outcome(ACTIONS.hireOut, acting.lt.id, { ...detail, earned, base, selective }));
}
