/**
 * The tracker's add-ons draw the encounter the tracker shows, not the active one (issue 20): a GM
 * viewing a Skirmish encounter while a Rounds game is active sees the Skirmish pips and Foundry's
 * own turn buttons, no Rounds panel; viewing the Rounds game, the panel and no pips.
 */
import { describe, expect, it } from "vitest";
import { CombatTracker } from "../harness/combat-tracker";
import { harness } from "../harness/install";
import { roundsWorld } from "./rounds-fixtures";
import { encounter } from "./skirmish-fixtures";

/** A GM's sidebar tracker showing `combat`, rendered and decorated. */
async function trackerShowing(combat: Combat.Implementation): Promise<HTMLElement> {
  const tracker = new CombatTracker();
  tracker.view(combat as unknown as Parameters<CombatTracker["view"]>[0]);
  await harness.as(harness.users.gm, () => tracker.render({ force: true }));
  await harness.settle();
  return tracker.element as HTMLElement;
}

describe("the combat tracker's add-ons", () => {
  it("draw the encounter the tracker shows, whichever is active", async () => {
    const skirmish = await encounter();
    const rounds = await roundsWorld();
    await harness.as(harness.users.gm, async () => {
      await skirmish.combat.update({ active: false });
      await rounds.combat.activate();
    });
    // Each encounter is tied to its scene: the GM's canvas shows the game's.
    harness.view(harness.users.gm, rounds.scene as never);
    expect(await harness.as(harness.users.gm, () => game.combat?.id)).toBe(rounds.combat.id);

    const shown = await trackerShowing(skirmish.combat);
    expect(shown.querySelector(".factions-rounds-panel")).toBeNull();
    expect(shown.querySelectorAll('[data-action="nextTurn"], [data-action="previousTurn"]')).toHaveLength(2);
    expect(shown.querySelectorAll("li.combatant .factions-skirmish-pips")).toHaveLength(skirmish.combat.combatants.size);

    const roundsShown = await trackerShowing(rounds.combat as unknown as Combat.Implementation);
    expect(roundsShown.querySelector(".factions-rounds-panel")).not.toBeNull();
    expect(roundsShown.querySelector('[data-action="nextTurn"]')).toBeNull();
    expect(roundsShown.querySelector(".factions-skirmish-pips")).toBeNull();
  });

  it("show a New Rounds game, though an encounter of no scene was active (it would show first): that one is made inactive", async () => {
    const elsewhere = (await harness.as(harness.users.gm, () => Combat.implementation.create({ active: true } as Combat.CreateData)))!;
    const rounds = await roundsWorld();
    expect(await harness.as(harness.users.gm, () => game.combat?.id)).toBe(rounds.combat.id);
    expect(elsewhere.active).toBe(false);
  });
});
