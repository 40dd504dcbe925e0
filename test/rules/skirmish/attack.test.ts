import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { reachChance, totalChances } from "../../../src/core/rules/reach";
import { attack, attackChance, isAttackFormula, type AttackDetail, type InfantryState, type VehicleState, type WeaponItem } from "../../../src/rulesets/skirmish/rules";
import { scriptedDice } from "../dice";
import { ada, aim, context, noDice, onMap, rhino, scene } from "./fixtures";

const R = "FACTIONS.Skirmish.Reject.";
const L = "FACTIONS.Skirmish.Log.";

function done(r: Result<Outcome<AttackDetail>>): Outcome<AttackDetail> {
  if (!r.ok) throw new Error(r.reason.key);
  return r.value;
}
const why = <T>(r: Result<T>) => (r.ok ? "" : r.reason.key.replace(R, ""));

const armed = (formula: string, reach: number | null): InfantryState => {
  const a = ada();
  return { ...a, weapons: [{ ...a.weapons[0]!, system: { ...a.weapons[0]!.system, attack: { formula, reach } } }] };
};
const pistol = (formula: string, reach: number | null): WeaponItem => armed(formula, reach).weapons[0]!;

describe("an attack's target", () => {
  it("is refused when missing, gone, the attacker itself, no fighter, or on another scene; nothing is rolled", () => {
    const ctx = context(noDice);
    const s = scene({ ada: armed("1d10", 6) });
    expect(why(attack(s, { actor: "ada", weapons: ["pistol"], target: "", onMap: null }, ctx))).toBe("NoTarget");
    expect(why(attack(s, aim({ actor: "ada", weapons: ["pistol"] }, null), ctx))).toBe("TargetGone");
    expect(why(attack(s, aim({ actor: "ada", weapons: ["pistol"] }, onMap("ada")), ctx))).toBe("TargetSelf");
    expect(why(attack(s, aim({ actor: "ada", weapons: ["pistol"] }, onMap("first")), ctx))).toBe("TargetNotFighter");
    expect(why(attack(s, aim({ actor: "ada", weapons: ["pistol"] }, onMap("nobody")), ctx))).toBe("TargetNotFighter");
    expect(why(attack(s, aim({ actor: "ada", weapons: ["pistol"] }, onMap("red", null)), ctx))).toBe("TargetElsewhere");
  });

  it("is named on the card with its distance on the grid, in the grid's units", () => {
    const o = done(attack(scene(), aim({ actor: "ada", weapons: ["pistol"] }, onMap("red", 4.2426, "m")), context(noDice)));
    expect(o.log[0]).toEqual({ key: `${L}AttackedAt`, data: { name: "Ada", weapon: "Pistol", target: "red token", distance: { key: "FACTIONS.Distance.Units", data: { n: 4.24, units: "m" } } } });
    expect(o.detail.target).toEqual(onMap("red", 4.2426, "m"));
  });
});

describe("an attack's roll", () => {
  it("rolls the weapon's formula and says whether it reached the number (at it or above)", () => {
    for (const [total, reached] of [[6, true], [7, true], [5, false]] as const) {
      const dice = scriptedDice([["1d10 + 1", total]]);
      const o = done(attack(scene({ ada: armed("1d10 + 1", 6) }), aim({ actor: "ada", weapons: ["pistol"] }), context(dice)));
      expect(o.rolls).toEqual([{ label: { key: `${L}AttackRoll`, data: { weapon: "Pistol" } }, formula: "1d10 + 1", total }]);
      expect(o.detail.rolls).toEqual([{ weapon: "pistol", formula: "1d10 + 1", total, reach: 6, reached }]);
      expect(o.summary).toEqual([{ key: `${L}${reached ? "Reached" : "FellShort"}`, data: { weapon: "Pistol", total, reach: 6 } }]);
    }
  });

  it("with no number to reach, rolls and reaches nothing; with a blank formula, rolls nothing and says so", () => {
    const o = done(attack(scene({ ada: armed("2d6", null) }), aim({ actor: "ada", weapons: ["pistol"] }), context(scriptedDice([["2d6", 8]]))));
    expect(o.detail.rolls[0]).toMatchObject({ total: 8, reach: null, reached: null });
    expect(o.summary).toEqual([{ key: `${L}RolledNoReach`, data: { weapon: "Pistol", total: 8 } }]);
    const blank = done(attack(scene({ ada: armed("  ", 5) }), aim({ actor: "ada", weapons: ["pistol"] }), context(noDice)));
    expect(blank.rolls).toEqual([]);
    expect(blank.detail.rolls[0]).toMatchObject({ formula: "", total: null, reached: null });
    expect(blank.summary).toEqual([{ key: `${L}NothingRolled`, data: { weapon: "Pistol" } }]);
  });

  it("a vehicle's volley rolls each weapon that has a formula, in order", () => {
    const r = rhino();
    const withAttack = (i: number, formula: string, reach: number | null) => ({ ...r.weapons[i]!, system: { ...r.weapons[i]!.system, attack: { formula, reach } } });
    const v: VehicleState = { ...r, weapons: [withAttack(0, "2d10", 12), withAttack(1, "", null), withAttack(2, "1d6", 3)] };
    const s = { ...scene(), actors: { ...scene().actors, rhino: v } };
    const o = done(attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax", "smoke"] }), context(scriptedDice([["2d10", 11], ["1d6", 3]]))));
    expect(o.detail.rolls.map((x) => x.reached)).toEqual([false, null, true]);
  });

  it("refuses a weapon whose stored formula the dice cannot roll, before anything is spent", () => {
    expect(why(attack(scene({ ada: armed("1d10 * 2", 5) }), aim({ actor: "ada", weapons: ["pistol"] }), context(noDice)))).toBe("BadAttackFormula");
  });
});

describe("the odds of reaching a number", () => {
  it("are counted exactly over the dice", () => {
    expect(reachChance("1d10", 6)).toBeCloseTo(0.5, 12);
    expect(reachChance("2d6", 7)).toBeCloseTo(21 / 36, 12);
    expect(reachChance("1d6 - 1d4", 3)).toBeCloseTo(6 / 24, 12);
    expect(reachChance("3", 3)).toBe(1);
    expect(reachChance("3", 4)).toBe(0);
    expect(reachChance("1d10 + 1", 12)).toBe(0);
    expect(reachChance("1d10 * 2", 5)).toBeNull();
    expect(attackChance(pistol("1d10", 8))).toBeCloseTo(0.3, 12);
    expect(attackChance(pistol("", 8))).toBeNull();
    expect(attackChance(pistol("1d10", null))).toBeNull();
  });

  it("sum to one, and match a count of every roll", () => {
    const d = totalChances("2d4 + 1d3 - 1")!;
    expect(d.chances.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 12);
    let hits = 0;
    for (let a = 1; a <= 4; a++) for (let b = 1; b <= 4; b++) for (let c = 1; c <= 3; c++) if (a + b + c - 1 >= 7) hits++;
    expect(reachChance("2d4 + 1d3 - 1", 7)).toBeCloseTo(hits / 48, 12);
  });

  it("a weapon's formula is blank or one whose odds are counted", () => {
    expect(isAttackFormula("")).toBe(true);
    expect(isAttackFormula("1d10 + 2")).toBe(true);
    expect(isAttackFormula("20d100")).toBe(true);
    expect(isAttackFormula("21d6")).toBe(false);
    expect(isAttackFormula("1d1000")).toBe(false);
    expect(isAttackFormula("1d10 * 2")).toBe(false);
  });
});
