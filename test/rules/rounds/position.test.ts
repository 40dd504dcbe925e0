import { describe, expect, it } from "vitest";
import {
  isGameOver,
  nextStep,
  nextTurn,
  positionKey,
  positionLine,
  positionsOf,
  previousStep,
  startTrack,
  stepBack,
  type Position,
  type RoundsTrack,
  type Team,
} from "../../../src/rulesets/rounds/rules";
import { reason, track, value } from "./fixtures";

const S: Team = "skyhawks";
const P: Team = "psiclones";
const FULL = ["free", "action", "reaction", "melee", "adventure", "reinforce"] as const;

/** The seed's order, written out: round 1 is Reinforce for each team, later rounds the six steps; Skyhawks first. */
const THREE_ROUNDS: Position[] = [
  { round: 1, team: S, step: "reinforce" },
  { round: 1, team: P, step: "reinforce" },
  ...FULL.map((step) => ({ round: 2, team: S, step })),
  ...FULL.map((step) => ({ round: 2, team: P, step })),
  ...FULL.map((step) => ({ round: 3, team: S, step })),
  ...FULL.map((step) => ({ round: 3, team: P, step })),
];

const pos = (t: RoundsTrack): Position => ({ round: t.round, team: t.team, step: t.step });

describe("the position and the step machine", () => {
  it("a game starts at round 1, the Skyhawks' Reinforce, with the last round chosen", () => {
    expect(value(startTrack(3))).toEqual({ round: 1, team: S, step: "reinforce", lastRound: 3, over: false });
    expect(reason(startTrack(0))).toBe("BadLastRound");
    expect(reason(startTrack(2.5))).toBe("BadLastRound");
  });

  it("Next Step walks the whole 3-round game, and ends it when the Psiclones finish round 3", () => {
    let t: RoundsTrack | null = value(startTrack(3));
    const seen: Position[] = [];
    while (t && !isGameOver(t)) {
      seen.push(pos(t));
      t = nextStep(t);
    }
    expect(seen).toEqual(THREE_ROUNDS);
    expect(positionsOf(3)).toEqual(THREE_ROUNDS);
    // The game is over on round 3: the marker never moves past N.
    expect(t).toEqual({ round: 3, team: P, step: "reinforce", lastRound: 3, over: true });
    expect(nextStep(t!)).toBeNull();
    expect(nextTurn(t!)).toBeNull();
  });

  it("the round is marked only when the Psiclones finish their turn", () => {
    expect(nextStep(track(2, S, "reinforce"))).toMatchObject({ round: 2, team: P, step: "free" });
    expect(nextStep(track(2, P, "reinforce"))).toMatchObject({ round: 3, team: S, step: "free" });
    expect(nextStep(track(1, S, "reinforce"))).toMatchObject({ round: 1, team: P, step: "reinforce" });
    expect(nextStep(track(1, P, "reinforce"))).toMatchObject({ round: 2, team: S, step: "free" });
  });

  it("Next Turn skips to the first step of the next team's turn", () => {
    expect(nextTurn(track(2, S, "action"))).toEqual(track(2, P, "free"));
    expect(nextTurn(track(2, P, "free"))).toEqual(track(3, S, "free"));
    expect(nextTurn(track(1, S, "reinforce"))).toEqual(track(1, P, "reinforce"));
    expect(nextTurn(track(3, P, "melee"))).toEqual(track(3, P, "reinforce", 3, true));
    expect(nextTurn(track(3, S, "melee", 5))).toEqual(track(3, P, "free", 5));
  });

  it("going back walks the same sequence backwards, from the end of the game to its start", () => {
    let t: RoundsTrack | null = track(3, P, "reinforce", 3, true);
    const back: Position[] = [];
    while ((t = previousStep(t))) back.push(pos(t));
    expect(back).toEqual([...THREE_ROUNDS].reverse());
    expect(reason(stepBack(value(startTrack(3))))).toBe("AtStart");
    expect(value(stepBack(track(2, S, "free")))).toEqual(track(1, P, "reinforce"));
  });

  it("a one-round game is the two Reinforce steps", () => {
    expect(positionsOf(1)).toEqual(THREE_ROUNDS.slice(0, 2));
    expect(nextStep(nextStep(value(startTrack(1)))!)).toMatchObject({ over: true, round: 1 });
  });

  it("the position is plain data: a key for uses, and a line for the tracker", () => {
    const t = track(2, P, "melee");
    expect(JSON.parse(JSON.stringify(t))).toEqual(t);
    expect(positionKey(t)).toBe("2:psiclones:melee");
    expect(new Set(positionsOf(4).map(positionKey)).size).toBe(positionsOf(4).length);
    expect(positionLine(t)).toEqual({
      key: "FACTIONS.Rounds.Log.Position",
      data: { round: 2, last: 3, team: "FACTIONS.Rounds.Team.psiclones", step: "FACTIONS.Rounds.Step.melee" },
    });
    expect(positionLine(track(3, P, "reinforce", 3, true))).toEqual({ key: "FACTIONS.Rounds.Log.GameOver", data: { rounds: 3 } });
  });
});
