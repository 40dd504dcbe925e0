import { describe, expect, it } from "vitest";
import { endTurn, startTurn, upkeepPlan } from "../../../src/rulesets/faction-turn/rules";
import { asset, base, context, deepFreeze, faction, logKeys, noDice, reason, value, world } from "./fixtures";

const notStarted = { turn: { started: false, action: "faction-turn.sell", created: true, healed: true, repairs: { x: 2 } } };

describe("Start Turn", () => {
  it("earns ceil(Wealth/2) + floor((Force+Cunning)/4) and resets the turn", () => {
    const s = deepFreeze(world(faction("A", { force: 3, wealth: 5, cunning: 2, treasure: 1, ...notStarted })));
    const o = value(startTurn(s, { faction: "A" }, context(noDice)));
    // 3 + 1 = 4
    expect(o.changes).toEqual([
      { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 1, to: 5 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.number", from: 1, to: 2 },
      { op: "update", ref: { actor: "A" }, path: "system.turn.started", from: false, to: true },
      { op: "update", ref: { actor: "A" }, path: "system.turn.action", from: "faction-turn.sell", to: "" },
      { op: "update", ref: { actor: "A" }, path: "system.turn.created", from: true, to: false },
      { op: "update", ref: { actor: "A" }, path: "system.turn.healed", from: true, to: false },
      { op: "update", ref: { actor: "A" }, path: "system.turn.repairs", from: { x: 2 }, to: {} },
    ]);
    expect(o.detail.income).toBe(4);
    expect(logKeys(o)).toEqual(["TurnStart", "Income"]);
  });

  it("no income with the setting off", () => {
    const s = world(faction("A", { treasure: 1, ...notStarted }));
    const o = value(startTurn(s, { faction: "A" }, context(noDice, { income: false })));
    expect(o.changes.some((c) => c.op === "update" && c.path === "system.treasure")).toBe(false);
    expect(o.detail.income).toBe(0);
  });

  it("Force 3 keeps 3 Force assets free; each excess costs 1 Treasure (Bases never count)", () => {
    const forces = [1, 2, 3, 4, 5].map((i) => asset(`f${i}`));
    const s = world(faction("A", { force: 3, wealth: 1, cunning: 1, treasure: 0, ...notStarted }, [...forces, base("b1", 5), base("b2", 5)]));
    // income: 1 + 1 = 2; excess 2 → pays 2
    expect(upkeepPlan(s.factions.A!, { income: true })).toMatchObject({ income: 2, treasure: 2, cost: 2, mustLose: 0 });
    const o = value(startTurn(s, { faction: "A" }, context(noDice)));
    // Income 2, upkeep 2: Treasure ends where it began, so no treasure update.
    expect(o.changes.some((x) => x.op === "update" && x.path === "system.treasure")).toBe(false);
    expect(o.detail.upkeep).toBe(2);
    expect(logKeys(o)).toContain("Upkeep");
  });

  it("rejects when Treasure can't pay, saying how many to lose; losing them works", () => {
    const forces = [1, 2, 3, 4, 5, 6].map((i) => asset(`f${i}`));
    const s = deepFreeze(world(faction("A", { force: 3, wealth: 1, cunning: 1, treasure: 0, ...notStarted }, forces)));
    const r = startTurn(s, { faction: "A" }, context(noDice));
    // One more asset to lose: the text for exactly one.
    expect(reason(r)).toBe("UpkeepShortOne");
    expect(!r.ok && r.reason.data).toMatchObject({ cost: 3, treasure: 2, count: 1 });
    const o = value(startTurn(s, { faction: "A", lose: ["f6"] }, context(noDice)));
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "A", item: "f6" } }));
    // Income 2, upkeep 2: Treasure ends where it began, so no treasure update.
    expect(o.changes.some((x) => x.op === "update" && x.path === "system.treasure")).toBe(false);
    expect(o.detail).toMatchObject({ lost: ["f6"], upkeep: 2 });
  });

  it("only excess assets of over-cap attributes may be lost, and no more than the excess", () => {
    const s = world(
      faction("A", { force: 1, wealth: 3, cunning: 1, ...notStarted }, [asset("f1"), asset("f2"), asset("w1", { attribute: "wealth" }), base("b", 3)]),
    );
    const c = context(noDice);
    expect(reason(startTurn(s, { faction: "A", lose: ["w1"] }, c))).toBe("LoseNotExcess");
    expect(reason(startTurn(s, { faction: "A", lose: ["b"] }, c))).toBe("LoseNotExcess");
    expect(reason(startTurn(s, { faction: "A", lose: ["f1", "f2"] }, c))).toBe("LoseTooMany");
    expect(reason(startTurn(s, { faction: "A", lose: ["f1", "f1"] }, c))).toBe("Duplicate");
    expect(reason(startTurn(s, { faction: "A", lose: ["zz"] }, c))).toBe("NoAsset");
    expect(value(startTurn(s, { faction: "A", lose: ["f2"] }, c)).detail.upkeep).toBe(0);
  });

  it("exposed assets take ceil(max HP / 2) and lose `exposed`; a Base also hurts the faction", () => {
    const s = world(
      faction("A", { hp: { value: 10 }, treasure: 0, ...notStarted }, [
        asset("x", { hp: { value: 5, max: 5 }, exposed: true }),
        asset("y", { hp: { value: 2, max: 4 }, exposed: true }),
        { ...base("b", 3), system: { ...base("b", 3).system, exposed: true } },
      ]),
    );
    const o = value(startTurn(s, { faction: "A" }, context(noDice, { income: false })));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "x" }, path: "system.hp.value", from: 5, to: 2 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "x" }, path: "system.exposed", from: true, to: false });
    expect(o.changes).toContainEqual(expect.objectContaining({ op: "delete", ref: { actor: "A", item: "y" } }));
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A", item: "b" }, path: "system.hp.value", from: 3, to: 1 });
    expect(o.changes).toContainEqual({ op: "update", ref: { actor: "A" }, path: "system.hp.value", from: 10, to: 8 });
  });

  it("is rejected if already started", () => {
    expect(reason(startTurn(world(faction("A")), { faction: "A" }, context(noDice)))).toBe("AlreadyStarted");
  });

  it("in an encounter, only when the encounter gives the faction its turn (not out of order, not again going back)", () => {
    const s = world(faction("A", notStarted), faction("B", notStarted), faction("C", notStarted));
    const withOrder = (open: string | null) => ({ ...s, order: { members: ["A", "B"], open } });
    expect(value(startTurn(withOrder("A"), { faction: "A" }, context(noDice))).action).toBe("faction-turn.start");
    expect(reason(startTurn(withOrder("B"), { faction: "A" }, context(noDice)))).toBe("NotItsTurn");
    // The GM went back to a turn already had: nobody starts a turn there.
    expect(reason(startTurn(withOrder(null), { faction: "A" }, context(noDice)))).toBe("NotItsTurn");
    // A faction outside the encounter takes its turns freely.
    expect(value(startTurn(withOrder("B"), { faction: "C" }, context(noDice))).action).toBe("faction-turn.start");
  });
});

describe("End Turn", () => {
  it("ends a started turn", () => {
    const o = value(endTurn(world(faction("A")), { faction: "A" }, context(noDice)));
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "A" }, path: "system.turn.started", from: true, to: false }]);
    expect(o.action).toBe("faction-turn.end");
  });
  it("is rejected if not started", () => {
    expect(reason(endTurn(world(faction("A", notStarted)), { faction: "A" }, context(noDice)))).toBe("NotStarted");
  });
});
