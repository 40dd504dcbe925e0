import { ok, type Result } from "../../../core/rules/outcome";
import { refusal, refuse, teamName } from "./common";
import type { HeroState, Position, Step, Team, Trigger } from "./state";

/** One triggered ability due at a step boundary. */
export interface InterstepEvent {
  /** Unique within a boundary: `<hero id>/<ability id>`. */
  key: string;
  hero: string;
  ability: string;
  edge: Trigger;
  step: Step;
}

/** The events of one edge ("end of" the step left, or "start of" the step entered), ordered by `team`. */
export interface EventGroup {
  edge: Trigger;
  /** The position whose step starts or ends. */
  at: Position;
  /** The team active in that step: it chooses the order. */
  team: Team;
  events: InterstepEvent[];
}

function eventsAt(heroes: Iterable<HeroState>, edge: Trigger, at: Position): EventGroup {
  const events: InterstepEvent[] = [];
  for (const h of heroes) {
    if (!h.system.onMap) continue;
    for (const it of h.items) {
      if (it.type === "ability" && it.system.timing === edge && it.system.step === at.step) {
        events.push({ key: `${h.id}/${it.id}`, hero: h.id, ability: it.id, edge, step: at.step });
      }
    }
  }
  return { edge, at: { round: at.round, team: at.team, step: at.step }, team: at.team, events };
}

/**
 * The interstep events due when play moves from `from` to `to` (null for the
 * start or the end of the game): every "end of" event before every "start of"
 * event, each group to be ordered by the team active in its own step. Only
 * heroes on the map fire, for both teams. Groups with no events are left out.
 */
export function dueEvents(heroes: Iterable<HeroState>, from: Position | null, to: Position | null): EventGroup[] {
  const list = [...heroes];
  const groups: EventGroup[] = [];
  if (from) groups.push(eventsAt(list, "end", from));
  if (to) groups.push(eventsAt(list, "start", to));
  return groups.filter((g) => g.events.length > 0);
}

/**
 * The group's events in the order the team chose (`order`: their keys). Only
 * the team active in the group's step orders it, and the order must name each
 * event exactly once.
 */
export function orderEvents(group: EventGroup, team: Team, order: readonly string[]): Result<InterstepEvent[]> {
  if (team !== group.team) return refuse(refusal("NotYourOrder", { team: teamName(group.team) }));
  const byKey = new Map(group.events.map((e) => [e.key, e]));
  const seen = new Set(order);
  if (order.length !== group.events.length || seen.size !== order.length || order.some((k) => !byKey.has(k))) {
    return refuse(refusal("NotAPermutation"));
  }
  return ok(order.map((k) => byKey.get(k)!));
}
