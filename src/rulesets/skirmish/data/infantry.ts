import { INFANTRY_KINDS, MEMBER_STATES } from "../rules/state";
import { intField, ratingField, refField } from "./fields";
import { EFFECT_TYPE } from "../effects";

const { ArrayField, HTMLField, SchemaField, StringField } = foundry.data.fields;

const memberField = () =>
  new SchemaField({
    /** Stable within its squad: what a push's member preference names. */
    id: new StringField({ required: true, blank: false }),
    name: new StringField({ required: true, blank: true, initial: "" }),
    state: new StringField({ required: true, blank: false, initial: "ready", choices: [...MEMBER_STATES] }),
  });

const schema = () => ({
  /** An individual or a squad. */
  kind: new StringField({ required: true, blank: false, initial: "individual", choices: [...INFANTRY_KINDS] }),
  body: ratingField(),
  nerves: ratingField(),
  /** Speed on foot; the speed it moves at is derived (rules/speed.ts). */
  speed: intField(6, 0),
  injuries: intField(0, 0),
  /** Its company (a company actor's UUID), "" for none. */
  company: refField(),
  /** The vehicle it rides in (a vehicle actor's UUID), "" for none. */
  vehicle: refField(),
  /** A squad's members; empty for an individual. */
  members: new ArrayField(memberField()),
  /** The highest Morale bonus reached in the current encounter. */
  highestMorale: intField(0, 0),
  description: new HTMLField({ required: true, blank: true }),
});

export type InfantrySchema = ReturnType<typeof schema>;

/** The `infantry` actor: an individual, or a squad with members. Its fallout is on its Active Effects. */
export class InfantryData extends foundry.abstract.TypeDataModel<InfantrySchema, Actor.Implementation> {
  static override LOCALIZATION_PREFIXES = ["FACTIONS.Skirmish.Infantry"];

  /** Its fallout is what applied cards made: the GM's to make, change and delete (core/data/gm-only.ts). */
  static GM_EFFECTS = [EFFECT_TYPE] as const;

  static override defineSchema() {
    return schema();
  }
}
