import { attacksField, countField, resourcesField, signedField, textField } from "./fields";

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
}
