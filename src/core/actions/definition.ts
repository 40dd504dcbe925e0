import type { Dice } from "../rules/dice";
import type { Line, Outcome, Rejection, Result } from "../rules/outcome";
import type { Shape } from "../rules/shape";
import type { Claim, FollowUp, Secret } from "../records/record";
import type { ActionMessage } from "../chat/action-message";

export type { Claim, FollowUp, Secret };

/** What a resolution run gets besides the choice: the dice and the ids for created documents. */
export interface ActionRun {
  dice: Dice;
  newId: () => string;
}

/** A choice is plain data: it is stored on the chat card and sent to the GM. */
export type Choice = object;

/** Somebody other than the actor must answer before the action can roll (the defender's pick). */
export interface Awaiting {
  /** UUID of the actor whose owner answers (the GM answers for an actor no player owns). */
  actor: string;
  /** i18n key of what they are asked. */
  prompt: string;
}

/**
 * One action of a ruleset, as the shared pipeline sees it. The ruleset keeps
 * the rules pure; this is the thin layer that reads the world and asks people.
 */
export interface ActionDefinition<C extends Choice = Choice> {
  id: string;
  /** i18n key of its name. */
  label: string;
  /** Font Awesome classes. */
  icon: string;
  /** An image from Foundry's core icons, shown on its chat card (the acting actor's own image stays beside its name). */
  img?: string;
  /**
   * What the choice holds, checked before anything reads it (../rules/shape.ts): a malformed choice
   * is refused, naming the field, whether it came from a dialog, a macro or another client.
   */
  shape: Record<string, Shape>;
  /** The card's title where the choice names it better than `label` (an outcome: "Outcome: Member Injured!"). */
  title?(choice: C): Line;
  /** UUID of the document the choice acts as (the faction, the lieutenant, the realm): it must be the card's actor. */
  actingActor(choice: C): string;
  /** Only a GM takes this action (a round's upkeep, a decision on a card). */
  gmOnly?: boolean;
  /**
   * What the acting user may not choose, besides owning the actor (an attack at a token they
   * cannot see on the map): checked with who acts, on their client and on the GM's for the card's author.
   */
  checkUser?(choice: C, user: User.Implementation): Rejection | null;
  /** Resolve against the world as it is now. Rejections change nothing. */
  resolve(choice: C, run: ActionRun): Result<Outcome>;
  /** Who must answer before rolling, if anyone. */
  awaiting?(choice: C): Awaiting | null;
  /** Ask the answering user; the completed choice, or null if they cancelled. */
  answer?(choice: C): Promise<C | null>;
  /** Take only the answer's own part into the stored choice, so an answer can't rewrite the actor's choice. */
  mergeAnswer?(stored: C, answered: C): C;
  /** Names to hide from viewers who do not own their faction. */
  secrets?(choice: C, outcome: Outcome | null): Secret[];
  /**
   * Did the action go unnoticed? Its card is then whispered to the GMs and the
   * acting actor's owners only (RULES §3: stealthy actions).
   */
  unnoticed?(outcome: Outcome): boolean;
  /** The options the applied card offers (a strike at a new Base, a stance option), decided by the GM's client. */
  followUps?(outcome: Outcome, choice: C): FollowUp[];
  /**
   * The options of other cards this choice takes up, or why it cannot: a choice that
   * carries a privilege (a reaction attack, a stance bonus) must name the card that offered it.
   */
  claims?(choice: C): Claim[] | Rejection;
  /**
   * What else belongs to the apply besides its changes (a played card goes to the pile): run
   * by the GM's client once the changes are written, with the outcome it verified (its changes as
   * written), never what the card says; if it throws, the apply is rolled back.
   */
  commit?(card: ActionMessage, outcome: Outcome): Promise<void>;
  /**
   * The same for undo (the card comes back to the hand), with the record's outcome and the changes
   * it wrote. The card may be a stand-in made from the record, the chat log having lost it.
   */
  uncommit?(card: ActionMessage, outcome: Outcome): Promise<void>;
  /** A follow-up button was clicked (on the clicking user's client). */
  onFollowUp?(card: ActionMessage, followUp: FollowUp): Promise<void>;
}

const registry = new Map<string, ActionDefinition>();

export function registerAction<C extends Choice>(definition: ActionDefinition<C>): void {
  registry.set(definition.id, definition as unknown as ActionDefinition);
}

export function actionDefinition(id: string): ActionDefinition | undefined {
  return registry.get(id);
}
