/**
 * Battle samples: the realm sheet, the battle window and the item sheet from their own pure
 * context functions on plain rules state (the seed's worked example and a small realm), and the
 * battle card from the real resolution of the seed's example.
 */
import { packImage } from "../pack-images";
import { BATTLE_ACTION_IMAGES, BATTLE_TYPE_IMAGES } from "../../../src/rulesets/battle/images";
import { defineSamples, type GallerySample } from "../samples";
import { I18n, loadTranslations } from "../../harness/handlebars";
import { groupLog, type ActionCardContext } from "../../../src/core/chat/card-context";
import type { Line } from "../../../src/core/rules/outcome";
import { battleWindowContext, choiceOf, initialSelection, type BattleSelection } from "../../../src/rulesets/battle/apps/battle-window-context";
import { itemSheetContext } from "../../../src/rulesets/battle/sheets/item-sheet-context";
import { realmSheetContext, type RealmList } from "../../../src/rulesets/battle/sheets/realm-sheet-context";
import { statsLabeler } from "../../../src/rulesets/battle/sheets/stats";
import { resolveBattle, type BattleState, type RealmItem, type RealmState } from "../../../src/rulesets/battle/rules";

const i18n = new I18n(loadTranslations());
const L = (key: string) => i18n.localize(key);
const T = "systems/factions/templates";
const cost = (gold = 0, wood = 0, stone = 0) => ({ gold, wood, stone });
const manAtArms = { name: "Man at Arms", cost: cost(1), a: 1, d: 1, s: 2, support: -1 };

const counter = (id: string, name: string, a: number, d: number, s: number, source: string, over: object = {}): RealmItem => ({
  id,
  name,
  type: "unit",
  system: { a, d, s, support: -1, source, exhausted: false, inOffensive: false, ...over },
});

/* -------------------------------------------- */
/*  The seed's example                           */
/* -------------------------------------------- */

const you: RealmState = {
  id: "Actor.you0000000000001",
  name: "The Kingdom of Harrowmere",
  system: { resources: { gold: 6, wood: 4, stone: 2 }, support: 3, attacksLeft: 2, started: true, turn: 3, buildingsToDestroy: 0 },
  items: [
    { id: "barracks", name: "Infantry Barracks", type: "building", system: { cost: cost(0, 2), subtype: "Barracks", military: true, citadel: false, unit: manAtArms, usedThisTurn: true } },
    { id: "blacksmith", name: "Blacksmith", type: "building", system: { cost: cost(2), subtype: "Smithy", military: false, citadel: false, unit: null, usedThisTurn: false } },
    { id: "citadel", name: "Citadel", type: "building", system: { cost: cost(4, 0, 4), subtype: "Citadel", military: false, citadel: true, unit: null, usedThisTurn: false } },
    {
      id: "swordTech",
      name: "Swordsman",
      type: "technology",
      system: { cost: cost(2), builtAt: "Infantry Barracks", requires: ["Blacksmith"], unit: { name: "Swordsman", cost: cost(1), a: 2, d: 1, s: 2, support: -1 }, usedThisTurn: false },
    },
    { id: "chariotTech", name: "War Chariot", type: "technology", system: { cost: cost(3, 2), builtAt: "Chariot Yard", requires: ["Stable"], unit: { name: "War Chariot", cost: cost(2, 1), a: 2, d: 2, s: 4, support: -2 }, usedThisTurn: false } },
    { id: "kestrel", name: "Kestrel Hill", type: "location", system: { control: 4, maxControl: 4, damaged: false, owner: "" } },
    { id: "ford", name: "Greywater Ford", type: "location", system: { control: 1, maxControl: 3, damaged: true, owner: "" } },
    { id: "palisade", name: "Palisade", type: "fortification", system: { cost: cost(0, 2), subtype: "Wall", a: 0, d: 3, s: 0, range: null, location: "kestrel" } },
    { id: "tower", name: "Guard Tower", type: "fortification", system: { cost: cost(1, 0, 2), subtype: "Tower", a: 0, d: 5, s: 0, range: { x: 2, y: 4 }, location: "kestrel" } },
    counter("y1", "Man at Arms", 1, 1, 2, "barracks"),
    counter("y2", "Man at Arms", 1, 1, 2, "barracks"),
    counter("y3", "Man at Arms", 1, 1, 2, "barracks"),
    counter("ys", "Swordsman", 2, 1, 2, "swordTech"),
    counter("yx", "Man at Arms", 1, 1, 2, "barracks", { exhausted: true, inOffensive: true }),
    {
      id: "godra",
      name: "Godra, Squadron Leader",
      type: "character",
      system: { cost: cost(3, 1), a: 2, d: 2, s: 4, unitType: "War Chariot", text: "When you make a chariot, this gets +1A this turn.", exhausted: true, inOffensive: false },
    },
  ],
};

const me: RealmState = {
  id: "Actor.me00000000000001",
  name: "The Lightwalker Wardens",
  system: { resources: { gold: 5, wood: 3, stone: 3 }, support: 6, attacksLeft: 3, started: false, turn: 3, buildingsToDestroy: 0 },
  items: [
    { id: "town", name: "Saltpan Village", type: "location", system: { control: 5, maxControl: 5, damaged: false, owner: "" } },
    { id: "mine", name: "Old Copper Mine", type: "location", system: { control: 0, maxControl: 4, damaged: false, owner: you.id } },
    { id: "meBarracks", name: "Infantry Barracks", type: "building", system: { cost: cost(0, 2), subtype: "Barracks", military: true, citadel: false, unit: manAtArms, usedThisTurn: false } },
    counter("m1", "Man at Arms", 1, 1, 2, "meBarracks"),
    counter("m2", "Man at Arms", 1, 1, 2, "meBarracks"),
    { id: "ginda", name: "Ginda, Lightwalker", type: "character", system: { cost: cost(3), a: 3, d: 4, s: 2, unitType: "", text: "Invulnerable to, and cannot be targeted by, anything with set.", exhausted: false, inOffensive: false } },
  ],
};

const state: BattleState = { realms: { [you.id]: you, [me.id]: me } };

/* -------------------------------------------- */
/*  Realm sheet                                  */
/* -------------------------------------------- */

const DESCRIPTION = "<p>A kingdom of river holds and chariot yards. <strong>Plays:</strong> the Kingdom Martial Discipline deck.</p>";

function realmSheet(active: "realm" | "city", shown?: Partial<Record<RealmList, number>>) {
  const context = realmSheetContext({
    state,
    realm: you.id,
    img: packImage(you.name, BATTLE_TYPE_IMAGES.Actor.realm),
    images: Object.fromEntries([...me.items, ...you.items].map((i) => [i.id, packImage(i.name, "")])),
    description: DESCRIPTION,
    decks: {
      deck: "deck1",
      hand: "hand1",
      pile: "",
      stacks: [
        { id: "deck1", name: "Kingdom Martial Discipline", type: "deck" },
        { id: "hand1", name: "Harrowmere: hand", type: "hand" },
        { id: "pile1", name: "Harrowmere: discard", type: "pile" },
      ],
      deckLeft: 4,
      foreign: { deck: "", hand: "", pile: "" },
      inHand: 1,
      inPile: 0,
    },
    owner: true,
    editable: true,
    // The GM's view: the realm has no discard pile yet, so the sheet offers to set one up.
    gm: true,
    i18n,
    ...(shown ? { shown } : {}),
  });
  const tabs = Object.fromEntries(
    (["realm", "city", "description"] as const).map((id) => [id, { id, group: "primary", cssClass: id === active ? "active" : "" }]),
  );
  const icons = { realm: "fa-solid fa-flag", city: "fa-solid fa-city", description: "fa-solid fa-book-open" };
  const navTabs = (["realm", "city", "description"] as const).map((id) => ({ id, group: "primary", label: L(`FACTIONS.Battle.Sheet.Tab.${id}`), icon: icons[id], cssClass: id === active ? "active" : "" }));
  return { ...context, rootId: `realm-${active}`, tabs, navTabs };
}

/* -------------------------------------------- */
/*  Battle window, mid-assignment                */
/* -------------------------------------------- */

/** The seed's attack on Saltpan Village: one Man at Arms assigned so far, so Ginda is still protected by the other. */
function battleWindow() {
  const selection: BattleSelection = {
    ...initialSelection(state, you.id, "attack", "location:town"),
    assignments: [{ step: 2, from: "y1", to: "m1" }],
  };
  return { ...battleWindowContext({ state, mode: "attack", selection, edit: { attacker: true, defender: false }, i18n }), rootId: "battle-window" };
}

/* -------------------------------------------- */
/*  The battle card                              */
/* -------------------------------------------- */

/** The battle card as the chat shows it (steps folded), or with every step opened. */
function battleCard(opened = false): ActionCardContext {
  const selection: BattleSelection = {
    ...initialSelection(state, you.id, "attack", "location:town"),
    assignments: [
      { step: 2, from: "y1", to: "m1" },
      { step: 2, from: "y2", to: "m2" },
      { step: 2, from: "y3", to: "ginda" },
      { step: 2, from: "ys", to: "town" },
      { step: 2, from: "m1", to: "y1" },
      { step: 2, from: "m2", to: "y2" },
      { step: 2, from: "ginda", to: "ys" },
    ],
  };
  const result = resolveBattle(state, choiceOf(selection));
  if (!result.ok) throw new Error(result.reason.key);
  const line = (l: Line) => (l.data ? i18n.format(l.key, l.data) : L(l.key));
  const { summary, sides, log } = result.value;
  const sideNames = sides ? { actor: line(sides.actor), opposition: line(sides.opposition) } : null;
  return {
    actor: { name: you.name, img: packImage(you.name, BATTLE_TYPE_IMAGES.Actor.realm), uuid: you.id },
    title: L("FACTIONS.Battle.Action.attack"),
    icon: "fa-solid fa-swords",
    img: BATTLE_ACTION_IMAGES.attack,
    status: "applied",
    statusText: L("FACTIONS.Card.Status.applied"),
    checks: [],
    rolls: [],
    summary: (summary ?? []).map(line),
    sides: sideNames,
    log: groupLog(log.map((l) => ({ ...l, text: line(l), fold: !opened && l.fold })), sideNames),
    footer: i18n.format("FACTIONS.Card.AppliedBy", { user: "Gamemaster" }),
    unnoticed: false,
    buttons: [{ action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" }],
  };
}

/* -------------------------------------------- */
/*  Item sheet                                   */
/* -------------------------------------------- */

function itemSheet() {
  const F = (key: string) => L(`FACTIONS.Battle.Building.FIELDS.${key}.label`);
  const H = (key: string) => i18n.localize(`FACTIONS.Battle.Building.FIELDS.${key}.hint`).replace(/^FACTIONS\..*/, "");
  return itemSheetContext({
    uuid: "Actor.you0000000000001.Item.barracks00000001",
    name: "Infantry Barracks",
    img: packImage("Infantry Barracks", BATTLE_TYPE_IMAGES.Item.building),
    typeLabel: L("TYPES.Item.building"),
    realmName: you.name,
    fields: [
      { key: "cost", kind: "resources", label: F("cost"), hint: "", value: cost(0, 2) },
      { key: "subtype", kind: "text", label: F("subtype"), hint: H("subtype"), value: "Barracks" },
      { key: "military", kind: "boolean", label: F("military"), hint: H("military"), value: true },
      { key: "citadel", kind: "boolean", label: F("citadel"), hint: H("citadel"), value: false },
      {
        key: "unit",
        kind: "unit",
        label: F("unit"),
        hint: H("unit"),
        value: manAtArms,
        fields: [
          { key: "name", kind: "text", label: F("unit.name"), hint: "", value: undefined },
          { key: "cost", kind: "resources", label: F("unit.cost"), hint: "", value: undefined },
          ...(["a", "d", "s"] as const).map((k) => ({ key: k, kind: "number" as const, label: F(`unit.${k}`), hint: "", value: undefined, min: 0 })),
          { key: "support", kind: "number", label: F("unit.support"), hint: H("unit.support"), value: undefined },
        ],
      },
      { key: "usedThisTurn", kind: "boolean", label: F("usedThisTurn"), hint: "", value: true },
    ],
    resourceLabels: { gold: L("FACTIONS.Battle.Realm.FIELDS.resources.gold.label"), wood: L("FACTIONS.Battle.Realm.FIELDS.resources.wood.label"), stone: L("FACTIONS.Battle.Realm.FIELDS.resources.stone.label") },
    description: { source: "<p>Drill yards and bunk halls for foot soldiers.</p>", enriched: "<p>Drill yards and bunk halls for foot soldiers.</p>" },
    editable: true,
    i18n,
  });
}

/* -------------------------------------------- */

/** The character card sheet's context for Godra: its schema's fields labelled as LOCALIZATION_PREFIXES label them. */
function characterCardSheet() {
  const C = "FACTIONS.Battle.Card.FIELDS";
  const field = (path: string, extra: object = {}) => {
    const hint = i18n.has(`${C}.${path}.hint`) ? L(`${C}.${path}.hint`) : undefined;
    return { fieldPath: `system.${path}`, label: L(`${C}.${path}.label`), hint, ...extra };
  };
  const whole = { min: 0, integer: true };
  return {
    rootId: "character-card-godra",
    card: { name: "Godra, Squadron Leader", face: packImage("Godra, Squadron Leader", BATTLE_TYPE_IMAGES.Item.character), back: "icons/svg/card-hand.svg", stats: statsLabeler(i18n)({ a: 2, d: 2, s: 4 }) },
    editable: true,
    system: { cost: cost(3, 1), a: 2, d: 2, s: 4, unitType: "War Chariot", text: "When you make a chariot, this gets +1A this turn." },
    systemFields: {
      cost: { fields: { gold: field("cost.gold", whole), wood: field("cost.wood", whole), stone: field("cost.stone", whole) } },
      a: field("a", whole),
      d: field("d", whole),
      s: field("s", whole),
      unitType: field("unitType"),
      text: field("text"),
    },
  };
}

const REALM_SHEET = "test/gallery/fixtures/battle/realm-sheet.hbs";
const sheet = (id: string, title: string, context: object, wrapperClass: string, width: number, template: string): GallerySample => ({ id, title, template, context, width, wrapperClass, kind: "sheet" });

export default defineSamples([
  sheet("battle-realm-sheet", "The Kingdom of Harrowmere", realmSheet("realm"), "factions sheet actor factions-realm", 760, REALM_SHEET),
  sheet("battle-realm-sheet-city", "The Kingdom of Harrowmere (city)", realmSheet("city"), "factions sheet actor factions-realm", 760, REALM_SHEET),
  // Lists cut short (as a realm of hundreds of cards shows them): each ends with Show more and Show all.
  sheet("battle-realm-sheet-more", "The Kingdom of Harrowmere (first rows)", realmSheet("realm", { units: 2, locations: 1 }), "factions sheet actor factions-realm", 760, REALM_SHEET),
  sheet("battle-window-mid-assignment", L("FACTIONS.Battle.Window.TitleAttack"), battleWindow(), "factions factions-battle-window", 860, "test/gallery/fixtures/battle/battle-window.hbs"),
  sheet("battle-item-sheet", "Infantry Barracks", itemSheet(), "factions sheet item factions-battle-item", 480, `${T}/battle/item-sheet.hbs`),
  sheet("battle-character-card-sheet", "Godra, Squadron Leader", characterCardSheet(), "factions sheet card factions-character-card", 420, `${T}/battle/character-card-sheet.hbs`),
  { id: "battle-card-attack", title: "Battle: the seed's attack, applied", template: `${T}/core/action-card.hbs`, context: battleCard(), width: 300, kind: "card" },
  { id: "battle-card-attack-opened", title: "Battle: the same card, its steps opened", template: `${T}/core/action-card.hbs`, context: battleCard(true), width: 300, kind: "card" },
]);
