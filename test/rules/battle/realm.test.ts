import { describe, expect, it } from "vitest";
import {
  canMake,
  parseCost,
  parseRange,
  parseStats,
  parseUnitLine,
  playCharacter,
  endRealmTurn,
  startRealmTurn,
  useBuilding,
  type CharacterCard,
  type UnitSpec,
} from "../../../src/rulesets/battle/rules";
import { applyChecked, building, context, cost, deepFreeze, item, logKeys, manAtArms, nextTurn, realm, reason, technology, value, world } from "./fixtures";

const MAN_AT_ARMS: UnitSpec = { name: "Man at Arms", cost: cost(1), a: 1, d: 1, s: 2, support: -1 };
const SWORDSMAN: UnitSpec = { name: "Swordsman", cost: cost(1), a: 2, d: 1, s: 2, support: -1 };

describe("card text", () => {
  it("reads the seed's lines", () => {
    expect(parseUnitLine("Man at Arms: 1, T: 1/1/2, -1 support")).toEqual(MAN_AT_ARMS);
    expect(parseUnitLine("Swordsman: 1, T: 2/1/2, -1 support")).toEqual(SWORDSMAN);
    expect(parseUnitLine("War Chariot: 2 and 1 wood, T: 2/3/4")).toEqual({ name: "War Chariot", cost: cost(2, 1), a: 2, d: 3, s: 4, support: 0 });
    expect(parseUnitLine("Man at Arms 1/1/2")).toBeNull();
    expect(parseRange("Range 2.4")).toEqual({ x: 2, y: 4 });
    expect(parseRange("2.4")).toEqual({ x: 2, y: 4 });
    expect(parseRange("Range two")).toBeNull();
    expect(parseCost("Cost: 2 wood")).toEqual(cost(0, 2));
    expect(parseCost("Cost: 3 and 1 wood")).toEqual(cost(3, 1));
    expect(parseCost("Cost 1 and 2 stone")).toEqual(cost(1, 0, 2));
    expect(parseCost("Cost: 2")).toEqual(cost(2));
    expect(parseCost("two")).toBeNull();
    expect(parseStats("3/4/2")).toEqual({ a: 3, d: 4, s: 2 });
  });
});

describe("Use Building", () => {
  const barracks = building("bar", "Infantry Barracks", { military: true, subtype: "Barracks", cost: cost(0, 2), unit: MAN_AT_ARMS });
  const swordsman = technology("sword", "Swordsman", "infantry barracks", SWORDSMAN, { requires: ["Blacksmith"], cost: cost(2) });
  const state = (items = [barracks, swordsman], over = {}) => deepFreeze(world(realm("r", items, { resources: cost(5, 0, 0), support: 2, ...over })));

  it("pays 1 and makes a Man at Arms, its counter on the building, once a turn", () => {
    const s0 = state();
    const o = value(useBuilding(s0, { realm: "r", building: "bar" }, context()));
    expect(o.detail).toEqual({ unit: "new1", source: "bar", cost: cost(1), support: -1 });
    expect(logKeys(o)).toEqual(["Made", "Paid", "SupportSpent"]);
    const s1 = applyChecked(s0, o);
    expect(item(s1, "r", "new1")).toEqual({
      id: "new1",
      name: "Man at Arms",
      type: "unit",
      system: { a: 1, d: 1, s: 2, support: -1, source: "bar", exhausted: false, inOffensive: false },
    });
    expect(s1.realms.r!.system).toMatchObject({ resources: cost(4), support: 1 });
    expect(reason(useBuilding(s1, { realm: "r", building: "bar" }, context()))).toBe("BuildingUsed");
    const s2 = nextTurn(s1, "r");
    expect(useBuilding(s2, { realm: "r", building: "bar" }, context()).ok).toBe(true);
  });

  it("a Swordsman needs its Blacksmith; its counter goes on the technology", () => {
    expect(reason(useBuilding(state(), { realm: "r", building: "bar", technology: "sword" }, context()))).toBe("MissingRequirement");
    const s0 = state([barracks, swordsman, building("smith", "Blacksmith")]);
    const o = value(useBuilding(s0, { realm: "r", building: "bar", technology: "sword" }, context()));
    expect(o.detail.source).toBe("sword");
    const s1 = applyChecked(s0, o);
    expect(item(s1, "r", "new1")).toMatchObject({ name: "Swordsman", system: { a: 2, d: 1, s: 2, source: "sword" } });
    expect(item(s1, "r", "bar")).toMatchObject({ system: { usedThisTurn: true } });
    expect(logKeys(o)[0]).toBe("MadeWith");
  });

  it("refuses what the rules forbid", () => {
    const stable = building("stable", "Stable", { military: true, unit: null });
    const house = building("house", "House");
    const s = state([barracks, swordsman, stable, house, building("smith", "Blacksmith")]);
    expect(reason(useBuilding(s, { realm: "r", building: "house" }, context()))).toBe("NotMilitary");
    expect(reason(useBuilding(s, { realm: "r", building: "stable" }, context()))).toBe("NoUnit");
    expect(reason(useBuilding(s, { realm: "r", building: "stable", technology: "sword" }, context()))).toBe("WrongBuilding");
    expect(reason(useBuilding(s, { realm: "r", building: "nope" }, context()))).toBe("NoBuilding");
    expect(reason(useBuilding(state(undefined, { resources: cost(0) }), { realm: "r", building: "bar" }, context()))).toBe("ResourcesShort");
    expect(reason(useBuilding(state(undefined, { support: 0 }), { realm: "r", building: "bar" }, context()))).toBe("SupportShort");
    const lax = { ...context(), settings: { enforceSupport: false } };
    expect(useBuilding(state(undefined, { support: 0 }), { realm: "r", building: "bar" }, lax).ok).toBe(true);
  });
});

describe("Play Character", () => {
  const godra: CharacterCard = {
    name: "Godra, Squadron Leader",
    system: { cost: cost(3, 1), a: 2, d: 2, s: 4, unitType: "War Chariot", text: "When you make a chariot, this gets +1A this turn." },
  };
  const ginda: CharacterCard = { name: "Ginda, Lightwalker", system: { cost: cost(3), a: 3, d: 4, s: 2, unitType: "", text: "" } };
  const chariots = building("yard", "Chariot Yard", { military: true, unit: { name: "War Chariot", cost: cost(2), a: 2, d: 3, s: 4, support: -1 } });

  it("pays its cost and puts the character into the realm", () => {
    const s0 = deepFreeze(world(realm("r", [], { resources: cost(5, 0, 0) })));
    const o = value(playCharacter(s0, { realm: "r", card: ginda }, context()));
    const s1 = applyChecked(s0, o);
    expect(item(s1, "r", "new1")).toMatchObject({ type: "character", name: "Ginda, Lightwalker", system: { a: 3, d: 4, s: 2, exhausted: false } });
    expect(s1.realms.r!.system.resources).toEqual(cost(2));
    expect(reason(playCharacter(s1, { realm: "r", card: ginda }, context()))).toBe("ResourcesShort");
  });

  it("a character with a unit type cannot be played unless the realm can make that unit type", () => {
    expect(reason(playCharacter(world(realm("r", [])), { realm: "r", card: godra }, context()))).toBe("CannotMake");
    const s0 = world(realm("r", [chariots]));
    expect(canMake(s0.realms.r!, "War Chariots")).toBe(true);
    const s1 = applyChecked(s0, value(playCharacter(s0, { realm: "r", card: godra }, context())));
    expect(s1.realms.r!.system.resources).toEqual(cost(7, 9, 10));
    // A unit technology counts only with its building and its requirements.
    const tech = technology("t", "Chariots", "Chariot Yard", chariots.system.unit, { requires: ["Wheelwright"] });
    const yard = building("yard", "Chariot Yard", { military: true });
    expect(canMake(world(realm("r", [yard, tech])).realms.r!, "War Chariot")).toBe(false);
    expect(canMake(world(realm("r", [yard, tech, building("w", "Wheelwright")])).realms.r!, "War Chariot")).toBe(true);
  });
});

describe("Start Turn", () => {
  it("readies buildings and technologies, rests units and characters, and gives three attacks", () => {
    const s0 = deepFreeze(
      world(
        realm(
          "r",
          [building("b", "Barracks", { usedThisTurn: true }), technology("t", "Tech", "Barracks", null, { usedThisTurn: true }), manAtArms("u", { exhausted: true, inOffensive: true })],
          { attacksLeft: 0, started: false, turn: 4 },
        ),
      ),
    );
    const o = value(startRealmTurn(s0, { realm: "r" }));
    const s1 = applyChecked(s0, o);
    expect(s1.realms.r!.system).toMatchObject({ attacksLeft: 3, started: true, turn: 5 });
    expect(item(s1, "r", "b")!.system).toMatchObject({ usedThisTurn: false });
    expect(item(s1, "r", "t")!.system).toMatchObject({ usedThisTurn: false });
    expect(item(s1, "r", "u")!.system).toMatchObject({ exhausted: false, inOffensive: false });
    expect(reason(startRealmTurn(s0, { realm: "x" }))).toBe("NoRealm");
  });

  it("is taken once a turn: not again while the turn is under way", () => {
    const s0 = deepFreeze(world(realm("r", [], { attacksLeft: 1 })));
    expect(reason(startRealmTurn(s0, { realm: "r" }))).toBe("TurnStarted");
  });

  it("in an encounter, only when the encounter gives the realm its turn", () => {
    const s0 = { ...world(realm("r", [], { started: false }), realm("q", [], { started: false }), realm("free", [], { started: false })) };
    const withOrder = (open: string | null) => ({ ...s0, order: { members: ["r", "q"], open } });
    expect(startRealmTurn(withOrder("r"), { realm: "r" }).ok).toBe(true);
    expect(reason(startRealmTurn(withOrder("q"), { realm: "r" }))).toBe("NotItsTurn");
    expect(reason(startRealmTurn(withOrder(null), { realm: "r" }))).toBe("NotItsTurn");
    expect(startRealmTurn(withOrder("q"), { realm: "free" }).ok).toBe(true);
  });
});

describe("End Turn", () => {
  it("ends the turn under way: the attacks not made are gone until the next Start Turn", () => {
    const s0 = deepFreeze(world(realm("r", [], { attacksLeft: 2, turn: 3 })));
    const o = value(endRealmTurn(s0, { realm: "r" }));
    expect(o.detail).toEqual({ turn: 3, unused: 2 });
    expect(logKeys(o)).toEqual(["TurnEnded"]);
    const s1 = applyChecked(s0, o);
    expect(s1.realms.r!.system).toMatchObject({ started: false, attacksLeft: 0, turn: 3 });
    expect(reason(endRealmTurn(s1, { realm: "r" }))).toBe("TurnNotStarted");
    expect(applyChecked(s1, value(startRealmTurn(s1, { realm: "r" }))).realms.r!.system).toMatchObject({ started: true, attacksLeft: 3, turn: 4 });
  });
});
