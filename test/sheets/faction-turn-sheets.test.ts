/** The Faction Turn sheets' pure context functions: what each viewer sees, the action hints. */
import { describe, expect, it } from "vitest";
import { assetSheetContext } from "../../src/rulesets/faction-turn/sheets/asset-sheet-context";
import { FACTION_SHEET_TAB_PREFIX, FACTION_SHEET_TABS, navTabs, plainTabs } from "../../src/rulesets/faction-turn/sheets/tabs";
import { asset, build, i18n, manyAssets, sheetRenderer, system } from "./fixtures";

const noKeys = (value: unknown) => expect(JSON.stringify(value)).not.toMatch(/FACTIONS\./);

describe("factionSheetContext", () => {
  const assets = [
    asset(0, { attribute: "force" }),
    asset(1, { attribute: "force" }),
    asset(2, { attribute: "force" }),
    asset(3, { attribute: "force", base: true }),
    asset(4, { stealth: true }),
    asset(5, { location: "" }),
  ];

  it("shows the owner every asset, grouped by place with Nowhere last, and the caps", () => {
    const c = build(true, assets);
    expect(c.assetCount).toBe(6);
    expect(c.groups.at(-1)!.label).toBe("Nowhere");
    expect(c.caps.find((cap) => cap.attribute === "force")).toMatchObject({ over: true, text: "Force assets 3 / 2", status: "1 over, upkeep due" });
    expect(c.groups.flatMap((g) => g.assets).some((a) => a.tags.some((t) => t.key === "stealth"))).toBe(true);
    noKeys(c);
  });

  it("hides Stealth assets, caps and actions from a viewer who does not own the faction", () => {
    const c = build(false, assets);
    expect(c.assetCount).toBe(5);
    expect(c.groups.flatMap((g) => g.assets).map((a) => a.id)).not.toContain("a4");
    expect(c.caps).toEqual([]);
    expect(c.actions).toEqual([]);
  });

  it("offers Start Turn before the turn and says why the other actions wait", () => {
    const c = build(true, assets, system({ started: false }));
    expect(c.actions[0]).toMatchObject({ id: "start", disabled: false });
    for (const a of c.actions.slice(1)) expect(a).toMatchObject({ disabled: true, tooltip: "Start the turn first." });
    noKeys(c.actions);
  });

  it("offers the turn's actions first once started, End Turn last, and disables the actions after one was taken", () => {
    const during = build(true, assets, system({ started: true }));
    expect(during.actions.map((a) => a.id)).toEqual(["attack", "move", "repair", "expand", "create", "hide", "sell", "end"]);
    const c = build(true, assets, system({ action: "attack" }));
    expect(c.actions.at(-1)).toMatchObject({ id: "end", disabled: false });
    for (const a of c.actions.slice(0, -1)) expect(a.tooltip).toBe("This turn's action was already taken: Attack.");
    expect(c.turn.actionText).toBe("Action: Attack");
  });

  it("puts in a row only what it shows: name, rating, tags, attack and counter (or their absence, muted), hit points", () => {
    const html = sheetRenderer()([
      { ...asset(1, { counter: "", base: true }), name: "Thugs & Co" },
      { ...asset(2, { attack: { attribute: "cunning", defense: "cunning", damage: "" } }), name: "Spies" },
    ]);
    const rows = html.match(/<li class="factions-asset-row[^]*?<\/li>/g)!;
    expect(rows).toHaveLength(2);
    const [thugs, spies] = rows as [string, string];
    expect(thugs).toContain(">Thugs &amp; Co</a>");
    expect(thugs).toContain('<b class="factions-asset-rating">Wealth 1</b>');
    expect(thugs).toContain(`data-tooltip="${i18n.localize("FACTIONS.FactionTurn.Asset.FIELDS.base.hint")}">Base of Influence</span>`);
    expect(thugs).toContain('class="factions-asset-combat factions-no-counter"');
    expect(thugs).toContain("Wealth vs Cunning, 1d8");
    expect(thugs).toContain("No counter");
    expect(thugs).toContain('style="width:75%"');
    expect(thugs).toContain("3 / 4");
    expect(spies).toContain('class="factions-asset-combat factions-no-attack"');
    expect(spies).toContain("No attack");
    expect(spies).not.toContain("tag");
    // The controls are the tab's one set of row tools, not the rows'.
    for (const row of rows) expect(row.match(/data-action="[^"]+"/g)).toEqual(['data-action="openAsset"']);
    expect(html.match(/class="factions-row-tools"/g)).toHaveLength(1);
  });

  it("renders every one of 300 assets (its speed is measured by npm run bench)", () => {
    const html = sheetRenderer()(manyAssets(300));
    expect(html.match(/class="factions-asset-row/g)).toHaveLength(300);
  });
});

describe("assetSheetContext", () => {
  it("offers the asset's own actions to the faction's owner, Attack only with an attack", () => {
    const a = asset(1);
    const withAttack = assetSheetContext({
      uuid: "Item.a1", id: "a1", name: a.name, img: "", system: a.system, systemFields: {}, editable: true,
      faction: { name: "F", owner: true, system: system(), assets: [a] }, locations: [], description: { enriched: "" }, i18n,
    });
    expect(withAttack.actions.map((b) => b.id)).toEqual(["attack", "repair", "sell", "hide"]);
    expect(withAttack.summary.attack).toBe("Wealth vs Cunning, 1d8");
    noKeys({ ...withAttack, systemFields: undefined });
    const b = asset(0);
    const noAttack = assetSheetContext({
      uuid: "Item.a0", id: "a0", name: b.name, img: "", system: b.system, systemFields: {}, editable: false,
      faction: { name: "F", owner: false, system: system(), assets: [b] }, locations: [], description: { enriched: "" }, i18n,
    });
    expect(noAttack.actions).toEqual([]);
    expect(noAttack.summary.attack).toBe("No attack");
  });
});

describe("lang/en.json", () => {
  it("labels every field of the faction and asset schemas", () => {
    const faction = ["force", "wealth", "cunning", "magic", "hp", "hp.value", "hp.override", "treasure", "turn", "turn.number", "turn.started", "turn.action", "turn.created", "turn.healed", "turn.repairs", "description"];
    const assetFields = ["attribute", "rating", "magic", "cost", "hp", "hp.value", "hp.max", "attack", "attack.attribute", "attack.defense", "attack.damage", "counter", "subtle", "stealth", "location", "base", "exposed", "description"];
    for (const f of faction) expect(i18n.has(`FACTIONS.FactionTurn.Faction.FIELDS.${f}.label`), f).toBe(true);
    for (const f of assetFields) expect(i18n.has(`FACTIONS.FactionTurn.Asset.FIELDS.${f}.label`), f).toBe(true);
  });
});
