import { describe, expect, it } from "vitest";
import { attack, autoDefenders } from "../../../src/rulesets/faction-turn/rules";
import { scriptedDice } from "../dice";
import { asset, base, context, deepFreeze, faction, logKeys, noDice, reason, value, world } from "./fixtures";

const infantry = (id = "inf", over = {}) =>
  asset(id, { name: "Infantry", attack: { attribute: "force", defense: "force", damage: "1d8" }, hp: { value: 6, max: 6 }, ...over });

/** The seed's example: Infantry attacks where the defender has a Base, Informers and Idealistic Thugs. */
function seedState() {
  const A = faction("A", { force: 4 }, [infantry()]);
  const D = faction("D", { force: 3, hp: { value: 15 } }, [
    base("boi", 8),
    asset("inf2", { name: "Informers", attribute: "cunning", hp: { value: 3, max: 3 } }),
    asset("thugs", { name: "Idealistic Thugs", counter: "1d6", hp: { value: 4, max: 4 } }),
  ]);
  return deepFreeze(world(A, D));
}

describe("Attack", () => {
  it("success: the chosen defender (Thugs) takes the Infantry's 1d8", () => {
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 5],
      ["1d8", 3],
    ]);
    const o = value(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "thugs" }] }, context(dice)));
    expect(o.action).toBe("faction-turn.attack");
    expect(o.changes).toEqual([
      { op: "update", ref: { actor: "D", item: "thugs" }, path: "system.hp.value", from: 4, to: 1 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "", to: "faction-turn.attack" },
    ]);
    expect(o.checks).toHaveLength(1);
    expect(o.checks[0]!.check.tier).toBe("success");
    expect(o.rolls).toEqual([{ label: expect.objectContaining({ data: { asset: "Infantry" } }), formula: "1d8", total: 3 }]);
    expect(o.detail.exchanges[0]).toMatchObject({ attacker: "inf", defender: "thugs", success: true, check: 0 });
    expect(logKeys(o)).toEqual(["Attack", "Attacks", "AttackSuccess", "AssetDamaged"]);
  });

  it("failure: the Thugs' 1d6 counterattack hits the Infantry", () => {
    const dice = scriptedDice([
      ["1d10 + 4", 5],
      ["1d10 + 3", 9],
      ["1d6", 5],
    ]);
    const o = value(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "thugs" }] }, context(dice)));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "inf" }, path: "system.hp.value", from: 6, to: 1 });
    expect(o.changes.filter((c) => c.ref.actor === "D")).toEqual([]);
    expect(logKeys(o)).toEqual(["Attack", "Attacks", "AttackFailure", "AssetDamaged"]);
  });

  it("a tie goes to the defender (counterattack), or is rerolled", () => {
    const tie = scriptedDice([
      ["1d10 + 4", 8],
      ["1d10 + 3", 8],
      ["1d6", 2],
    ]);
    const o = value(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "thugs" }] }, context(tie)));
    expect(o.detail.exchanges[0]!.success).toBe(false);
    tie.done();
    const re = scriptedDice([
      ["1d10 + 4", 8],
      ["1d10 + 3", 8],
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 2],
    ]);
    const o2 = value(
      attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "thugs" }] }, context(re, { tie: "reroll" })),
    );
    expect(o2.checks[0]!.check.ties).toHaveLength(1);
    expect(o2.detail.exchanges[0]!.success).toBe(true);
  });

  it("failure against a defender without a counterattack does nothing", () => {
    const dice = scriptedDice([
      ["1d10 + 4", 2],
      ["1d10 + 3", 9],
    ]);
    const o = value(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "inf2" }] }, context(dice)));
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "", to: "faction-turn.attack" }]);
    expect(logKeys(o)).toContain("NoCounter");
  });

  it("the automatic pick is the asset with the most HP left (ties: first)", () => {
    const s = seedState();
    expect(autoDefenders(s, "D", ["town", "nowhere"])).toEqual({ town: "boi" });
    const t = world(faction("X", {}, [asset("a", { hp: { value: 3, max: 5 } }), asset("b", { hp: { value: 3, max: 3 } })]));
    expect(autoDefenders(t, "X", ["town"])).toEqual({ town: "a" });
  });

  it("base damage hits the faction, capped at the base's HP left", () => {
    const s = deepFreeze(world(faction("A", { force: 4 }, [infantry()]), faction("D", { hp: { value: 15 } }, [base("boi", 3)])));
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 7],
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["inf"] }, context(dice)));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "D" }, path: "system.hp.value", from: 15, to: 12 });
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "D", item: "boi" } }));
    expect(o.detail.exchanges[0]!.damage).toMatchObject({ damage: 3, destroyed: true, factionDamage: 3 });
    expect(logKeys(o)).toEqual(["Attack", "Attacks", "AttackSuccess", "AssetDamaged", "AssetDestroyed", "FactionDamaged"]);
  });

  it("a faction brought to 0 HP is destroyed, and the log says so", () => {
    const s = world(faction("A", { force: 4 }, [infantry()]), faction("D", { hp: { value: 2 } }, [base("boi", 6)]));
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 5],
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["inf"] }, context(dice)));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "D" }, path: "system.hp.value", from: 2, to: 0 });
    expect(logKeys(o)).toContain("FactionDestroyed");
    expect(o.detail.factionsDestroyed).toEqual(["D"]);
  });

  it("the same defender keeps defending; once destroyed the next attack meets the asset with most HP left", () => {
    const s = deepFreeze(
      world(
        faction("A", { force: 4 }, [infantry("i1"), infantry("i2"), infantry("i3")]),
        faction("D", {}, [
          asset("weak", { hp: { value: 2, max: 2 } }),
          asset("strong", { hp: { value: 5, max: 5 } }),
          asset("thugs", { hp: { value: 3, max: 3 }, counter: "1d6" }),
        ]),
      ),
    );
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 1], // thugs 3 → 2
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 4], // thugs destroyed
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 1], // strong 5 → 4
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["i1", "i2", "i3"], defenders: [{ key: "town", value: "thugs" }] }, context(dice)));
    expect(o.detail.exchanges.map((e) => e.defender)).toEqual(["thugs", "thugs", "strong"]);
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "D", item: "strong" }, path: "system.hp.value", from: 5, to: 4 });
    // One delete for the thugs, with their source as it was before the action.
    const del = o.changes.filter((c) => c.op === "delete");
    expect(del).toHaveLength(1);
    expect(del[0]!.op === "delete" && (del[0]!.data.system as { hp: { value: number } }).hp.value).toBe(3);
    expect(o.changes.filter((c) => c.ref.item === "thugs" && c.op === "update")).toEqual([]);
  });

  it("an attack with nothing left to meet it does nothing, and says so", () => {
    const s = world(faction("A", { force: 4 }, [infantry("i1"), infantry("i2")]), faction("D", {}, [asset("only", { hp: { value: 2, max: 2 } })]));
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 6],
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["i1", "i2"] }, context(dice)));
    expect(logKeys(o)).toContain("NoDefender");
    expect(o.detail.exchanges[1]).toMatchObject({ defender: null, check: null });
  });

  it("attackers at different locations meet defenders there", () => {
    const s = world(
      faction("A", { force: 4 }, [infantry("i1"), infantry("i2", { location: "port" })]),
      faction("D", {}, [asset("t", {}), asset("p", { location: "port" })]),
    );
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 1],
      ["1d10 + 4", 9],
      ["1d10 + 3", 4],
      ["1d8", 2],
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["i1", "i2"] }, context(dice)));
    expect(o.detail.exchanges.map((e) => [e.location, e.defender])).toEqual([
      ["town", "t"],
      ["port", "p"],
    ]);
  });

  it("uses the attack's attributes: Cunning vs Wealth", () => {
    const s = world(
      faction("A", { cunning: 6 }, [asset("spy", { attack: { attribute: "cunning", defense: "wealth", damage: "2d4" } })]),
      faction("D", { wealth: 1 }, [asset("x")]),
    );
    const dice = scriptedDice([
      ["1d10 + 6", 7],
      ["1d10 + 1", 8],
    ]);
    const o = value(attack(s, { faction: "A", target: "D", attackers: ["spy"] }, context(dice)));
    expect(o.checks[0]!.check.actor.rating).toBe(6);
    expect(o.detail.exchanges[0]!.success).toBe(false);
  });

  it("a situational modifier adds to the attacker's side", () => {
    const dice = scriptedDice([
      ["1d10 + 6", 10],
      ["1d10 + 3", 9],
      ["1d8", 1],
    ]);
    const o = value(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], defenders: [{ key: "town", value: "thugs" }], modifier: 2 }, context(dice)));
    expect(o.checks[0]!.check.actor.rating).toBe(6);
    expect(reason(attack(seedState(), { faction: "A", target: "D", attackers: ["inf"], modifier: 0.5 }, context(noDice)))).toBe("BadModifier");
  });

  it("rejections", () => {
    const s = seedState();
    const c = context(noDice);
    const base = { faction: "A", target: "D", attackers: ["inf"] };
    expect(reason(attack(s, { ...base, target: "A" }, c))).toBe("SameFaction");
    expect(reason(attack(s, { ...base, target: "Q" }, c))).toBe("NoFaction");
    expect(reason(attack(s, { ...base, attackers: [] }, c))).toBe("NothingChosen");
    expect(reason(attack(s, { ...base, attackers: ["inf", "inf"] }, c))).toBe("Duplicate");
    expect(reason(attack(s, { ...base, attackers: ["thugs"] }, c))).toBe("NoAsset");
    expect(reason(attack(s, { ...base, defenders: [{ key: "town", value: "nope" }] }, c))).toBe("BadDefender");
    const noAtk = world(faction("A", {}, [asset("x")]), faction("D", {}, [asset("y")]));
    expect(reason(attack(noAtk, { faction: "A", target: "D", attackers: ["x"] }, c))).toBe("NoAttack");
    const away = world(faction("A", {}, [infantry("x", { location: "port" })]), faction("D", {}, [asset("y")]));
    expect(reason(attack(away, { faction: "A", target: "D", attackers: ["x"] }, c))).toBe("NoTargetThere");
    // An asset there in Stealth is not seen: the target is not there for the attacker, even if it has others elsewhere.
    const hidden = world(faction("A", {}, [infantry("x")]), faction("D", {}, [asset("y", { stealth: true }), asset("z", { location: "port" })]));
    expect(reason(attack(hidden, { faction: "A", target: "D", attackers: ["x"] }, c))).toBe("NoTargetThere");
    const seen = world(faction("A", {}, [infantry("x")]), faction("D", {}, [asset("y", { stealth: true }), asset("z")]));
    // With a visible asset there, the attack goes on to its rolls (and its owner may defend with the hidden one).
    expect(() => attack(seen, { faction: "A", target: "D", attackers: ["x"], defenders: [{ key: "town", value: "y" }] }, c)).toThrow(/unexpected roll/);
    const wrongDef = world(faction("A", {}, [infantry("x")]), faction("D", {}, [asset("y"), asset("z", { location: "port" })]));
    expect(reason(attack(wrongDef, { faction: "A", target: "D", attackers: ["x"], defenders: [{ key: "town", value: "z" }] }, c))).toBe("BadDefender");
    const bad = world(faction("A", {}, [infantry("x", { attack: { damage: "1d8 +" } })]), faction("D", {}, [asset("y")]));
    expect(reason(attack(bad, { faction: "A", target: "D", attackers: ["x"] }, c))).toBe("BadFormula");
    const acted = world(faction("A", { turn: { action: "faction-turn.move" } }, [infantry()]), faction("D", {}, [asset("y")]));
    expect(reason(attack(acted, base, c))).toBe("ActionTaken");
    const notStarted = world(faction("A", { turn: { started: false } }, [infantry()]), faction("D", {}, [asset("y")]));
    expect(reason(attack(notStarted, base, c))).toBe("NotStarted");
    const dead = world(faction("A", { hp: { value: 0 } }, [infantry()]), faction("D", {}, [asset("y")]));
    expect(reason(attack(dead, base, c))).toBe("Destroyed");
  });

  describe("reaction to Expand Influence", () => {
    const s = () =>
      deepFreeze(
        world(
          faction("A", { force: 4, turn: { started: false } }, [infantry("i1"), infantry("i2", { location: "port" })]),
          faction("D", {}, [asset("big", { hp: { value: 9, max: 9 } }), base("nb", 2)]),
        ),
      );

    it("does not need or use the attacker's turn, and the new base defends by default", () => {
      const dice = scriptedDice([
        ["1d10 + 4", 9],
        ["1d10 + 3", 4],
        ["1d8", 1],
      ]);
      const o = value(attack(s(), { faction: "A", target: "D", attackers: ["i1"], reaction: { base: "nb" } }, context(dice)));
      expect(o.detail.reaction).toBe(true);
      expect(o.detail.exchanges[0]!.defender).toBe("nb");
      expect(o.changes.some((c) => c.op === "update" && c.path === "system.turn.action")).toBe(false);
      expect(logKeys(o)[0]).toBe("AttackReaction");
    });

    it("the defender may still pick another asset there", () => {
      const dice = scriptedDice([
        ["1d10 + 4", 9],
        ["1d10 + 3", 4],
        ["1d8", 1],
      ]);
      const o = value(
        attack(s(), { faction: "A", target: "D", attackers: ["i1"], defenders: [{ key: "town", value: "big" }], reaction: { base: "nb" } }, context(dice)),
      );
      expect(o.detail.exchanges[0]!.defender).toBe("big");
    });

    it("every attacker must be at the base", () => {
      expect(reason(attack(s(), { faction: "A", target: "D", attackers: ["i1", "i2"], reaction: { base: "nb" } }, context(noDice)))).toBe(
        "NotAtBase",
      );
      expect(reason(attack(s(), { faction: "A", target: "D", attackers: ["i1"], reaction: { base: "big" } }, context(noDice)))).toBe("NotBase");
    });
  });
});
