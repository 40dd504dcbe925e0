import { describe, expect, it } from "vitest";
import { create, expand, hide, move, repair, sell, type AssetTemplate } from "../../../src/rulesets/faction-turn/rules";
import { scriptedDice } from "../dice";
import { asset, base, context, deepFreeze, faction, logKeys, noDice, reason, value, world } from "./fixtures";

const c = () => context(noDice);

describe("Move Asset", () => {
  it("sets the location and clears `exposed`", () => {
    const s = deepFreeze(world(faction("A", {}, [asset("x", { exposed: true }), asset("y")])));
    const o = value(move(s, { faction: "A", moves: [{ asset: "x", to: "port" }, { asset: "y", to: "hills" }] }, c()));
    expect(o.changes).toEqual([
      { op: "update", ref: { actor: "A", item: "x" }, path: "system.location", from: "town", to: "port" },
      { op: "update", ref: { actor: "A", item: "x" }, path: "system.exposed", from: true, to: false },
      { op: "update", ref: { actor: "A", item: "y" }, path: "system.location", from: "town", to: "hills" },
      { op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "", to: "faction-turn.move" },
    ]);
  });
  it("rejects the same or an empty location, and a second action", () => {
    const s = world(faction("A", {}, [asset("x")]));
    expect(reason(move(s, { faction: "A", moves: [{ asset: "x", to: "town" }] }, c()))).toBe("SameLocation");
    expect(reason(move(s, { faction: "A", moves: [{ asset: "x", to: "" }] }, c()))).toBe("EmptyLocation");
    expect(reason(move(s, { faction: "A", moves: [] }, c()))).toBe("NothingChosen");
    const acted = world(faction("A", { turn: { action: "faction-turn.hide" } }, [asset("x")]));
    expect(reason(move(acted, { faction: "A", moves: [{ asset: "x", to: "port" }] }, c()))).toBe("ActionTaken");
  });
});

describe("Repair Asset", () => {
  it("heals the faction by ceil((highest + lowest)/2): Force 5, Wealth 2, Cunning 4 heals 4, for 1 Treasure", () => {
    const s = world(faction("A", { force: 5, wealth: 2, cunning: 4, hp: { value: 5 }, treasure: 3 }));
    const o = value(repair(s, { faction: "A", fixes: {}, healFaction: true }, c()));
    expect(o.changes).toEqual([
      { op: "update", ref: { actor: "A" }, path: "system.hp.value", from: 5, to: 9 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.healed", from: false, to: true },
      { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 3, to: 2 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "", to: "faction-turn.repair" },
    ]);
  });

  it("never heals the faction above max HP; once a turn", () => {
    // max = 4 + 9 + 2 + 6 = 21
    const s = world(faction("A", { force: 5, wealth: 2, cunning: 4, hp: { value: 20 } }));
    expect(value(repair(s, { faction: "A", fixes: {}, healFaction: true }, c())).detail.factionHealed).toBe(1);
    const full = world(faction("A", { force: 5, wealth: 2, cunning: 4, hp: { value: 21 } }));
    expect(reason(repair(full, { faction: "A", fixes: {}, healFaction: true }, c()))).toBe("FactionUndamaged");
    const healed = world(faction("A", { hp: { value: 3 }, turn: { healed: true } }));
    expect(reason(repair(healed, { faction: "A", fixes: {}, healFaction: true }, c()))).toBe("AlreadyHealed");
  });

  it("fixes cost 1, 2, 3 … and heal ceil(rating/2) each, never above max", () => {
    const s = world(faction("A", { force: 5, treasure: 10 }, [asset("x", { hp: { value: 1, max: 20 } }), asset("y", { hp: { value: 3, max: 4 } })]));
    const o = value(repair(s, { faction: "A", fixes: { x: 3, y: 1 }, healFaction: false }, c()));
    // x: 3 fixes cost 1+2+3 = 6, heal 3×3 = 9; y: 1 fix costs 1, heals 3 → capped at 1
    expect(o.detail).toEqual({
      assets: [
        { asset: "x", fixes: 3, cost: 6, healed: 9 },
        { asset: "y", fixes: 1, cost: 1, healed: 1 },
      ],
      factionHealed: 0,
      cost: 7,
    });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "x" }, path: "system.hp.value", from: 1, to: 10 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "y" }, path: "system.hp.value", from: 3, to: 4 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.treasure", from: 10, to: 3 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.turn.repairs", from: {}, to: { x: 3, y: 1 } });
  });

  it("counts fixes already bought this turn", () => {
    const s = world(faction("A", { force: 2, treasure: 3, turn: { repairs: { x: 2 } } }, [asset("x", { hp: { value: 1, max: 9 } })]));
    const o = value(repair(s, { faction: "A", fixes: { x: 1 }, healFaction: false }, c()));
    expect(o.detail.cost).toBe(3);
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.turn.repairs", from: { x: 2 }, to: { x: 3 } });
  });

  it("asset and faction together; rejects short Treasure and nothing to do", () => {
    const s = world(faction("A", { force: 5, hp: { value: 3 }, treasure: 2 }, [asset("x", { hp: { value: 1, max: 9 } })]));
    expect(value(repair(s, { faction: "A", fixes: { x: 1 }, healFaction: true }, c())).detail.cost).toBe(2);
    expect(reason(repair(s, { faction: "A", fixes: { x: 2 }, healFaction: false }, c()))).toBe("TreasureShort");
    expect(reason(repair(s, { faction: "A", fixes: {}, healFaction: false }, c()))).toBe("NothingToDo");
    expect(reason(repair(s, { faction: "A", fixes: { x: 0 }, healFaction: false }, c()))).toBe("NothingToDo");
    expect(reason(repair(s, { faction: "A", fixes: { x: 1.5 }, healFaction: false }, c()))).toBe("BadCount");
    const full = world(faction("A", {}, [asset("x")]));
    expect(reason(repair(full, { faction: "A", fixes: { x: 1 }, healFaction: false }, c()))).toBe("AssetUndamaged");
  });
});

describe("Expand Influence", () => {
  it("10 Treasure buys a 10-HP Base; no other faction there → no check", () => {
    const s = deepFreeze(world(faction("A", { treasure: 12 }, [asset("x")]), faction("B", {}, [asset("y", { location: "port" })])));
    const o = value(expand(s, { faction: "A", location: "town", hp: 10 }, c()));
    expect(o.changes[0]).toEqual({
      op: "create",
      ref: { actor: "A", item: "new1" },
      data: {
        _id: "new1",
        name: "Base of Influence",
        type: "asset",
        system: {
          attribute: "cunning",
          rating: 1,
          magic: "none",
          cost: 10,
          hp: { value: 10, max: 10 },
          attack: { attribute: "cunning", defense: "cunning", damage: "" },
          counter: "",
          subtle: false,
          stealth: false,
          location: "town",
          base: true,
          exposed: false,
        },
      },
    });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.treasure", from: 12, to: 2 });
    expect(o.detail).toEqual({ base: "new1", location: "town", contests: [], challengers: [] });
  });

  it("Cunning vs Cunning against every other faction there; winners may attack", () => {
    const s = world(
      faction("A", { cunning: 4, treasure: 5 }, [asset("x")]),
      faction("B", { cunning: 2 }, [asset("y")]),
      faction("C", { cunning: 5 }, [asset("z")]),
      faction("D", { cunning: 5 }, [asset("w", { location: "port" })]),
    );
    const dice = scriptedDice([
      ["1d10 + 4", 9],
      ["1d10 + 2", 5],
      ["1d10 + 4", 7],
      ["1d10 + 5", 7],
    ]);
    const o = value(expand(s, { faction: "A", location: "town", hp: 3, name: "Safehouse" }, context(dice)));
    expect(o.detail.challengers).toEqual(["C"]);
    expect(o.detail.contests).toEqual([
      { faction: "B", check: 0, builderWon: true },
      { faction: "C", check: 1, builderWon: false },
    ]);
    expect(logKeys(o)).toEqual(["Expanded", "Spent", "ExpandUnchallenged", "ExpandChallenged"]);
    expect(o.changes[0]!.op === "create" && o.changes[0]!.data.name).toBe("Safehouse");
  });

  it("needs an asset there, a whole hp ≥ 1, and hp Treasure", () => {
    const s = world(faction("A", { treasure: 5 }, [asset("x")]));
    expect(reason(expand(s, { faction: "A", location: "port", hp: 1 }, c()))).toBe("NoAssetThere");
    expect(reason(expand(s, { faction: "A", location: "town", hp: 0 }, c()))).toBe("BadHp");
    expect(reason(expand(s, { faction: "A", location: "town", hp: 1.5 }, c()))).toBe("BadHp");
    expect(reason(expand(s, { faction: "A", location: "town", hp: 6 }, c()))).toBe("TreasureShort");
    expect(reason(expand(s, { faction: "A", location: "", hp: 1 }, c()))).toBe("NoLocationGiven");
  });
});

const thugs: AssetTemplate = {
  name: "Idealistic Thugs",
  system: asset("t", { rating: 1, cost: 2, counter: "1d6", hp: { value: 1, max: 3 }, location: "" }).system,
};

describe("Create Asset", () => {
  it("creates at full HP where the faction has a Base, paying the cost", () => {
    const s = deepFreeze(world(faction("A", { treasure: 5 }, [base("b", 4)])));
    const o = value(create(s, { faction: "A", template: thugs, location: "town" }, c()));
    expect(o.changes[0]).toMatchObject({ op: "create", ref: { actor: "A", item: "new1" }, data: { name: "Idealistic Thugs" } });
    const sys = o.changes[0]!.op === "create" ? (o.changes[0]!.data.system as { hp: unknown; location: string }) : null;
    expect(sys).toMatchObject({ hp: { value: 3, max: 3 }, location: "town" });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.treasure", from: 5, to: 3 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.turn.created", from: false, to: true });
    expect(o.detail.overCap).toBe(false);
  });

  it("only one a turn", () => {
    const s = world(faction("A", { turn: { created: true } }, [base("b", 4)]));
    expect(reason(create(s, { faction: "A", template: thugs, location: "town" }, c()))).toBe("AlreadyCreated");
    const acted = world(faction("A", { turn: { action: "faction-turn.create" } }, [base("b", 4)]));
    expect(reason(create(acted, { faction: "A", template: thugs, location: "town" }, c()))).toBe("ActionTaken");
  });

  it("needs a Base there, the rating, the Magic and the cost", () => {
    const s = world(faction("A", { force: 3, magic: "low", treasure: 5 }, [base("b", 4), asset("x", { location: "port" })]));
    expect(reason(create(s, { faction: "A", template: thugs, location: "port" }, c()))).toBe("NoBaseThere");
    const strong = { ...thugs, system: { ...thugs.system, rating: 4 } };
    expect(reason(create(s, { faction: "A", template: strong, location: "town" }, c()))).toBe("RatingTooLow");
    const magic = { ...thugs, system: { ...thugs.system, magic: "medium" as const } };
    expect(reason(create(s, { faction: "A", template: magic, location: "town" }, c()))).toBe("MagicTooLow");
    const low = { ...thugs, system: { ...thugs.system, magic: "low" as const } };
    expect(value(create(s, { faction: "A", template: low, location: "town" }, c())).action).toBe("faction-turn.create");
    const dear = { ...thugs, system: { ...thugs.system, cost: 6 } };
    expect(reason(create(s, { faction: "A", template: dear, location: "town" }, c()))).toBe("TreasureShort");
  });

  it("warns when the new asset puts the faction over its cap (Force 3 → only 3 Force assets)", () => {
    const s = world(faction("A", { force: 3 }, [base("b", 4), asset("f1"), asset("f2"), asset("f3")]));
    const o = value(create(s, { faction: "A", template: thugs, location: "town" }, c()));
    expect(o.detail.overCap).toBe(true);
    expect(o.log.find((l) => l.key.endsWith("OverCap"))!.data).toMatchObject({ count: 4, cap: 3 });
  });
});

describe("Hide Asset", () => {
  it("needs Cunning 3 and 2 Treasure an asset", () => {
    const s = deepFreeze(world(faction("A", { cunning: 3, treasure: 4 }, [asset("x"), asset("y"), asset("z")])));
    const o = value(hide(s, { faction: "A", assets: ["x", "y"] }, c()));
    expect(o.changes).toEqual([
      { op: "update", ref: { actor: "A", item: "x" }, path: "system.stealth", from: false, to: true },
      { op: "update", ref: { actor: "A", item: "y" }, path: "system.stealth", from: false, to: true },
      { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 4, to: 0 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "", to: "faction-turn.hide" },
    ]);
    expect(reason(hide(s, { faction: "A", assets: ["x", "y", "z"] }, c()))).toBe("TreasureShort");
    const dull = world(faction("A", { cunning: 2, treasure: 9 }, [asset("x")]));
    expect(reason(hide(dull, { faction: "A", assets: ["x"] }, c()))).toBe("CunningTooLow");
  });

  it("not where another faction has a Base (own Bases are fine), and not twice", () => {
    const s = world(
      faction("A", { cunning: 4 }, [asset("x"), asset("y", { location: "port" }), base("own", 3, "port"), asset("h", { stealth: true, location: "port" })]),
      faction("B", {}, [base("b", 3)]),
    );
    expect(reason(hide(s, { faction: "A", assets: ["x"] }, c()))).toBe("BaseNearby");
    expect(value(hide(s, { faction: "A", assets: ["y"] }, c())).detail.cost).toBe(2);
    expect(reason(hide(s, { faction: "A", assets: ["h"] }, c()))).toBe("AlreadyStealth");
  });
});

describe("Sell Asset", () => {
  it("gains half the cost rounded down", () => {
    const s = deepFreeze(world(faction("A", { treasure: 1 }, [asset("x", { cost: 5 })])));
    const o = value(sell(s, { faction: "A", asset: "x" }, c()));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.treasure", from: 1, to: 3 });
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "A", item: "x" } }));
    expect(o.detail).toEqual({ asset: "x", treasure: 2, damaged: false });
  });
  it("gains nothing if damaged, and says so", () => {
    const s = world(faction("A", { treasure: 1 }, [asset("x", { cost: 5, hp: { value: 3, max: 4 } })]));
    const o = value(sell(s, { faction: "A", asset: "x" }, c()));
    expect(o.changes.some((x) => x.op === "update" && x.path === "system.treasure")).toBe(false);
    expect(o.detail.treasure).toBe(0);
    expect(logKeys(o)).toContain("SoldDamaged");
  });
  it("rejects an unknown asset", () => {
    expect(reason(sell(world(faction("A")), { faction: "A", asset: "q" }, c()))).toBe("NoAsset");
  });
});
