import { describe, expect, it } from "vitest";
import { checkOdds } from "../../../src/core/rules/odds";
import { checkChances, checkModifiers, MAX_DIFFICULTY, rollSkirmishCheck, type CheckChoice } from "../../../src/rulesets/skirmish/rules";
import { scriptedDice } from "../dice";
import { ada, context, effect, noDice, scene } from "./fixtures";

const M = "FACTIONS.Skirmish.Modifier.";

describe("Body and Nerves checks", () => {
  const tired = ada([effect("x", "exhausted", 2), effect("h", "hyped", 1), effect("b1", "boneFracture"), effect("b2", "boneFracture"), effect("t", "muscleTremors")]);

  it("list the rating and every active modifier, one per effect", () => {
    expect(checkModifiers(tired, "body", 1)).toEqual([
      { label: `${M}body`, value: 3 },
      { label: `${M}exhausted`, value: -2 },
      { label: `${M}hyped`, value: 1 },
      { label: `${M}boneFracture`, value: -1 },
      { label: `${M}boneFracture`, value: -1 },
      { label: "FACTIONS.Check.Situational", value: 1 },
    ]);
    expect(checkModifiers(tired, "nerves")).toEqual([
      { label: `${M}nerves`, value: 2 },
      { label: `${M}exhausted`, value: -2 },
      { label: `${M}hyped`, value: 1 },
      { label: `${M}muscleTremors`, value: -1 },
    ]);
  });

  it("roll the shared two-tier check: die + rating vs the same die + the difficulty", () => {
    // Body 3 − 2 + 1 − 1 − 1 = 0 vs 4.
    const dice = scriptedDice([
      ["1d10", 9],
      ["1d10 + 4", 8],
    ]);
    const r = rollSkirmishCheck(scene({ ada: tired }), { actor: "ada", stat: "body", difficulty: 4 }, context(dice));
    if (!r.ok) throw new Error(r.reason.key);
    const { check, label } = r.value.checks[0]!;
    expect(label).toEqual({ key: "FACTIONS.Skirmish.Log.Check.body", data: { name: "Ada", difficulty: 4 } });
    expect(check.kind).toBe("twoTier");
    expect(check.margin).toBe(1);
    expect(check.tier).toBe("success");
    expect(check.modifiers.opposition).toEqual([{ label: `${M}difficulty`, value: 4 }]);
    expect(check.modifiers.actor).toHaveLength(5);
    expect(r.value.log).toEqual([{ key: "FACTIONS.Skirmish.Log.CheckSucceeded", data: { name: "Ada", margin: 1 } }]);
    expect(r.value.changes).toEqual([]);
  });

  it("a tie goes to the difficulty", () => {
    const dice = scriptedDice([
      ["1d10 + 2", 7],
      ["1d10 + 5", 7],
    ]);
    const r = rollSkirmishCheck(scene(), { actor: "ada", stat: "nerves", difficulty: 5 }, context(dice));
    expect(r.ok && r.value.checks[0]!.check.tier).toBe("failure");
  });

  it("roll the die the world setting names", () => {
    const dice = scriptedDice([
      ["2d6 + 3", 10],
      ["2d6 + 6", 12],
    ]);
    const r = rollSkirmishCheck(scene(), { actor: "ada", stat: "body", difficulty: 6 }, context(dice, { die: "2d6" }));
    expect(r.ok && r.value.checks[0]!.check.margin).toBe(-2);
  });

  it("show the exact odds", () => {
    const s = scene();
    const settings = context(noDice).settings;
    // Body 3 vs 3 on 1d10: 45 of 100 pairs win (ties are the difficulty's).
    const even = checkChances(s, { actor: "ada", stat: "body", difficulty: 3 }, settings);
    expect(even.ok && even.value.success).toBe(0.45);
    const twoD6 = checkChances(s, { actor: "ada", stat: "body", difficulty: 3 }, { ...settings, die: "2d6" });
    expect(twoD6.ok && twoD6.value.success).toBe(575 / 1296);
    const worn = checkChances(scene({ ada: tired }), { actor: "ada", stat: "nerves", difficulty: 2, modifier: -1 }, settings);
    // Nerves 2 − 2 + 1 − 1 − 1 = −1 vs 2.
    expect(worn.ok && worn.value).toEqual(checkOdds(-1, 2, "twoTier", settings));
    // The die difference must exceed 3: 6 + 5 + 4 + 3 + 2 + 1 = 21 of 100 pairs.
    expect(worn.ok && worn.value.success).toBe(0.21);
  });

  it("refuse a vehicle, a difficulty or modifier that is not a whole number", () => {
    const why = (c: CheckChoice) => {
      const r = rollSkirmishCheck(scene(), c, context(noDice));
      return r.ok ? "" : r.reason.key.replace("FACTIONS.Skirmish.Reject.", "");
    };
    expect(why({ actor: "rhino", stat: "body", difficulty: 3 })).toBe("NotInfantry");
    expect(why({ actor: "ada", stat: "body", difficulty: 2.5 })).toBe("BadDifficulty");
    expect(why({ actor: "ada", stat: "body", difficulty: 2, modifier: 0.5 })).toBe("BadModifier");
  });

  it("refuse a difficulty past ±40 and a situational modifier past ±20, saying the bounds (never a dice formula like 1d10 + 1e+21)", () => {
    const refused = (c: CheckChoice) => {
      const r = rollSkirmishCheck(scene(), c, context(noDice));
      return r.ok ? null : r.reason;
    };
    expect(refused({ actor: "ada", stat: "body", difficulty: 1e21 })).toEqual({ key: "FACTIONS.Skirmish.Reject.DifficultyRange", data: { difficulty: "1e+21", max: MAX_DIFFICULTY } });
    expect(refused({ actor: "ada", stat: "body", difficulty: -41 })?.key).toBe("FACTIONS.Skirmish.Reject.DifficultyRange");
    expect(refused({ actor: "ada", stat: "body", difficulty: 2, modifier: 21 })).toEqual({ key: "FACTIONS.Skirmish.Reject.ModifierRange", data: { modifier: "21", max: 20 } });
    expect(refused({ actor: "ada", stat: "nerves", difficulty: 2, modifier: -21 })?.key).toBe("FACTIONS.Skirmish.Reject.ModifierRange");
    // The bounds themselves are rolled.
    expect(rollSkirmishCheck(scene(), { actor: "ada", stat: "body", difficulty: -40, modifier: 20 }, context(scriptedDice([["1d10 + 23", 24], ["1d10 - 40", -39]]))).ok).toBe(true);
    expect(rollSkirmishCheck(scene(), { actor: "ada", stat: "body", difficulty: 40, modifier: -20 }, context(scriptedDice([["1d10 - 17", -16], ["1d10 + 40", 41]]))).ok).toBe(true);
  });
});
