import type { AnyObject, EmptyObject } from "fvtt-types/utils";
import { ABILITY_TIMINGS } from "../rules/state";
import { formulaField, stepField } from "./fields";

const { HTMLField, StringField } = foundry.data.fields;

const lootSchema = () => ({
  description: new HTMLField({ required: true, blank: true }),
});

/** Loot a hero carries (or that lies on the ground, as a world item). */
export class LootData extends foundry.abstract.TypeDataModel<ReturnType<typeof lootSchema>, Item.Implementation, EmptyObject, AnyObject> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Loot"];

  static override defineSchema() {
    return lootSchema();
  }
}

const abilitySchema = () => ({
  timing: new StringField({ required: true, blank: false, initial: "action", choices: [...ABILITY_TIMINGS] }),
  step: stepField("free"),
  text: new StringField({ required: true, blank: true, initial: "" }),
  formula: formulaField(),
});

/** An ability: tagged with the step it is used in, or triggered at the start or end of a step. */
export class AbilityData extends foundry.abstract.TypeDataModel<ReturnType<typeof abilitySchema>, Item.Implementation, EmptyObject, AnyObject> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Ability"];

  static override defineSchema() {
    return abilitySchema();
  }
}
