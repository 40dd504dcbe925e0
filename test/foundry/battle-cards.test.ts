/**
 * The harness's Cards and Card documents, as Battle's Discipline Decks use them: drawing marks the
 * card drawn in its deck and copies it (same id, origin the deck) into the hand; passing a card on
 * from a hand removes it there; passing it back to its deck only marks it undrawn; the mover must
 * own both stacks; a Card's `system` is its subtype's data model.
 */
import { describe, expect, it } from "vitest";
import { CharacterCardData } from "../../src/rulesets/battle/data/card";
import { harness } from "../harness/install";

async function stacks() {
  const { alice } = harness.users;
  const ownership = { default: 0, [alice.id!]: 3 };
  return harness.as(harness.users.gm, async () => {
    const deck = (await Cards.implementation.create({
      name: "Deck",
      type: "deck",
      ownership,
      cards: [
        { _id: "CardOne000000001", name: "One", type: "character", sort: 1, system: { a: 1, d: 1, s: 1 } },
        { _id: "CardTwo000000001", name: "Two", type: "character", sort: 2, system: { a: 2, d: 2, s: 2 } },
      ],
    } as unknown as Cards.CreateData)) as Cards.Implementation;
    const hand = (await Cards.implementation.create({ name: "Hand", type: "hand", ownership } as unknown as Cards.CreateData)) as Cards.Implementation;
    const pile = (await Cards.implementation.create({ name: "Pile", type: "pile", ownership: { default: 0 } } as unknown as Cards.CreateData)) as Cards.Implementation;
    return { deck, hand, pile };
  });
}

describe("Cards in the harness", () => {
  it("types a character card's system with its data model, cleaned as Foundry cleans it", async () => {
    const { deck } = await stacks();
    const card = deck.cards.get("CardOne000000001")!;
    expect(card.system).toBeInstanceOf(CharacterCardData);
    expect(card.toObject().system).toEqual({ cost: { gold: 0, wood: 0, stone: 0 }, a: 1, d: 1, s: 1, unitType: "", text: "" });
    await harness.as(harness.users.gm, () => card.update({ "system.a": -1 } as Card.UpdateData));
    expect(card.toObject().system).toMatchObject({ a: 0 });
    await expect(harness.as(harness.users.gm, () => card.update({ "system.a": "many" } as unknown as Card.UpdateData))).rejects.toThrow(/validation errors/);
  });

  it("draws from the top of a deck into a hand, and passes back and on", async () => {
    const { deck, hand, pile } = await stacks();
    const [drawn] = await harness.as(harness.users.alice, () => hand.draw(deck, 1, { chatNotification: false }));
    expect(drawn!.id).toBe("CardOne000000001");
    expect(drawn!.parent).toBe(hand);
    expect(drawn!.origin).toBe(deck);
    expect(deck.cards.get("CardOne000000001")!.drawn).toBe(true);
    expect(deck.availableCards.map((c) => c.name)).toEqual(["Two"]);
    await expect(harness.as(harness.users.gm, () => deck.pass(hand, ["CardOne000000001"]))).rejects.toThrow(/already been drawn/);

    // Back to its deck: removed from the hand, undrawn in the deck.
    await harness.as(harness.users.alice, () => drawn!.pass(deck, { chatNotification: false }));
    expect(hand.cards.size).toBe(0);
    expect(deck.cards.get("CardOne000000001")!.drawn).toBe(false);

    // Alice does not own the pile: she may not play a card to it; the GM may.
    const [again] = await harness.as(harness.users.alice, () => hand.draw(deck, 1, { chatNotification: false }));
    await expect(harness.as(harness.users.alice, () => again!.play(pile, { chatNotification: false }))).rejects.toThrow(/permission/);
    expect(hand.cards.size).toBe(1);
    const played = await harness.as(harness.users.gm, () => again!.play(pile));
    expect(played!.parent).toBe(pile);
    expect(hand.cards.size).toBe(0);
    // The default chat notification.
    expect(game.messages!.size).toBe(1);
  });

  it("moves nothing unless the mover owns both stacks, whichever one they lack", async () => {
    const { deck, hand, pile } = await stacks();
    const { alice } = harness.users;
    // Alice owns the hand she draws into, not the GM's pile she would draw from: refused before anything moves.
    await harness.as(harness.users.gm, () => deck.pass(pile, ["CardOne000000001"], { chatNotification: false }));
    await expect(harness.as(alice, () => hand.draw(pile, 1, { chatNotification: false }))).rejects.toThrow(/lacks permission/);
    expect(hand.cards.size).toBe(0);
    expect(pile.cards.map((c) => c.id)).toEqual(["CardOne000000001"]);
    expect(game.messages!.size).toBe(0);
  });

  it("keeps a card's images on its faces and back: it has no image of its own", async () => {
    const { deck } = await stacks();
    const card = deck.cards.get("CardOne000000001")!;
    expect(Object.keys(Card.schema.fields)).not.toContain("img");
    expect((card as unknown as { img?: string }).img).toBeUndefined();
    await harness.as(harness.users.gm, () => card.update({ img: "icons/x.svg", "back.img": "icons/back.svg" } as unknown as Card.UpdateData));
    expect(card.toObject()).not.toHaveProperty("img");
    expect(card.back.img).toBe("icons/back.svg");
  });
});
