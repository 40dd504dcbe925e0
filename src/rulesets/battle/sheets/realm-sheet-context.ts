/**
 * The realm sheet's render context from plain data (the rules' state and a few document facts),
 * so the sheet, its tests and the gallery build the same thing without Foundry. Everything the
 * templates print is localized here.
 */
import { counted } from "../../../core/rules/outcome";
import { shownNumber, signed } from "../../../core/format";
import { escapeHtml } from "../../../core/html";
import { renderTexts, type Localizer } from "../../../core/sheets/text";
import { readyFighters, targetChoices } from "../apps/targets";
import { BATTLE_TYPE_IMAGES } from "../images";
import { statsLabeler, type StatsView } from "./stats";
import {
  ATTACKS_PER_TURN,
  canPay,
  CardIndex,
  ITEM_TYPES,
  locationOwner,
  PlaceIndex,
  RESOURCES,
  type BattleState,
  type BuildingItem,
  type CharacterItem,
  type FortificationItem,
  type LocationItem,
  type RealmItem,
  type RealmState,
  type Resources,
  type TechnologyItem,
  type UnitItem,
  type UnitSpec,
} from "../rules";

import { ROWS_SHOWN, type RealmList } from "./realm-lists";

export { REALM_LISTS, ROWS_SHOWN, isRealmList, type RealmList } from "./realm-lists";

export type RealmActionId = "startTurn" | "endTurn" | "attack" | "attackCitadel" | "reinforce" | "playCharacter" | "draw" | "citadelLoss";

export interface DeckInfo {
  /** The world Cards ids the realm names (its `system.decks`). */
  deck: string;
  hand: string;
  pile: string;
  /** Every world Cards stack by type, for the selects. */
  stacks: { id: string; name: string; type: "deck" | "hand" | "pile" | string }[];
  /** Cards left to draw, cards in hand (character cards), cards in the pile. */
  deckLeft: number;
  inHand: number;
  inPile: number;
  /** The name of each of the realm's stacks the viewer may not move cards from or into ("" where they may). */
  foreign: { deck: string; hand: string; pile: string };
}

export interface RealmSheetInput {
  state: BattleState;
  /** The realm's UUID (its key in `state.realms`). */
  realm: string;
  img: string;
  /** Images of the realm's items, and of the locations it captured, by id. */
  images: Record<string, string>;
  description: string;
  decks: DeckInfo;
  owner: boolean;
  editable: boolean;
  /** The viewer is a GM (who alone creates card stacks). */
  gm: boolean;
  i18n: Localizer;
  /** Rows to show of each list (missing: `ROWS_SHOWN`; Infinity: all). */
  shown?: Partial<Record<RealmList, number>>;
}

export interface ActionButton {
  id: RealmActionId;
  label: string;
  icon: string;
  disabled: boolean;
  /** Why it is disabled ("" if it is not), as text. */
  reason: string;
  /** The reason as HTML, for `data-tooltip` (names in it escaped). */
  tooltip: string;
}

export interface Tag {
  key: string;
  label: string;
}

export interface Bar {
  value: number;
  max: number;
  pct: number;
  text: string;
  level: "low" | "mid" | "high";
}

export interface UseButton {
  label: string;
  disabled: boolean;
  /** Why it is disabled ("" if it is not), as text. */
  reason: string;
  /** The reason as HTML, for `data-tooltip` (names in it escaped). */
  tooltip: string;
}

/** The end of a list showing its first rows only: how many are not shown, and the buttons for more. */
export interface MoreRows {
  list: RealmList;
  hidden: string;
  more: string;
  all: string;
}

export interface RealmSheetContext {
  uuid: string;
  name: string;
  img: string;
  owner: boolean;
  editable: boolean;
  resources: { key: string; name: string; label: string; value: number }[];
  support: { name: string; label: string; value: number };
  attacks: { label: string; left: number; max: number; pips: boolean[]; text: string };
  turn: { label: string; value: number };
  owed: { count: number; text: string } | null;
  actions: ActionButton[];
  locations: { id: string; name: string; img: string; bar: Bar; ownerText: string; tags: Tag[]; fortifications: string }[];
  buildings: { id: string; name: string; img: string; subtype: string; costText: string; unitText: string; tags: Tag[]; use: UseButton | null }[];
  technologies: { id: string; name: string; img: string; costText: string; builtAt: string; requires: string; unitText: string; tags: Tag[]; use: UseButton | null }[];
  fortifications: { id: string; name: string; img: string; stats: StatsView; range: string; locationText: string }[];
  unitGroups: { source: string; name: string; count: string; units: { id: string; name: string; stats: StatsView; support: string; tags: Tag[] }[] }[];
  characters: { id: string; name: string; img: string; stats: StatsView; unitType: string; text: string; costText: string; tags: Tag[] }[];
  /** The lists that do not show every row. */
  more: Partial<Record<RealmList, MoreRows>>;
  decks: {
    fields: { key: "deck" | "hand" | "pile"; name: string; label: string; options: { value: string; label: string; selected: boolean }[] }[];
    counts: string;
    /** For a GM, when a stack is unset or gone: the button that creates the missing ones. */
    setUp: { label: string; hint: string } | null;
  };
  description: { field: string; source: string; enriched: string };
  labels: Record<
    | "name" | "editImage" | "actions" | "locations" | "noLocations" | "city" | "buildings" | "noBuildings" | "technologies" | "noTechnologies"
    | "fortifications" | "noFortifications" | "units" | "noUnits" | "characters" | "noCharacters" | "decks" | "none" | "open" | "delete" | "resources",
    string
  >;
}

const S = "FACTIONS.Battle.Sheet";

export function costText(cost: Resources, i18n: Localizer): string {
  const parts = RESOURCES.filter((r) => cost[r] > 0).map((r) => i18n.format(`${S}.Amount.${r}`, { n: cost[r] }));
  return parts.length ? parts.join(", ") : i18n.localize(`${S}.Free`);
}

export function unitText(unit: UnitSpec | null, i18n: Localizer): string {
  if (!unit) return "";
  return i18n.format(`${S}.UnitLine`, { name: unit.name, cost: costText(unit.cost, i18n), a: unit.a, d: unit.d, s: unit.s, support: signed(unit.support) });
}

function bar(value: number, max: number, text: string): Bar {
  const pct = max > 0 ? Math.max(0, Math.min(100, Math.round((value / max) * 100))) : 0;
  return { value, max, pct, text, level: pct <= 34 ? "low" : pct <= 67 ? "mid" : "high" };
}

/** The realm's stacks that are unset or no longer in the world. */
export function missingStacks(d: DeckInfo): ("deck" | "hand" | "pile")[] {
  const present = new Set(d.stacks.map((s) => s.id));
  return (["deck", "hand", "pile"] as const).filter((k) => !d[k] || !present.has(d[k]));
}

export function realmSheetContext(input: RealmSheetInput): RealmSheetContext {
  const { state } = input;
  // Each text is looked up once per render, however many cards use it.
  const { L, F } = renderTexts(input.i18n);
  const i18n: Localizer = { localize: L, format: F };
  const realm = state.realms[input.realm] as RealmState;
  const sys = realm.system;
  const items = realm.items;
  // An item without an image of its own (or another realm's, whose images are not given) shows its type's.
  const typeImage = (it: RealmItem) => (BATTLE_TYPE_IMAGES.Item as Record<string, string>)[ITEM_TYPES[it.type]]!;
  const img = (it: RealmItem) => input.images[it.id] || typeImage(it);
  // One tag object and one support text per kind, shared by every row.
  const tagObjects = new Map<string, Tag>();
  const tag = (key: string) => tagObjects.get(key) ?? tagObjects.set(key, { key, label: L(`${S}.Tag.${key}`) }).get(key)!;
  const supports = new Map<number, string>();
  const supportText = (support: number) => supports.get(support) ?? supports.set(support, F(`${S}.SupportOf`, { support: shownNumber(support) })).get(support)!;
  const statsOf = statsLabeler(i18n);
  // Every lookup below is O(1): the sheet stays linear in the realm's cards.
  const cards = new CardIndex(realm);
  const places = new PlaceIndex(state);

  // Each list builds the rows it shows, and counts the rest.
  const limit = (list: RealmList) => input.shown?.[list] ?? ROWS_SHOWN;
  const more: RealmSheetContext["more"] = {};
  const countHidden = (list: RealmList, total: number) => {
    const hidden = total - Math.min(total, limit(list));
    if (hidden > 0) {
      more[list] = {
        list,
        hidden: F(counted(`${S}.NotShown`, hidden), { count: hidden }),
        more: F(`${S}.ShowMore`, { count: Math.min(hidden, ROWS_SHOWN) }),
        all: F(`${S}.ShowAll`, { count: total }),
      };
    }
  };
  const page = <T, R>(list: RealmList, all: readonly T[], row: (x: T) => R): R[] => {
    countHidden(list, all.length);
    return all.slice(0, limit(list)).map(row);
  };

  // Locations the realm controls: its own items not captured, and others' items it captured.
  const held: { holder: RealmState; loc: LocationItem; controller: string }[] = [];
  for (const holder of Object.values(state.realms)) {
    for (const it of holder.items) {
      if (it.type !== "location") continue;
      const controller = locationOwner(holder, it);
      // Its own, captured from others, or lost to others.
      if (controller === realm.id || holder.id === realm.id) held.push({ holder, loc: it, controller });
    }
  }
  const locations = page("locations", held, ({ holder, loc, controller }) => {
    const mine = controller === realm.id;
    const lost = !mine;
    const tags: Tag[] = [];
    if (loc.system.damaged) tags.push(tag("damaged"));
    if (mine && holder.id !== realm.id) tags.push(tag("captured"));
    if (lost) tags.push(tag("lost"));
    const ownerText = lost
      ? F(`${S}.HeldBy`, { realm: state.realms[controller]?.name ?? "?" })
      : holder.id !== realm.id
        ? F(`${S}.CapturedFrom`, { realm: holder.name })
        : L(`${S}.Held`);
    const forts = places.fortificationsAt(loc.id).map((f) => f.fortification.name).join(", ");
    return {
      id: loc.id,
      name: loc.name,
      img: img(loc),
      bar: bar(loc.system.control, loc.system.maxControl, F(`${S}.Control`, { control: loc.system.control, max: loc.system.maxControl })),
      ownerText,
      tags,
      fortifications: forts ? F(`${S}.FortifiedBy`, { names: forts }) : "",
    };
  });

  const useBuilding = (b: BuildingItem): UseButton | null => {
    if (!b.system.military || !b.system.unit) return null;
    let why = "";
    if (b.system.usedThisTurn) why = F("FACTIONS.Battle.Reject.BuildingUsed", { building: b.name });
    else if (!canPay(sys.resources, b.system.unit.cost)) why = F(`${S}.CannotAfford`, { name: b.system.unit.name, cost: costText(b.system.unit.cost, i18n) });
    return { label: F(`${S}.Make`, { unit: b.system.unit.name }), disabled: !input.owner || !!why, reason: why, tooltip: escapeHtml(why) };
  };
  const useTech = (t: TechnologyItem, missing: string | undefined): UseButton | null => {
    if (!t.system.unit) return null;
    const at = cards.militaryFor(t);
    let why = "";
    if (missing !== undefined) why = F("FACTIONS.Battle.Reject.MissingRequirement", { technology: t.name, requirement: missing });
    else if (!at.length) why = F("FACTIONS.Battle.Action.Error.NoBuildingFor", { technology: t.name, builtAt: t.system.builtAt });
    else if (at.every((b) => b.system.usedThisTurn)) why = F("FACTIONS.Battle.Reject.BuildingUsed", { building: at.map((b) => b.name).join(", ") });
    else if (!canPay(sys.resources, t.system.unit.cost)) why = F(`${S}.CannotAfford`, { name: t.system.unit.name, cost: costText(t.system.unit.cost, i18n) });
    return { label: F(`${S}.Make`, { unit: t.system.unit.name }), disabled: !input.owner || !!why, reason: why, tooltip: escapeHtml(why) };
  };

  const buildings = page(
    "buildings",
    items.filter((i): i is BuildingItem => i.type === "building"),
    (b) => {
      const tags: Tag[] = [];
      if (b.system.citadel) tags.push(tag("citadel"));
      if (b.system.military) tags.push(tag("military"));
      if (b.system.usedThisTurn) tags.push(tag("used"));
      return { id: b.id, name: b.name, img: img(b), subtype: b.system.subtype, costText: costText(b.system.cost, i18n), unitText: unitText(b.system.unit, i18n), tags, use: useBuilding(b) };
    },
  );
  const technologies = page(
    "technologies",
    items.filter((i): i is TechnologyItem => i.type === "technology"),
    (t) => {
      const missing = cards.missingRequirement(t);
      const tags: Tag[] = [];
      if (t.system.usedThisTurn) tags.push(tag("used"));
      if (missing !== undefined) tags.push(tag("missing"));
      return {
        id: t.id,
        name: t.name,
        img: img(t),
        costText: costText(t.system.cost, i18n),
        builtAt: t.system.builtAt ? F(`${S}.BuiltAt`, { building: t.system.builtAt }) : "",
        requires: t.system.requires.length ? F(`${S}.Requires`, { cards: t.system.requires.join(", ") }) : "",
        unitText: unitText(t.system.unit, i18n),
        tags,
        use: useTech(t, missing),
      };
    },
  );
  const locationName = (id: string) => places.location(id)?.location.name ?? L(`${S}.NoLocation`);
  const fortifications = page(
    "fortifications",
    items.filter((i): i is FortificationItem => i.type === "fortification"),
    (f) => ({
      id: f.id,
      name: f.name,
      img: img(f),
      stats: statsOf(f.system),
      range: f.system.range ? F("FACTIONS.Battle.Window.Range", { x: f.system.range.x, y: f.system.range.y }) : "",
      locationText: F(`${S}.StandsOn`, { location: locationName(f.system.location) }),
    }),
  );

  const unitTags = (u: UnitItem | CharacterItem) => {
    const tags: Tag[] = [];
    if (u.system.exhausted) tags.push(tag("exhausted"));
    if (u.system.inOffensive) tags.push(tag("inOffensive"));
    return tags;
  };
  // Unit counters by the card they sit on, groups in card order; the rows shown are the first groups' first counters.
  const groups = new Map<string, { source: RealmItem | undefined; units: UnitItem[] }>();
  for (const u of items) {
    if (u.type !== "unit") continue;
    const source = cards.item(u.system.source);
    const key = source ? source.id : "";
    const group = groups.get(key);
    if (group) group.units.push(u);
    else groups.set(key, { source, units: [u] });
  }
  const unitGroups: RealmSheetContext["unitGroups"] = [];
  let left = limit("units");
  let unitTotal = 0;
  for (const [key, { source, units }] of groups) {
    unitTotal += units.length;
    if (left <= 0) continue;
    const shown = units.slice(0, left);
    left -= shown.length;
    unitGroups.push({
      source: key,
      name: source?.name ?? L(`${S}.NoSource`),
      count: F(`${S}.Count`, { count: units.length }),
      units: shown.map((u) => ({ id: u.id, name: u.name, stats: statsOf(u.system), support: supportText(u.system.support), tags: unitTags(u) })),
    });
  }
  countHidden("units", unitTotal);
  const characters = page(
    "characters",
    items.filter((i): i is CharacterItem => i.type === "character"),
    (c) => ({
      id: c.id,
      name: c.name,
      img: img(c),
      stats: statsOf(c.system),
      unitType: c.system.unitType ? F(`${S}.UnitType`, { type: c.system.unitType }) : "",
      text: c.system.text,
      costText: costText(c.system.cost, i18n),
      tags: unitTags(c),
    }),
  );

  // Actions.
  const ready = readyFighters(realm, "attacker").length > 0;
  const attacksLeft = sys.attacksLeft;
  const fightReason = (targets: number, none: string) =>
    !sys.started
      ? F("FACTIONS.Battle.Reject.TurnNotStarted", { realm: realm.name })
      : attacksLeft < 1
        ? F("FACTIONS.Battle.Reject.NoAttacksLeft", { realm: realm.name })
        : !ready
          ? L(`${S}.NoReadyUnits`)
          : targets === 0
            ? L(none)
            : "";
  const enemyTargets = targetChoices(state, realm.id, "attack");
  const citadels = enemyTargets.filter((c) => c.target.kind === "citadel").length;
  const reinforceable = targetChoices(state, realm.id, "reinforce").length;
  const d = input.decks;
  const notYours = (stack: string) => (stack ? F("FACTIONS.Battle.Card.NotYours", { stack }) : "");
  const actions: ActionButton[] = input.owner
    ? [
        // Start Turn first while no turn is under way; during one, its actions first and End Turn (passing) last.
        ...(sys.started ? [] : [{ id: "startTurn", icon: "fa-solid fa-hourglass-start", tooltip: "" }]),
        { id: "attack", icon: "fa-solid fa-swords", tooltip: fightReason(enemyTargets.length - citadels, "FACTIONS.Battle.Window.NoTargets") },
        { id: "attackCitadel", icon: "fa-solid fa-chess-rook", tooltip: fightReason(citadels, `${S}.NoCitadels`) },
        { id: "reinforce", icon: "fa-solid fa-flag", tooltip: fightReason(reinforceable, "FACTIONS.Battle.Window.NoReinforceTargets") },
        { id: "draw", icon: "fa-solid fa-cards-blank", tooltip: !d.deck || !d.hand ? F("FACTIONS.Battle.Card.NoDecks", { realm: realm.name }) : d.deckLeft < 1 ? L(`${S}.DeckEmpty`) : notYours(d.foreign.deck || d.foreign.hand) },
        {
          id: "playCharacter",
          icon: "fa-solid fa-user-plus",
          tooltip: !d.hand
            ? F("FACTIONS.Battle.Card.NoDecks", { realm: realm.name })
            : d.inHand < 1
              ? F("FACTIONS.Battle.Action.Error.EmptyHand", { realm: realm.name })
              : notYours(d.foreign.hand || (d.pile ? d.foreign.pile : d.foreign.deck)),
        },
        ...(sys.buildingsToDestroy > 0 ? [{ id: "citadelLoss" as const, icon: "fa-solid fa-house-crack", tooltip: "" }] : []),
        ...(sys.started ? [{ id: "endTurn", icon: "fa-solid fa-hourglass-end", tooltip: "" }] : []),
      ].map(({ tooltip, ...a }) => ({ ...a, id: a.id as RealmActionId, label: L(`${S}.Action.${a.id}`), disabled: tooltip !== "", reason: tooltip, tooltip: escapeHtml(tooltip) }))
    : [];

  const stackOptions = (type: string, current: string) => [
    { value: "", label: L(`${S}.NoStack`), selected: current === "" },
    ...d.stacks.filter((s) => s.type === type).map((s) => ({ value: s.id, label: s.name, selected: s.id === current })),
  ];

  return {
    uuid: realm.id,
    name: realm.name,
    img: input.img,
    owner: input.owner,
    editable: input.editable,
    resources: RESOURCES.map((r) => ({ key: r, name: `system.resources.${r}`, label: L(`FACTIONS.Battle.Realm.FIELDS.resources.${r}.label`), value: sys.resources[r] })),
    support: { name: "system.support", label: L("FACTIONS.Battle.Realm.FIELDS.support.label"), value: sys.support },
    attacks: {
      label: L("FACTIONS.Battle.Realm.FIELDS.attacksLeft.label"),
      left: attacksLeft,
      max: ATTACKS_PER_TURN,
      pips: Array.from({ length: ATTACKS_PER_TURN }, (_, i) => i < attacksLeft),
      text: F(`${S}.AttacksLeft`, { left: attacksLeft, max: ATTACKS_PER_TURN }),
    },
    turn: { label: L("FACTIONS.Battle.Realm.FIELDS.turn.label"), value: sys.turn },
    owed: sys.buildingsToDestroy > 0 ? { count: sys.buildingsToDestroy, text: F(counted(`${S}.Owed`, sys.buildingsToDestroy), { count: sys.buildingsToDestroy }) } : null,
    actions,
    locations,
    buildings,
    technologies,
    fortifications,
    unitGroups,
    characters,
    more,
    decks: {
      fields: (["deck", "hand", "pile"] as const).map((key) => ({ key, name: `system.decks.${key}`, label: L(`FACTIONS.Battle.Realm.FIELDS.decks.${key}.label`), options: stackOptions(key, d[key]) })),
      counts: F(`${S}.DeckCounts`, { deck: d.deckLeft, hand: d.inHand, pile: d.inPile }),
      setUp: input.gm && missingStacks(d).length ? { label: L(`${S}.SetUpStacks`), hint: L(`${S}.SetUpStacksHint`) } : null,
    },
    description: { field: "system.description", source: input.description, enriched: input.description },
    labels: {
      name: L(`${S}.Name`),
      editImage: L(`${S}.EditImage`),
      actions: L(`${S}.Actions`),
      locations: L(`${S}.Locations`),
      noLocations: L(`${S}.NoLocations`),
      city: L(`${S}.City`),
      buildings: L(`${S}.Buildings`),
      noBuildings: L(`${S}.NoBuildings`),
      technologies: L(`${S}.Technologies`),
      noTechnologies: L(`${S}.NoTechnologies`),
      fortifications: L(`${S}.Fortifications`),
      noFortifications: L(`${S}.NoFortifications`),
      units: L(`${S}.Units`),
      noUnits: L(`${S}.NoUnits`),
      characters: L(`${S}.Characters`),
      noCharacters: L(`${S}.NoCharacters`),
      decks: L(`${S}.Decks`),
      none: L(`${S}.NoStack`),
      open: L(`${S}.Open`),
      delete: L(`${S}.Delete`),
      resources: L(`${S}.Resources`),
    },
  };
}

export type { RealmItem };
