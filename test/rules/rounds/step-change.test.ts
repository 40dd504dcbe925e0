import { describe, expect, it } from "vitest";
import { ChangeRecorder } from "../../../src/core/rules/changes";
import {
  advanceStep,
  advanceTurn,
  applyToRoundsState,
  gameSummary,
  melee,
  move,
  recordUse,
  stepBack,
  usedIn,
  type RoundsState,
} from "../../../src/rulesets/rounds/rules";
import { context, deepFreeze, hero, logKeys, reason, state, track, trigger, value } from "./fixtures";

describe("once-per-step bookkeeping", () => {
  it("a use is recorded as plain data, one record per step; Free and Reinforce keep no count", () => {
    const h = hero("ari", "skyhawks");
    const at = track(2, "skyhawks", "action");
    const rec = new ChangeRecorder();
    recordUse(rec, h, at, "move");
    expect(rec.changes()).toEqual([{ op: "update", ref: { actor: "ari" }, path: "system.used", from: [], to: [{ at: "2:skyhawks:action", acts: ["move"] }] }]);
    const used = { ...h, system: { ...h.system, used: [{ at: "2:skyhawks:action", acts: ["move" as const] }] } };
    expect(usedIn(used, at)).toEqual(["move"]);
    expect(usedIn(used, track(2, "skyhawks", "melee"))).toEqual([]);
    // Another step's use is added beside it; a second act in the same step (the GM's override) joins its record.
    const melee = new ChangeRecorder();
    recordUse(melee, used, track(2, "skyhawks", "melee"), "melee");
    expect(melee.changes()[0]).toMatchObject({ to: [{ at: "2:skyhawks:action", acts: ["move"] }, { at: "2:skyhawks:melee", acts: ["melee"] }] });
    const again = new ChangeRecorder();
    recordUse(again, used, at, "shoot");
    expect(again.changes()[0]).toMatchObject({ to: [{ at: "2:skyhawks:action", acts: ["move", "shoot"] }] });
    for (const step of ["free", "reinforce"] as const) {
      const r = new ChangeRecorder();
      recordUse(r, h, track(2, "skyhawks", step), "trade");
      expect(r.changes(), step).toEqual([]);
    }
  });

  it("moving forward changes no hero (each step keeps its own uses); going back moves the position only", () => {
    let s: RoundsState = state(track(2, "skyhawks", "action"), [hero("ari", "skyhawks"), hero("bo", "skyhawks"), hero("pax", "psiclones")]);
    s = applyToRoundsState(s, value(move(s, { hero: "ari" }, context())).changes);
    s = deepFreeze(s);
    const forward = value(advanceStep(s));
    expect(forward).not.toHaveProperty("changes");
    expect(forward.track).toMatchObject({ step: "reaction" });
    expect(reason(move({ ...s, track: forward.track }, { hero: "ari" }, context()))).toBe("WrongStep");
    expect(value(advanceTurn(s))).not.toHaveProperty("changes");
    // Going back changes no hero: only the position moves, and Ari's move stays spent.
    const back = value(stepBack(s.track));
    expect(back).toEqual(track(2, "skyhawks", "free"));
    expect(reason(move(s, { hero: "ari" }, context()))).toBe("UsedAction");
  });
});

describe("issue 17: going back and forward again keeps the uses taken in a step", () => {
  /** Next Step: it moves the track and changes no hero. */
  const forward = (s: RoundsState): RoundsState => ({ ...s, track: value(advanceStep(s)).track });
  const back = (s: RoundsState): RoundsState => ({ ...s, track: value(stepBack(s.track)) });

  it("a hero who acted in the Action step has still acted there when the GM returns to it", () => {
    let s: RoundsState = state(track(2, "skyhawks", "action"), [
      hero("ari", "skyhawks", { square: { x: 0, y: 0 } }),
      hero("bo", "skyhawks", { square: { x: 5, y: 5 } }),
      hero("pax", "psiclones", { square: { x: 1, y: 1 } }),
    ]);
    s = applyToRoundsState(s, value(move(s, { hero: "ari" }, context())).changes);
    // On to Melee, where Ari strikes Pax: a use of another step.
    s = forward(forward(s));
    expect(s.track.step).toBe("melee");
    s = applyToRoundsState(s, value(melee(s, { hero: "ari", target: "pax" }, context())).changes);
    // The GM goes back to Action: Ari has still acted there, Bo has not.
    s = deepFreeze(back(back(s)));
    expect(s.track.step).toBe("action");
    expect(usedIn(s.heroes.ari!, s.track)).toEqual(["move"]);
    expect(reason(move(s, { hero: "ari" }, context()))).toBe("UsedAction");
    expect(reason(move(s, { hero: "bo" }, context()))).toBe("");
    // Back to Free, then forward to Action again: still acted; on to Melee: still struck.
    s = forward(back(s));
    expect(s.track.step).toBe("action");
    expect(reason(move(s, { hero: "ari" }, context()))).toBe("UsedAction");
    s = forward(forward(s));
    expect(reason(melee(s, { hero: "ari", target: "pax" }, context()))).toBe("UsedMelee");
    // The same step of another round or of the other team's turn is a fresh use.
    expect(reason(move({ ...s, track: track(3, "skyhawks", "action") }, { hero: "ari" }, context()))).toBe("");
    expect(reason(melee({ ...s, track: track(2, "psiclones", "melee") }, { hero: "ari", target: "pax" }, context()))).toBe("");
  });
});

describe("the step change: what Next Step says", () => {
  it("marks the round when the Psiclones finish, and names each new position", () => {
    const s = state(track(2, "psiclones", "reinforce"), [hero("ari", "skyhawks", { entered: 1 }), hero("pax", "psiclones", { entered: 1 })]);
    const c = value(advanceStep(s));
    expect(c.from).toEqual({ round: 2, team: "psiclones", step: "reinforce" });
    expect(c.track).toEqual(track(3, "skyhawks", "free"));
    expect(c.log).toEqual([
      { key: "FACTIONS.Rounds.Log.RoundMarked", data: { round: 3, last: 3 } },
      { key: "FACTIONS.Rounds.Log.Position", data: { round: 3, last: 3, team: "FACTIONS.Rounds.Team.skyhawks", step: "FACTIONS.Rounds.Step.free" } },
    ]);
    expect(c.summary).toBeNull();
    expect(logKeys(value(advanceStep({ ...s, track: track(2, "skyhawks", "reinforce") })))).toEqual(["Position"]);
  });

  it("Next Turn: only the end of the step left and the start of the step reached have events; the steps skipped have none", () => {
    const pax = hero("pax", "psiclones", { items: [trigger("endAction", "end", "action"), trigger("endMelee", "end", "melee"), trigger("startFree", "start", "free")] });
    const c = value(advanceTurn(state(track(2, "skyhawks", "action"), [pax, hero("ari", "skyhawks", { entered: 2 })])));
    expect(c.events.map((g) => [g.edge, g.team, g.events.map((e) => e.ability)])).toEqual([
      ["end", "skyhawks", ["endAction"]],
      ["start", "psiclones", ["startFree"]],
    ]);
  });
});

describe("end of game", () => {
  it("when the Psiclones finish round N: the rounds played and who is on the map, per team", () => {
    const s = deepFreeze(
      state(track(3, "psiclones", "reinforce"), [
        hero("ari", "skyhawks", { name: "Ari", entered: 1 }),
        hero("bo", "skyhawks", { name: "Bo", onMap: false }),
        hero("cy", "skyhawks", { name: "Cy", entered: 2 }),
        hero("pax", "psiclones", { name: "Pax", entered: 3, items: [trigger("last", "end", "reinforce")] }),
      ]),
    );
    const c = value(advanceStep(s));
    expect(c.track).toEqual(track(3, "psiclones", "reinforce", 3, true));
    expect(c.summary).toEqual({ rounds: 3, teams: { skyhawks: { onMap: ["ari", "cy"], offMap: ["bo"] }, psiclones: { onMap: ["pax"], offMap: [] } } });
    expect(gameSummary({ ...s, track: c.track })).toEqual(c.summary);
    expect(c.log).toEqual([
      { key: "FACTIONS.Rounds.Log.GameOver", data: { rounds: 3 } },
      { key: "FACTIONS.Rounds.Log.OnMapAtEnd", data: { team: "FACTIONS.Rounds.Team.skyhawks", count: 2, heroes: "Ari, Cy" } },
      { key: "FACTIONS.Rounds.Log.OnMapAtEnd", data: { team: "FACTIONS.Rounds.Team.psiclones", count: 1, heroes: "Pax" } },
    ]);
    // The "end of Reinforce" abilities still fire; nothing starts after the game.
    expect(c.events.map((g) => g.edge)).toEqual(["end"]);
    // Over means over: no further step, no act.
    const done: RoundsState = { ...s, track: c.track };
    expect(reason(advanceStep(done))).toBe("GameOver");
    expect(reason(advanceTurn(done, true))).toBe("GameOver");
    expect(value(stepBack(c.track))).toEqual(track(3, "psiclones", "reinforce"));
  });

  it("the Skyhawks finishing the last round does not end the game", () => {
    const c = value(advanceStep(state(track(3, "skyhawks", "reinforce"), [hero("ari", "skyhawks", { entered: 1 })])));
    expect(c.track).toEqual(track(3, "psiclones", "free"));
    expect(c.summary).toBeNull();
  });
});
