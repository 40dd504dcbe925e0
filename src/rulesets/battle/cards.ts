/**
 * Discipline Decks: Foundry `Cards`. A realm names its deck, its hand and its discard pile
 * (`system.decks`, world Cards ids). Drawing moves the deck's top card into the hand; Play
 * Character resolves from a character card in the hand, and once the card's result is applied the
 * card is played to the pile (back to its deck when the realm has no pile); undoing the card puts
 * it back in the hand. Moving cards takes owning both stacks (a GM may always): a player is
 * refused, with a message, before anything moves.
 */
import { warn, ActionError } from "../../core/actions/errors";
import type { ActionMessage } from "../../core/actions/pipeline";
import type { CharacterCard } from "./rules/state";
import { characterCardOf, type Realm } from "./data/state";
import { worldDocument } from "../../core/documents/uuid";

export interface RealmDecks {
  deck: Cards.Implementation | null;
  hand: Cards.Implementation | null;
  pile: Cards.Implementation | null;
}

function stack(id: string): Cards.Implementation | null {
  return id ? ((game.cards?.get(id) as Cards.Implementation | undefined) ?? null) : null;
}

/** The realm's deck, hand and pile (null where unset or gone). */
export function realmDecks(realm: Realm): RealmDecks {
  const d = realm.system.decks;
  return { deck: stack(d.deck), hand: stack(d.hand), pile: stack(d.pile) };
}

/** The character cards in the realm's hand, in hand order. */
export function handCards(realm: Realm): { card: Card.Implementation; data: CharacterCard }[] {
  const hand = realmDecks(realm).hand;
  if (!hand) return [];
  return hand.cards.contents
    .sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0))
    .flatMap((card) => {
      const data = characterCardOf(card as Card.Implementation);
      return data ? [{ card: card as Card.Implementation, data }] : [];
    });
}

/** The first of `stacks` the current user may not move cards from or into (a GM owns them all), or null. */
export function notOwned(...stacks: (Cards.Implementation | null)[]): Cards.Implementation | null {
  if (game.user?.isGM) return null;
  return stacks.find((s): s is Cards.Implementation => !!s && !s.isOwner) ?? null;
}

/** Throw the refusal to move cards between stacks the current user does not both own. */
export function assertMayMove(from: Cards.Implementation, to: Cards.Implementation): void {
  const stack = notOwned(from, to);
  if (stack) throw new ActionError("FACTIONS.Battle.Card.NotYours", { stack: stack.name });
}

/** Where a played card goes: the realm's pile, else back to its deck. */
export function playDestination(card: Card.Implementation, pile: Cards.Implementation | null): Cards.Implementation | null {
  return pile ?? (card.origin as Cards.Implementation | null);
}

/** The stacks a realm names: its Discipline Deck, its hand and its discard pile. */
export const STACK_KINDS = ["deck", "hand", "pile"] as const;

/**
 * Create the realm's missing stacks (unset, or gone from the world) and name them on the realm:
 * each named for the realm and owned as the realm is, so its players draw and play without the GM
 * building hands and piles by hand. GM only (players may not create card stacks). A new deck is
 * empty: the GM fills it from a Discipline Deck of the compendium.
 * @returns the stacks created
 */
export async function setUpStacks(realm: Realm): Promise<Cards.Implementation[]> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
  const current = realmDecks(realm);
  const missing = STACK_KINDS.filter((kind) => !current[kind]);
  if (!missing.length) return [];
  const ownership = foundry.utils.deepClone(realm.ownership);
  const created = (await Cards.implementation.createDocuments(
    missing.map((kind) => ({ name: i18n.format(`FACTIONS.Battle.Sheet.StackName.${kind}`, { realm: realm.name }), type: kind, ownership })) as Cards.CreateData[],
  )) as Cards.Implementation[];
  await realm.update(Object.fromEntries(created.map((stack) => [`system.decks.${stack.type}`, stack.id])) as Actor.UpdateData);
  ui.notifications?.info(i18n.format("FACTIONS.Battle.Sheet.StacksCreated", { realm: realm.name, stacks: created.map((s) => s.name).join(", ") }));
  return created;
}

/** Cards left to draw in the realm's deck. */
export function cardsLeft(realm: Realm): number {
  return realmDecks(realm).deck?.availableCards.length ?? 0;
}

/** Draw the top card of the realm's deck into its hand. */
export async function drawCard(realm: Realm): Promise<Card.Implementation | null> {
  try {
    const { deck, hand } = realmDecks(realm);
    if (!deck || !hand) throw new ActionError("FACTIONS.Battle.Card.NoDecks", { realm: realm.name });
    if (!deck.availableCards.length) throw new ActionError("FACTIONS.Battle.Card.DeckEmpty", { deck: deck.name });
    assertMayMove(deck, hand);
    const [card] = await hand.draw(deck, 1, { chatNotification: false });
    return (card as Card.Implementation | undefined) ?? null;
  } catch (error) {
    warn(error);
    return null;
  }
}

interface PlayChoice {
  card?: string;
  pile?: string;
}

function docAt<T>(uuid: string | undefined): T | null {
  return uuid ? (worldDocument(uuid) as T | null) : null;
}

/**
 * Part of applying Play Character (on the GM's client): the card goes to the pile. If it cannot,
 * the apply is rolled back, so a character is never paid for while its card stays in the hand.
 */
export async function discardPlayed(message: ActionMessage): Promise<void> {
  const choice = message.system.choice as PlayChoice;
  const card = docAt<Card.Implementation>(choice.card);
  if (!card) throw new ActionError("FACTIONS.Battle.Card.NotMoved");
  const to = playDestination(card, docAt<Cards.Implementation>(choice.pile));
  const hand = card.parent as Cards.Implementation | null;
  if (!to || !hand || to === hand) return;
  await card.play(to, { chatNotification: false }).catch(() => undefined);
  if (hand.cards.has(card.id!)) throw new ActionError("FACTIONS.Battle.Card.NotMoved");
}

/** Part of undoing Play Character (on the GM's client): the card goes back to the hand. */
export async function returnPlayed(message: ActionMessage): Promise<void> {
  const choice = message.system.choice as PlayChoice;
  const handId = choice.card?.split(".")[1];
  const hand = handId ? stack(handId) : null;
  const cardId = choice.card?.split(".").at(-1) ?? "";
  if (!hand) throw new ActionError("FACTIONS.Battle.Card.NotMoved");
  if (hand.cards.has(cardId)) return;
  const places = [docAt<Cards.Implementation>(choice.pile), ...(game.cards?.contents ?? [])].filter((c): c is Cards.Implementation => !!c);
  const from = places.find((p) => p.cards.has(cardId) && (p.type !== "deck" || p.cards.get(cardId)?.drawn === false));
  if (!from) throw new ActionError("FACTIONS.Battle.Card.NotMoved");
  await from.pass(hand, [cardId], { chatNotification: false });
}
