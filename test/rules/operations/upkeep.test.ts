import { describe, expect, it } from "vitest";
import { applyToState, decideUpkeep, type UpkeepDecisionChoice } from "../../../src/rulesets/operations/rules";
import { context, deepFreeze, expectOutcomeLocalized, lt, noDice, org, reason, unit, value, world } from "./fixtures";

describe("the GM's decision on unpaid upkeep", () => {
  const w = () =>
    deepFreeze(
      world(
        [org("A", { capital: 0 }, [unit("own", { upkeep: 2 })]), org("B", {}, [unit("spy", { upkeep: 4, recruiter: "A" }), unit("theirs", { upkeep: 5 })])],
        [lt("l", "A", { upkeep: 1 }), lt("m", "B", { upkeep: 2, recruiter: "A" })],
      ),
    );
  const decide = (over: Partial<UpkeepDecisionChoice>) =>
    decideUpkeep(w(), { organization: "A", kind: "unit", id: "own", owner: "A", decision: "release", ...over }, context(noDice));

  it("release deletes an own unit and clears an own lieutenant's organization", () => {
    const o = value(decide({}));
    expectOutcomeLocalized(o);
    expect(applyToState(w(), o.changes).organizations.A!.units.map((u) => u.id)).toEqual([]);
    const l = value(decide({ kind: "lieutenant", id: "l" }));
    expect(applyToState(w(), l.changes).lieutenants.l!.system.organization).toBe("");
  });

  it("release of a recruit leaves it with its owner, no longer the payer's", () => {
    const u = applyToState(w(), value(decide({ id: "spy", owner: "B" })).changes);
    expect(u.organizations.B!.units.find((x) => x.id === "spy")!.system.recruiter).toBe("");
    const l = applyToState(w(), value(decide({ kind: "lieutenant", id: "m", owner: "B" })).changes);
    expect(l.lieutenants.m!.system).toMatchObject({ organization: "B", recruiter: "" });
  });

  it("pay later changes nothing but says so", () => {
    const o = value(decide({ decision: "later" }));
    expect(o.changes).toEqual([]);
    expect(o.log.map((l) => l.key)).toEqual(["FACTIONS.Operations.Log.UpkeepLater"]);
  });

  it("refuses what the organization does not pay for, and unknown decisions", () => {
    expect(reason(decide({ id: "theirs", owner: "B" }))).toBe("NotPayer");
    expect(reason(decide({ id: "nope" }))).toBe("NoUnit");
    expect(reason(decide({ decision: "sell" as never }))).toBe("BadDecision");
  });
});
