import { ok, type Line, type Result } from "../../../core/rules/outcome";
import { refusal, refuse, say, stepName, teamName } from "./common";
import { STEPS, TEAMS, type Position, type RoundsTrack, type Step } from "./state";

/** Round 1 is short: with no hero on the map yet, each team takes only Reinforce. */
const ROUND_ONE: readonly Step[] = ["reinforce"];

/** The steps each team takes in a round, in order. */
export function stepsOf(round: number): readonly Step[] {
  return round === 1 ? ROUND_ONE : STEPS;
}

/** The track at the start of a game of `lastRound` rounds: round 1, the Skyhawks, Reinforce. */
export function startTrack(lastRound: number): Result<RoundsTrack> {
  if (!Number.isSafeInteger(lastRound) || lastRound < 1) return refuse(refusal("BadLastRound", { round: String(lastRound) }));
  return ok({ round: 1, team: TEAMS[0], step: stepsOf(1)[0]!, lastRound, over: false });
}

export function isGameOver(track: RoundsTrack): boolean {
  return track.over;
}

/** A position as one string ("2:skyhawks:action"): what a hero's uses are stamped with. */
export function positionKey(p: Position): string {
  return `${p.round}:${p.team}:${p.step}`;
}

export function samePosition(a: Position, b: Position): boolean {
  return a.round === b.round && a.team === b.team && a.step === b.step;
}

/** The first step of the next team's turn; the Psiclones finishing marks the round, and finishing round N ends the game. */
function turnAfter(track: RoundsTrack): RoundsTrack {
  if (track.team === "skyhawks") return { ...track, team: "psiclones", step: stepsOf(track.round)[0]! };
  if (track.round >= track.lastRound) return { ...track, step: "reinforce", over: true };
  const round = track.round + 1;
  return { ...track, round, team: "skyhawks", step: stepsOf(round)[0]! };
}

/** The next step (the next turn after Reinforce). Null once the game is over. */
export function nextStep(track: RoundsTrack): RoundsTrack | null {
  if (track.over) return null;
  const steps = stepsOf(track.round);
  const i = steps.indexOf(track.step);
  if (i >= 0 && i < steps.length - 1) return { ...track, step: steps[i + 1]! };
  return turnAfter(track);
}

/** Skip the rest of this turn: the first step of the next team's turn. Null once the game is over. */
export function nextTurn(track: RoundsTrack): RoundsTrack | null {
  return track.over ? null : turnAfter(track);
}

/**
 * The step before (the last step of the previous turn before the first one).
 * From the end of the game, back to its last step. Null at the very start.
 * It moves the position only; the caller undoes nothing.
 */
export function previousStep(track: RoundsTrack): RoundsTrack | null {
  if (track.over) return { ...track, over: false };
  const steps = stepsOf(track.round);
  const i = steps.indexOf(track.step);
  if (i > 0) return { ...track, step: steps[i - 1]! };
  if (track.team === "psiclones") return { ...track, team: "skyhawks", step: stepsOf(track.round).at(-1)! };
  if (track.round <= 1) return null;
  const round = track.round - 1;
  return { ...track, round, team: "psiclones", step: stepsOf(round).at(-1)! };
}

/** Every position of a game of `lastRound` rounds, in order. */
export function positionsOf(lastRound: number): Position[] {
  const out: Position[] = [];
  for (let round = 1; round <= lastRound; round++) {
    for (const team of TEAMS) for (const step of stepsOf(round)) out.push({ round, team, step });
  }
  return out;
}

/** "Round 2 of 3 · Skyhawks · Action", or "Game over after round 3". */
export function positionLine(track: RoundsTrack): Line {
  if (track.over) return say("GameOver", { rounds: track.round });
  return say("Position", { round: track.round, last: track.lastRound, team: teamName(track.team), step: stepName(track.step) });
}
