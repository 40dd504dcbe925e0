import { describe, expect, it } from "vitest";
import { formulaFor, rating, rollCheck, tierOf, type CheckSettings } from "../../../src/core/rules/check";
import { scriptedDice } from "../dice";

const defender: CheckSettings = { tie: "defender", completeMargin: 5 };
const reroll: CheckSettings = { tie: "reroll", completeMargin: 5 };

describe("check", () => {
  it("rating and formula", () => {
    expect(rating([])).toBe(0);
    expect(rating([{ label: "a", value: 3 }, { label: "b", value: -5 }])).toBe(-2);
    expect(formulaFor(3)).toBe("1d10 + 3");
    expect(formulaFor(-2)).toBe("1d10 - 2");
    expect(formulaFor(0)).toBe("1d10");
  });

  it("two-tier tiers", () => {
    expect(tierOf(1, "twoTier", defender)).toBe("success");
    expect(tierOf(9, "twoTier", defender)).toBe("success");
    expect(tierOf(0, "twoTier", defender)).toBe("failure");
    expect(tierOf(-1, "twoTier", defender)).toBe("failure");
    expect(tierOf(-20, "twoTier", defender)).toBe("failure");
  });

  it("four-tier boundaries, default margin 5", () => {
    const t = (m: number) => tierOf(m, "fourTier", defender);
    expect([t(10), t(5), t(4), t(1), t(0), t(-4), t(-5), t(-12)]).toEqual([
      "completeSuccess",
      "completeSuccess",
      "success",
      "success",
      "failure",
      "failure",
      "completeFailure",
      "completeFailure",
    ]);
  });

  it("four-tier boundaries, margin 3", () => {
    const s = { tie: "defender", completeMargin: 3 } as const;
    const t = (m: number) => tierOf(m, "fourTier", s);
    expect([t(3), t(2), t(1), t(0), t(-2), t(-3)]).toEqual([
      "completeSuccess",
      "success",
      "success",
      "failure",
      "failure",
      "completeFailure",
    ]);
  });

  it("rolls each side 1d10 + rating, actor first", () => {
    const dice = scriptedDice([
      ["1d10 + 5", 12],
      ["1d10 - 1", 4],
    ]);
    const r = rollCheck(dice, [{ label: "Force", value: 5 }], [{ label: "Force", value: -1 }], "twoTier", defender);
    expect(r.actor).toEqual({ formula: "1d10 + 5", die: 7, rating: 5, total: 12 });
    expect(r.opposition).toEqual({ formula: "1d10 - 1", die: 5, rating: -1, total: 4 });
    expect(r.margin).toBe(8);
    expect(r.tier).toBe("success");
    expect(r.ties).toEqual([]);
  });

  it("a tie goes to the defender under `defender`", () => {
    const dice = scriptedDice([
      ["1d10 + 2", 8],
      ["1d10 + 2", 8],
    ]);
    const r = rollCheck(dice, [{ label: "x", value: 2 }], [{ label: "y", value: 2 }], "twoTier", defender);
    expect(r.margin).toBe(0);
    expect(r.tier).toBe("failure");
    expect(r.ties).toEqual([]);
  });

  it("ties are rolled again under `reroll`, and recorded", () => {
    const dice = scriptedDice([
      ["1d10 + 2", 8],
      ["1d10", 8],
      ["1d10 + 2", 5],
      ["1d10", 5],
      ["1d10 + 2", 4],
      ["1d10", 6],
    ]);
    const r = rollCheck(dice, [{ label: "x", value: 2 }], [], "twoTier", reroll);
    expect(r.ties).toHaveLength(2);
    expect(r.ties[0]!.actor.die).toBe(6);
    expect(r.ties[1]!.opposition.total).toBe(5);
    expect(r.margin).toBe(-2);
    expect(r.tier).toBe("failure");
    expect(r.actor.die).toBe(2);
  });

  it("four-tier checks never reroll a 0 margin", () => {
    const dice = scriptedDice([
      ["1d10", 5],
      ["1d10", 5],
    ]);
    const r = rollCheck(dice, [], [], "fourTier", reroll);
    expect(r.tier).toBe("failure");
    expect(r.ties).toEqual([]);
  });

  it("four-tier complete success from the rolled margin", () => {
    const dice = scriptedDice([
      ["1d10 + 1", 11],
      ["1d10 + 3", 6],
    ]);
    const r = rollCheck(dice, [{ label: "x", value: 1 }], [{ label: "y", value: 3 }], "fourTier", defender);
    expect(r.margin).toBe(5);
    expect(r.tier).toBe("completeSuccess");
  });
});

describe("scripted dice", () => {
  it("fails on a different formula", () => {
    const dice = scriptedDice([["1d8", 3]]);
    expect(() => dice.roll("1d6")).toThrow();
    dice.roll("1d8");
  });
  it("fails when the script runs out", () => {
    const dice = scriptedDice([["1d8", 3]]);
    dice.roll("1d8");
    expect(() => dice.roll("1d8")).toThrow();
  });
  it("fails when the script is not used up", () => {
    const dice = scriptedDice([["1d8", 3]]);
    expect(() => dice.done()).toThrow();
  });

  it("rolls the die the settings name on both sides", () => {
    expect(formulaFor(3, "2d6")).toBe("2d6 + 3");
    expect(formulaFor(-1, "2d6")).toBe("2d6 - 1");
    expect(formulaFor(0, "2d6")).toBe("2d6");
    const dice = scriptedDice([
      ["2d6 + 1", 9],
      ["2d6 + 4", 7],
    ]);
    const r = rollCheck(dice, [{ label: "Body", value: 1 }], [{ label: "Difficulty", value: 4 }], "twoTier", { ...defender, die: "2d6" });
    expect(r.actor).toEqual({ formula: "2d6 + 1", die: 8, rating: 1, total: 9 });
    expect(r.opposition).toEqual({ formula: "2d6 + 4", die: 3, rating: 4, total: 7 });
    expect(r.margin).toBe(2);
    expect(r.tier).toBe("success");
  });
});
