import { describe, expect, it } from "vitest";
import {
  advanceStep,
  advanceTurn,
  applyToRoundsState,
  bringIn,
  reinforcementList,
  startTrack,
  stepBack,
  TEAMS,
  waveOf,
  waveSchedule,
  waveSize,
  type HeroState,
  type RoundsState,
  type Team,
} from "../../../src/rulesets/rounds/rules";
import { context, deepFreeze, entry, hero, logKeys, reason, state, track, updated, value } from "./fixtures";

/** Whole waves by team size, rounds 1 to 4: a third rounded up, fewer when fewer remain (the seed: 2,2,2 for six; 3,3,2 for eight; 3,3,3 for nine). */
const SCHEDULE: Record<number, number[]> = {
  1: [1, 0, 0, 0],
  2: [1, 1, 0, 0],
  3: [1, 1, 1, 0],
  4: [2, 2, 0, 0],
  5: [2, 2, 1, 0],
  6: [2, 2, 2, 0],
  7: [3, 3, 1, 0],
  8: [3, 3, 2, 0],
  9: [3, 3, 3, 0],
  10: [4, 4, 2, 0],
  11: [4, 4, 3, 0],
  12: [4, 4, 4, 0],
};

function team(name: Team, size: number): HeroState[] {
  return Array.from({ length: size }, (_, i) => hero(`${name}${i + 1}`, name, { onMap: false }));
}

/** Play a game of `rounds` rounds with Next Step, bringing in every hero owed at each Reinforce; the numbers brought in, per team and round. */
function play(sizes: Record<Team, number>, rounds: number): Record<Team, number[]> {
  let s: RoundsState = state(value(startTrack(rounds)), [...team("skyhawks", sizes.skyhawks), ...team("psiclones", sizes.psiclones)]);
  const brought: Record<Team, number[]> = { skyhawks: [], psiclones: [] };
  while (!s.track.over) {
    if (s.track.step === "reinforce") {
      let n = 0;
      for (;;) {
        const list = reinforcementList(s);
        if (list.wave.owed === 0) break;
        const o = value(bringIn(s, { hero: list.candidates[0]!, square: entry(s.track.team) }, context()));
        s = applyToRoundsState(s, o.changes);
        n++;
      }
      brought[s.track.team].push(n);
    }
    const step = value(advanceStep(s));
    s = { ...s, track: step.track };
  }
  return brought;
}

describe("reinforcement waves", () => {
  it("a wave is a third of the team rounded up, fewer when fewer remain: the schedule for teams of 1 to 12", () => {
    for (let size = 1; size <= 12; size++) {
      expect(waveSchedule(size, 4), `${size} heroes`).toEqual(SCHEDULE[size]);
      expect(waveSize(size)).toBe(SCHEDULE[size]![0]);
    }
  });

  it("playing it out with Next Step: each team brings in its waves, and by the end of round 3 every hero is on the map", () => {
    for (let size = 1; size <= 12; size++) {
      const other = 13 - size;
      const got = play({ skyhawks: size, psiclones: other }, 4);
      expect(got.skyhawks, `${size} Skyhawks`).toEqual(SCHEDULE[size]);
      expect(got.psiclones, `${other} Psiclones`).toEqual(SCHEDULE[other]);
    }
  });

  it("the wave owed counts heroes brought in this round, and only this team's", () => {
    const heroes = [
      ...team("skyhawks", 8),
      hero("in1", "skyhawks", { entered: 2 }),
      hero("old", "skyhawks", { entered: 1 }),
      hero("p", "psiclones", { onMap: false }),
    ];
    // Ten Skyhawks: a wave of 4; one came in this round, eight are still off the map.
    expect(waveOf(heroes, "skyhawks", 2)).toEqual({ size: 4, brought: 1, owed: 3 });
    expect(waveOf(heroes, "psiclones", 2)).toEqual({ size: 1, brought: 0, owed: 1 });
    // Fewer remain than a wave: only those are owed.
    const few = [hero("a", "skyhawks", { entered: 1 }), hero("b", "skyhawks", { entered: 1 }), hero("c", "skyhawks", { entered: 2 }), hero("d", "skyhawks", { onMap: false })];
    expect(waveOf(few, "skyhawks", 2)).toEqual({ size: 2, brought: 1, owed: 1 });
    expect(waveOf(few, "skyhawks", 3)).toEqual({ size: 2, brought: 0, owed: 1 });
  });

  it("bringing a hero in puts it on the map, marked with the round; the list says who is still to come", () => {
    const s = deepFreeze(state(track(2, "psiclones", "reinforce"), [...team("psiclones", 4), hero("s", "skyhawks", { onMap: false })]));
    expect(reinforcementList(s)).toEqual({
      round: 2,
      team: "psiclones",
      wave: { size: 2, brought: 0, owed: 2 },
      brought: [],
      candidates: ["psiclones1", "psiclones2", "psiclones3", "psiclones4"],
      open: true,
    });
    const o = value(bringIn(s, { hero: "psiclones3", square: entry("psiclones") }, context()));
    expect(updated(o, "psiclones3", "system.onMap")).toBe(true);
    expect(updated(o, "psiclones3", "system.entered")).toBe(2);
    expect(o.detail).toEqual({ hero: "psiclones3", round: 2, owed: 1 });
    expect(logKeys(o)).toEqual(["BroughtIn", "GmRules.reinforce"]);
    const after = applyToRoundsState(s, o.changes);
    expect(reinforcementList(after)).toMatchObject({ wave: { owed: 1, brought: 1 }, brought: ["psiclones3"], candidates: ["psiclones1", "psiclones2", "psiclones4"] });
    // Only the active team, only at Reinforce.
    expect(reason(bringIn(s, { hero: "s", square: entry("skyhawks") }, context()))).toBe("InactiveTeam");
    expect(reason(bringIn({ ...s, track: track(2, "psiclones", "adventure") }, { hero: "psiclones1", square: entry("psiclones") }, context()))).toBe("WrongStep");
    expect(reinforcementList({ ...s, track: track(2, "psiclones", "adventure") }).open).toBe(false);
  });

  it("a full wave is all: no more heroes come in this round unless the GM overrides", () => {
    const s = state(track(2, "skyhawks", "reinforce"), [hero("a", "skyhawks", { entered: 2 }), hero("b", "skyhawks", { onMap: false }), hero("c", "skyhawks", { onMap: false })]);
    expect(reason(bringIn(s, { hero: "b", square: entry("skyhawks") }, context()))).toBe("WaveComplete");
    expect(value(bringIn(s, { hero: "b", square: entry("skyhawks") }, context(undefined, true))).detail.owed).toBe(0);
    expect(reason(bringIn(s, { hero: "nobody", square: entry("skyhawks") }, context()))).toBe("NoHero");
  });

  it("Next Step does not leave Reinforce (nor Next Turn skip it) while heroes are owed, unless the GM overrides", () => {
    const s = state(track(2, "skyhawks", "reinforce"), [...team("skyhawks", 6), ...team("psiclones", 6)]);
    expect(reason(advanceStep(s))).toBe("HeroesOwed");
    expect(advanceStep(s)).toEqual({ ok: false, reason: { key: "FACTIONS.Rounds.Reject.HeroesOwed", data: { team: "FACTIONS.Rounds.Team.skyhawks", count: 2 } } });
    expect(reason(advanceTurn({ ...s, track: track(2, "skyhawks", "action") }))).toBe("HeroesOwed");
    // Moving within the turn before Reinforce is fine.
    expect(value(advanceStep({ ...s, track: track(2, "skyhawks", "action") })).track).toMatchObject({ step: "reaction" });
    const forced = value(advanceStep(s, true));
    expect(forced.track).toMatchObject({ round: 2, team: "psiclones", step: "free" });
    expect(logKeys(forced)).toContain("WaveSkipped");
    // One hero owed has its own texts ("1 hero").
    const one = applyToRoundsState(s, value(bringIn(s, { hero: "skyhawks1", square: entry("skyhawks") }, context())).changes);
    expect(advanceStep(one)).toEqual({ ok: false, reason: { key: "FACTIONS.Rounds.Reject.HeroesOwedOne", data: { team: "FACTIONS.Rounds.Team.skyhawks", count: 1 } } });
    expect(logKeys(value(advanceStep(one, true)))).toContain("WaveSkippedOne");
  });

  it("the wave is owed once per round and team: going back and forward again never repeats it", () => {
    let s = state(track(2, "skyhawks", "reinforce"), [...team("skyhawks", 6), ...team("psiclones", 6)]);
    for (const id of ["skyhawks1", "skyhawks2"]) s = applyToRoundsState(s, value(bringIn(s, { hero: id, square: entry("skyhawks") }, context())).changes);
    const forward = value(advanceStep(s));
    expect(forward.track).toMatchObject({ team: "psiclones", step: "free" });
    // The GM goes back to the Skyhawks' Reinforce: it moves the position only.
    const back = value(stepBack(forward.track));
    s = { ...s, track: back };
    expect(back).toMatchObject({ round: 2, team: "skyhawks", step: "reinforce" });
    expect(reinforcementList(s).wave.owed).toBe(0);
    expect(reason(bringIn(s, { hero: "skyhawks3", square: entry("skyhawks") }, context()))).toBe("WaveComplete");
    expect(value(advanceStep(s)).track).toMatchObject({ team: "psiclones", step: "free" });
    // The next round owes the next wave.
    expect(waveOf(Object.values(s.heroes), "skyhawks", 3).owed).toBe(2);
  });

  it("each team's waves are its own", () => {
    for (const t of TEAMS) {
      const s = state(track(1, t, "reinforce"), [...team("skyhawks", 9), ...team("psiclones", 3)]);
      expect(reinforcementList(s).wave.owed).toBe(t === "skyhawks" ? 3 : 1);
    }
  });
});

describe("issue 17: bringing a hero in", () => {
  it("only onto a square of its team's own edge: the two columns on its side of the map, whatever the GM overrides", () => {
    // The fixture's map: 20 columns × 12 rows from (0, 0).
    const s = deepFreeze(state(track(2, "skyhawks", "reinforce"), [...team("skyhawks", 3), ...team("psiclones", 3)]));
    const at = (x: number, y: number, override = false, from: RoundsState = s, who = "skyhawks1") => bringIn(from, { hero: who, square: { x, y } }, context(undefined, override));
    for (const [x, y] of [[0, 0], [1, 0], [0, 11], [1, 6]] as const) expect(value(at(x, y)).detail.hero, `${x},${y}`).toBe("skyhawks1");
    for (const [x, y] of [[2, 0], [10, 5], [18, 3], [19, 0]] as const) {
      expect(reason(at(x, y)), `${x},${y}`).toBe("NotOwnEdge");
      expect(reason(at(x, y, true)), `${x},${y} overridden`).toBe("NotOwnEdge");
    }
    expect(at(10, 5)).toEqual({ ok: false, reason: { key: "FACTIONS.Rounds.Reject.NotOwnEdge", data: { column: 11, row: 6, team: "FACTIONS.Rounds.Team.skyhawks" } } });
    expect(at(-1, 0)).toEqual({ ok: false, reason: { key: "FACTIONS.Rounds.Reject.OutsideScene", data: { column: 0, row: 1 } } });
    expect(reason(at(0, 12))).toBe("OutsideScene");
    expect(reason(at(Number.NaN, 0))).toBe("NoSquare");
    expect(reason(bringIn(s, { hero: "skyhawks1" } as unknown as Parameters<typeof bringIn>[1], context()))).toBe("NoSquare");
    expect(reason(at(0, 0, false, { ...s, map: null }))).toBe("NoScene");
    // The Psiclones come in on the right-hand columns.
    const p = deepFreeze({ ...s, track: track(2, "psiclones", "reinforce") });
    expect(value(at(19, 11, false, p, "psiclones1")).detail.hero).toBe("psiclones1");
    expect(value(at(18, 0, false, p, "psiclones1")).detail.hero).toBe("psiclones1");
    expect(reason(at(0, 0, false, p, "psiclones1"))).toBe("NotOwnEdge");
    expect(reason(at(17, 0, false, p, "psiclones1"))).toBe("NotOwnEdge");
    // A map that does not start at the canvas's corner: its edges move with it.
    const padded = deepFreeze({ ...s, map: { x: 2, y: 1, columns: 10, rows: 5 } });
    expect(reason(at(2, 1, false, padded))).toBe("");
    expect(reason(at(3, 5, false, padded))).toBe("");
    expect(reason(at(0, 1, false, padded))).toBe("OutsideScene");
    expect(reason(at(4, 1, false, padded))).toBe("NotOwnEdge");
    expect(reason(at(11, 1, false, { ...padded, track: track(2, "psiclones", "reinforce") }, "psiclones1"))).toBe("");
  });

  it("never a hero already on the map, not even by the GM's override: its wave stays the round it came in", () => {
    const s = deepFreeze(state(track(3, "skyhawks", "reinforce"), [hero("a", "skyhawks", { entered: 2 }), hero("b", "skyhawks", { onMap: false })]));
    expect(reason(bringIn(s, { hero: "a", square: entry("skyhawks") }, context()))).toBe("AlreadyOnMap");
    expect(reason(bringIn(s, { hero: "a", square: entry("skyhawks") }, context(undefined, true)))).toBe("AlreadyOnMap");
    expect(reason(bringIn({ ...s, track: track(3, "psiclones", "melee") }, { hero: "a", square: entry("skyhawks") }, context(undefined, true)))).toBe("AlreadyOnMap");
    // Nor once the game is over.
    expect(reason(bringIn({ ...s, track: track(3, "psiclones", "reinforce", 3, true) }, { hero: "b", square: entry("skyhawks") }, context(undefined, true)))).toBe("GameOver");
  });
});

