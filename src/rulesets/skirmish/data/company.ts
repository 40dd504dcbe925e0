const { ArrayField, HTMLField, NumberField, StringField } = foundry.data.fields;

const schema = () => ({
  /** Morale: Disobedience lowers it; each squad's highest Morale is added at the end of a fight. */
  morale: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  /** Its squads (infantry actor UUIDs). */
  squads: new ArrayField(new StringField({ required: true, blank: false })),
  description: new HTMLField({ required: true, blank: true }),
});

export type CompanySchema = ReturnType<typeof schema>;

/** The `company` actor: morale and the squads that belong to it. */
export class CompanyData extends foundry.abstract.TypeDataModel<CompanySchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Company"];

  static override defineSchema() {
    return schema();
  }
}
