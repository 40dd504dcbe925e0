/** The realm sheet's pure context on a large realm: every card's lookups, answered from the indexes, as the rules say. */
import { describe, expect, it } from "vitest";
import { ROWS_SHOWN } from "../../src/rulesets/battle/sheets/realm-sheet-context";
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

  it("shows each row's stats as one abbr that says them in words (the long lists' short form)", () => {
    const html = realmSheetRenderer()(state, realm);
    const unit = c.unitGroups[0]!.units[0]!;
    const words = i18n.format("FACTIONS.Battle.Stats.Text", { a: unit.stats.parts[0]!.value, d: unit.stats.parts[1]!.value, s: unit.stats.parts[2]!.value });
    const letters = unit.stats.parts.map((p) => `${i18n.localize(`FACTIONS.Battle.Stats.${p.key}.letter`)}${p.value}`).join(" ");
    expect(html).toContain(`<abbr class="factions-stats" title="${words}">${letters}</abbr>`);
    // One element a row, not one per stat: the per-letter form is the character card's and the battle window's.
    expect(html).not.toContain('class="factions-stat-a"');
  });
});

describe("realmSheetContext on 3,000 cards: each list shows its first rows, and says how many it does not", () => {
  const { state, realm } = bigRealm(3000);
  const items = state.realms[realm]!.items;
  const ofType = (type: string) => items.filter((i) => i.type === type);
  const unitRows = (c: ReturnType<typeof buildRealm>) => c.unitGroups.flatMap((g) => g.units);

  it("shows the first rows of each list, in card order, and counts the rest", () => {
    const c = buildRealm(state, realm);
    expect(ROWS_SHOWN).toBe(100);
    const lists = { buildings: c.buildings, technologies: c.technologies, fortifications: c.fortifications, characters: c.characters } as const;
    for (const [list, rows] of Object.entries(lists)) {
      const all = ofType(list === "buildings" ? "building" : list === "technologies" ? "technology" : list === "fortifications" ? "fortification" : "character");
      expect(rows.map((r) => r.id), list).toEqual(all.slice(0, ROWS_SHOWN).map((i) => i.id));
      const hidden = all.length - ROWS_SHOWN;
      expect(c.more[list as keyof typeof lists], list).toEqual({
        list,
        hidden: i18n.format(`${S}.NotShown`, { count: hidden }),
        more: i18n.format(`${S}.ShowMore`, { count: ROWS_SHOWN }),
        all: i18n.format(`${S}.ShowAll`, { count: all.length }),
      });
    }
    // 300 own locations and the one captured from the enemy.
    expect(c.locations).toHaveLength(ROWS_SHOWN);
    expect(c.more.locations!.all).toBe(i18n.format(`${S}.ShowAll`, { count: 301 }));
  });

  it("shows the first unit counters of the groups in card order, each group counting all of its counters", () => {
    const all = buildRealm(state, realm, true, { units: Infinity });
    expect(all.more.units).toBeUndefined();
    expect(unitRows(all)).toHaveLength(ofType("unit").length);
    const c = buildRealm(state, realm);
    expect(unitRows(c).map((u) => u.id)).toEqual(unitRows(all).slice(0, ROWS_SHOWN).map((u) => u.id));
    expect(c.unitGroups.map((g) => g.count)).toEqual(all.unitGroups.slice(0, c.unitGroups.length).map((g) => g.count));
    expect(c.more.units!.hidden).toBe(i18n.format(`${S}.NotShown`, { count: ofType("unit").length - ROWS_SHOWN }));
  });

  it("shows a page more, or all, as asked; the last page offers what is left, and one hidden row says so", () => {
    const techs = ofType("technology").length;
    const c = buildRealm(state, realm, true, { technologies: techs - 1, buildings: Infinity });
    expect(c.technologies).toHaveLength(techs - 1);
    expect(c.more.technologies).toMatchObject({ hidden: i18n.format(`${S}.NotShownOne`, { count: 1 }), more: i18n.format(`${S}.ShowMore`, { count: 1 }) });
    expect(c.buildings).toHaveLength(ofType("building").length);
    expect(c.more.buildings).toBeUndefined();
    expect(c.fortifications).toHaveLength(ROWS_SHOWN);
  });

  it("renders the shown rows and, under each list that has more, one Show more and one Show all", () => {
    const html = realmSheetRenderer()(state, realm);
    expect(html.match(/<li class="(factions-realm-row|factions-unit-row)/g)).toHaveLength(6 * ROWS_SHOWN);
    const ends = [...html.matchAll(/<div class="factions-more-rows" data-list="(\w+)">/g)].map((m) => m[1]);
    expect(ends).toEqual(["locations", "units", "characters", "buildings", "technologies", "fortifications"]);
    expect(html.match(/data-action="showMore"/g)).toHaveLength(6);
    expect(html.match(/data-action="showAll"/g)).toHaveLength(6);
  });
});
