import { countField, resourcesField, textField } from "./fields";

/**
 * A character card of a Discipline Deck (a Foundry `Card` of type `character`): its `system` is
 * the character as Play Character puts it into a realm (`CharacterCard["system"]`).
 */
const schema = () => ({
  cost: resourcesField(),
  a: countField(),
  d: countField(1),
  s: countField(),
  unitType: textField(),
  text: textField(),
});

export class CharacterCardData extends foundry.abstract.TypeDataModel<ReturnType<typeof schema>, Card.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Battle.Card"];
  static override defineSchema() {
    return schema();
  }
}
