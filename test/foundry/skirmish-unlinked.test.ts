/**
 * Unlinked tokens in Skirmish (issue 20): a GM drags three squads of one actor and two vehicles of
 * another onto the map, each an unlinked token with an actor of its own. Each fights as itself:
 * its own budget, fallout, heat and statuses, kept in its token; the world actor and the other
 * tokens never change; undo puts back only what the card changed; and what only the GM decides
 * stays the GM's on a player's token too.
 */
import { describe, expect, it, vi } from "vitest";
import { FactionsActor } from "../../src/core/documents/actor";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { fightersOf } from "../../src/rulesets/skirmish/data/state";
import { OVERHEATED } from "../../src/rulesets/skirmish/effects";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import type { TokenDocument as HarnessToken } from "../harness/documents";
import { harness } from "../harness/install";
import { activeStatuses, openTokenHUD, renderCardAs, t, warnings } from "../harness/world";
import { IDS, skirmishActors, storedBudget, worldSnapshot } from "./skirmish-fixtures";

const { as } = harness;

/** The actors (the tokens' too) and every fighter's budget: what a card may change, and its undo puts back. */
function fought(combat: Combat.Implementation) {
  const { actors, tokenActors } = worldSnapshot();
  const budgets = [...fightersOf(combat).values()].map((c) => storedBudget(combat, c.actor as Actor.Implementation));
  return { actors, tokenActors, budgets };
}
const sys = (doc: { system: unknown }) => doc.system as unknown as Record<string, unknown>;

/** Red Squad three times and the Rhino twice, each an unlinked token, in an encounter started at round 1. */
async function unlinkedEncounter() {
  const world = await skirmishActors();
  return as(harness.users.gm, async () => {
    const scene = (await Scene.implementation.create({ name: "Ridge", active: true } as Scene.CreateData)) as Scene.Implementation;
    const placed = [
      { name: "Red 1", actorId: IDS.red },
      { name: "Red 2", actorId: IDS.red },
      { name: "Red 3", actorId: IDS.red },
      { name: "Rhino A", actorId: IDS.rhino },
      { name: "Rhino B", actorId: IDS.rhino },
    ].map((d, i) => ({ ...d, actorLink: false, x: 100 * (i + 1), y: 100 }));
    const tokens = (await scene.createEmbeddedDocuments("Token", placed as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
    const combat = (await Combat.implementation.create({ type: "base", scene: scene.id } as Combat.CreateData)) as Combat.Implementation;
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((tk, i) => ({ tokenId: tk.id, sceneId: scene.id, actorId: tk.actorId, name: tk.name, initiative: 50 - i * 10 })) as Combatant.CreateData[],
    );
    await combat.startCombat();
    await harness.settle();
    const [red1, red2, red3, rhinoA, rhinoB] = tokens.map((tk) => tk.actor as Actor.Implementation);
    return { ...world, scene, combat, tokens, red1: red1!, red2: red2!, red3: red3!, rhinoA: rhinoA!, rhinoB: rhinoB! };
  });
}

describe("unlinked tokens in a Skirmish encounter", () => {
  it("each fight as themselves: a budget of their own, spent and given back by undo, the world actor untouched", async () => {
    const w = await unlinkedEncounter();
    expect([...fightersOf(w.combat).keys()]).toEqual([w.red1, w.red2, w.red3, w.rhinoA, w.rhinoB].map((a) => a.uuid));
    const before = fought(w.combat);
    const move = await as(harness.users.alice, () => performAction(ACTIONS.move, w.red2, { actor: w.red2.uuid }));
    expect(move?.system.actor).toBe(w.red2.uuid);
    // The card names the token that acted: three squads of one actor are told apart by their tokens' names.
    expect((await renderCardAs(harness.users.bob, move!)).textContent).toContain("Red 2");
    expect(storedBudget(w.combat, w.red2)).toMatchObject({ spent: { move: 1 } });
    for (const other of [w.red1, w.red3]) expect(storedBudget(w.combat, other)).toMatchObject({ spent: { move: 0 } });
    // The first squad still moves; the second has no move left.
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.red1, { actor: w.red1.uuid }));
    expect(storedBudget(w.combat, w.red1)).toMatchObject({ spent: { move: 1 } });
    harness.notifications.clear();
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.red2, { actor: w.red2.uuid }));
    expect(warnings(harness.users.alice)).toHaveLength(1);
    await as(harness.users.gm, async () => {
      await undoMessage(game.messages!.contents.at(-1)! as never);
      await undoMessage(move!);
    });
    expect(fought(w.combat)).toEqual(before);
  });

  it("keep their own heat and fallout in their token: the world actor and the other tokens never change", async () => {
    const w = await unlinkedEncounter();
    const before = fought(w.combat);
    const push = await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhinoA, { actor: w.rhinoA.uuid }));
    expect([sys(w.tokens[3]!.actor!).heat, sys(w.tokens[4]!.actor!).heat, sys(w.rhino).heat]).toEqual([2, 1, 1]);

    harness.dice.force(5, 5, 5); // 15: Exhausted −3
    const fallout = await as(harness.users.alice, () => performAction(ACTIONS.push, w.red3, { actor: w.red3.uuid, members: [] }));
    expect(w.tokens[2]!.actor!.effects.map((e) => e.statuses.has("exhausted"))).toEqual([true]);
    expect([w.red.effects.size, w.tokens[0]!.actor!.effects.size, w.tokens[1]!.actor!.effects.size]).toEqual([0, 0, 0]);
    // The fallout shows on that token alone.
    expect(activeStatuses(await openTokenHUD(harness.users.gm, w.tokens[2] as unknown as HarnessToken))).toContain("exhausted");
    expect(activeStatuses(await openTokenHUD(harness.users.gm, w.tokens[1] as unknown as HarnessToken))).not.toContain("exhausted");
    await as(harness.users.gm, async () => {
      await undoMessage(fallout!);
      await undoMessage(push!);
    });
    expect(fought(w.combat)).toEqual(before);
  });

  it("keep what only the GM decides on a player's token: heat and fallout written by a player are put back", async () => {
    const w = await unlinkedEncounter();
    await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhinoA, { actor: w.rhinoA.uuid }));
    await harness.settle();
    const rhinoA = w.tokens[3]!.actor!;
    // Heat past its threshold shows Overheated on that token alone.
    await as(harness.users.gm, () => rhinoA.update({ "system.heat": 3 } as Actor.UpdateData));
    await harness.settle();
    const overheated = () => [w.tokens[3]!.actor!.statuses.has(OVERHEATED), w.tokens[4]!.actor!.statuses.has(OVERHEATED), w.rhino.statuses.has(OVERHEATED)];
    expect(overheated()).toEqual([true, false, false]);
    // The player's own client refuses; a modified one writes anyway, and the GM's client puts it back.
    harness.notifications.clear();
    await as(harness.users.bob, () => rhinoA.update({ "system.heat": 0 } as Actor.UpdateData));
    expect(sys(rhinoA).heat).toBe(3);
    const skip = vi.spyOn(FactionsActor.prototype as unknown as Record<string, () => Promise<void>>, "_preUpdate").mockResolvedValue(undefined);
    try {
      await as(harness.users.bob, () => rhinoA.update({ "system.heat": 0 } as Actor.UpdateData));
    } finally {
      skip.mockRestore();
    }
    await harness.settle();
    expect(sys(w.tokens[3]!.actor!).heat).toBe(3);
    expect(overheated()).toEqual([true, false, false]);
    expect(warnings(harness.users.gm)).toContainEqual(t("FACTIONS.Action.Error.RecordPutBack", { user: "Bob", document: "Rhino" }));
  });

  it("put back what a player wrote into their token's GM fields while no GM was connected, once one connects", async () => {
    const w = await unlinkedEncounter();
    await harness.settle();
    harness.setGMConnected(false);
    const skip = vi.spyOn(FactionsActor.prototype as unknown as Record<string, () => Promise<void>>, "_preUpdate").mockResolvedValue(undefined);
    try {
      await as(harness.users.bob, () => w.tokens[4]!.actor!.update({ "system.heat": 0 } as Actor.UpdateData));
    } finally {
      skip.mockRestore();
    }
    expect(sys(w.tokens[4]!.actor!).heat).toBe(0);
    harness.setGMConnected(true);
    await harness.settle();
    expect([sys(w.tokens[4]!.actor!).heat, sys(w.tokens[3]!.actor!).heat, sys(w.rhino).heat]).toEqual([1, 1, 1]);
  });
});
