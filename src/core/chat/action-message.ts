import type { Change } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import type { Secret } from "../actions/definition";

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

/** awaiting an answer → (answered: resolved on a new card) | resolved → applied → undone */
export const CARD_STATUSES = ["awaiting", "answered", "resolved", "applied", "undone"] as const;
export type CardStatus = (typeof CARD_STATUSES)[number];

/** Who did something to the card, and when. */
const stampField = () =>
  new SchemaField(
    {
      user: new StringField({ required: true, blank: true, initial: "" }),
      time: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
    },
    { nullable: true, initial: null },
  );

const schema = () => ({
  /** The action's id, e.g. `faction-turn.attack`. */
  action: new StringField({ required: true, blank: false, initial: "unknown" }),
  /** UUID of the acting actor. */
  actor: new StringField({ required: true, blank: true, initial: "" }),
  /** The choice made in the dialog (and the answer, once given). */
  choice: new ObjectField(),
  status: new StringField({ required: true, blank: false, initial: "resolved", choices: [...CARD_STATUSES] }),
  /** Actor whose owner must answer before the action rolls; "" if none. */
  awaiting: new StringField({ required: true, blank: true, initial: "" }),
  /** i18n key of the question for the answering party. */
  prompt: new StringField({ required: true, blank: true, initial: "" }),
  /** The resolved outcome (null while awaiting). */
  outcome: new ObjectField({ nullable: true, initial: null }),
  /** The formula the rule asked for with each of the message's rolls, in order, so the GM can replay it exactly. */
  formulas: new ArrayField(new StringField({ required: true, blank: false })),
  /** Ids given to documents the outcome creates, so the GM can replay the rule exactly. */
  ids: new ArrayField(new StringField({ required: true, blank: false })),
  /** Names hidden from viewers who do not own the named actor. */
  secrets: new ArrayField(
    new SchemaField({
      actor: new StringField({ required: true, blank: false }),
      names: new ArrayField(new StringField({ required: true, blank: false })),
    }),
  ),
  /** The action went unnoticed: the card is whispered to the GMs and the acting players only. */
  unnoticed: new BooleanField({ initial: false }),
  /** The changes as written to the documents: what undo reverses. */
  applied: new ArrayField(new ObjectField()),
  appliedBy: stampField(),
  undoneBy: stampField(),
  /** Faction turn (combat round) the action belongs to, for the chronicle. */
  round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
});

export type ActionMessageSchema = ReturnType<typeof schema>;

export class ActionMessageData extends foundry.abstract.TypeDataModel<ActionMessageSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return schema();
  }

  get resolvedOutcome(): Outcome | null {
    return this.outcome as Outcome | null;
  }

  get appliedChanges(): Change[] {
    return this.applied as unknown as Change[];
  }

  /** The stored choice, typed as the card's own action wrote it. */
  choiceAs<C extends object>(): C {
    return this.choice as unknown as C;
  }

  get secretList(): Secret[] {
    return this.secrets as Secret[];
  }
}
