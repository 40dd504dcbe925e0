import { describe, expect, it } from "vitest";
import {
  damageAssetChanges,
  excessAssets,
  factionRepairAmount,
  income,
  magicAtLeast,
  maxHp,
  visibleAssets,
} from "../../../src/rulesets/faction-turn/rules";
import { asset, base, faction, world } from "./fixtures";

describe("derived values", () => {
  it("max HP = 4 + HP per rating, or the override", () => {
    expect(maxHp(faction("A", { force: 1, wealth: 1, cunning: 1 }).system)).toBe(7);
    expect(maxHp(faction("A", { force: 5, wealth: 2, cunning: 4 }).system)).toBe(21);
    expect(maxHp(faction("A", { force: 8, wealth: 7, cunning: 3 }).system)).toBe(44);
    expect(maxHp(faction("A", { hp: { override: 30 } }).system)).toBe(30);
  });

  it("income", () => {
    expect(income(faction("A", { force: 3, wealth: 5, cunning: 2 }))).toBe(4);
    expect(income(faction("A", { force: 1, wealth: 1, cunning: 2 }))).toBe(1);
    expect(income(faction("A", { force: 4, wealth: 4, cunning: 4 }))).toBe(4);
  });

  it("excess per attribute; Bases never count", () => {
    const f = faction("A", { force: 3, wealth: 1, cunning: 1 }, [
      asset("a"),
      asset("b"),
      asset("c"),
      asset("d"),
      asset("w", { attribute: "wealth" }),
      base("b1", 3),
      base("b2", 3),
    ]);
    expect(excessAssets(f)).toEqual({ force: 1, wealth: 0, cunning: 0 });
  });

  it("magic and faction repair", () => {
    expect(magicAtLeast("medium", "low")).toBe(true);
    expect(magicAtLeast("none", "low")).toBe(false);
    expect(magicAtLeast("high", "high")).toBe(true);
    expect(factionRepairAmount(faction("A", { force: 5, wealth: 2, cunning: 4 }))).toBe(4);
  });

  it("a viewer who does not own the faction never sees Stealth assets", () => {
    const f = faction("A", {}, [asset("x"), asset("s", { stealth: true })]);
    expect(visibleAssets(f, true).map((a) => a.id)).toEqual(["x", "s"]);
    expect(visibleAssets(f, false).map((a) => a.id)).toEqual(["x"]);
  });

  it("damage outside an action: a Base hit hurts the faction, capped at the Base's HP left", () => {
    const s = world(faction("A", { hp: { value: 10 } }, [base("b", 4)]));
    const r = damageAssetChanges(s, "A", "b", 2);
    expect(r.changes).toEqual([
      { op: "update", ref: { actor: "A", item: "b" }, path: "system.hp.value", from: 4, to: 2 },
      { op: "update", ref: { actor: "A" }, path: "system.hp.value", from: 10, to: 8 },
    ]);
    const big = damageAssetChanges(s, "A", "b", 9);
    expect(big.report).toMatchObject({ damage: 4, destroyed: true, factionDamage: 4 });
  });
});
