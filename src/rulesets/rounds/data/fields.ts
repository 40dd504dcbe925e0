import { isFormula } from "../../../core/rules/formula";
import { ACT_KINDS, STEPS, TEAMS } from "../rules/state";

const { ArrayField, NumberField, SchemaField, StringField } = foundry.data.fields;

/** One of the two teams. */
export const teamField = () => new StringField({ required: true, blank: false, initial: "skyhawks", choices: [...TEAMS] });

/** One of the six steps of a turn. */
export const stepField = (initial: (typeof STEPS)[number] = "free") => new StringField({ required: true, blank: false, initial, choices: [...STEPS] });

/** A whole number from `min` (no maximum unless given). */
export const intField = (initial: number, min: number, max?: number) =>
  new NumberField({ required: true, nullable: false, integer: true, min, ...(max === undefined ? {} : { max }), initial });

/** A position of the encounter: the round, the active team and the step. */
export const positionFields = () => ({ round: intField(1, 1), team: teamField(), step: stepField("reinforce") });

/** What a hero used, step by step: each record the step's position key and the acts taken there. */
export const usedField = () =>
  new ArrayField(
    new SchemaField({
      at: new StringField({ required: true, blank: false }),
      acts: new ArrayField(new StringField({ required: true, blank: false, choices: [...ACT_KINDS] })),
    }),
  );

/** A dice formula such as `1d6 + 1`, or blank for none. */
export const formulaField = () =>
  new StringField({ required: true, blank: true, initial: "", validate: (v: string) => v.trim() === "" || isFormula(v.trim()), validationError: "is not a dice formula" });
