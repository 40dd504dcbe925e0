/**
 * The Battle item types. Each `system` is exactly its shape in rules/state.ts (so the rules'
 * `Change.path`s apply as they are), plus a `description` where a card has text worth keeping.
 */
import { boundUpdate, withinBounds, type Bound } from "../../../core/data/bounds";
import type { LocationSystem } from "../rules/state";
import { countField, rangeField, resourcesField, signedField, textField, unitSpecField } from "./fields";

const { ArrayField, BooleanField, HTMLField, NumberField, StringField } = foundry.data.fields;

const description = () => new HTMLField({ required: true, blank: true });
const flag = () => new BooleanField({ required: true, initial: false });

const locationSchema = () => ({
  control: countField(),
  maxControl: new NumberField({ required: true, nullable: false, integer: true, min: 1, initial: 5 }),
  damaged: flag(),
  owner: textField(),
  description: description(),
});

const buildingSchema = () => ({
  cost: resourcesField(),
  subtype: textField(),
  military: flag(),
  citadel: flag(),
  unit: unitSpecField(),
  usedThisTurn: flag(),
  description: description(),
});

const technologySchema = () => ({
  cost: resourcesField(),
  builtAt: textField(),
  requires: new ArrayField(new StringField({ required: true, blank: false })),
  unit: unitSpecField(),
  usedThisTurn: flag(),
  description: description(),
});

const characterSchema = () => ({
  cost: resourcesField(),
  a: countField(),
  d: countField(1),
  s: countField(),
  unitType: textField(),
  text: textField(),
  exhausted: flag(),
  inOffensive: flag(),
  description: description(),
});

const fortificationSchema = () => ({
  cost: resourcesField(),
  subtype: textField(),
  a: countField(),
  d: countField(1),
  s: countField(),
  range: rangeField(),
  location: textField(),
  description: description(),
});

const unitCounterSchema = () => ({
  a: countField(),
  d: countField(1),
  s: countField(),
  support: signedField(),
  source: textField(),
  exhausted: flag(),
  inOffensive: flag(),
});

type LocationSchema = ReturnType<typeof locationSchema>;

/** Stored control never exceeds the location's max control. */
const LOCATION_BOUNDS: Bound<LocationSystem>[] = [{ path: "control", max: (s) => s.maxControl }];

export class LocationData extends foundry.abstract.TypeDataModel<LocationSchema, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Location"];
  static override defineSchema() {
    return locationSchema();
  }

  /** A full source (created, or loaded) is cleaned into its bounds. */
  static override cleanData(...args: Parameters<typeof foundry.abstract.TypeDataModel.cleanData>): ReturnType<typeof foundry.abstract.TypeDataModel.cleanData> {
    const clean = super.cleanData(...args);
    if (args[1]?.partial) return clean;
    for (const [path, value] of Object.entries(withinBounds(clean as unknown as LocationSystem, LOCATION_BOUNDS))) foundry.utils.setProperty(clean, path, value);
    return clean;
  }

  /** An update is completed so that its result stays within the bounds. */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<LocationSchema, Item.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    boundUpdate(this._source as unknown as LocationSystem, args[0] as { system?: unknown }, LOCATION_BOUNDS);
  }
}

export class BuildingData extends foundry.abstract.TypeDataModel<ReturnType<typeof buildingSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Building"];
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["usedThisTurn"] as const;
  static override defineSchema() {
    return buildingSchema();
  }
}

export class TechnologyData extends foundry.abstract.TypeDataModel<ReturnType<typeof technologySchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Technology"];
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["usedThisTurn"] as const;
  static override defineSchema() {
    return technologySchema();
  }
}

export class CharacterData extends foundry.abstract.TypeDataModel<ReturnType<typeof characterSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Character"];
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["exhausted", "inOffensive"] as const;
  static override defineSchema() {
    return characterSchema();
  }
}

export class FortificationData extends foundry.abstract.TypeDataModel<ReturnType<typeof fortificationSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Fortification"];
  static override defineSchema() {
    return fortificationSchema();
  }
}

export class UnitCounterData extends foundry.abstract.TypeDataModel<ReturnType<typeof unitCounterSchema>, Item.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Unit"];
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["exhausted", "inOffensive"] as const;
  static override defineSchema() {
    return unitCounterSchema();
  }
}

/** Foundry item type → data model (the item types of `ITEM_TYPES`). */
export const BATTLE_ITEM_TYPES = {
  location: LocationData,
  building: BuildingData,
  technology: TechnologyData,
  character: CharacterData,
  fortification: FortificationData,
  unitCounter: UnitCounterData,
};
