const { StringField } = foundry.data.fields;

const schema = () => ({
  /** What the adventure is, shown on the card of a hero who challenges it. */
  text: new StringField({ required: true, blank: true, initial: "" }),
});

/**
 * The Rounds adventure space: a scene Region with this behavior is an adventure a hero standing in
 * it may challenge in the Adventure step. It only marks the region: it reacts to no event.
 */
export class AdventureBehaviorData extends foundry.data.regionBehaviors.RegionBehaviorType<ReturnType<typeof schema>> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Rounds.Adventure"];

  static override events = {};

  static override defineSchema() {
    return schema();
  }
}

/** The behavior type's name, as system.json declares it. */
export const ADVENTURE_BEHAVIOR = "factions.adventure";
