import { describe, expect, it } from "vitest";
import { advanceStep, dueEvents, fireEvent, orderEvents, type EventGroup, type HeroState } from "../../../src/rulesets/rounds/rules";
import { scriptedDice } from "../dice";
import { ability, context, hero, logKeys, reason, state, track, value, trigger } from "./fixtures";

/** Who fires what: Skyhawk Ari and Psiclone Pax on the map, Skyhawk Bo off it, Psiclone Quill with only a Free ability. */
function heroes(): HeroState[] {
  return [
    hero("ari", "skyhawks", { items: [trigger("ari-endFree", "end", "free"), trigger("ari-startAction", "start", "action"), ability("ari-tag", "action")] }),
    hero("bo", "skyhawks", { onMap: false, items: [trigger("bo-endFree", "end", "free")] }),
    hero("pax", "psiclones", { items: [trigger("pax-endFree", "end", "free"), trigger("pax-startAction", "start", "action"), trigger("pax-endReinforce", "end", "reinforce")] }),
    hero("quill", "psiclones", { items: [trigger("quill-startFree", "start", "free"), ability("quill-tag", "free")] }),
  ];
}

const keys = (g: EventGroup) => g.events.map((e) => e.key);

describe("interstep events", () => {
  it("within a turn: every 'end of' before every 'start of', both teams' heroes on the map fire, the active team orders both", () => {
    const groups = dueEvents(heroes(), track(2, "skyhawks", "free"), track(2, "skyhawks", "action"));
    expect(groups.map((g) => [g.edge, g.at.step, g.team])).toEqual([
      ["end", "free", "skyhawks"],
      ["start", "action", "skyhawks"],
    ]);
    expect(keys(groups[0]!)).toEqual(["ari/ari-endFree", "pax/pax-endFree"]);
    expect(keys(groups[1]!)).toEqual(["ari/ari-startAction", "pax/pax-startAction"]);
    expect(groups[0]!.events[0]).toEqual({ key: "ari/ari-endFree", hero: "ari", ability: "ari-endFree", edge: "end", step: "free" });
  });

  it("at a turn change each team orders its own group", () => {
    const turn = dueEvents(heroes(), track(2, "skyhawks", "reinforce"), track(2, "psiclones", "free"));
    expect(turn.map((g) => [g.edge, g.at.step, g.team, keys(g)])).toEqual([
      ["end", "reinforce", "skyhawks", ["pax/pax-endReinforce"]],
      ["start", "free", "psiclones", ["quill/quill-startFree"]],
    ]);
    const round = dueEvents(heroes(), track(2, "psiclones", "reinforce"), track(3, "skyhawks", "free"));
    expect(round.map((g) => [g.edge, g.team, g.at.round])).toEqual([
      ["end", "psiclones", 2],
      ["start", "skyhawks", 3],
    ]);
  });

  it("heroes off the map do not fire; empty groups are left out; the game's end has no 'start of'", () => {
    const off = heroes().map((h) => ({ ...h, system: { ...h.system, onMap: h.id === "bo" } }));
    expect(dueEvents(off, track(2, "skyhawks", "free"), track(2, "skyhawks", "action")).map(keys)).toEqual([["bo/bo-endFree"]]);
    expect(dueEvents(heroes(), track(2, "skyhawks", "action"), track(2, "skyhawks", "reaction"))).toEqual([]);
    expect(dueEvents(heroes(), track(3, "psiclones", "reinforce"), null).map((g) => g.edge)).toEqual(["end"]);
  });

  it("Next Step lists the events due at the boundary it crosses", () => {
    const change = value(advanceStep(state(track(2, "skyhawks", "free"), heroes())));
    expect(change.events).toEqual(dueEvents(heroes(), track(2, "skyhawks", "free"), track(2, "skyhawks", "action")));
  });

  it("the team active in the group's step orders it, naming each event exactly once", () => {
    const [end] = dueEvents(heroes(), track(2, "skyhawks", "free"), track(2, "skyhawks", "action"));
    const order = ["pax/pax-endFree", "ari/ari-endFree"];
    expect(value(orderEvents(end!, "skyhawks", order)).map((e) => e.key)).toEqual(order);
    expect(orderEvents(end!, "psiclones", order)).toEqual({ ok: false, reason: { key: "FACTIONS.Rounds.Reject.NotYourOrder", data: { team: "FACTIONS.Rounds.Team.skyhawks" } } });
    for (const bad of [["pax/pax-endFree"], ["pax/pax-endFree", "pax/pax-endFree"], ["pax/pax-endFree", "ari/ari-endFree", "bo/bo-endFree"], ["pax/pax-endFree", "quill/quill-startFree"]]) {
      expect(reason(orderEvents(end!, "skyhawks", bad)), bad.join(",")).toBe("NotAPermutation");
    }
  });

  it("firing an event gives the ability's text and rolls its formula; it uses nothing", () => {
    const withRoll = hero("ari", "skyhawks", { items: [trigger("zap", "start", "melee", { formula: "1d6 + 2", text: "Deal damage to an adjacent enemy.", name: "Static Zap" })] });
    const s = state(track(2, "skyhawks", "melee"), [withRoll]);
    const [group] = dueEvents([withRoll], track(2, "skyhawks", "reaction"), track(2, "skyhawks", "melee"));
    const o = value(fireEvent(s, group!.events[0]!, context(scriptedDice([["1d6 + 2", 7]]))));
    expect(o.rolls).toEqual([{ label: { key: "FACTIONS.Rounds.Log.RollOf", data: { ability: "Static Zap" } }, formula: "1d6 + 2", total: 7 }]);
    expect(o.detail).toEqual({ hero: "ari", ability: "zap", edge: "start", step: "melee", formula: "1d6 + 2", total: 7 });
    expect(logKeys(o)).toEqual(["TriggeredAtStart", "AbilityText", "Rolled", "GmRules.trigger"]);
    expect(o.changes).toEqual([]);
    const gone = state(track(2, "skyhawks", "melee"), [{ ...withRoll, system: { ...withRoll.system, onMap: false } }]);
    expect(reason(fireEvent(gone, group!.events[0]!, context()))).toBe("OffMap");
    expect(reason(fireEvent(s, { ...group!.events[0]!, edge: "end" }, context()))).toBe("NotTriggered");
  });
});
