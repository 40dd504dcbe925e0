import { describe, expect, it } from "vitest";
import { rating } from "../../../src/core/rules/check";
import {
  actingForceRating,
  actingRating,
  bestOpposition,
  canAct,
  commandLimit,
  conditionModifier,
  conditionPenalty,
  forceOpposition,
  forceStrength,
  keyOf,
  lieutenantCompetency,
  lieutenantOpposition,
  lieutenantRating,
  localeOf,
  raiseCondition,
  recoverCondition,
  unitOpposition,
  CONDITIONS,
} from "../../../src/rulesets/operations/rules";
import { lt, unit, world, org } from "./fixtures";
import { scene } from "./scene";

describe("ratings", () => {
  it("an acting lieutenant adds level + the named stat, each part labelled", () => {
    const l = lt("l", "A", { level: 4, sneak: 3 });
    expect(lieutenantRating(l, "sneak")).toEqual([
      { label: "FACTIONS.Operations.Log.Rating.Level", value: 4 },
      { label: "FACTIONS.Operations.Log.Rating.Stat.sneak", value: 3 },
    ]);
  });

  it("a force's strength is its best unit's level + 1 per other unit; defeated units count for nothing", () => {
    const us = [unit("x", { name: "X", level: 2 }), unit("y", { name: "Y", level: 6 }), unit("z", { name: "Z", level: 4 })];
    expect(forceStrength(us)).toEqual([
      { label: "Y", value: 6 },
      { label: "FACTIONS.Operations.Log.Rating.OtherUnits", value: 2 },
    ]);
    expect(forceStrength([unit("w", { name: "W", level: 5 })])).toEqual([{ label: "W", value: 5 }]);
    expect(forceStrength([])).toEqual([]);
    expect(rating(forceStrength([...us, unit("d", { level: 9, condition: "defeated" })]))).toBe(8);
  });

  it("a lieutenant commands at most Cohesion units, twice that for a move within one locale", () => {
    expect(commandLimit(3)).toBe(3);
    expect(commandLimit(3, true)).toBe(6);
  });

  it("in a Force action: level + Force + committed force, with the worst condition penalty among them", () => {
    const l = lt("l", "A", { level: 3, force: 2, condition: "dinged" });
    const mods = actingForceRating(l, [unit("x", { level: 4 }), unit("y", { level: 1, condition: "damaged" })]);
    expect(rating(mods)).toBe(3 + 2 + 4 + 1 - 2);
    expect(mods.at(-1)).toEqual({ label: "FACTIONS.Operations.Log.Rating.Condition", value: -2 });
    expect(rating(actingRating(lt("m", "A", { level: 2, charm: 4, condition: "dinged" }), "charm"))).toBe(5);
  });

  it("vs Force: the defending force at the location (hidden units excluded) + the defending lieutenant's level + Force", () => {
    const s = scene();
    expect(forceOpposition(s, "B", "town")).toEqual([
      { label: "Guards", value: 3 },
      { label: "FACTIONS.Operations.Log.Rating.OtherUnits", value: 1 },
      { label: "Mara", value: 5 },
    ]);
    expect(rating(forceOpposition(s, "B", "port"))).toBe(2);
    expect(forceOpposition(s, "B", "hills")).toEqual([]);
    // A hidden or defeated lieutenant does not add; the best able one does.
    const t = world(
      [org("B", {}, [unit("u", { level: 1 })])],
      [lt("h", "B", { level: 9, hiding: 2 }), lt("d", "B", { level: 9, condition: "defeated" }), lt("w", "B", { level: 1, force: 1 }), lt("s", "B", { level: 2, force: 3 })],
    );
    expect(forceOpposition(t, "B", "town")).toEqual([
      { label: "u", value: 1 },
      { label: "s", value: 5 },
    ]);
  });

  it("vs Sneak / vs Charm: a lieutenant's level + stat, a unit's level (−2 off its competency), + hiding", () => {
    expect(lieutenantOpposition(lt("l", "B", { name: "L", level: 3, charm: 4, hiding: 2 }), "charm")).toEqual([
      { label: "L", value: 7 },
      { label: "FACTIONS.Operations.Log.Rating.Hiding", value: 2 },
    ]);
    expect(rating(unitOpposition(unit("u", { level: 5, competency: "sneak" }), "sneak"))).toBe(5);
    expect(unitOpposition(unit("u", { name: "U", level: 5, competency: "force", hiding: 1 }), "sneak")).toEqual([
      { label: "U", value: 5 },
      { label: "FACTIONS.Operations.Log.Rating.Incompetent", value: -2 },
      { label: "FACTIONS.Operations.Log.Rating.Hiding", value: 1 },
    ]);
  });

  it("the best visible opposition at a location, or none", () => {
    const s = scene();
    // Guards 3−2, Militia 1−2, Mara 2+1: Mara (the hidden Spies do not oppose).
    expect(bestOpposition(s, "B", "town", "sneak")).toEqual([{ label: "Mara", value: 3 }]);
    expect(bestOpposition(s, "B", "hills", "sneak")).toEqual([]);
  });

  it("a lieutenant's core competency is its highest stat; locales default to the location", () => {
    expect(lieutenantCompetency(lt("l", "A", { force: 1, sneak: 3, charm: 3, lore: 0 }))).toBe("sneak");
    const s = { ...scene(), locales: { market: "city", docks: "city" } };
    expect(localeOf(s, "market")).toBe("city");
    expect(localeOf(s, "hills")).toBe("hills");
  });

  it("record keys never hold a dot", () => {
    expect(keyOf("Actor.abc")).toBe("Actor%2Eabc");
    expect(keyOf("50%.x")).toBe("50%25%2Ex");
    expect(keyOf("plain")).toBe("plain");
  });
});

describe("the condition ladder", () => {
  it("fresh → dinged → damaged → defeated → destroyed; dinged/damaged/defeated/destroyed raise by 1/2/3/4", () => {
    expect(CONDITIONS).toEqual(["fresh", "dinged", "damaged", "defeated", "destroyed"]);
    expect(raiseCondition("fresh", 1)).toBe("dinged");
    expect(raiseCondition("fresh", 2)).toBe("damaged");
    expect(raiseCondition("fresh", 3)).toBe("defeated");
    expect(raiseCondition("fresh", 4)).toBe("destroyed");
    expect(raiseCondition("damaged", 1)).toBe("defeated");
    expect(raiseCondition("damaged", 2)).toBe("destroyed");
    expect(raiseCondition("defeated", 3)).toBe("destroyed");
  });
  it("penalties, who can act, recovery", () => {
    expect(CONDITIONS.map(conditionPenalty)).toEqual([0, -1, -2, 0, 0]);
    expect(CONDITIONS.map(canAct)).toEqual([true, true, true, false, false]);
    expect(CONDITIONS.map(recoverCondition)).toEqual(["fresh", "fresh", "dinged", "damaged", "destroyed"]);
    expect(conditionModifier(["fresh", "dinged", "damaged"])).toEqual([{ label: "FACTIONS.Operations.Log.Rating.Condition", value: -2 }]);
    expect(conditionModifier(["fresh"])).toEqual([]);
  });
});
