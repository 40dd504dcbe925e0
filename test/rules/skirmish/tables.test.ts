import { describe, expect, it } from "vitest";
import { CONSEQUENCES, falloutSide, FALLOUT_KINDS, pushCount, rowFor, rowKey, tableOdds, tableSides, TABLES, type FalloutKind } from "../../../src/rulesets/skirmish/rules";

/** The seed's tables, row 3 first, as named results with their numbers. */
const SEED: Record<(typeof TABLES)[number], string[]> = {
  individual: [
    "concussion",
    "ankleSprain",
    "muscleTremors",
    "boneFracture",
    "exhausted 1",
    "nothing",
    "worsened",
    "disoriented",
    "exhausted 2",
    "injury",
    "hyped 1",
    "worsened",
    "exhausted 3",
    "dazed",
    "nothing",
    "hyped 2",
  ],
  squad: [
    "panic",
    "memberSlowed",
    "ammoLoss",
    "memberInjured",
    "exhausted 1",
    "morale 1",
    "goneProne",
    "memberInjured",
    "exhausted 2",
    "disobedience",
    "morale 2",
    "commsBreakdown",
    "exhausted 3",
    "twoMembersInjured",
    "nothing",
    "morale 3",
  ],
};

const numbered: FalloutKind[] = ["exhausted", "hyped", "morale"];

describe("the consequence tables", () => {
  it("hold the seed's sixteen rows, 3 to 18, each", () => {
    for (const t of TABLES) {
      expect(CONSEQUENCES[t].map((r) => r.roll)).toEqual(Array.from({ length: 16 }, (_, i) => i + 3));
      expect(CONSEQUENCES[t].map((r) => (numbered.includes(r.fallout) ? `${r.fallout} ${r.n}` : r.fallout))).toEqual(SEED[t]);
      for (const r of CONSEQUENCES[t]) if (!numbered.includes(r.fallout)) expect(r.n).toBe(1);
    }
    expect(rowFor("squad", 12).fallout).toBe("disobedience");
    expect(rowFor("individual", 12).fallout).toBe("injury");
    expect(rowKey("squad", 12)).toBe("FACTIONS.Skirmish.Table.squad.12");
  });

  it("refuses a total 3d6 cannot roll", () => {
    for (const bad of [2, 19, 0, 10.5]) expect(() => rowFor("individual", bad)).toThrow();
  });

  it("gives each row's exact chance: 3d6 counts out of 216", () => {
    const counts = [1, 3, 6, 10, 15, 21, 25, 27, 27, 25, 21, 15, 10, 6, 3, 1];
    for (const t of TABLES) {
      const odds = tableOdds(t);
      expect(odds.map((o) => o.count)).toEqual(counts);
      expect(odds.map((o) => o.probability)).toEqual(counts.map((c) => c / 216));
    }
    // Two rows of Worsened Condition on the Individual table: 25 + 15 of 216.
    const worsened = tableOdds("individual").filter((o) => o.fallout === "worsened");
    expect(worsened.reduce((s, o) => s + o.count, 0)).toBe(40);
  });

  it("agrees with brute force over the 216 throws, and the chances sum to 1", () => {
    const ways = new Map<number, number>();
    for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) ways.set(a + b + c, (ways.get(a + b + c) ?? 0) + 1);
    for (let roll = 3; roll <= 18; roll++) expect(pushCount(roll), `roll ${roll}`).toBe(ways.get(roll));
    expect(pushCount(2)).toBe(0);
    for (const t of TABLES) {
      const odds = tableOdds(t);
      for (const o of odds) expect(o.probability).toBe(ways.get(o.roll)! / 216);
      expect(odds.reduce((s, o) => s + o.probability, 0)).toBeCloseTo(1, 12);
      expect(odds.reduce((s, o) => s + o.count, 0)).toBe(216);
    }
  });

  it("groups each table's rows into harm, help and nothing, with the total chance of each", () => {
    // Only Hyped and Morale help; "Nothing… happens?" is neither; every other result harms.
    expect(FALLOUT_KINDS.filter((k) => falloutSide(k) === "help")).toEqual(["hyped", "morale"]);
    expect(FALLOUT_KINDS.filter((k) => falloutSide(k) === "none")).toEqual(["nothing"]);
    expect(falloutSide("worsened")).toBe("harm");
    const summary = (t: (typeof TABLES)[number]) => tableSides(t).map((s) => ({ side: s.side, rolls: s.rows.map((r) => r.roll), count: s.count }));
    expect(summary("individual")).toEqual([
      { side: "harm", rolls: [3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16], count: 170 },
      { side: "help", rolls: [13, 18], count: 22 },
      { side: "none", rolls: [8, 17], count: 24 },
    ]);
    expect(summary("squad")).toEqual([
      { side: "harm", rolls: [3, 4, 5, 6, 7, 9, 10, 11, 12, 14, 15, 16], count: 170 },
      { side: "help", rolls: [8, 13, 18], count: 43 },
      { side: "none", rolls: [17], count: 3 },
    ]);
    for (const t of TABLES) {
      const sides = tableSides(t);
      expect(sides.flatMap((s) => s.rows).length).toBe(16);
      expect(sides.reduce((sum, s) => sum + s.probability, 0)).toBeCloseTo(1, 12);
      expect(sides[0]!.probability).toBe(170 / 216);
    }
  });
});
