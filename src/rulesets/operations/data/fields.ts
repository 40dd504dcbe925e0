import { CONDITIONS, STATS } from "../rules/state";

const { ArrayField, BooleanField, NumberField, SchemaField, StringField } = foundry.data.fields;

/** A whole number from `min` to `max`. */
export const intField = (initial: number, min: number, max?: number) =>
  new NumberField({ required: true, nullable: false, integer: true, min, ...(max === undefined ? {} : { max }), initial });

/** A whole number ≤ 0 (a penalty). */
export const penaltyField = () => new NumberField({ required: true, nullable: false, integer: true, max: 0, initial: 0 });

/** A reference (an actor UUID, a unit id, a location reference), "" for none. */
export const refField = () => new StringField({ required: true, blank: true, initial: "" });

export const statField = (initial: (typeof STATS)[number] = "force") =>
  new StringField({ required: true, blank: false, initial, choices: [...STATS] });

export const conditionField = () => new StringField({ required: true, blank: false, initial: "fresh", choices: [...CONDITIONS] });

/** A stance (Ambush or Block Route), kept from round to round. */
export const stanceField = () =>
  new SchemaField({
    kind: new StringField({ required: true, blank: true, initial: "", choices: ["", "ambush", "block"] }),
    factions: new ArrayField(new StringField({ required: true, blank: false })),
    strategy: new StringField({ required: true, blank: false, initial: "aggressive", choices: ["aggressive", "cautious"] }),
    units: new ArrayField(new StringField({ required: true, blank: false })),
  });

export const flagField = () => new BooleanField({ initial: false });
