import { EFFECT_KINDS } from "../rules/state";
import { intField } from "./fields";
import { effectLabel } from "../effects";

const { NumberField, StringField } = foundry.data.fields;

const schema = () => ({
  kind: new StringField({ required: true, blank: false, initial: "exhausted", choices: [...EFFECT_KINDS] }),
  /** Its size: Exhausted 2 is −2 to every roll; 1 for a status. */
  stack: intField(1, 1),
  /** Rounds it still lasts, the current one included; null when rounds do not end it. */
  roundsLeft: new NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
  /** Rounds in a row without moving (Exhausted ends at 5). */
  roundsStill: intField(0, 0),
  /** Member slowed: the member's id. */
  member: new StringField({ required: true, blank: true, initial: "" }),
});

export type SkirmishEffectSchema = ReturnType<typeof schema>;

/**
 * A fallout effect (Active Effect of type `skirmish`): the system's own data, its kind, stack and
 * counts. What it does follows from them (rules/effects.ts); its stored name is an i18n key, so
 * clients of any language agree on it, and it is shown localized with its stack.
 */
export class SkirmishEffectData extends foundry.abstract.TypeDataModel<SkirmishEffectSchema, ActiveEffect.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Effect"];

  static override defineSchema() {
    return schema();
  }

  override prepareDerivedData(): void {
    this.parent.name = effectLabel(this.kind, this.stack);
  }
}
