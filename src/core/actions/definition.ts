import type { CardButton } from "../chat/card-context";
import type { Dice } from "../rules/dice";
import type { Outcome, Result } from "../rules/outcome";

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

/** Names of things a viewer who does not own `actor` must not see (its Stealth assets). */
export interface Secret {
  actor: string;
  names: string[];
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
  /** Extra buttons on the card after it is applied (e.g. attacks a new Base allows). */
  followUps?(outcome: Outcome): (CardButton & { actor: string })[];
  /** Documents linked on the card (e.g. a journal the GM attached), shown to everyone who sees the card. */
  links?(message: ChatMessage.Implementation): { uuid: string; label: string }[];
  /** Handle a follow-up button. */
  onFollowUp?(outcome: Outcome, data: Record<string, string>): Promise<void>;
}

const registry = new Map<string, ActionDefinition>();

export function registerAction<C extends Choice>(definition: ActionDefinition<C>): void {
  registry.set(definition.id, definition as unknown as ActionDefinition);
}

export function actionDefinition(id: string): ActionDefinition | undefined {
  return registry.get(id);
}
