/** A large realm for the realm sheet's tests and its benchmark. */
import { createHandlebars, I18n, loadTranslations, registerPartials, renderTemplate } from "../harness/handlebars";
import type { BattleState, RealmItem, RealmState } from "../../src/rulesets/battle/rules";
import { realmSheetContext, type DeckInfo, type RealmList } from "../../src/rulesets/battle/sheets/realm-sheet-context";

export const i18n = new I18n(loadTranslations());

const cost = (gold = 0, wood = 0, stone = 0) => ({ gold, wood, stone });
const system = { resources: { gold: 9, wood: 9, stone: 9 }, support: 5, attacksLeft: 2, turn: 4, started: true, buildingsToDestroy: 0 };
const decks: DeckInfo = { deck: "", hand: "", pile: "", stacks: [], deckLeft: 0, inHand: 0, inPile: 0, foreign: { deck: "", hand: "", pile: "" } };

/**
 * A realm of `n` cards, in blocks of ten: a location, two buildings (one military), two unit
 * technologies (each requiring a card of an earlier block; one in ten requirements is missing),
 * a fortification on the block's location, three unit counters (on the block's buildings and
 * technologies, one on a card that is gone) and a character. An enemy holds a location this realm
 * captured, and one of this realm's locations is held by the enemy.
 */
export function bigRealm(n: number): { state: BattleState; realm: string } {
  const items: RealmItem[] = [];
  for (let b = 0; items.length < n; b++) {
    const block: RealmItem[] = [
      { id: `loc${b}`, name: `Place ${b}`, type: "location", system: { control: b % 4, maxControl: 4, damaged: b % 3 === 0, owner: b % 17 === 5 ? "Actor.enemy" : "" } },
      { id: `bar${b}`, name: `Barracks ${b}`, type: "building", system: { cost: cost(0, 2), subtype: "Barracks", military: true, citadel: b === 0, unit: { name: "Man at Arms", cost: cost(1), a: 1, d: 1, s: 2, support: -1 }, usedThisTurn: b % 2 === 0 } },
      { id: `smith${b}`, name: `Smithy ${b}`, type: "building", system: { cost: cost(2), subtype: "Smithy", military: false, citadel: false, unit: null, usedThisTurn: false } },
      { id: `sword${b}`, name: `Swordsman ${b}`, type: "technology", system: { cost: cost(2), builtAt: "Barracks", requires: [`Smithy ${Math.max(0, b - 1)}`], unit: { name: `Swordsman ${b}`, cost: cost(1), a: 2, d: 1, s: 2, support: -1 }, usedThisTurn: false } },
      { id: `knight${b}`, name: `Knight ${b}`, type: "technology", system: { cost: cost(3, 1), builtAt: `Barracks ${b}`, requires: [`Swordsman ${b >> 1}`, b % 10 === 9 ? "Stable" : `Smithy ${b}`], unit: { name: `Knight ${b}`, cost: cost(2), a: 2, d: 2, s: 3, support: -2 }, usedThisTurn: b % 3 === 0 } },
      { id: `wall${b}`, name: `Wall ${b}`, type: "fortification", system: { cost: cost(0, 2), subtype: "Wall", a: 0, d: 3, s: 0, range: b % 2 ? { x: 2, y: 4 } : null, location: `loc${b}` } },
      { id: `u${b}a`, name: "Man at Arms", type: "unit", system: { a: 1, d: 1, s: 2, support: -1, source: `bar${b}`, exhausted: b % 2 === 0, inOffensive: false } },
      { id: `u${b}b`, name: `Swordsman ${b}`, type: "unit", system: { a: 2, d: 1, s: 2, support: -1, source: `sword${b}`, exhausted: false, inOffensive: b % 5 === 0 } },
      { id: `u${b}c`, name: "Militia", type: "unit", system: { a: 1, d: 1, s: 1, support: -1, source: b % 7 === 0 ? `gone${b}` : `knight${b}`, exhausted: false, inOffensive: false } },
      { id: `hero${b}`, name: `Hero ${b}`, type: "character", system: { cost: cost(2), a: 3, d: 4, s: 2, unitType: b % 2 ? "Man at Arms" : "", text: "Protects her kin.", exhausted: false, inOffensive: false } },
    ];
    items.push(...block.slice(0, n - items.length));
  }
  const me: RealmState = { id: "Actor.me", name: "Harrowmere", system, items };
  const enemy: RealmState = {
    id: "Actor.enemy",
    name: "The Saltpan League",
    system,
    items: [
      { id: "eloc", name: "Saltpan Village", type: "location", system: { control: 0, maxControl: 5, damaged: false, owner: me.id } },
      { id: "eloc2", name: "Copper Mine", type: "location", system: { control: 3, maxControl: 4, damaged: false, owner: "" } },
      { id: "ewall", name: "Palisade", type: "fortification", system: { cost: cost(0, 2), subtype: "Wall", a: 0, d: 3, s: 0, range: null, location: "eloc" } },
    ],
  };
  return { state: { realms: { [me.id]: me, [enemy.id]: enemy } }, realm: me.id };
}

export const buildRealm = (state: BattleState, realm: string, owner = true, shown?: Partial<Record<RealmList, number>>) =>
  realmSheetContext({ state, realm, img: "", images: {}, description: "<p>A realm.</p>", decks, owner, editable: owner, gm: false, i18n, ...(shown ? { shown } : {}) });

/** Build the owner's context for the realm and render every part of the realm sheet, as the sheet does (showing `shown` rows of each list). */
export function realmSheetRenderer(shown?: Partial<Record<RealmList, number>>) {
  const hbs = createHandlebars();
  registerPartials(undefined, hbs);
  const parts = ["header", "actions", "tabs", "realm", "city", "description"].map((p) => `systems/factions/templates/${p === "tabs" ? "core/sheet-tabs" : `battle/realm-sheet/${p}`}.hbs`);
  const ids = ["realm", "city", "description"];
  const tabs = Object.fromEntries(ids.map((id) => [id, { id, group: "primary", cssClass: id === "realm" ? "active" : "" }]));
  const navTabs = ids.map((id) => ({ id, group: "primary", label: i18n.localize(`FACTIONS.Battle.Sheet.Tab.${id}`), icon: "", cssClass: tabs[id]!.cssClass }));
  return (state: BattleState, realm: string) => {
    const context = { ...buildRealm(state, realm, true, shown), tabs, navTabs, rootId: "realm" };
    return parts.map((p, i) => renderTemplate(p, { ...context, tab: tabs[ids[i - 3] ?? ""] }, hbs)).join("");
  };
}
