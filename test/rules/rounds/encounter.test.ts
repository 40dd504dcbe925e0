import { describe, expect, it } from "vitest";
import {
  applyToRoundsState,
  backCard,
  fireCard,
  orderCard,
  stepCard,
  type Encounter,
  type PendingGroup,
  type RoundsState,
} from "../../../src/rulesets/rounds/rules";
import type { Change } from "../../../src/core/rules/changes";
import { context, deepFreeze, hero, logKeys, reason, state, track, trigger, value } from "./fixtures";
import { scriptedDice } from "../dice";

const COMBAT = "Combat.c";
const encounter = (round: number, pending: PendingGroup[] = []): Encounter => ({ id: COMBAT, round, pending });
const combatChange = (changes: Change[], path: string) => changes.find((c) => c.op === "update" && c.ref.actor === COMBAT && c.path === path);
/** The events the changes leave on the Combat. */
function pendingAfter(changes: Change[]): PendingGroup[] {
  const c = combatChange(changes, "system.pending");
  if (!c || c.op !== "update") throw new Error("no change of the pending events");
  return c.to as unknown as PendingGroup[];
}

/** Two Skyhawks with an "end of Free" ability each, a Psiclone with a "start of Action" one. */
function triggered(step: "free" | "action" = "free"): RoundsState {
  return state(track(2, "skyhawks", step), [
    hero("ari", "skyhawks", { items: [trigger("rally", "end", "free", { name: "Rally" })] }),
    hero("bo", "skyhawks", { items: [trigger("ward", "end", "free", { name: "Ward", formula: "1d6" })] }),
    hero("pax", "psiclones", { items: [trigger("hex", "start", "action", { name: "Hex" })] }),
  ]);
}

describe("the step card: Next Step and Next Turn on the Combat", () => {
  it("moves the track on the Combat, Foundry's round with it, keeps the uses and puts the events due on the Combat", () => {
    const s = deepFreeze(applyToRoundsState(triggered(), [{ op: "update", ref: { actor: "ari" }, path: "system.used", from: [], to: [{ at: "2:skyhawks:free", acts: [] }] }]));
    const card = value(stepCard(s, encounter(2), "step", false));
    expect(card.action).toBe("rounds.nextStep");
    expect(card.actor).toBe(COMBAT);
    expect(combatChange(card.changes, "system.track")).toMatchObject({ from: track(2, "skyhawks", "free"), to: track(2, "skyhawks", "action") });
    // The round did not change: no change of Foundry's round.
    expect(combatChange(card.changes, "round")).toBeUndefined();
    // No hero changes: each step keeps its own uses (issue 17).
    expect(card.changes.filter((c) => c.ref.actor !== COMBAT)).toEqual([]);
    // End of Free (two events: the Skyhawks order them), then start of Action (one: nothing to order).
    expect(card.detail.events.map((g) => [g.edge, g.team, g.ordered, g.events.map((e) => e.key)])).toEqual([
      ["end", "skyhawks", false, ["ari/rally", "bo/ward"]],
      ["start", "skyhawks", true, ["pax/hex"]],
    ]);
    expect(combatChange(card.changes, "system.pending")).toMatchObject({ from: [], to: card.detail.events });
    expect(logKeys(card)).toEqual(["Position", "EventsDue", "EventsDue"]);
    expect(card.log[1]!.data).toEqual({ edge: "FACTIONS.Rounds.Edge.end", step: "FACTIONS.Rounds.Step.free", team: "FACTIONS.Rounds.Team.skyhawks", events: "ari: Rally, bo: Ward" });
  });

  it("marks Foundry's round with the track's when the Psiclones finish", () => {
    const s = state(track(2, "psiclones", "reinforce"), [hero("ari", "skyhawks", { entered: 1 }), hero("pax", "psiclones", { entered: 1 })]);
    const card = value(stepCard(s, encounter(2), "turn", false));
    expect(card.action).toBe("rounds.nextTurn");
    expect(combatChange(card.changes, "round")).toMatchObject({ from: 2, to: 3 });
    expect(logKeys(card)).toEqual(["RoundMarked", "Position"]);
  });

  it("waits for the events of the last boundary, unless the GM moves on (they are dropped, and the card says so)", () => {
    const s = triggered();
    const waiting = value(stepCard(s, encounter(2), "step", false)).detail.events;
    const later = { ...s, track: track(2, "skyhawks", "action") };
    expect(reason(stepCard(later, encounter(2, waiting), "step", false))).toBe("EventsPending");
    expect(stepCard(later, encounter(2, waiting), "step", false)).toMatchObject({ reason: { data: { count: 3 } } });
    const forced = value(stepCard(later, encounter(2, waiting), "step", true));
    expect(forced.detail.dropped).toBe(3);
    expect(logKeys(forced)[0]).toBe("EventsDropped");
    expect(combatChange(forced.changes, "system.pending")).toMatchObject({ from: waiting, to: [] });
    // One event waiting has its own texts ("1 interstep event … is").
    const one = [{ ...waiting[0]!, events: waiting[0]!.events.slice(0, 1) }];
    expect(stepCard(later, encounter(2, one), "step", false)).toMatchObject({ reason: { key: "FACTIONS.Rounds.Reject.EventsPendingOne", data: { count: 1 } } });
    expect(logKeys(value(stepCard(later, encounter(2, one), "step", true)))[0]).toBe("EventsDroppedOne");
  });

  it("ends the game with its summary after the Psiclones finish the last round, and then refuses", () => {
    const s = state(track(3, "psiclones", "reinforce", 3), [hero("ari", "skyhawks", { entered: 1 }), hero("pax", "psiclones", { entered: 1 }), hero("zed", "psiclones", { onMap: false })]);
    const card = value(stepCard(s, encounter(3), "step", true));
    expect(card.detail.summary).toEqual({ rounds: 3, teams: { skyhawks: { onMap: ["ari"], offMap: [] }, psiclones: { onMap: ["pax"], offMap: ["zed"] } } });
    expect(combatChange(card.changes, "system.track")).toMatchObject({ to: track(3, "psiclones", "reinforce", 3, true) });
    const over = { ...s, track: track(3, "psiclones", "reinforce", 3, true) };
    expect(reason(stepCard(over, encounter(3), "step", true))).toBe("GameOver");
  });
});

describe("going back on the Combat", () => {
  it("moves the track and Foundry's round only: no uses cleared, no events", () => {
    const s = state(track(3, "skyhawks", "free"), [hero("ari", "skyhawks", { used: [{ at: "2:psiclones:melee", acts: ["melee"] }] })]);
    const card = value(backCard(s, encounter(3)));
    expect(card.action).toBe("rounds.back");
    expect(card.changes).toEqual([
      { op: "update", ref: { actor: COMBAT }, path: "system.track", from: track(3, "skyhawks", "free"), to: track(2, "psiclones", "reinforce") },
      { op: "update", ref: { actor: COMBAT }, path: "round", from: 3, to: 2 },
    ]);
    expect(logKeys(card)).toEqual(["WentBack", "Position"]);
    expect(reason(backCard(state(track(1, "skyhawks", "reinforce"), []), encounter(1)))).toBe("AtStart");
  });
});

describe("ordering the events and firing them in that order", () => {
  const due = () => value(stepCard(triggered(), encounter(2), "step", false)).detail.events;
  const after = () => ({ ...triggered(), track: track(2, "skyhawks", "action") });

  it("lets only the team of the group order it, naming each event once", () => {
    const s = after();
    expect(reason(orderCard(s, encounter(2, due()), { hero: "pax", order: ["bo/ward", "ari/rally"] }))).toBe("NotYourOrder");
    expect(reason(orderCard(s, encounter(2, due()), { hero: "ari", order: ["bo/ward"] }))).toBe("NotAPermutation");
    expect(reason(orderCard(s, encounter(2, due()), { hero: "ari", order: ["bo/ward", "bo/ward"] }))).toBe("NotAPermutation");
    expect(reason(orderCard(s, encounter(2), { hero: "ari", order: [] }))).toBe("NoEventsPending");
    const card = value(orderCard(s, encounter(2, due()), { hero: "bo", order: ["bo/ward", "ari/rally"] }));
    expect(card.actor).toBe("bo");
    const to = pendingAfter(card.changes);
    expect(to.map((g) => [g.ordered, g.events.map((e) => e.key)])).toEqual([
      [true, ["bo/ward", "ari/rally"]],
      [true, ["pax/hex"]],
    ]);
    expect(reason(orderCard(s, encounter(2, to), { hero: "ari", order: ["ari/rally", "bo/ward"] }))).toBe("AlreadyOrdered");
  });

  it("fires the next event only, once its group is in order, and takes it off the Combat", () => {
    const s = after();
    const waiting = due();
    expect(reason(fireCard(s, encounter(2, waiting), { hero: "ari", key: "ari/rally" }, context()))).toBe("NotOrderedYet");
    const ordered = pendingAfter(value(orderCard(s, encounter(2, waiting), { hero: "ari", order: ["bo/ward", "ari/rally"] })).changes);
    expect(reason(fireCard(s, encounter(2, ordered), { hero: "ari", key: "ari/rally" }, context()))).toBe("NotNextEvent");
    const first = value(fireCard(s, encounter(2, ordered), { hero: "bo", key: "bo/ward" }, context(scriptedDice([["1d6", 4]]))));
    expect(first.rolls.map((r) => [r.formula, r.total])).toEqual([["1d6", 4]]);
    const rest = pendingAfter(first.changes);
    expect(rest.map((g) => g.events.map((e) => e.key))).toEqual([["ari/rally"], ["pax/hex"]]);
    const second = value(fireCard(s, encounter(2, rest), { hero: "ari", key: "ari/rally" }, context()));
    // The group is done: it leaves the Combat, and the next group (one event, nothing to order) is due.
    const last = pendingAfter(second.changes);
    expect(last.map((g) => g.events.map((e) => e.key))).toEqual([["pax/hex"]]);
    const third = value(fireCard(s, encounter(2, last), { hero: "pax", key: "pax/hex" }, context()));
    expect(combatChange(third.changes, "system.pending")).toMatchObject({ to: [] });
    expect(reason(fireCard(s, encounter(2), { hero: "pax", key: "pax/hex" }, context()))).toBe("NoEventsPending");
  });

  it("does not fire an ability of a hero who has left the map", () => {
    const s = after();
    const gone = { ...s, heroes: { ...s.heroes, pax: { ...s.heroes.pax!, system: { ...s.heroes.pax!.system, onMap: false } } } };
    const only: PendingGroup[] = [due()[1]!];
    expect(reason(fireCard(gone, encounter(2, only), { hero: "pax", key: "pax/hex" }, context()))).toBe("OffMap");
  });
});
