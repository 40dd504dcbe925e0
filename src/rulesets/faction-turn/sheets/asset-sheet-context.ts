/**
 * The render context of the asset sheet, from plain data (no Foundry), so the
 * gallery and tests build exactly what the sheet renders.
 */
import { ATTRIBUTES, type AssetSystem, type Attribute } from "../rules/state";
import {
  actionButton,
  actionReasons,
  attackText,
  attributeLabels,
  hpBar,
  magicOptions,
  type ActionButton,
  type ActionView,
  type AssetTag,
  type HpBar,
} from "./faction-sheet-context";
import { compileFill, fill, type Localizer } from "../../../core/sheets/text";

export interface SelectOption {
  value: string;
  label: string;
  group?: string;
}

export interface AssetSheetInput<Fields> {
  uuid: string;
  id: string;
  name: string;
  img: string;
  /** The stored (source) values the inputs show. */
  system: AssetSystem;
  /** The schema's fields (`item.system.schema.fields`), passed to `{{formField}}` as is. */
  systemFields: Fields;
  editable: boolean;
  /** The faction the asset belongs to, if any. */
  faction: (ActionView & { name: string }) | null;
  /** Every place the location select offers (`locationOptions([current])`). */
  locations: readonly SelectOption[];
  description: { enriched: string };
  i18n: Localizer;
}

export interface AssetSheetContext<Fields> {
  uuid: string;
  name: string;
  img: string;
  editable: boolean;
  system: AssetSystem;
  systemFields: Fields;
  attributeOptions: SelectOption[];
  magicOptions: SelectOption[];
  locationOptions: SelectOption[];
  locationBlank: string;
  ownerText: string;
  summary: { ratingText: string; attack: string; counter: string; hp: HpBar; tags: AssetTag[] };
  actions: ActionButton[];
  description: { field: string; source: string; enriched: string };
  /** `none` is the placeholder of an empty formula: it must never look like a value. */
  labels: Record<"name" | "editImage" | "requirements" | "hp" | "attack" | "qualities" | "description" | "actions" | "none", string>;
}

/** Asset actions the asset sheet offers, in order; Attack only when the asset has one. */
const ASSET_ACTIONS = ["attack", "repair", "sell", "hide"] as const;

export function assetSheetContext<Fields>(input: AssetSheetInput<Fields>): AssetSheetContext<Fields> {
  const { i18n, system: a } = input;
  const L = (key: string) => i18n.localize(key);
  const S = "FACTIONS.FactionTurn.Sheet";
  const A = "FACTIONS.FactionTurn.Asset";
  const attrs = attributeLabels(i18n);
  const tags: AssetTag[] = [];
  for (const key of ["base", "subtle", "stealth", "exposed"] as const) {
    if (a[key]) tags.push({ key, label: L(`${A}.Tag.${key}`), hint: L(`${A}.FIELDS.${key}.hint`) });
  }
  const attack = attackText(a, attrs, compileFill(L(`${A}.AttackText`)));
  let actions: ActionButton[] = [];
  if (input.faction?.owner) {
    const text = actionReasons(i18n);
    const faction = input.faction;
    actions = ASSET_ACTIONS.filter((id) => id !== "attack" || attack !== "").map((id) => actionButton(id, faction, text, a));
  }
  return {
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    editable: input.editable,
    system: a,
    systemFields: input.systemFields,
    attributeOptions: ATTRIBUTES.map((value: Attribute) => ({ value, label: attrs[value] })),
    magicOptions: magicOptions(i18n, a.magic).map(({ value, label }) => ({ value, label })),
    locationOptions: [...input.locations],
    locationBlank: L("FACTIONS.Location.None"),
    ownerText: input.faction ? i18n.format(`${A}.Owner`, { faction: input.faction.name }) : L(`${A}.Unowned`),
    summary: {
      ratingText: fill(L(`${A}.RatingText`), { attribute: attrs[a.attribute], rating: a.rating }),
      attack: attack || L(`${A}.NoAttack`),
      counter: a.counter ? i18n.format(`${A}.Counter`, { damage: a.counter }) : L(`${A}.NoCounter`),
      hp: hpBar(a.hp.value, a.hp.max, compileFill(L(`${S}.Hp`))),
      tags,
    },
    actions,
    description: { field: "system.description", source: (a as AssetSystem & { description?: string }).description ?? "", enriched: input.description.enriched },
    labels: {
      name: L(`${S}.Name`),
      editImage: L(`${S}.EditImage`),
      requirements: L(`${S}.Section.Requirements`),
      hp: L(`${A}.FIELDS.hp.label`),
      attack: L(`${S}.Section.Attack`),
      qualities: L(`${S}.Section.Qualities`),
      description: L(`${S}.Section.Description`),
      actions: L(`${S}.Section.Actions`),
      none: L(`${S}.NoneValue`),
    },
  };
}
