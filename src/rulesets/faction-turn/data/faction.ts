import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
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

/** Stored HP never exceeds the max HP its ratings (or the GM's override) give. */
const BOUNDS: Bound<FactionSystem>[] = [{ path: "hp.value", max: (s) => maxHp(s) }];

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
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["turn"] as const;

  static override LOCALIZATION_PREFIXES = ["FACTIONS.FactionTurn.Faction"];

  static override defineSchema() {
    return schema();
  }

  /** A full source (created, or loaded) is cleaned into its bounds. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as FactionSystem, BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  /** An update is completed so that its result stays within the bounds. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<FactionSchema, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as FactionSystem, args[0] as { system?: unknown }, BOUNDS);
  }

  /** A faction is one body: its tokens (if a GM places any) are linked to it and show its statuses (statuses.ts). */
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<FactionSchema, Actor.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false) return false;
    if (!foundry.utils.hasProperty(args[0], "prototypeToken.actorLink")) this.parent.updateSource({ prototypeToken: { actorLink: true } } as Actor.UpdateData);
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
