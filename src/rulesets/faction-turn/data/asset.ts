import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
import { isFormula } from "../../../core/rules/formula";
import type { AssetSystem } from "../rules/state";
import { attributeField, countField, magicField, ratingField } from "./fields";

const { BooleanField, HTMLField, SchemaField, StringField } = foundry.data.fields;

/** A damage formula such as `1d8` or `2d6+1`, or "" for none. */
const formulaField = () =>
  new StringField({
    required: true,
    blank: true,
    initial: "",
    validate: (value: string) => (value === "" || isFormula(value) ? undefined : false),
    validationError: "must be a dice formula such as 1d8 or 2d6+1",
  });

const schema = () => ({
  attribute: attributeField(),
  rating: ratingField(),
  magic: magicField(),
  cost: countField(1),
  hp: new SchemaField({
    value: countField(1),
    max: new foundry.data.fields.NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 1 }),
  }),
  attack: new SchemaField({
    attribute: attributeField(),
    defense: attributeField(),
    damage: formulaField(),
  }),
  counter: formulaField(),
  subtle: new BooleanField({ initial: false }),
  stealth: new BooleanField({ initial: false }),
  location: new StringField({ required: true, blank: true, initial: "" }),
  base: new BooleanField({ initial: false }),
  exposed: new BooleanField({ initial: false }),
  description: new HTMLField({ required: true, blank: true }),
});

export type AssetSchema = ReturnType<typeof schema>;

/** Stored HP never exceeds the stored max HP. */
const BOUNDS: Bound<AssetSystem>[] = [{ path: "hp.value", max: (s) => s.hp.max }];

export class AssetData extends foundry.abstract.TypeDataModel<AssetSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.FactionTurn.Asset"];

  static override defineSchema() {
    return schema();
  }

  /** A full source (created, or loaded) is cleaned into its bounds. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as AssetSystem, BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  /** An update is completed so that its result stays within the bounds. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<AssetSchema, Item.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as AssetSystem, args[0] as { system?: unknown }, BOUNDS);
  }

  get damaged(): boolean {
    return this.hp.value < this.hp.max;
  }
}
