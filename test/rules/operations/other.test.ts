import { describe, expect, it } from "vitest";
import { applyToState, hireOut, hireOutEarnings, moveMinion } from "../../../src/rulesets/operations/rules";
import { context, deepFreeze, logKeys, lt, noDice, org, reason, unit, updated, value, world } from "./fixtures";

describe("Hire Out", () => {
  const crew = () =>
    world(
      [
        org("A", { cohesion: 3, capital: 1 }, [
          unit("t1", { name: "Thief Pack", level: 4, competency: "sneak" }),
          unit("t2", { name: "Thief Pack", level: 4, competency: "sneak" }),
          unit("as", { name: "Assassins", level: 6, competency: "sneak" }),
          unit("g", { name: "Guards", level: 3, competency: "force" }),
        ]),
      ],
      [lt("l", "A")],
    );

  it("the seed's examples: two Thief Packs and Assassins earn 7; with the Assassins selective, 5", () => {
    const o = value(hireOut(deepFreeze(crew()), { lieutenant: "l", units: ["t1", "t2", "as"] }, context(noDice)));
    expect(o.detail).toMatchObject({ earned: 7, base: 7, tier: null });
    expect(updated(o, "A", "system.capital")).toBe(8);
    const s = value(hireOut(crew(), { lieutenant: "l", units: ["t1", "t2", "as"], selective: ["as"] }, context(noDice)));
    expect(s.detail.earned).toBe(5);
    expect(hireOutEarnings([{ level: 3, selective: false }])).toBe(1);
    expect(hireOutEarnings([{ level: 3, selective: true }, { level: 3, selective: true }])).toBe(1);
  });

  it("a unit marked selective is selective by default; the GM may lower the profit; units act", () => {
    const s = crew();
    const A = { ...s.organizations.A!, units: s.organizations.A!.units.map((u) => (u.id === "as" ? { ...u, system: { ...u.system, selective: true } } : u)) };
    const o = value(hireOut({ ...s, organizations: { A } }, { lieutenant: "l", units: ["t1", "t2", "as"], adjust: -9 }, context(noDice)));
    expect(o.detail).toMatchObject({ base: 5, earned: 0, selective: ["as"] });
    expect(updated(o, "A", "system.acted", "t1")).toBe(true);
    expect(logKeys(o)).toContain("ProfitAdjusted");
  });

  it("all units must share one competency; at most Cohesion units", () => {
    expect(reason(hireOut(crew(), { lieutenant: "l", units: ["t1", "g"] }, context(noDice)))).toBe("MixedCompetency");
    expect(reason(hireOut(crew(), { lieutenant: "l", units: ["t1", "t2", "as", "g"] }, context(noDice)))).toBe("TooManyUnits");
    expect(reason(hireOut(crew(), { lieutenant: "l", units: [] }, context(noDice)))).toBe("NoUnits");
  });
});

describe("Move Minion", () => {
  const map = () =>
    world(
      [
        org("A", { cohesion: 2 }, [
          unit("u1", { location: "market" }),
          unit("u2", { location: "docks" }),
          unit("u3", { location: "market" }),
          unit("u4", { location: "market" }),
          unit("u5", { location: "market" }),
          unit("far", { location: "farm" }),
        ]),
        org("B"),
      ],
      [lt("l", "A", { location: "market" }), lt("amb", "B", { name: "Ambusher", location: "gate", stance: { kind: "ambush", factions: ["A"], strategy: "cautious", units: [] } })],
      { market: "city", docks: "city", gate: "city", farm: "country", field: "country" },
    );

  it("up to Cohesion units to a neighboring locale, delivered to different locations; the lieutenant may go along", () => {
    const s = deepFreeze(map());
    const o = value(moveMinion(s, { lieutenant: "l", units: [{ unit: "u1", to: "farm" }, { unit: "u2", to: "field" }], lieutenantTo: "farm" }, context(noDice)));
    expect(o.detail).toMatchObject({ fromLocale: "city", toLocale: "country", withinLocale: false, lieutenantMoved: true, tier: null });
    const after = applyToState(s, o.changes);
    expect(after.organizations.A!.units.find((u) => u.id === "u1")!.system.location).toBe("farm");
    expect(after.organizations.A!.units.find((u) => u.id === "u2")!.system.location).toBe("field");
    expect(after.lieutenants.l!.system.location).toBe("farm");
    expect(reason(moveMinion(s, { lieutenant: "l", units: [{ unit: "u1", to: "farm" }, { unit: "u3", to: "farm" }, { unit: "u4", to: "farm" }] }, context(noDice)))).toBe("TooManyUnits");
  });

  it("within one locale: twice Cohesion units; a stance there is triggered", () => {
    const s = map();
    const moves = ["u1", "u3", "u4", "u5"].map((u) => ({ unit: u, to: "gate" }));
    const o = value(moveMinion(s, { lieutenant: "l", units: moves }, context(noDice)));
    expect(o.detail.withinLocale).toBe(true);
    expect(o.detail.triggers).toEqual([{ stance: "amb", kind: "ambush", location: "gate", units: ["u1", "u3", "u4", "u5"], lieutenant: false }]);
    expect(logKeys(o)).toContain("StanceTriggered");
    const five = [...moves, { unit: "u2", to: "gate" }];
    expect(reason(moveMinion(s, { lieutenant: "l", units: five }, context(noDice)))).toBe("TooManyUnits");
  });

  it("one starting locale, one destination locale; the lieutenant must be in one of them; not to where it is", () => {
    const s = map();
    expect(reason(moveMinion(s, { lieutenant: "l", units: [{ unit: "u1", to: "farm" }, { unit: "far", to: "docks" }] }, context(noDice)))).toBe("OneStartLocale");
    expect(reason(moveMinion(s, { lieutenant: "l", units: [{ unit: "u1", to: "farm" }, { unit: "u2", to: "gate" }] }, context(noDice)))).toBe("OneDestinationLocale");
    expect(reason(moveMinion(s, { lieutenant: "l", units: [{ unit: "far", to: "hills" }] }, context(noDice)))).toBe("LieutenantElsewhere");
    expect(reason(moveMinion(s, { lieutenant: "l", units: [{ unit: "u1", to: "market" }] }, context(noDice)))).toBe("SameLocation");
    expect(reason(moveMinion(s, { lieutenant: "l", units: [] }, context(noDice)))).toBe("NothingChosen");
    // The lieutenant may wait in the destination locale.
    value(moveMinion(s, { lieutenant: "l", units: [{ unit: "far", to: "docks" }] }, context(noDice)));
  });

  it("moving is acting: hidden units lose their hiding", () => {
    const s = world([org("A", {}, [unit("h", { hiding: 5 })])], [lt("l", "A")]);
    const o = value(moveMinion(s, { lieutenant: "l", units: [{ unit: "h", to: "port" }] }, context(noDice)));
    expect(updated(o, "A", "system.hiding", "h")).toBe(0);
  });
});
