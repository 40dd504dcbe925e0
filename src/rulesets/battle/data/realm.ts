import { attacksField, countField, resourcesField, signedField, textField } from "./fields";
import { refuseGMFields } from "../../../core/data/gm-only";

const { BooleanField, HTMLField, SchemaField } = foundry.data.fields;

/**
 * The Realm actor. `resources`, `support`, `attacksLeft`, `started`, `turn` and `buildingsToDestroy` are
 * exactly `RealmSystem` (rules/state.ts); `decks` names the realm's Discipline Deck, hand and
 * discard pile (world Cards ids); `description` is its text.
 */
const schema = () => ({
  resources: resourcesField(),
  support: signedField(),
  attacksLeft: attacksField(),
  started: new BooleanField({ required: true, initial: false }),
  turn: countField(),
  buildingsToDestroy: countField(),
  decks: new SchemaField({ deck: textField(), hand: textField(), pile: textField() }),
  description: new HTMLField({ required: true, blank: true }),
});

export type RealmSchema = ReturnType<typeof schema>;

export class RealmData extends foundry.abstract.TypeDataModel<RealmSchema, Actor.Implementation> {
  /** What the GM's client records here: only a GM changes it (core/data/gm-only.ts). */
  static GM_FIELDS = ["started", "turn", "attacksLeft", "buildingsToDestroy"] as const;

  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Realm"];

  static override defineSchema() {
    return schema();
  }

  /** What the GM's client recorded is the GM's to change (core/data/gm-only.ts). */
  override async _preUpdate(...args: Parameters<foundry.abstract.TypeDataModel<RealmSchema, Actor.Implementation>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    if (!refuseGMFields(this, args[0] as { system?: unknown }, args[2])) return false;
  }
}
