import { isFormula } from "../../../core/rules/formula";
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

export class AssetData extends foundry.abstract.TypeDataModel<AssetSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.FactionTurn.Asset"];

  static override defineSchema() {
    return schema();
  }

  /** HP can never exceed the maximum, whatever the source says. */
  override prepareBaseData(): void {
    this.hp.value = Math.min(this.hp.value, this.hp.max);
  }

  get damaged(): boolean {
    return this.hp.value < this.hp.max;
  }
}
