/** The realm sheet's pure context on a large realm: every card's lookups, answered from the indexes, as the rules say. */
import { describe, expect, it } from "vitest";
import { bigRealm, buildRealm, i18n, realmSheetRenderer } from "./realm-fixtures";

const S = "FACTIONS.Battle.Sheet";

describe("realmSheetContext on 200 cards", () => {
  const { state, realm } = bigRealm(200);
  const c = buildRealm(state, realm);

  it("tags as missing exactly the technologies whose requirement the realm lacks, and says why they cannot be used", () => {
    const missing = c.technologies.filter((t) => t.tags.some((x) => x.key === "missing")).map((t) => t.name);
    expect(missing).toEqual(["Knight 9", "Knight 19"]);
    const knight9 = c.technologies.find((t) => t.name === "Knight 9")!;
    expect(knight9.use).toMatchObject({ disabled: true, tooltip: i18n.format("FACTIONS.Battle.Reject.MissingRequirement", { technology: "Knight 9", requirement: "Stable" }) });
    // Used at its own Barracks (by name), free this turn for odd blocks, used for even ones.
    expect(c.technologies.find((t) => t.name === "Knight 3")!.use).toMatchObject({ disabled: false, tooltip: "" });
    expect(c.technologies.find((t) => t.name === "Knight 4")!.use!.tooltip).toBe(i18n.format("FACTIONS.Battle.Reject.BuildingUsed", { building: "Barracks 4" }));
    // "Barracks" is a subtype: every Barracks qualifies, and some are free.
    expect(c.technologies.find((t) => t.name === "Swordsman 4")!.use).toMatchObject({ disabled: false });
  });

  it("names each fortification's location and each location's fortifications, across realms", () => {
    expect(c.fortifications.find((f) => f.name === "Wall 7")!.locationText).toBe(i18n.format(`${S}.StandsOn`, { location: "Place 7" }));
    const place7 = c.locations.find((l) => l.name === "Place 7")!;
    expect(place7.fortifications).toBe(i18n.format(`${S}.FortifiedBy`, { names: "Wall 7" }));
    // Captured from the enemy: its Palisade is the enemy's card; lost to the enemy: Place 5 is still listed.
    expect(c.locations.find((l) => l.name === "Saltpan Village")!.fortifications).toBe(i18n.format(`${S}.FortifiedBy`, { names: "Palisade" }));
    expect(c.locations.find((l) => l.name === "Place 5")!.tags.map((t) => t.key)).toContain("lost");
    expect(c.locations).toHaveLength(21);
  });

  it("groups unit counters by the card they sit on, in card order, with the ones on a card that is gone together", () => {
    expect(c.unitGroups.slice(0, 4).map((g) => [g.name, g.units.length])).toEqual([
      ["Barracks 0", 1],
      ["Swordsman 0", 1],
      [i18n.localize(`${S}.NoSource`), 3],
      ["Barracks 1", 1],
    ]);
    expect(c.unitGroups.reduce((n, g) => n + g.units.length, 0)).toBe(60);
  });

  it("renders one row a card and one Delete a tab", () => {
    const html = realmSheetRenderer()(state, realm);
    expect(html.match(/<li class="(factions-realm-row|factions-unit-row)/g)).toHaveLength(201);
    expect(html.match(/data-action="deleteItem"/g)).toHaveLength(2);
  });
});
