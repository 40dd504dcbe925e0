/**
 * Faction Turn samples: the sheets' contexts come from the sheets' own pure context functions
 * (`factionSheetContext`, `assetSheetContext`) on plain sample data; cards and odds are contexts
 * shaped as `actionCardContext` / `oddsContext` give them.
 */
import { packImage } from "../pack-images";
import { FACTION_TURN_ACTION_IMAGES, FACTION_TURN_TYPE_IMAGES } from "../../../src/rulesets/faction-turn/images";
import { defineSamples, logLines, shownOdds, shownRoll, type GallerySample } from "../samples";
import { I18n, loadTranslations } from "../../harness/handlebars";
import { checkOdds } from "../../../src/core/rules/odds";
import { DEFAULT_CHECK_SETTINGS, type Tier } from "../../../src/core/rules/check";
import type { ActionCardContext, OddsContext } from "../../../src/core/chat/card-context";
import type { AssetSystem, FactionSystem } from "../../../src/rulesets/faction-turn/rules/state";
import { maxHp } from "../../../src/rulesets/faction-turn/rules/derived";
import { factionSheetContext, type SheetAssetInput } from "../../../src/rulesets/faction-turn/sheets/faction-sheet-context";
import { assetSheetContext, type SelectOption } from "../../../src/rulesets/faction-turn/sheets/asset-sheet-context";
import { FACTION_SHEET_TAB_PREFIX, FACTION_SHEET_TABS, navTabs, plainTabs } from "../../../src/rulesets/faction-turn/sheets/tabs";

const i18n = new I18n(loadTranslations());
const T = "systems/factions/templates";

/* -------------------------------------------- */
/*  Sample world                                 */
/* -------------------------------------------- */

const PLACES: Record<string, string> = {
  "name:Saltmarsh Docks": "Saltmarsh Docks",
  "name:Greyford Crossing": "Greyford Crossing",
  "Scene.iron0keep0000001": "The Iron Keep",
};
const locationLabel = (ref: string) => (ref ? (PLACES[ref] ?? i18n.localize("FACTIONS.Location.Missing")) : i18n.localize("FACTIONS.Location.None"));
const locations: SelectOption[] = [
  { value: "name:Saltmarsh Docks", label: "Saltmarsh Docks", group: i18n.localize("FACTIONS.Location.Named") },
  { value: "name:Greyford Crossing", label: "Greyford Crossing", group: i18n.localize("FACTIONS.Location.Named") },
  { value: "Scene.iron0keep0000001", label: "The Iron Keep", group: "Scenes" },
];

const asset = (id: string, name: string, over: Partial<AssetSystem> & Pick<AssetSystem, "attribute" | "location">): SheetAssetInput => ({
  id,
  name,
  img: packImage(name, FACTION_TURN_TYPE_IMAGES.Item.asset),
  system: {
    rating: 1,
    magic: "none",
    cost: 2,
    hp: { value: 4, max: 4 },
    attack: { attribute: over.attribute, defense: over.attribute, damage: "" },
    counter: "",
    subtle: false,
    stealth: false,
    base: false,
    exposed: false,
    ...over,
  },
});

const DOCKS = "name:Saltmarsh Docks";
const FORD = "name:Greyford Crossing";
const KEEP = "Scene.iron0keep0000001";

/** Eleven assets over three places: four Force assets against Force 3 (one over), one in Stealth. */
const ASSETS: SheetAssetInput[] = [
  asset("a01", "Infantry", { attribute: "force", location: DOCKS, rating: 1, cost: 3, hp: { value: 6, max: 6 }, attack: { attribute: "force", defense: "force", damage: "1d8" }, counter: "1d8" }),
  asset("a02", "Shieldwall Veterans", { attribute: "force", location: FORD, rating: 4, cost: 8, hp: { value: 5, max: 8 }, attack: { attribute: "force", defense: "force", damage: "1d10" }, counter: "1d8" }),
  asset("a03", "Mounted Scouts", { attribute: "force", location: FORD, rating: 2, cost: 4, hp: { value: 4, max: 4 }, attack: { attribute: "force", defense: "cunning", damage: "1d6" }, subtle: true }),
  asset("a04", "Siege Engineers", { attribute: "force", location: KEEP, rating: 5, cost: 10, hp: { value: 10, max: 10 }, attack: { attribute: "force", defense: "wealth", damage: "2d6" } }),
  asset("a05", "Harbor Office", { attribute: "wealth", location: DOCKS, cost: 0, hp: { value: 12, max: 15 }, base: true }),
  asset("a06", "Pedlar Caravan", { attribute: "wealth", location: DOCKS, rating: 1, hp: { value: 3, max: 4 }, counter: "1d4" }),
  asset("a07", "Toll Collectors", { attribute: "wealth", location: FORD, rating: 3, cost: 5, hp: { value: 5, max: 5 }, attack: { attribute: "wealth", defense: "wealth", damage: "1d6" }, counter: "1d4" }),
  asset("a08", "Informers", { attribute: "cunning", location: DOCKS, rating: 1, hp: { value: 3, max: 3 }, subtle: true }),
  asset("a09", "Knife in the Dark", { attribute: "cunning", location: KEEP, rating: 5, cost: 8, hp: { value: 4, max: 4 }, attack: { attribute: "cunning", defense: "cunning", damage: "2d4" }, counter: "1d4", stealth: true }),
  asset("a10", "Keep Quarter", { attribute: "cunning", location: KEEP, cost: 0, hp: { value: 8, max: 8 }, base: true }),
  asset("a11", "Smuggler Ring", { attribute: "cunning", location: FORD, rating: 2, cost: 4, hp: { value: 1, max: 4 }, counter: "1d4", exposed: true }),
];

const faction = (turn: Partial<FactionSystem["turn"]> = {}): FactionSystem & { hp: { max: number } } => {
  const system: FactionSystem = {
    force: 3,
    wealth: 4,
    cunning: 5,
    magic: "low",
    hp: { value: 14, override: null },
    treasure: 7,
    turn: { number: 4, started: true, action: "", created: false, healed: false, repairs: {}, ...turn },
  };
  return { ...system, hp: { ...system.hp, max: maxHp(system) } };
};

const DESCRIPTION =
  "<p>The <strong>Thornwall Marches</strong> hold the river fords between the salt flats and the hills. " +
  "Their captains answer to a council of toll-wardens who trust no one from the coast.</p>";

/** What `FactionSheet#_prepareContext` (+ the part contexts) gives, from plain data. */
function factionSheet(owner: boolean, system = faction(), active: "assets" | "description" = "assets") {
  const context = factionSheetContext({
    uuid: "Actor.thornwall000001",
    name: "The Thornwall Marches",
    img: thornwall.img,
    system,
    assets: ASSETS,
    owner,
    editable: owner,
    locationLabel,
    i18n,
  });
  const tabs = plainTabs(FACTION_SHEET_TABS, active, FACTION_SHEET_TAB_PREFIX);
  return {
    ...context,
    rootId: owner ? "faction-owner" : "faction-observer",
    tabs,
    navTabs: navTabs(tabs, i18n),
    description: { field: "system.description", source: DESCRIPTION, enriched: DESCRIPTION },
  };
}

/* -------------------------------------------- */
/*  Asset sheet                                  */
/* -------------------------------------------- */

const A = "FACTIONS.FactionTurn.Asset.FIELDS";
/** Stand-ins for the asset schema's fields, labelled as LOCALIZATION_PREFIXES labels them in Foundry. */
function field(path: string, extra: Record<string, unknown> = {}) {
  const key = `${A}.${path}`;
  const hint = i18n.has(`${key}.hint`) ? i18n.localize(`${key}.hint`) : undefined;
  return { fieldPath: `system.${path}`, label: i18n.localize(`${key}.label`), hint, ...extra };
}
const attributeChoices = ["force", "wealth", "cunning"].map((value) => ({ value, label: i18n.localize(`FACTIONS.Attribute.${value}`) }));
const magicChoices = ["none", "low", "medium", "high"].map((value) => ({ value, label: i18n.localize(`FACTIONS.Magic.${value}`) }));
const systemFields = {
  attribute: field("attribute", { choices: attributeChoices }),
  rating: field("rating", { min: 1, max: 8, integer: true }),
  magic: field("magic", { choices: magicChoices }),
  cost: field("cost", { min: 0, integer: true }),
  hp: {
    ...field("hp"),
    fields: { value: field("hp.value", { min: 0, integer: true }), max: field("hp.max", { min: 1, integer: true }) },
  },
  attack: {
    ...field("attack"),
    fields: {
      attribute: field("attack.attribute", { choices: attributeChoices }),
      defense: field("attack.defense", { choices: attributeChoices }),
      damage: field("attack.damage", { type: "string" }),
    },
  },
  counter: field("counter", { type: "string" }),
  subtle: field("subtle", { type: "boolean" }),
  stealth: field("stealth", { type: "boolean" }),
  location: field("location", { choices: locations }),
  base: field("base", { type: "boolean" }),
  exposed: field("exposed", { type: "boolean" }),
  description: field("description", { type: "html" }),
};

function assetSheet(id: string, description: string) {
  const item = ASSETS.find((a) => a.id === id)!;
  const system = { ...item.system, description } as AssetSystem;
  const context = assetSheetContext({
    uuid: `Actor.thornwall000001.Item.${id}`,
    id,
    name: item.name,
    img: item.img,
    system,
    systemFields,
    editable: true,
    faction: { name: "The Thornwall Marches", owner: true, system: faction(), assets: ASSETS },
    locations,
    description: { enriched: description },
    i18n,
  });
  return { ...context, rootId: `asset-${id}` };
}

/* -------------------------------------------- */
/*  Cards and odds                               */
/* -------------------------------------------- */

const L = (key: string) => i18n.localize(key);
const LOG = (key: string, data: Record<string, string | number>) => i18n.format(`FACTIONS.FactionTurn.Log.${key}`, data);
const tier = (t: Tier) => L(`FACTIONS.Check.Tier.${t}`);
const thornwall = { name: "The Thornwall Marches", img: packImage("The Thornwall Marches", FACTION_TURN_TYPE_IMAGES.Actor.faction), uuid: "Actor.thornwall000001" };
const ashen = { name: "The Order of the Ashen Lantern", img: packImage("The Order of the Ashen Lantern", FACTION_TURN_TYPE_IMAGES.Actor.faction), uuid: "Actor.ashen0000000001" };
/** A check side as the card renderer gives it; the breakdown names the attribute used. */
const roll = (die: number, rating: number, attribute = "Force") =>
  shownRoll({
    breakdown: `${attribute} +${rating}`,
    formula: rating ? `1d10 + ${rating}` : "1d10",
    die,
    rating,
    total: die + rating,
  });
const apply = { action: "apply", label: L("FACTIONS.Card.Apply"), icon: "fa-solid fa-check" };
const undo = { action: "undo", label: L("FACTIONS.Card.Undo"), icon: "fa-solid fa-rotate-left" };

const attackSuccess: ActionCardContext = {
  actor: thornwall,
  title: L("FACTIONS.FactionTurn.Action.attack"),
  icon: "fa-solid fa-crosshairs",
  img: FACTION_TURN_ACTION_IMAGES.attack,
  status: "resolved",
  statusText: L("FACTIONS.Card.Status.resolved"),
  checks: [
    {
      label: "Infantry vs Idealistic Thugs: Force vs Force",
      actor: roll(7, 3),
      opposition: roll(2, 4),
      margin: 4,
      marginText: "+4",
      tier: "success",
      tierLabel: tier("success"),
      success: true,
      ties: 0,
    },
  ],
  rolls: [{ label: "Damage to Idealistic Thugs", formula: "1d8", total: 5 }],
  ...logLines(LOG("Attacks", { attacker: "Infantry", defender: "Idealistic Thugs" }), LOG("AssetDamaged", { asset: "Idealistic Thugs", damage: 5, hp: 3 })),
  footer: L("FACTIONS.Card.NotApplied"),
  unnoticed: false,
  buttons: [apply],
};

const attackFailure: ActionCardContext = {
  actor: thornwall,
  title: L("FACTIONS.FactionTurn.Action.attack"),
  icon: "fa-solid fa-crosshairs",
  img: FACTION_TURN_ACTION_IMAGES.attack,
  status: "resolved",
  statusText: L("FACTIONS.Card.Status.resolved"),
  checks: [
    {
      label: "Mounted Scouts vs Lantern Wardens: Force vs Cunning",
      actor: roll(3, 2),
      opposition: roll(9, 5),
      margin: -9,
      marginText: "\u22129",
      tier: "failure",
      tierLabel: tier("failure"),
      success: false,
      ties: 1,
    },
  ],
  rolls: [{ label: "Counterattack on Mounted Scouts", formula: "1d6", total: 4 }],
  ...logLines(LOG("Attacks", { attacker: "Mounted Scouts", defender: "Lantern Wardens" }),
    LOG("AssetDamaged", { asset: "Mounted Scouts", damage: 4, hp: 0 }),
    LOG("AssetDestroyed", { asset: "Mounted Scouts" })),
  footer: L("FACTIONS.Card.NotApplied"),
  unnoticed: false,
  buttons: [apply],
};

const repair: ActionCardContext = {
  actor: thornwall,
  title: L("FACTIONS.FactionTurn.Action.repair"),
  icon: "fa-solid fa-screwdriver-wrench",
  img: FACTION_TURN_ACTION_IMAGES.repair,
  status: "resolved",
  statusText: L("FACTIONS.Card.Status.resolved"),
  checks: [],
  rolls: [],
  ...logLines(LOG("Repaired", { asset: "Shieldwall Veterans", fixes: 2, cost: 3, amount: 4, hp: 8 }),
    LOG("FactionHealed", { faction: "The Thornwall Marches", amount: 4, hp: 18 }),
    "Treasure: 7 → 3."),
  footer: L("FACTIONS.Card.NotApplied"),
  unnoticed: true,
  buttons: [],
};

const awaiting: ActionCardContext = {
  actor: thornwall,
  title: L("FACTIONS.FactionTurn.Action.attack"),
  icon: "fa-solid fa-crosshairs",
  img: FACTION_TURN_ACTION_IMAGES.attack,
  status: "awaiting",
  statusText: L("FACTIONS.Card.Status.awaiting"),
  checks: [],
  rolls: [],
  ...logLines("Infantry and Siege Engineers attack The Order of the Ashen Lantern at Saltmarsh Docks and The Iron Keep."),
  footer: i18n.format("FACTIONS.Card.Awaiting", { actor: ashen.name, prompt: "choose the defending assets" }),
  unnoticed: false,
  buttons: [{ action: "answer", label: L("FACTIONS.Card.Answer"), icon: "fa-solid fa-shield-halved", data: { "defender-uuid": ashen.uuid } }],
};

const applied: ActionCardContext = {
  ...attackSuccess,
  status: "applied",
  statusText: L("FACTIONS.Card.Status.applied"),
  footer: i18n.format("FACTIONS.Card.AppliedBy", { user: "Gamemaster" }),
  buttons: [undo],
};

/** An archived card: no Undo, and the footer says it can no longer be undone. */
const archived: ActionCardContext = {
  ...applied,
  footer: `${i18n.format("FACTIONS.Card.AppliedBy", { user: "Gamemaster" })} ${L("FACTIONS.Card.Archived")}`,
  buttons: [],
};

/** As `oddsContext` gives it: Cunning 5 (+1 situational) vs Cunning 4, four tiers. */
function odds(): OddsContext {
  const chances = checkOdds(6, 4, "fourTier", DEFAULT_CHECK_SETTINGS);
  const tiers: Tier[] = ["completeFailure", "failure", "success", "completeSuccess"];
  return shownOdds({
    actor: [
      { label: L("FACTIONS.Attribute.cunning"), value: 5 },
      { label: L("FACTIONS.Check.Situational"), value: 1 },
    ],
    opposition: [{ label: L("FACTIONS.Attribute.cunning"), value: 4 }],
    actorTotal: 6,
    oppositionTotal: 4,
    tiers: tiers.map((t) => ({ tier: t, label: tier(t), value: chances[t], percent: `${(chances[t] * 100).toFixed(1)}%` })),
  });
}

/* -------------------------------------------- */

const sheet = (id: string, title: string, context: object, wrapperClass: string, width: number, template: string): GallerySample => ({
  id,
  title,
  template,
  context,
  width,
  wrapperClass,
  kind: "sheet",
});
const card = (id: string, title: string, context: ActionCardContext): GallerySample => ({
  id,
  title,
  template: `${T}/core/action-card.hbs`,
  context,
  width: 300,
  kind: "card",
});

const FACTION_SHEET = "test/gallery/fixtures/faction-turn/faction-sheet.hbs";
const FACTION_CLASSES = "factions sheet actor factions-faction";
const ASSET_CLASSES = "factions sheet item factions-asset";

export default defineSamples([
  sheet("faction-turn-faction-sheet", "The Thornwall Marches", factionSheet(true), FACTION_CLASSES, 720, FACTION_SHEET),
  sheet("faction-turn-faction-sheet-observer", "The Thornwall Marches (observer)", factionSheet(false), FACTION_CLASSES, 720, FACTION_SHEET),
  sheet(
    "faction-turn-faction-sheet-not-started",
    "The Thornwall Marches (turn not started, description)",
    factionSheet(true, faction({ started: false, number: 3 }), "description"),
    FACTION_CLASSES,
    720,
    FACTION_SHEET,
  ),
  sheet(
    "faction-turn-faction-sheet-action-taken",
    "The Thornwall Marches (action taken)",
    factionSheet(true, faction({ action: "attack" })),
    FACTION_CLASSES,
    720,
    FACTION_SHEET,
  ),
  sheet(
    "faction-turn-asset-sheet-attack",
    "Shieldwall Veterans",
    assetSheet("a02", "<p>Veterans of the river wars who hold a line of shields at the ford.</p>"),
    ASSET_CLASSES,
    520,
    `${T}/faction-turn/asset-sheet.hbs`,
  ),
  sheet(
    "faction-turn-asset-sheet-base",
    "Harbor Office",
    assetSheet("a05", "<p>A Base of Influence: the customs house of the Saltmarsh Docks.</p>"),
    ASSET_CLASSES,
    520,
    `${T}/faction-turn/asset-sheet.hbs`,
  ),
  card("faction-turn-card-attack-success", "Attack: success with damage", attackSuccess),
  card("faction-turn-card-attack-failure", "Attack: failure, counterattack, a tie rolled again", attackFailure),
  card("faction-turn-card-repair", "Repair Asset: no checks (unnoticed)", repair),
  card("faction-turn-card-awaiting", "Attack: awaiting the defender", awaiting),
  card("faction-turn-card-applied", "Attack: applied, with Undo", applied),
  card("faction-turn-card-archived", "Attack: applied, archived (no Undo)", archived),
  {
    id: "faction-turn-odds",
    title: "Odds",
    template: `${T}/core/odds.hbs`,
    context: odds(),
    width: 420,
    wrapperClass: "factions factions-dialog dialog",
    kind: "dialog",
  },
]);
