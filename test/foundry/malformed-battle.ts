/**
 * Battle for the malformed-choice fuzz (malformed.test.ts): the seed's two realms, Alice's with a
 * Discipline Deck, a hand holding a drawn character card and a discard pile, and Bob's owing a
 * building after a citadel attack. Every action acts as Alice's realm but Citadel Loss, which acts
 * as the realm that owes it. The references a choice's strings are drawn from: the realms' UUIDs
 * and their items' ids, the town and the citadel's objective id, the unit types, and every Cards
 * stack's and Card's UUID (Play Character names them).
 */
import type { ActionDefinition } from "../../src/core/actions/definition";
import { BATTLE_ACTIONS } from "../../src/rulesets/battle/ids";
import { BATTLE_DEFINITIONS } from "../../src/rulesets/battle/actions";
import { CITADEL } from "../../src/rulesets/battle/rules";
import { harness } from "../harness/install";
import { B, seedWorld, type Realm } from "./battle-fixtures";
import { referencesOf, type RulesetCase } from "./malformed-cases";

/** Alice's deck (Vesk, then Ginda), hand and discard pile, named on her realm, with Vesk drawn into the hand. */
async function disciplineDecks(you: Realm): Promise<Cards.Implementation[]> {
  const owned = { default: 0, [harness.users.alice.id!]: 3 };
  const card = (id: string, name: string, sort: number, system: object) => ({ _id: id, name, type: "character", sort, faces: [{ name, text: "", img: "icons/svg/angel.svg" }], face: 0, system });
  return harness.as(harness.users.gm, async () => {
    const deck = (await Cards.implementation.create({
      name: "Security Discipline",
      type: "deck",
      ownership: owned,
      cards: [
        card("VeskTheQuiet0001", "Vesk the Quiet", 1, { cost: { gold: 2, wood: 0, stone: 0 }, a: 2, d: 2, s: 3, unitType: "", text: "" }),
        card("GindaCard0000001", "Ginda, Lightwalker", 2, { cost: { gold: 3, wood: 0, stone: 0 }, a: 3, d: 4, s: 2, unitType: "Man at Arms", text: "" }),
      ],
    } as unknown as Cards.CreateData)) as Cards.Implementation;
    const hand = (await Cards.implementation.create({ name: "You: hand", type: "hand", ownership: owned } as unknown as Cards.CreateData)) as Cards.Implementation;
    const pile = (await Cards.implementation.create({ name: "You: discard", type: "pile", ownership: owned } as unknown as Cards.CreateData)) as Cards.Implementation;
    await you.update({ "system.decks": { deck: deck.id, hand: hand.id, pile: pile.id } } as Actor.UpdateData);
    await hand.draw(deck, 1, { chatNotification: false });
    return [deck, hand, pile];
  });
}

export const battleCase: RulesetCase = {
  name: "Battle",
  definitions: BATTLE_DEFINITIONS,
  setup: async () => {
    const { you, me } = await seedWorld();
    const stacks = await disciplineDecks(you);
    await harness.as(harness.users.gm, () => me.update({ "system.buildingsToDestroy": 1 } as Actor.UpdateData));
    const actorFor = (def: ActionDefinition) => ((def.id === BATTLE_ACTIONS.citadelLoss ? me : you) as unknown as Actor.Implementation);
    const cards = stacks.flatMap((s) => [s.uuid, ...s.cards.contents.map((c) => c.uuid)]);
    const pool = [...referencesOf([B.town, CITADEL, "Man at Arms", "Swordsman"]), ...cards];
    return { actor: you as unknown as Actor.Implementation, actorFor, pool };
  },
};
