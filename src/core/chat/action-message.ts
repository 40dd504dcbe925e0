import type { Outcome } from "../rules/outcome";
import type { RecordStatus, RecordView, ShownOutcome, Stamp } from "../records/record";
import { parseRuling, viewOfRuling, type Ruling } from "../records/ruling";

const { ArrayField, BooleanField, NumberField, ObjectField, SchemaField, StringField } = foundry.data.fields;

/**
 * What a card says of itself when it is posted: it waits for an answer, or it is rolled.
 * Everything after (answered, applied, undone) is the GM's to say: in its record (../records), and
 * in the ruling the GM's client writes into the card for its readers (../records/ruling.ts).
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
  /** The encounter (Combat id) it was taken in, for the chronicle; "" outside one. */
  encounter: new StringField({ required: true, blank: true, initial: "" }),
  /**
   * The rolls of a card that is whispered (an unnoticed action), as JSON: a whisper carrying rolls
   * reaches every client, so such a card carries none; its readers see its dice on the card.
   */
  dice: new ArrayField(new StringField({ required: true, blank: false })),
  /** What the GM's client decided about the card, as JSON (../records/ruling.ts); believed only on a card a GM authored. */
  ruling: new StringField({ required: true, blank: true, initial: "" }),
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
   * What the GM's client decided about this card, if it did: only what a GM wrote (the card is then
   * a GM's own, which its former author can no longer change), never what a player wrote into it.
   */
  get gmRuling(): Ruling | null {
    const text = this.ruling;
    if (!this.parent?.author?.isGM || !text) return null;
    const cached = parsed.get(this);
    if (cached?.text === text) return cached.ruling;
    const ruling = parseRuling(text);
    parsed.set(this, { text, ruling });
    return ruling;
  }

  /** What any reader of this card knows of the GM's record of it, from its ruling (names of others' Stealth assets masked). */
  get record(): RecordView | null {
    const ruling = this.gmRuling;
    const card = this.parent;
    if (!ruling || !card) return null;
    const outcome = this.outcome as Outcome | null;
    const { changes: _changes, ...shown } = outcome ?? { changes: [] };
    return viewOfRuling(
      { id: card.id!, action: this.action, actor: this.actor, actorName: card.speaker?.alias ?? "", round: this.round, encounter: this.encounter, outcome: outcome ? (shown as ShownOutcome) : null, unnoticed: this.unnoticed },
      ruling,
    );
  }

  /** Where the card stands: the GM's ruling if there is one, else what the card was posted as. */
  get status(): CardStatus {
    return this.gmRuling?.status ?? (this.phase as CardPhase);
  }

  /** The outcome the card holds: once ruled on, the one the GM's client verified (its Stealth names masked). */
  get resolvedOutcome(): Outcome | null {
    return this.outcome as Outcome | null;
  }

  get appliedBy(): Stamp | null {
    const ruling = this.gmRuling;
    return ruling && ruling.status !== "answered" ? ruling.done : null;
  }

  get undoneBy(): Stamp | null {
    return this.gmRuling?.undone ?? null;
  }

  /** The card's rolls: its own, or for a whispered card those it keeps as data. */
  get cardRolls(): ChatMessage.Implementation["rolls"] {
    const own = this.parent?.rolls ?? [];
    return own.length ? own : this.dice.map((json) => Roll.fromData(JSON.parse(json) as Roll.Data) as ChatMessage.Implementation["rolls"][number]);
  }

  /** The stored choice, typed as the card's own action wrote it. */
  choiceAs<C extends object>(): C {
    return this.choice as unknown as C;
  }
}

/** Rulings read back, by card data (a card is drawn often; its ruling's text seldom changes). */
const parsed = new WeakMap<ActionMessageData, { text: string; ruling: Ruling | null }>();

/** A chat card of the system: an action's card. */
export type ActionMessage = ChatMessage.Implementation & { system: ActionMessageData };

export function isActionMessage(message: ChatMessage.Implementation | null | undefined): message is ActionMessage {
  return message?.type === "action";
}

/** What the current user knows of a card's record from its ruling (null while the GM's client has decided nothing, or the chat log no longer has it). */
export function recordViewOf(card: string): RecordView | null {
  const message = game.messages?.get(card);
  return isActionMessage(message) ? message.system.record : null;
}
