import type { Change } from "../rules/changes";
import type { Outcome } from "../rules/outcome";
import { gmRecord, recordViewOf } from "../records/store";
import type { RecordStatus, RecordView, Stamp } from "../records/record";

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

/**
 * What a card says of itself when it is posted: it waits for an answer, or it is rolled.
 * Everything after (answered, applied, undone) is the GM's to say, in its record (../records).
 */
export const CARD_PHASES = ["awaiting", "resolved"] as const;
export type CardPhase = (typeof CARD_PHASES)[number];
export type CardStatus = CardPhase | RecordStatus;

const schema = () => ({
  /** The action's id, e.g. `faction-turn.attack`. */
  action: new StringField({ required: true, blank: false, initial: "unknown" }),
  /** UUID of the acting actor. */
  actor: new StringField({ required: true, blank: true, initial: "" }),
  /** The choice made in the dialog (and the answer, once given). */
  choice: new ObjectField(),
  phase: new StringField({ required: true, blank: false, initial: "resolved", choices: [...CARD_PHASES] }),
  /** Actor whose owner must answer before the action rolls; "" if none. */
  awaiting: new StringField({ required: true, blank: true, initial: "" }),
  /** i18n key of the question for the answering party. */
  prompt: new StringField({ required: true, blank: true, initial: "" }),
  /** The awaiting card this card resolves (posted by the GM's client once it was answered); "" if none. */
  answers: new StringField({ required: true, blank: true, initial: "" }),
  /** The resolved outcome (null while awaiting). */
  outcome: new ObjectField({ nullable: true, initial: null }),
  /** The formula the rule asked for with each of the message's rolls, in order, so the GM can replay it exactly. */
  formulas: new ArrayField(new StringField({ required: true, blank: false })),
  /** Ids given to documents the outcome creates, so the GM can replay the rule exactly. */
  ids: new ArrayField(new StringField({ required: true, blank: false })),
  /** Names hidden from viewers who do not own the named actor: on the cards of earlier releases (a card now holds them masked). */
  secrets: new ArrayField(
    new SchemaField({
      actor: new StringField({ required: true, blank: false }),
      names: new ArrayField(new StringField({ required: true, blank: false })),
    }),
  ),
  /** The action went unnoticed: the card is whispered to the GMs and the acting players only. */
  unnoticed: new BooleanField({ initial: false }),
  /** Faction turn (combat round) the action belongs to, for the chronicle. */
  round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
  /** A first-release card's own record of being applied or undone, until the GM's migration moves it to the records. */
  legacy: new ObjectField({ nullable: true, initial: null }),
});

export type ActionMessageSchema = ReturnType<typeof schema>;

export class ActionMessageData extends foundry.abstract.TypeDataModel<ActionMessageSchema, ChatMessage.Implementation> {
  static override defineSchema() {
    return schema();
  }

  /**
   * Cards of the first release kept their status themselves: an awaiting card, answered or not, was
   * posted awaiting; anything else was rolled. What an applied, undone or answered card said of
   * itself waits in `legacy` for the migration to make its record of it.
   */
  static override migrateData(source: Record<string, unknown>) {
    if (source.phase === undefined && typeof source.status === "string") {
      source.phase = source.status === "awaiting" || source.status === "answered" ? "awaiting" : "resolved";
      if (source.status === "applied" || source.status === "undone" || source.status === "answered") {
        source.legacy = { status: source.status, applied: source.applied ?? [], appliedBy: source.appliedBy ?? null, undoneBy: source.undoneBy ?? null };
      }
    }
    return super.migrateData(source);
  }

  /**
   * What the current user may know of the GM's record of this card, if the GM's client has decided
   * anything about it: a GM the whole of it, a player the view written for them.
   */
  get record(): RecordView | null {
    const id = this.parent?.id;
    return id ? recordViewOf(id) : null;
  }

  /** Where the card stands: the GM's record if there is one, else what the card was posted as. */
  get status(): CardStatus {
    return this.record?.status ?? (this.phase as CardPhase);
  }

  /** The outcome to show: the one the GM verified once applied (with what it changed, for a GM), else the card's own. */
  get resolvedOutcome(): Outcome | null {
    const record = this.record;
    if (record?.outcome) return { ...record.outcome, changes: this.appliedChanges };
    return this.outcome as Outcome | null;
  }

  /** The changes the GM's client wrote: what undo restores (none unless applied; only a GM reads them). */
  get appliedChanges(): Change[] {
    const id = this.parent?.id;
    return (id && gmRecord(id)?.changes) || [];
  }

  get appliedBy(): Stamp | null {
    const record = this.record;
    return record && record.status !== "answered" ? record.done : null;
  }

  get undoneBy(): Stamp | null {
    return this.record?.undone ?? null;
  }

  /** The stored choice, typed as the card's own action wrote it. */
  choiceAs<C extends object>(): C {
    return this.choice as unknown as C;
  }
}

/** A chat card of the system: an action's card. */
export type ActionMessage = ChatMessage.Implementation & { system: ActionMessageData };

export function isActionMessage(message: ChatMessage.Implementation | null | undefined): message is ActionMessage {
  return message?.type === "action";
}
