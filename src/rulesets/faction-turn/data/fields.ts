import { ATTRIBUTES, MAGIC_LEVELS } from "../rules/state";

const { NumberField, StringField } = foundry.data.fields;

/** A Force, Wealth or Cunning rating: a whole number from 1 to 8. */
export const ratingField = (initial = 1) =>
  new NumberField({ required: true, nullable: false, integer: true, min: 1, max: 8, initial });

/** A whole number that can never go below zero (HP, Treasure, cost). */
export const countField = (initial = 0) =>
  new NumberField({ required: true, nullable: false, integer: true, min: 0, initial });

export const attributeField = (initial: (typeof ATTRIBUTES)[number] = "force") =>
  new StringField({ required: true, blank: false, initial, choices: [...ATTRIBUTES] });

export const magicField = () =>
  new StringField({ required: true, blank: false, initial: "none", choices: [...MAGIC_LEVELS] });
