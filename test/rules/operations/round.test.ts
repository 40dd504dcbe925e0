import { describe, expect, it } from "vitest";
import { applyToState, startRound, upkeepOf } from "../../../src/rulesets/operations/rules";
import { context, deepFreeze, logKeys, lt, noDice, org, reason, unit, value, world } from "./fixtures";

describe("round start", () => {
  const w = (capital: number) =>
    world(
      [
        org("A", { capital, round: 2 }, [
          unit("rest", { upkeep: 2, condition: "damaged" }),
          unit("busy", { upkeep: 3, condition: "dinged", acted: true }),
          unit("hit", { upkeep: 1, condition: "defeated", defended: true }),
        ]),
        org("B", {}, [unit("spy", { upkeep: 4, recruiter: "A" }), unit("theirs", { upkeep: 5 })]),
      ],
      [lt("l", "A", { upkeep: 1, condition: "dinged" }), lt("m", "B", { upkeep: 2, recruiter: "A" }), lt("n", "B", { upkeep: 7 })],
    );

  it("pays upkeep for its own and its recruits (they stay elsewhere); recovers the rested; resets the marks", () => {
    const s = deepFreeze(w(20));
    expect(upkeepOf(s, "A").map((i) => i.id)).toEqual(["rest", "busy", "hit", "spy", "l", "m"]);
    const o = value(startRound(s, { organization: "A" }, context(noDice)));
    expect(o.detail).toMatchObject({ organization: "A", round: 3, paid: 13, unpaid: [] });
    const after = applyToState(s, o.changes);
    expect(after.organizations.A!.system.capital).toBe(7);
    const cond = (id: string) => after.organizations.A!.units.find((u) => u.id === id)!.system;
    expect(cond("rest").condition).toBe("dinged");
    expect(cond("busy")).toMatchObject({ condition: "dinged", acted: false });
    expect(cond("hit")).toMatchObject({ condition: "defeated", defended: false });
    expect(after.lieutenants.l!.system.condition).toBe("fresh");
    expect(o.detail.recovered.map((r) => r.id)).toEqual(["rest", "l"]);
    expect(after.organizations.B!.system.capital).toBe(20);
  });

  it("what cannot be paid is reported, not applied", () => {
    const s = w(5);
    const o = value(startRound(s, { organization: "A" }, context(noDice)));
    // rest 2, busy 3 paid; hit 1 … not enough for spy 4; l 1 and m 2 wait.
    expect(o.detail.paid).toBe(5);
    expect(o.detail.unpaid.map((i) => i.id)).toEqual(["hit", "spy", "l", "m"]);
    expect(logKeys(o).filter((k) => k === "UpkeepUnpaid")).toHaveLength(4);
    expect(applyToState(s, o.changes).organizations.A!.system.capital).toBe(0);
  });

  it("recovery is a setting", () => {
    const o = value(startRound(w(20), { organization: "A" }, context(noDice, { recovery: false })));
    expect(o.detail.recovered).toEqual([]);
    expect(reason(startRound(w(20), { organization: "Z" }, context(noDice)))).toBe("NoOrganization");
  });
});
