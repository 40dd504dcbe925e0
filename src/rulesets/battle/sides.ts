/** Battle's sides: each realm with its Discipline Deck, hand and discard pile. */
import type { Side, SideDocument } from "../../core/sides/sides";

export function battleSides(): Side[] {
  return ((game.actors?.contents ?? []) as Actor.Implementation[])
    .filter((a) => a.type === "realm")
    .map((realm) => {
      const decks = (realm.system as { decks?: Record<string, string> }).decks ?? {};
      const stacks: SideDocument[] = [];
      for (const id of Object.values(decks)) {
        const stack = id ? game.cards?.get(id) : undefined;
        if (stack) stacks.push(stack as Cards.Implementation);
      }
      return { name: realm.name, ruleset: "battle" as const, documents: [realm, ...stacks] };
    });
}
