import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { excessAssets, maxHp } from "../rules/derived";
import type { AssetSystem, Attribute, FactionSystem } from "../rules/state";
import { countField, magicField, ratingField } from "./fields";

const { BooleanField, HTMLField, NumberField, SchemaField, StringField, TypedObjectField } = foundry.data.fields;

const schema = () => ({
  force: ratingField(),
  wealth: ratingField(),
  cunning: ratingField(),
  magic: magicField(),
  hp: new SchemaField({
    value: countField(7),
    /** A GM's override of the derived maximum; empty means derived. */
    override: new NumberField({ required: true, nullable: true, integer: true, min: 1, initial: null }),
  }),
  treasure: countField(),
  turn: new SchemaField({
    number: countField(),
    started: new BooleanField({ initial: false }),
    action: new StringField({ required: true, blank: true, initial: "" }),
    created: new BooleanField({ initial: false }),
    healed: new BooleanField({ initial: false }),
    repairs: new TypedObjectField(countField()),
  }),
  description: new HTMLField({ required: true, blank: true }),
});

export type FactionSchema = ReturnType<typeof schema>;

type FactionDerived = {
  hp: { value: number; override: number | null; max: number };
  /** Non-Base assets beyond the rating, per attribute. */
  excess: Record<Attribute, number>;
  destroyed: boolean;
} & AnyObject;

export class FactionData extends foundry.abstract.TypeDataModel<
  FactionSchema,
  Actor.Implementation,
  EmptyObject,
  FactionDerived
> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.FactionTurn.Faction"];

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.hp.max = maxHp(this);
    // Prepared (not cloned) item data: this runs on every data preparation.
    const assets = this.parent.items.contents.flatMap((item) =>
      item.isAsset() ? [{ id: item.id ?? "", name: item.name, system: item.system as unknown as AssetSystem }] : [],
    );
    const faction = { id: this.parent.uuid, name: this.parent.name, system: this as unknown as FactionSystem, assets };
    this.excess = excessAssets(faction);
    this.destroyed = this.hp.value <= 0;
  }
}
