/** Sample faction data for the sheet tests and the sheet benchmark. */
import { I18n, createHandlebars, loadTranslations, registerPartials, renderTemplate } from "../harness/handlebars";
import type { AssetSystem, Attribute, FactionSystem } from "../../src/rulesets/faction-turn/rules/state";
import { factionSheetContext, type SheetAssetInput } from "../../src/rulesets/faction-turn/sheets/faction-sheet-context";
import { FACTION_SHEET_TAB_PREFIX, FACTION_SHEET_TABS, navTabs, plainTabs } from "../../src/rulesets/faction-turn/sheets/tabs";

export const i18n = new I18n(loadTranslations());
export const ATTRS: Attribute[] = ["force", "wealth", "cunning"];

export function asset(i: number, over: Partial<AssetSystem> = {}): SheetAssetInput {
  const attribute = ATTRS[i % 3]!;
  return {
    id: `a${i}`,
    name: `Asset ${i}`,
    img: "icons/svg/item-bag.svg",
    system: {
      attribute,
      rating: 1,
      magic: "none",
      cost: 2,
      hp: { value: 3, max: 4 },
      attack: { attribute, defense: "cunning", damage: i % 2 ? "1d8" : "" },
      counter: i % 3 ? "1d6" : "",
      subtle: false,
      stealth: false,
      location: `name:Place ${i % 4}`,
      base: false,
      exposed: false,
      ...over,
    },
  };
}

export function system(turn: Partial<FactionSystem["turn"]> = {}): FactionSystem & { hp: { max: number } } {
  return {
    force: 2,
    wealth: 3,
    cunning: 4,
    magic: "low",
    hp: { value: 10, override: null, max: 16 },
    treasure: 5,
    turn: { number: 2, started: true, action: "", created: false, healed: false, repairs: {}, ...turn },
  };
}

export const build = (owner: boolean, assets: SheetAssetInput[], sys = system()) =>
  factionSheetContext({ uuid: "Actor.f", name: "F", img: "", system: sys, assets, owner, editable: owner, locationLabel: (r) => (r ? r.slice(5) : "Nowhere"), i18n });


/** Build the owner's context for `assets` and render every part of the faction sheet, as the sheet does. */
export function sheetRenderer() {
  const hbs = createHandlebars();
  registerPartials(undefined, hbs);
  const parts = ["header", "actions", "tabs", "assets", "description"].map((p) => `systems/factions/templates/${p === "tabs" ? "core/sheet-tabs" : `faction-turn/faction-sheet/${p}`}.hbs`);
  return (assets: SheetAssetInput[]) => {
    const c = build(true, assets);
    const tabs = plainTabs(FACTION_SHEET_TABS, "assets", FACTION_SHEET_TAB_PREFIX);
    const context = { ...c, tabs, navTabs: navTabs(tabs, i18n), tab: tabs.assets, description: { field: "system.description", source: "", enriched: "" } };
    return parts.map((p) => renderTemplate(p, context, hbs)).join("");
  };
}

/** A faction of `n` assets over four places, with some Stealth, Base and Subtle ones. */
export const manyAssets = (n: number) => Array.from({ length: n }, (_, i) => asset(i, { stealth: i % 9 === 0, base: i % 30 === 0, subtle: i % 5 === 0 }));
