import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
import type { WeaponSystem } from "../rules/state";
import { intField } from "./fields";

const { BooleanField, HTMLField, SchemaField } = foundry.data.fields;

const schema = () => ({
  /** Reloads left out of a maximum. */
  reloads: new SchemaField({ value: intField(2, 0), max: intField(2, 0) }),
  /** A heavy weapon rolls its own d6 on Ammo loss. */
  heavy: new BooleanField({ initial: false }),
  description: new HTMLField({ required: true, blank: true }),
});

export type WeaponSchema = ReturnType<typeof schema>;

const BOUNDS: Bound<WeaponSystem>[] = [{ path: "reloads.value", max: (s) => s.reloads.max }];

/** The `weapon` item of an infantry or a vehicle. */
export class WeaponData extends foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Weapon"];

  static override defineSchema() {
    return schema();
  }

  /** A full source is cleaned into its bounds: never more reloads than the maximum. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as WeaponSystem, BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<WeaponSchema, Item.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as WeaponSystem, args[0] as { system?: unknown }, BOUNDS);
  }
}
