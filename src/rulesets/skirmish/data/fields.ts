const { NumberField, StringField } = foundry.data.fields;

/** A whole number from `min` (and up to `max`, if any). */
export const intField = (initial: number, min?: number, max?: number) =>
  new NumberField({ required: true, nullable: false, integer: true, initial, ...(min === undefined ? {} : { min }), ...(max === undefined ? {} : { max }) });

/** A reference to another actor (its UUID), "" for none. */
export const refField = () => new StringField({ required: true, blank: true, initial: "" });

/** A Body or Nerves rating. */
export const ratingField = () => intField(1, 0, 20);
