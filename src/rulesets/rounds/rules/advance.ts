import { counted, ok, type Line, type Result } from "../../../core/rules/outcome";
import { refusal, refuse, say, teamName } from "./common";
import { gameSummary, summaryLines, type GameSummary } from "./end";
import { dueEvents, type EventGroup } from "./events";
import { nextStep, nextTurn, positionLine, previousStep } from "./position";
import type { Position, RoundsState, RoundsTrack } from "./state";
import { waveOf } from "./waves";

/**
 * What moving forward does: the new track, the events due, and what to say. No hero changes:
 * uses are kept per step (./uses.ts), so a step returned to keeps the uses taken in it.
 */
export interface StepChange {
  from: Position;
  /** The new track, to store on the Combat. */
  track: RoundsTrack;
  /** Interstep events due at this boundary, in resolution order. */
  events: EventGroup[];
  log: Line[];
  /** Set when this move ended the game. */
  summary: GameSummary | null;
}

function advance(state: RoundsState, how: "step" | "turn", override: boolean): Result<StepChange> {
  const track = state.track;
  const next = how === "step" ? nextStep(track) : nextTurn(track);
  if (!next) return refuse(refusal("GameOver"));
  const log: Line[] = [];
  const heroes = Object.values(state.heroes);

  // Leaving Reinforce, or skipping it with Next Turn, while heroes are owed.
  if (how === "turn" || track.step === "reinforce") {
    const { owed } = waveOf(heroes, track.team, track.round);
    if (owed > 0 && !override) return refuse(refusal(counted("HeroesOwed", owed), { team: teamName(track.team), count: owed }));
    if (owed > 0) log.push(say(counted("WaveSkipped", owed), { team: teamName(track.team), count: owed }));
  }

  const events = dueEvents(heroes, track, next.over ? null : next);
  let summary: GameSummary | null = null;
  if (next.over) {
    summary = gameSummary({ ...state, track: next });
    log.push(...summaryLines(summary, state));
  } else {
    if (next.round !== track.round) log.push(say("RoundMarked", { round: next.round, last: next.lastRound }));
    log.push(positionLine(next));
  }
  const from: Position = { round: track.round, team: track.team, step: track.step };
  return ok({ from, track: next, events, log, summary });
}

/**
 * Next Step: the next step of the turn, or the next turn after Reinforce. It
 * does not leave Reinforce while heroes are owed, unless the GM overrides.
 */
export function advanceStep(state: RoundsState, override = false): Result<StepChange> {
  return advance(state, "step", override);
}

/**
 * Next Turn: skip to the next team's turn (not while this turn's wave is owed,
 * unless the GM overrides). The steps skipped did not happen: only the end of
 * the step left and the start of the step reached have events.
 */
export function advanceTurn(state: RoundsState, override = false): Result<StepChange> {
  return advance(state, "turn", override);
}

/** Going back (the GM's): it moves the position only, undoes nothing and repeats no wave. */
export function stepBack(track: RoundsTrack): Result<RoundsTrack> {
  const back = previousStep(track);
  return back ? ok(back) : refuse(refusal("AtStart"));
}
