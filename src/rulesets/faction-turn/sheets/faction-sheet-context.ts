/**
 * The render context of the faction sheet, built from plain data so it runs
 * (and is tested, and feeds the gallery) without Foundry. Everything the
 * templates print is already localized here: the templates hold no
 * `{{localize}}` of their own, and each label is looked up once per render,
 * never once per asset.
 */
import { counted } from "../../../core/rules/outcome";
import type { FactionActionId } from "../actions";
import { ATTRIBUTES, MAGIC_LEVELS, type AssetSystem, type Attribute, type FactionSystem } from "../rules/state";
import { income } from "../rules/derived";
import { visibleAssets } from "../rules/visibility";
import { actionKey } from "../rules/context";
import { compileFill, fill, type Localizer } from "../../../core/sheets/text";


export interface SheetAssetInput {
  id: string;
  name: string;
  img: string;
  system: AssetSystem;
}

export interface FactionSheetInput {
  uuid: string;
  name: string;
  img: string;
  /** Prepared system data: stored fields plus the derived `hp.max`. */
  system: FactionSystem & { hp: { max: number } };
  assets: readonly SheetAssetInput[];
  /** The viewer owns the faction (sees Stealth assets, may act). */
  owner: boolean;
  /** The viewer may edit the sheet's fields. */
  editable: boolean;
  locationLabel: (ref: string) => string;
  i18n: Localizer;
}

export interface Option {
  value: string;
  label: string;
  selected: boolean;
}

export interface HpBar {
  value: number;
  max: number;
  /** 0–100, for the bar's width. */
  pct: number;
  text: string;
  /** `low` at a third or less, `mid` at two thirds or less, else `high`. */
  level: "low" | "mid" | "high";
}

export interface AssetTag {
  key: "subtle" | "stealth" | "base" | "exposed";
  label: string;
  hint: string;
}

/** One asset's row: only what the row shows. */
export interface AssetRow {
  id: string;
  name: string;
  img: string;
  attribute: Attribute;
  ratingText: string;
  hp: HpBar;
  /** The attack in words, or the "no attack" label. */
  attack: string;
  /** The counter in words, or the "no counter" label. */
  counter: string;
  /** Classes of the combat column: `asset-combat`, with `no-attack` / `no-counter` to mute a label. */
  combat: string;
  tags: AssetTag[];
}

export interface AssetGroup {
  location: string;
  label: string;
  count: string;
  assets: AssetRow[];
}

export interface CapLine {
  attribute: Attribute;
  text: string;
  status: string;
  over: boolean;
}

export interface ActionButton {
  id: FactionActionId;
  label: string;
  icon: string;
  disabled: boolean;
  /** Why it is disabled ("" when enabled). */
  tooltip: string;
}

export interface FactionSheetContext {
  uuid: string;
  name: string;
  img: string;
  owner: boolean;
  editable: boolean;
  destroyed: boolean;
  attributes: { key: Attribute; name: string; label: string; hint: string; value: number }[];
  magic: { name: string; label: string; value: string; valueLabel: string; options: Option[] };
  hp: HpBar & { override: number | null; overridden: boolean };
  treasure: number;
  income: string;
  turn: { number: number; started: boolean; numberText: string; stateText: string; actionText: string };
  caps: CapLine[];
  groups: AssetGroup[];
  assetCount: number;
  actions: ActionButton[];
  labels: Record<
    | "name"
    | "attributes"
    | "magic"
    | "hp"
    | "hpOverride"
    | "hpOverrideHint"
    | "hpOverridden"
    | "treasure"
    | "turn"
    | "caps"
    | "destroyed"
    | "noAssets"
    | "attack"
    | "counter"
    | "open"
    | "delete"
    | "editImage"
    | "actions",
    string
  >;
}

const ACTION_ICONS: Record<FactionActionId, string> = {
  start: "fa-solid fa-play",
  end: "fa-solid fa-flag-checkered",
  attack: "fa-solid fa-crosshairs",
  move: "fa-solid fa-route",
  repair: "fa-solid fa-screwdriver-wrench",
  expand: "fa-solid fa-flag",
  create: "fa-solid fa-plus",
  hide: "fa-solid fa-user-secret",
  sell: "fa-solid fa-coins",
};

/** The actions of a turn, in the order of the actions bar: Start Turn before them, End Turn after them. */
const TURN_ACTIONS = ["attack", "move", "repair", "expand", "create", "hide", "sell"] as const satisfies readonly FactionActionId[];

/** One collator for every render: building one is far dearer than a comparison. */
const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

/** The combat column's classes by (no attack) + 2 × (no counter). */
const COMBAT_CLASSES = ["factions-asset-combat", "factions-asset-combat factions-no-attack", "factions-asset-combat factions-no-counter", "factions-asset-combat factions-no-attack factions-no-counter"] as const;

export function hpBar(value: number, max: number, text: (data: { value: number; max: number }) => string): HpBar {
  const ratio = max > 0 ? Math.min(1, Math.max(0, value / max)) : 0;
  return {
    value,
    max,
    pct: Math.round(ratio * 100),
    text: text({ value, max }),
    level: ratio <= 1 / 3 ? "low" : ratio <= 2 / 3 ? "mid" : "high",
  };
}

/** Localized labels of the attributes and magic levels, looked up once. */
export function attributeLabels(i18n: Localizer): Record<Attribute, string> {
  return {
    force: i18n.localize("FACTIONS.Attribute.force"),
    wealth: i18n.localize("FACTIONS.Attribute.wealth"),
    cunning: i18n.localize("FACTIONS.Attribute.cunning"),
  };
}

export function magicOptions(i18n: Localizer, value: string): Option[] {
  return MAGIC_LEVELS.map((m) => ({ value: m, label: i18n.localize(`FACTIONS.Magic.${m}`), selected: m === value }));
}

/** The attack of an asset in words ("Force vs Cunning, 1d8"), or "" for none. */
export function attackText(system: AssetSystem, attrs: Record<Attribute, string>, template: (data: Record<string, string>) => string): string {
  if (!system.attack.damage) return "";
  return template({ attacker: attrs[system.attack.attribute], defender: attrs[system.attack.defense], damage: system.attack.damage });
}

/** What `actionBlocked` reads of a faction. */
export interface ActionView {
  owner: boolean;
  system: FactionSystem & { hp: { max: number } };
  assets: readonly { system: AssetSystem }[];
}

/** Turns the reason keys of `FACTIONS.FactionTurn.Action.Reason` into text. */
export function actionReasons(i18n: Localizer) {
  const actionLabel = (id: string) => (id ? i18n.localize(`FACTIONS.FactionTurn.Action.${actionKey(id)}`) : "");
  const reason = (key: string, data?: Record<string, string | number>) =>
    data ? i18n.format(`FACTIONS.FactionTurn.Action.Reason.${key}`, data) : i18n.localize(`FACTIONS.FactionTurn.Action.Reason.${key}`);
  return { actionLabel, reason };
}

/**
 * Why an action can't be taken now, or "" if nothing stands in the way. A
 * hint for the buttons only: the action's dialog validates for real.
 * With `asset`, the action is about that one asset (the asset sheet's buttons).
 */
export function actionBlocked(id: FactionActionId, view: ActionView, text: ReturnType<typeof actionReasons>, asset?: AssetSystem): string {
  const { reason, actionLabel } = text;
  const s = view.system;
  if (!view.owner) return reason("NotOwner");
  if (s.hp.value <= 0) return reason("Destroyed");
  if (id === "start" || id === "end") return "";
  if (!s.turn.started) return reason("NotStarted");
  if (s.turn.action) return reason("AlreadyTaken", { action: actionLabel(s.turn.action) });
  const assets = asset ? [{ system: asset }] : view.assets;
  switch (id) {
    case "attack":
      if (!assets.some((a) => a.system.attack.damage)) return reason(asset ? "NoAttack" : "NoAttacker");
      break;
    case "move":
    case "sell":
      if (!assets.length) return reason("NoAssets");
      break;
    case "repair":
      if (s.treasure < 1) return reason("NoTreasure");
      if (s.hp.value >= s.hp.max && !assets.some((a) => a.system.hp.value < a.system.hp.max)) return reason("NothingToRepair");
      break;
    case "expand":
      if (!assets.length) return reason("NoAssets");
      if (s.treasure < 1) return reason("NoTreasure");
      break;
    case "create":
      if (!view.assets.some((a) => a.system.base)) return reason("NoBase");
      break;
    case "hide":
      if (s.cunning < 3) return reason("CunningTooLow");
      if (s.treasure < 2) return reason("NoTreasure");
      if (asset?.stealth) return reason("AlreadyHidden");
      if (!assets.some((a) => !a.system.stealth)) return reason("NoAssets");
      break;
  }
  return "";
}

/** One button of an actions bar. */
export function actionButton(id: FactionActionId, view: ActionView, text: ReturnType<typeof actionReasons>, asset?: AssetSystem): ActionButton {
  const tooltip = actionBlocked(id, view, text, asset);
  return { id, label: text.actionLabel(id), icon: ACTION_ICONS[id], disabled: tooltip !== "", tooltip };
}

export function factionSheetContext(input: FactionSheetInput): FactionSheetContext {
  const { i18n, system: s } = input;
  const L = (key: string) => i18n.localize(key);
  const F = "FACTIONS.FactionTurn.Faction.FIELDS";
  const S = "FACTIONS.FactionTurn.Sheet";
  const attrs = attributeLabels(i18n);
  const text = actionReasons(i18n);
  const { actionLabel } = text;

  // Templates fetched once and filled per asset.
  const hpText = compileFill(L(`${S}.Hp`));
  const attackTemplate = compileFill(L("FACTIONS.FactionTurn.Asset.AttackText"));
  const ratingTemplate = compileFill(L("FACTIONS.FactionTurn.Asset.RatingText"));
  const counterTemplate = compileFill(L("FACTIONS.FactionTurn.Asset.Counter"));
  const tagOf = (key: AssetTag["key"]): AssetTag => ({
    key,
    label: L(`FACTIONS.FactionTurn.Asset.Tag.${key}`),
    hint: L(`FACTIONS.FactionTurn.Asset.FIELDS.${key}.hint`),
  });
  const tags = { subtle: tagOf("subtle"), stealth: tagOf("stealth"), base: tagOf("base"), exposed: tagOf("exposed") };
  const noAttack = L("FACTIONS.FactionTurn.Asset.NoAttack");
  const noCounter = L("FACTIONS.FactionTurn.Asset.NoCounter");
  const ratingText = {} as Record<Attribute, Record<number, string>>;
  for (const a of ATTRIBUTES) ratingText[a] = {};

  // Assets the viewer may see, grouped by location.
  const faction = { id: input.uuid, name: input.name, system: s, assets: input.assets as SheetAssetInput[] };
  const shown = visibleAssets(faction, input.owner) as SheetAssetInput[];
  const groups = new Map<string, AssetGroup>();
  const counts: Record<Attribute, number> = { force: 0, wealth: 0, cunning: 0 };
  for (const asset of shown) {
    const a = asset.system;
    if (!a.base) counts[a.attribute]++;
    let group = groups.get(a.location);
    if (!group) {
      group = { location: a.location, label: input.locationLabel(a.location), count: "", assets: [] };
      groups.set(a.location, group);
    }
    const rowTags: AssetTag[] = [];
    if (a.base) rowTags.push(tags.base);
    if (a.subtle) rowTags.push(tags.subtle);
    if (a.stealth) rowTags.push(tags.stealth);
    if (a.exposed) rowTags.push(tags.exposed);
    const attack = attackText(a, attrs, attackTemplate);
    group.assets.push({
      id: asset.id,
      name: asset.name,
      img: asset.img,
      attribute: a.attribute,
      ratingText: (ratingText[a.attribute][a.rating] ??= ratingTemplate({ attribute: attrs[a.attribute], rating: a.rating })),
      hp: hpBar(a.hp.value, a.hp.max, hpText),
      attack: attack || noAttack,
      counter: a.counter ? counterTemplate({ damage: a.counter }) : noCounter,
      combat: COMBAT_CLASSES[(attack ? 0 : 1) + (a.counter ? 0 : 2)]!,
      tags: rowTags,
    });
  }
  const countTemplates = [compileFill(L(`${S}.AssetCount`)), compileFill(L(counted(`${S}.AssetCount`, 1)))];
  const sorted = [...groups.values()].sort((x, y) => {
    if (!x.location !== !y.location) return x.location ? -1 : 1; // "Nowhere" last
    return collator.compare(x.label, y.label);
  });
  for (const group of sorted) {
    group.assets.sort((x, y) => collator.compare(x.name, y.name));
    group.count = countTemplates[group.assets.length === 1 ? 1 : 0]!({ count: group.assets.length });
  }

  // Caps: counted on what the viewer sees, shown to owners only (who see everything).
  const capTemplate = L(`${S}.Cap`);
  const overTemplate = L(`${S}.CapOver`);
  const okText = L(`${S}.CapOk`);
  const caps: CapLine[] = input.owner
    ? ATTRIBUTES.map((attribute) => {
        const cap = Math.max(0, s[attribute]);
        const excess = Math.max(0, counts[attribute] - cap);
        return {
          attribute,
          text: fill(capTemplate, { attribute: attrs[attribute], count: counts[attribute], cap }),
          status: excess > 0 ? fill(overTemplate, { excess }) : okText,
          over: excess > 0,
        };
      })
    : [];

  // The actions bar: the button to press first comes first (Start Turn, or during the turn its
  // actions), and End Turn last.
  const order: readonly FactionActionId[] = s.turn.started ? [...TURN_ACTIONS, "end"] : ["start", ...TURN_ACTIONS];
  const actions: ActionButton[] = input.owner ? order.map((id) => actionButton(id, input, text)) : [];

  const hp = hpBar(s.hp.value, s.hp.max, hpText);
  return {
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    owner: input.owner,
    editable: input.editable,
    destroyed: s.hp.value <= 0,
    attributes: ATTRIBUTES.map((key) => ({
      key,
      name: `system.${key}`,
      label: attrs[key],
      hint: L(`${F}.${key}.hint`),
      value: s[key],
    })),
    magic: {
      name: "system.magic",
      label: L(`${F}.magic.label`),
      value: s.magic,
      valueLabel: L(`FACTIONS.Magic.${s.magic}`),
      options: magicOptions(i18n, s.magic),
    },
    hp: { ...hp, override: s.hp.override, overridden: s.hp.override !== null },
    treasure: s.treasure,
    income: i18n.format("FACTIONS.FactionTurn.Faction.Income", { amount: income(faction) }),
    turn: {
      number: s.turn.number,
      started: s.turn.started,
      numberText: i18n.format(`${S}.TurnNumber`, { number: s.turn.number }),
      stateText: L(s.turn.started ? `${S}.TurnStarted` : `${S}.TurnNotStarted`),
      actionText: s.turn.action ? i18n.format(`${S}.ActionTaken`, { action: actionLabel(s.turn.action) }) : L(`${S}.NoActionYet`),
    },
    caps,
    groups: sorted,
    assetCount: shown.length,
    actions,
    labels: {
      name: L(`${S}.Name`),
      attributes: L(`${S}.Section.Attributes`),
      magic: L(`${F}.magic.label`),
      hp: L(`${F}.hp.label`),
      hpOverride: L(`${F}.hp.override.label`),
      hpOverrideHint: L(`${F}.hp.override.hint`),
      hpOverridden: L("FACTIONS.FactionTurn.Faction.HpOverridden"),
      treasure: L(`${F}.treasure.label`),
      turn: L(`${S}.Section.Turn`),
      caps: L(`${S}.Section.Caps`),
      destroyed: L("FACTIONS.FactionTurn.Faction.Destroyed"),
      noAssets: L(`${S}.NoAssets`),
      attack: L("FACTIONS.FactionTurn.Asset.FIELDS.attack.label"),
      counter: L("FACTIONS.FactionTurn.Asset.FIELDS.counter.label"),
      open: L(`${S}.OpenAsset`),
      delete: L(`${S}.DeleteAsset`),
      editImage: L(`${S}.EditImage`),
      actions: L(`${S}.Section.Actions`),
    },
  };
}
