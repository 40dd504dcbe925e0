/**
 * Unlinked tokens in Rounds (issue 20): the GM puts two unlinked tokens of one hero actor, Goblin,
 * on the map and into the game. Each is a hero of its own: its own uses of a step, its own square
 * (a melee target by its token), named by its token on the card, undone on its own; the world
 * actor never changes. A hero brought in by the rules always gets a linked token.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { heroesOf } from "../../src/rulesets/rounds/encounter/state";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import { renderCardAs, snapshot, t, warnings } from "../harness/world";
import { putOnMap, roundsWorld, setPosition } from "./rounds-fixtures";

const { as } = harness;
const used = (actor: Actor.Implementation) => (actor.system as unknown as { used: unknown[] }).used;

/** Round 2: Ari on the map, and Goblin 1 and Goblin 2 (Bob's, Psiclones, unlinked) on each side of her, in the game. */
async function goblins() {
  const world = await roundsWorld();
  await putOnMap(world, "Ari", { x: 8, y: 5 });
  return as(harness.users.gm, async () => {
    const goblin = (await Actor.implementation.create({
      name: "Goblin",
      type: "hero",
      ownership: { default: 0, [harness.users.bob.id!]: 3 },
      system: { team: "psiclones" },
      prototypeToken: { actorLink: false },
    } as unknown as Actor.CreateData)) as Actor.Implementation;
    const placed = [
      { name: "Goblin 1", actorId: goblin.id, x: 700, y: 500 },
      { name: "Goblin 2", actorId: goblin.id, x: 900, y: 500 },
    ];
    const tokens = (await world.scene.createEmbeddedDocuments("Token", placed as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
    for (const token of tokens) await token.actor!.update({ system: { onMap: true, entered: 1 } } as Actor.UpdateData);
    await world.combat.createEmbeddedDocuments("Combatant", tokens.map((tk) => ({ actorId: goblin.id, tokenId: tk.id, sceneId: world.scene.id, name: tk.name })) as Combatant.CreateData[]);
    await harness.settle();
    const [one, two] = tokens.map((tk) => tk.actor as Actor.Implementation);
    return { ...world, goblin, tokens, one: one!, two: two! };
  });
}

describe("unlinked tokens in a Rounds game", () => {
  it("are heroes of their own: their own uses and square, named by their tokens, undone alone", async () => {
    const w = await goblins();
    expect(heroesOf(w.combat).map((h) => h.uuid)).toEqual(expect.arrayContaining([w.one.uuid, w.two.uuid]));
    await setPosition(w.combat, { round: 2, team: "psiclones", step: "action" });
    const before = snapshot();
    const moved = await as(harness.users.bob, () => performAction(ACTIONS.move, w.one, { combat: w.combat.uuid, hero: w.one.uuid }));
    expect(moved?.system.status).toBe("applied");
    expect((await renderCardAs(harness.users.alice, moved!)).textContent).toContain("Goblin 1");
    expect([used(w.tokens[0]!.actor!).length, used(w.tokens[1]!.actor!).length, used(w.goblin).length]).toEqual([1, 0, 0]);
    // The other goblin has its own action this step; the first has none left.
    expect(await as(harness.users.bob, () => performAction(ACTIONS.move, w.two, { combat: w.combat.uuid, hero: w.two.uuid }))).not.toBeNull();
    harness.notifications.clear();
    expect(await as(harness.users.bob, () => performAction(ACTIONS.move, w.one, { combat: w.combat.uuid, hero: w.one.uuid }))).toBeNull();
    expect(warnings(harness.users.bob)).toEqual([t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Goblin 1" })]);
    await as(harness.users.gm, async () => {
      await undoMessage(game.messages!.contents.filter((m) => m.type === "action").at(-1)! as never);
      await undoMessage(moved!);
    });
    expect(snapshot()).toEqual(before);
  });

  it("stand on their own squares: Ari's melee reaches the goblin beside her by its token", async () => {
    const w = await goblins();
    await setPosition(w.combat, { round: 2, team: "skyhawks", step: "melee" });
    const melee = await as(harness.users.alice, () => performAction(ACTIONS.melee, w.heroes.Ari, { combat: w.combat.uuid, hero: w.heroes.Ari.uuid, target: w.two.uuid }));
    expect(melee?.system.status).toBe("applied");
    expect(melee?.system.resolvedOutcome?.log[0]?.data).toMatchObject({ target: "Goblin 2" });
  });

  it("bear an outcome of their own; Defeated, which would delete the token and the hero with it, is the GM's to do by hand (issue 18)", async () => {
    const w = await goblins();
    const { gm } = harness.users;
    await setPosition(w.combat, { round: 2, team: "skyhawks", step: "melee" });
    const melee = await as(harness.users.alice, () => performAction(ACTIONS.melee, w.heroes.Ari, { combat: w.combat.uuid, hero: w.heroes.Ari.uuid, target: w.two.uuid }));
    const before = snapshot();
    harness.notifications.clear();
    const pick = async (step: string) => {
      const html = await renderCardAs(gm, melee!);
      await as(gm, async () => {
        html.querySelector<HTMLButtonElement>(`button[data-step="${step}"]`)!.click();
        await harness.settle();
      });
    };
    await pick("defeated");
    expect(warnings(gm)).toEqual([t("FACTIONS.Rounds.Reject.UnlinkedDefeated", { hero: "Goblin 2" })]);
    expect(snapshot()).toEqual(before);
    await pick("wounded");
    expect((w.tokens[1]!.actor!._source.system as unknown as { outcomes: string[] }).outcomes).toEqual(["wounded"]);
    expect((w.tokens[0]!.actor!._source.system as unknown as { outcomes: string[] }).outcomes).toEqual([]);
    expect((w.goblin._source.system as unknown as { outcomes: string[] }).outcomes).toEqual([]);
  });

  it("a hero brought in by the rules gets a token linked to it, whatever its prototype says", async () => {
    const world = await roundsWorld();
    const { Cato } = world.heroes;
    await as(harness.users.gm, () => Cato.update({ prototypeToken: { actorLink: false } } as Actor.UpdateData));
    await setPosition(world.combat, { round: 1, team: "skyhawks", step: "reinforce" });
    const card = await as(harness.users.alice, () => performAction(ACTIONS.reinforce, Cato, { combat: world.combat.uuid, hero: Cato.uuid, square: { x: 0, y: 2 } }));
    expect(card?.system.status).toBe("applied");
    await harness.settle();
    const token = world.scene.tokens.find((tk) => tk.actorId === Cato.id);
    expect([token?.actorLink, token?.actor]).toEqual([true, Cato]);
  });
});
