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

  // Fallout is what applied cards made: a user who is not a GM makes, changes and deletes none
  // (the infantry's GM_EFFECTS; the active GM's client puts back what a modified client writes).
  override async _preCreate(...args: Parameters<foundry.abstract.TypeDataModel<SkirmishEffectSchema, ActiveEffect.Implementation>["_preCreate"]>): Promise<boolean | void> {
    if ((await super._preCreate(...args)) === false || !byGM(args[2])) return false;
  }

  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<SkirmishEffectSchema, ActiveEffect.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false || !byGM(args[2])) return false;
  }

  override async _preDelete(...args: Parameters<foundry.abstract.TypeDataModel<SkirmishEffectSchema, ActiveEffect.Implementation>["_preDelete"]>): Promise<boolean | void> {
    if ((await super._preDelete(...args)) === false || !byGM(args[1])) return false;
  }
}

/** Is this write a GM's? If not, the user is told it is the GM's to make. */
function byGM(user: User.Implementation): boolean {
  if (user.isGM) return true;
  ui.notifications?.warn(game.i18n!.localize("FACTIONS.Action.Error.GMRecord"));
  return false;
}
