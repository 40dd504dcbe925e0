/** Field builders shared by the Battle data models (the stored shapes are exactly rules/state.ts). */
import { ATTACKS_PER_TURN } from "../rules/state";

const { NumberField, SchemaField, StringField } = foundry.data.fields;

/** A whole number that never goes below zero (a resource, a statistic, a counter). */
export const countField = (initial = 0) => new NumberField({ required: true, nullable: false, integer: true, min: 0, initial });

/** A whole number that may be negative (support). */
export const signedField = (initial = 0) => new NumberField({ required: true, nullable: false, integer: true, initial });

/** Attacks left this turn: 0 to 3. */
export const attacksField = () =>
  new NumberField({ required: true, nullable: false, integer: true, min: 0, max: ATTACKS_PER_TURN, initial: ATTACKS_PER_TURN });

/** Gold, wood and stone (a price, or what a realm has). */
export const resourcesField = () => new SchemaField({ gold: countField(), wood: countField(), stone: countField() });

/** A line of text (a name, a subtype, a reference); blank allowed. */
export const textField = (initial = "") => new StringField({ required: true, blank: true, initial });

/** What a building or technology makes: "Man at Arms: 1, T: 1/1/2, -1 support"; null for none. */
export const unitSpecField = () =>
  new SchemaField(
    {
      name: new StringField({ required: true, blank: false, initial: "Unit" }),
      cost: resourcesField(),
      a: countField(),
      d: countField(1),
      s: countField(),
      support: signedField(),
    },
    { required: true, nullable: true, initial: null },
  );

/** "Range x.y": x damage at speed y; null for none. */
export const rangeField = () => new SchemaField({ x: countField(), y: countField() }, { required: true, nullable: true, initial: null });
