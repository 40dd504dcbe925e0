import { ChangeRecorder, toJson, type Json } from "../../../core/rules/changes";
import { counted, ok, type Line, type Outcome, type Result } from "../../../core/rules/outcome";
import { advanceStep, advanceTurn, stepBack } from "./advance";
import { getHero, isLine, refusal, refuse, say, stepName, teamName } from "./common";
import { EDGE, type RoundsContext } from "./context";
import type { GameSummary } from "./end";
import { orderEvents, type EventGroup, type InterstepEvent } from "./events";
import { positionLine } from "./position";
import type { Position, RoundsState, RoundsTrack, Trigger } from "./state";
import { fireEvent, type TriggerDetail } from "./triggers";

/**
 * The encounter's own moves, as changes to the Combat that keeps the track: Next Step, Next Turn,
 * going back, the active team putting the events of a boundary in order, and each event firing
 * in that order. The interstep events due at a boundary wait on the Combat (`pending`), group by
 * group, until each has fired.
 */

/** A boundary's events as the encounter keeps them: `ordered` once its team put them in order (one event needs none). */
export interface PendingGroup extends EventGroup {
  ordered: boolean;
}

/** What the rules read and change of the Combat besides the track. */
export interface Encounter {
  /** Reference of the Combat (a UUID in Foundry). */
  id: string;
  /** Foundry's own round counter, kept equal to the track's round. */
  round: number;
  pending: PendingGroup[];
}

/** Action ids of the encounter's moves. */
export const ENCOUNTER_ACTIONS = {
  nextStep: "rounds.nextStep",
  nextTurn: "rounds.nextTurn",
  back: "rounds.back",
  order: "rounds.order",
} as const;

export interface StepCardDetail {
  from: Position;
  track: RoundsTrack;
  /** The groups of events this boundary put on the Combat, in resolution order. */
  events: PendingGroup[];
  /** Events of an earlier boundary the GM moved on from unresolved. */
  dropped: number;
  summary: GameSummary | null;
}

export const pendingCount = (pending: readonly PendingGroup[]): number => pending.reduce((n, g) => n + g.events.length, 0);

const pendingJson = (pending: readonly PendingGroup[]): Json => toJson(pending);

/** "Alba's Rally, Brann's Ward": the events of a group by their heroes' and abilities' names. */
export function eventNames(state: RoundsState, events: readonly InterstepEvent[]): string {
  return events
    .map((e) => {
      const hero = state.heroes[e.hero];
      const ability = hero?.items.find((i) => i.id === e.ability);
      return `${hero?.name ?? e.hero}: ${ability?.name ?? e.ability}`;
    })
    .join(", ");
}

/** The lines listing the events due, group by group, with the team that orders each. */
function dueLines(state: RoundsState, groups: readonly PendingGroup[]): Line[] {
  return groups.map((g) =>
    say("EventsDue", { edge: edgeName(g.edge), step: stepName(g.at.step), team: teamName(g.team), events: eventNames(state, g.events) }),
  );
}

const edgeName = (edge: Trigger): string => EDGE + edge;

/**
 * Next Step or Next Turn, on the Combat: the new track (and Foundry's round with it), and the
 * events due put on the Combat to resolve (no hero changes: each step keeps its own uses). Not
 * while events of the last boundary are unresolved, unless the GM overrides (they are then dropped).
 */
export function stepCard(state: RoundsState, encounter: Encounter, how: "step" | "turn", override: boolean): Result<Outcome<StepCardDetail>> {
  const waiting = pendingCount(encounter.pending);
  if (waiting > 0 && !override) return refuse(refusal(counted("EventsPending", waiting), { count: waiting }));
  const result = how === "step" ? advanceStep(state, override) : advanceTurn(state, override);
  if (!result.ok) return result;
  const change = result.value;
  const events: PendingGroup[] = change.events.map((g) => ({ ...g, ordered: g.events.length < 2 }));

  const rec = new ChangeRecorder();
  const combat = { actor: encounter.id };
  rec.update(combat, "system.track", toJson(state.track), toJson(change.track));
  rec.update(combat, "round", encounter.round, change.track.round);
  rec.update(combat, "system.pending", pendingJson(encounter.pending), pendingJson(events));
  const log: Line[] = [];
  if (waiting > 0) log.push(say(counted("EventsDropped", waiting), { count: waiting }));
  log.push(...change.log, ...dueLines(state, events));
  return ok({
    action: how === "step" ? ENCOUNTER_ACTIONS.nextStep : ENCOUNTER_ACTIONS.nextTurn,
    actor: encounter.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log,
    detail: { from: change.from, track: change.track, events, dropped: waiting, summary: change.summary },
  });
}

export interface BackDetail {
  from: Position;
  track: RoundsTrack;
}

/** Going back a step (the GM's): the track and Foundry's round only; no use is cleared, no wave owed again. */
export function backCard(state: RoundsState, encounter: Encounter): Result<Outcome<BackDetail>> {
  const result = stepBack(state.track);
  if (!result.ok) return result;
  const track = result.value;
  const rec = new ChangeRecorder();
  const combat = { actor: encounter.id };
  rec.update(combat, "system.track", toJson(state.track), toJson(track));
  rec.update(combat, "round", encounter.round, track.round);
  const { round, team, step } = state.track;
  return ok({
    action: ENCOUNTER_ACTIONS.back,
    actor: encounter.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log: [say("WentBack"), positionLine(track)],
    detail: { from: { round, team, step }, track },
  });
}

export interface OrderChoice {
  /** A hero of the ordering team: its player puts the events in order. */
  hero: string;
  /** The events' keys, first to last. */
  order: string[];
}

export interface OrderDetail {
  team: PendingGroup["team"];
  order: string[];
}

/** The events waiting to be put in order: the first group on the Combat, if its team has not ordered it yet. */
function groupToOrder(encounter: Encounter): PendingGroup | Line {
  const group = encounter.pending[0];
  if (!group) return refusal("NoEventsPending");
  if (group.ordered) return refusal("AlreadyOrdered");
  return group;
}

/** The team active in the group's step puts its events in order (a hero of that team acts). */
export function orderCard(state: RoundsState, encounter: Encounter, choice: OrderChoice): Result<Outcome<OrderDetail>> {
  const hero = getHero(state, choice.hero);
  if (isLine(hero)) return refuse(hero);
  const group = groupToOrder(encounter);
  if (isLine(group)) return refuse(group);
  const ordered = orderEvents(group, hero.system.team, Array.isArray(choice.order) ? choice.order : []);
  if (!ordered.ok) return ordered;
  const pending = [{ ...group, events: ordered.value, ordered: true }, ...encounter.pending.slice(1)];
  const rec = new ChangeRecorder();
  rec.update({ actor: encounter.id }, "system.pending", pendingJson(encounter.pending), pendingJson(pending));
  return ok({
    action: ENCOUNTER_ACTIONS.order,
    actor: hero.id,
    checks: [],
    rolls: [],
    changes: rec.changes(),
    log: [say("EventsOrdered", { team: teamName(group.team), events: eventNames(state, ordered.value) })],
    detail: { team: group.team, order: ordered.value.map((e) => e.key) },
  });
}

export interface FireChoice {
  /** The hero whose ability fires. */
  hero: string;
  /** The event's key: it must be the next one due. */
  key: string;
}

/**
 * The next event due fires (as its hero's card) and leaves the Combat. A group fires only once
 * its team has put it in order, first to last.
 */
export function fireCard(state: RoundsState, encounter: Encounter, choice: FireChoice, ctx: RoundsContext): Result<Outcome<TriggerDetail>> {
  const group = encounter.pending[0];
  if (!group) return refuse(refusal("NoEventsPending"));
  if (!group.ordered) return refuse(refusal("NotOrderedYet", { team: teamName(group.team) }));
  const event = group.events[0];
  if (!event || event.key !== choice.key || event.hero !== choice.hero) return refuse(refusal("NotNextEvent"));
  const fired = fireEvent(state, event, ctx);
  if (!fired.ok) return fired;
  const rest = group.events.slice(1);
  const pending = rest.length ? [{ ...group, events: rest }, ...encounter.pending.slice(1)] : encounter.pending.slice(1);
  const rec = new ChangeRecorder();
  rec.update({ actor: encounter.id }, "system.pending", pendingJson(encounter.pending), pendingJson(pending));
  return ok({ ...fired.value, changes: [...fired.value.changes, ...rec.changes()] });
}
