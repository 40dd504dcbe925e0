import { describe, expect, it } from "vitest";
import { factionStatuses } from "../../../src/rulesets/faction-turn/rules/statuses";

const asset = (stealth: boolean, exposed: boolean) => ({ stealth, exposed });

describe("a faction's statuses", () => {
  it("show Stealth while any asset has Stealth, and Exposed while any asset is exposed", () => {
    expect(factionStatuses([])).toEqual([]);
    expect(factionStatuses([asset(false, false), asset(false, false)])).toEqual([]);
    expect(factionStatuses([asset(false, false), asset(true, false)])).toEqual(["stealth"]);
    expect(factionStatuses([asset(false, true), asset(false, false)])).toEqual(["exposed"]);
    expect(factionStatuses([asset(true, false), asset(false, true)])).toEqual(["stealth", "exposed"]);
  });
});
