/** The organization sheet's pure context: units by place, the stances set there, whatever the number of places. */
import { describe, expect, it } from "vitest";
import { NO_STANCE } from "../../src/rulesets/operations/rules/state";
import { organizationSheetContext } from "../../src/rulesets/operations/sheets/organization-context";
import { bigOrganization, i18n, lieutenantSystem, organizationSheetRenderer, unitSystem } from "./organization-fixtures";

describe("organizationSheetContext", () => {
  it("lists each place once, in order of first appearance (units, then own stances), with its units in order and every visible stance there", () => {
    const input = bigOrganization(0, 1);
    const c = organizationSheetContext({
      ...input,
      units: [
        { id: "a", name: "Thugs", system: unitSystem("name:Docks") },
        { id: "b", name: "Spies", system: unitSystem("name:Ford", { hiding: 2 }) },
        { id: "c", name: "Guards", system: unitSystem("name:Docks", { condition: "damaged" }) },
      ],
      lieutenants: [
        { uuid: "Actor.vex", name: "Vex", system: lieutenantSystem("name:Hill", { stance: { ...NO_STANCE, kind: "block" } }) },
        { uuid: "Actor.orm", name: "Orm", system: lieutenantSystem("name:Docks", { stance: { ...NO_STANCE, kind: "ambush" } }) },
        { uuid: "Actor.ash", name: "Ash", system: lieutenantSystem("name:Marsh") },
      ],
      stances: [
        { location: "name:Docks", holder: "Orm", kind: "ambush", text: "Ambush" },
        { location: "name:Elsewhere", holder: "Mara", kind: "block", text: "Block" },
        { location: "name:Ford", holder: "Mara", kind: "block", text: "Block" },
        { location: "name:Docks", holder: "Kell", kind: "block", text: "Block" },
      ],
    });
    expect(c.unitsByLocation.map((p) => [p.location, p.units.map((u) => u.name), p.stances.map((s) => s.holder)])).toEqual([
      ["Docks", ["Thugs", "Guards"], ["Orm", "Kell"]],
      ["Ford", ["Spies"], ["Mara"]],
      ["Hill", [], []],
    ]);
    const spies = c.unitsByLocation[1]!.units[0]!;
    expect(spies).toMatchObject({ levelText: `${i18n.localize("FACTIONS.Operations.Sheet.Level")} 3`, hidingText: i18n.format("FACTIONS.Operations.Sheet.Hidden", { level: "2" }) });
    expect(c.upkeepText).toBe(i18n.format("FACTIONS.Operations.Sheet.Upkeep", { amount: "3" }));
    expect(c.hasUnits).toBe(true);
  });

  it("renders every unit of 1,000 in 250 places once, and each place once (its speed is measured by npm run bench)", () => {
    const html = organizationSheetRenderer()(bigOrganization(1000, 250));
    expect(html.match(/class="factions-ops-row factions-ops-unit factions-condition-/g)).toHaveLength(1000);
    expect(html.match(/<h4>/g)).toHaveLength(251);
    expect(html.match(/Mara \(The Blue Lotus\)/g)).toHaveLength(25);
  });
});
