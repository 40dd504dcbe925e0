/**
 * The action pipeline end to end, on the in-memory Foundry, with players who own only their own
 * faction: roll, card, apply (here or through the GM's client), answer, undo, and every refusal
 * leaving the world exactly as it was.
 */
import { describe, expect, it } from "vitest";
import { answerMessage, applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { askGM } from "../../src/core/actions/requests";
import { api } from "../../src/core/api";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { harness } from "../harness/install";
import { actionCards, assetNamed, lastCard, snapshot, t, warnings } from "../harness/world";
import { DOCKS, IDS, standardWorld } from "./fixtures";
import { gmRecord } from "./record-fixtures";

const SYSTEM = "factions";

async function setAutoApply(value: boolean): Promise<void> {
  await harness.as(harness.users.gm, () => game.settings!.set(SYSTEM, "autoApply", value));
}

/** Alice's Red Hand attacks Bob's Blue Lotus with its Thugs at the Docks: the awaiting card. */
async function aliceAttacks(world: Awaited<ReturnType<typeof standardWorld>>): Promise<ActionMessage> {
  const card = await harness.as(harness.users.alice, () =>
    performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
  );
  if (!card) throw new Error(`the attack was refused: ${warnings().join("; ")}`);
  return card;
}

/** Bob answers the card in the defender dialog, picking `defender` at the Docks. */
async function bobAnswers(card: ActionMessage, defender: string): Promise<void> {
  harness.dialogs.next({ [`defender.${DOCKS}`]: defender });
  await harness.as(harness.users.bob, () => answerMessage(card));
}

describe("an action on the actor's own faction", () => {
  it("is applied by the GM's client, asked by the owner: documents change and the card is applied", async () => {
    const { red } = await standardWorld();
    const { alice } = harness.users;
    harness.asUser(alice);
    const card = await performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false });

    expect(warnings()).toEqual([]);
    expect(card?.system.status).toBe("applied");
    // Whether it was applied is the GM's to say: the GM's client wrote its ruling into the card, at
    // Alice's request, and made the card a GM's, so that no player may change it from now on.
    expect(card?.author?.id).toBe(harness.users.gm.id);
    expect(card?.system.appliedBy?.user).toBe(alice.id);
    expect((await gmRecord(card!.id!))?.done.user).toBe(alice.id);
    // First fix costs 1 Treasure and heals ceil(Force 4 / 2) = 2.
    expect(red.system.treasure).toBe(4);
    expect(assetNamed(red, "Thugs").system).toMatchObject({ hp: { value: 4, max: 4 } });
    expect(red.system.turn.action).toBe(ACTIONS.repair);
    expect(red.system.turn.repairs).toEqual({ [IDS.thugs]: 1 });
    // The applied changes are kept in the GM's record, exactly as written.
    expect((await gmRecord(card!.id!))?.changes).toEqual(card?.system.resolvedOutcome?.changes);
    // One request, carried by a request message the GM's client consumed.
    expect(harness.queries.map((q) => [q.from, q.to, q.name, q.result])).toEqual([["Alice", "Gamemaster", "factions.request", { ok: true }]]);
    expect(game.messages!.filter((m) => m.type === "request")).toEqual([]);
  });

  it("is recorded in the chronicle by the GM's client, which saw the card change", async () => {
    const { red } = await standardWorld();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    );
    expect(await api.chronicle.entries()).toEqual([expect.objectContaining({ id: card!.id, status: "applied", actor: red.uuid })]);
  });
});

describe("an attack on a faction another player owns", () => {
  it("waits for the defender, who answers in the dialog; the GM's client resolves and applies it", async () => {
    const world = await standardWorld();
    const { alice, bob, gm } = harness.users;
    const before = snapshot();

    const awaiting = await aliceAttacks(world);
    expect(awaiting.system.status).toBe("awaiting");
    expect(awaiting.system.awaiting).toBe(world.blue.uuid);
    expect(awaiting.rolls).toEqual([]);
    expect(snapshot()).toEqual(before);

    // Bob is asked which of his assets at the Docks defends: the dialog offers both, the one with most HP first picked.
    harness.dice.force(8, 2, 3); // attack 8 + 4 = 12 vs 2 + 3 = 5: a hit; damage 1d6 = 3
    harness.dialogs.next((dialog) => {
      expect(dialog.options(`defender.${DOCKS}`)).toEqual([IDS.guards, IDS.knives]);
      expect((dialog.form.querySelector("select") as HTMLSelectElement).value).toBe(IDS.guards);
      return { [`defender.${DOCKS}`]: IDS.guards };
    });
    await harness.as(bob, () => answerMessage(awaiting));

    // The answer went to the GM's client through the query, which resolved and applied it.
    expect(harness.queries.map((q) => [q.from, q.to, q.name, q.result])).toEqual([["Bob", "Gamemaster", "factions.request", { ok: true }]]);
    expect(awaiting.system.status).toBe("answered");
    const resolved = lastCard();
    expect(resolved).not.toBe(awaiting);
    expect(resolved.author?.id).toBe(gm.id);
    expect(resolved.system.status).toBe("applied");
    expect(resolved.rolls.map((r) => r.total)).toEqual([12, 5, 3]);
    expect(resolved.system.choice).toMatchObject({ defenders: [{ key: DOCKS, value: IDS.guards }] });

    expect(assetNamed(world.blue, "Dock Guards").system.hp.value).toBe(2);
    expect(world.red.system.turn.action).toBe(ACTIONS.attack);
    // Nobody saw a warning or an error, and no permission error was thrown anywhere.
    expect(warnings(alice)).toEqual([]);
    expect(warnings(bob)).toEqual([]);
    expect(warnings(gm)).toEqual([]);
    expect(harness.hooks.errors).toEqual([]);
  });

  it("keeps the stored choice: the defender's answer only adds the defenders", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(1, 10); // a miss; the Dock Guards counter for 1d4
    harness.dice.force(2);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    const resolved = lastCard();
    expect(resolved.system.choice).toEqual({ faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs], defenders: [{ key: DOCKS, value: IDS.guards }] });
    // The counterattack (1d4 = 2) destroyed the damaged Thugs (2 HP).
    expect(world.red.items.has(IDS.thugs)).toBe(false);
  });

  it("cannot be applied twice: the second apply is refused and changes nothing", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    const after = snapshot();

    expect(await harness.as(harness.users.gm, () => applyMessage(resolved))).toBe(false);
    expect(warnings(harness.users.gm)).toEqual([t("FACTIONS.Action.Error.AlreadyApplied")]);
    expect(snapshot()).toEqual(after);
    expect(resolved.system.status).toBe("applied");
  });

  it("applies once when two applies of the same card race", async () => {
    const { red } = await standardWorld();
    await setAutoApply(false);
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    );
    expect(card?.system.status).toBe("resolved");
    const results = await harness.as(harness.users.alice, () => Promise.all([applyMessage(card!), applyMessage(card!)]));
    expect(results.sort()).toEqual([false, true]);
    expect(red.system.treasure).toBe(4);
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyApplied")]);
  });

  it("is undone by the GM: every actor and item is exactly as before", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    expect(snapshot()).not.toEqual(before);

    expect(await harness.as(harness.users.gm, () => undoMessage(resolved))).toBe(true);
    expect(resolved.system.status).toBe("undone");
    expect(resolved.system.undoneBy?.user).toBe(harness.users.gm.id);
    expect(snapshot()).toEqual(before);
    expect(warnings()).toEqual([]);
  });

  it("cannot be undone by a player", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    const after = snapshot();
    for (const player of [harness.users.alice, harness.users.bob]) {
      expect(await harness.as(player, () => undoMessage(resolved))).toBe(false);
      expect(warnings(player)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    }
    expect(resolved.system.status).toBe("applied");
    expect(snapshot()).toEqual(after);
  });

  it("cannot be undone twice", async () => {
    const { red } = await standardWorld();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    );
    await harness.as(harness.users.gm, () => undoMessage(card!));
    const after = snapshot();
    expect(await harness.as(harness.users.gm, () => undoMessage(card!))).toBe(false);
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.NotApplied")]);
    expect(snapshot()).toEqual(after);
  });

  it("is refused when the world changed between the roll and the apply, and nothing changes", async () => {
    const { red } = await standardWorld();
    await setAutoApply(false);
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    );
    expect(card?.system.status).toBe("resolved");
    await harness.as(harness.users.gm, () => red.update({ "system.treasure": 6 } as Actor.UpdateData));
    const changed = snapshot();

    expect(await harness.as(harness.users.alice, () => applyMessage(card!))).toBe(false);
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.Stale")]);
    expect(snapshot()).toEqual(changed);
    expect(card?.system.status).toBe("resolved");
  });

  it("is refused when the card's own rolls no longer give its changes on the GM's client", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    expect(resolved.system.status).toBe("resolved");
    // The Dock Guards were hurt since: the same dice now leave them at 1 HP, not 2.
    await harness.as(harness.users.gm, () => world.blue.updateEmbeddedDocuments("Item", [{ _id: IDS.guards, "system.hp.value": 4 } as Item.UpdateData]));
    const changed = snapshot();
    expect(await harness.as(harness.users.gm, () => applyMessage(resolved))).toBe(false);
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.Stale")]);
    expect(snapshot()).toEqual(changed);
  });

  it("is refused when a rating the check used changed since the roll", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    const awaiting = await aliceAttacks(world);
    harness.dice.force(6, 5, 3); // 6 + 4 = 10 vs 5 + 3 = 8: a hit for 3
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    await harness.as(harness.users.gm, () => world.blue.update({ "system.force": 8 } as Actor.UpdateData));
    const changed = snapshot();
    await harness.as(harness.users.gm, () => applyMessage(resolved));
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.Stale")]);
    expect(snapshot()).toEqual(changed);
  });

  it("is refused as stale when the re-run needs more dice than the card rolled", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    const awaiting = await aliceAttacks(world);
    harness.dice.force(1, 10); // a miss on the Shadow Knives, which have no counterattack
    await bobAnswers(awaiting, IDS.knives);
    const resolved = lastCard();
    expect(resolved.rolls).toHaveLength(2);
    await harness.as(harness.users.gm, () => world.blue.updateEmbeddedDocuments("Item", [{ _id: IDS.knives, "system.counter": "1d4" } as Item.UpdateData]));
    const changed = snapshot();
    await harness.as(harness.users.gm, () => applyMessage(resolved));
    expect(harness.notifications.list.map((n) => [n.type, n.message])).toEqual([["warning", t("FACTIONS.Action.Error.Stale")]]);
    expect(snapshot()).toEqual(changed);
  });

  it("needs a connected GM to apply a player's card that changes another faction", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const resolved = lastCard();
    const before = snapshot();

    harness.setGMConnected(false);
    expect(game.users!.activeGM).toBeNull();
    expect(await harness.as(harness.users.alice, () => api.apply(resolved.id!))).toBe(false);
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.NoGM")]);
    expect(resolved.system.status).toBe("resolved");
    expect(snapshot()).toEqual(before);
  });

  it("needs a connected GM for the defender's answer; without one the card keeps waiting", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    const before = snapshot();
    harness.setGMConnected(false);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    expect(warnings(harness.users.bob)).toEqual([t("FACTIONS.Action.Error.NoGM")]);
    expect(awaiting.system.status).toBe("awaiting");
    expect(actionCards()).toHaveLength(1);
    expect(snapshot()).toEqual(before);
  });

  it("is not answered when the defender closes the dialog", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    const before = snapshot();
    harness.dialogs.next(null);
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    expect(awaiting.system.status).toBe("awaiting");
    expect(harness.queries).toEqual([]);
    expect(warnings()).toEqual([]);
    expect(snapshot()).toEqual(before);
  });

  it("cannot be answered twice", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3);
    await bobAnswers(awaiting, IDS.guards);
    const after = snapshot();
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    expect(warnings(harness.users.bob)).toEqual([t("FACTIONS.Action.Error.AlreadyAnswered")]);
    expect(actionCards()).toHaveLength(2);
    expect(snapshot()).toEqual(after);
  });

  it("rejects an answer that names an asset the defender does not have there, and changes nothing", async () => {
    const world = await standardWorld();
    const awaiting = await aliceAttacks(world);
    const before = snapshot();
    // A forged answer sent as Bob's own request (the dialog would not offer it).
    await harness.as(harness.users.bob, () =>
      askGM("answer", { message: awaiting.id, choice: { ...awaiting.system.choice, defenders: [{ key: DOCKS, value: IDS.scribes }] } }).catch((e: unknown) => e),
    ).then((error) => expect(error).toMatchObject({ key: "FACTIONS.FactionTurn.Reject.BadDefender" }));
    expect(awaiting.system.status).toBe("awaiting");
    expect(snapshot()).toEqual(before);
  });

  it("lets the defender, not the attacker, pick the defending asset", async () => {
    const world = await standardWorld();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs], defenders: [{ key: DOCKS, value: IDS.knives }] }),
    );
    expect(card?.system.status).toBe("awaiting");
  });

  it("restores a destroyed asset exactly on undo (image and all)", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const awaiting = await aliceAttacks(world);
    harness.dice.force(8, 2, 3); // 3 damage destroys the Shadow Knives (3 HP)
    await bobAnswers(awaiting, IDS.knives);
    expect(world.blue.items.has(IDS.knives)).toBe(false);
    await harness.as(harness.users.gm, () => undoMessage(lastCard()));
    expect(snapshot()).toEqual(before);
  });
});

describe("a refused action", () => {
  it("shows the localized reason, posts no card and changes nothing", async () => {
    const { red } = await standardWorld();
    await harness.as(harness.users.gm, () => red.update({ "system.cunning": 2 } as Actor.UpdateData));
    const before = snapshot();
    const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.hide, red, { faction: red.uuid, assets: [IDS.thugs] }));
    expect(card).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([
      t("FACTIONS.FactionTurn.Reject.CunningTooLow", { faction: "Red Hand", cunning: 2, need: 3 }),
    ]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("is refused before the defender is asked when the attack cannot be made", async () => {
    const world = await standardWorld();
    const before = snapshot();
    // The Grey Court has nothing at the Docks.
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.grey.uuid, attackers: [IDS.thugs] }),
    );
    expect(card).toBeNull();
    expect(warnings()).toEqual([t("FACTIONS.FactionTurn.Reject.NoTargetThere", { asset: "Thugs", target: "Grey Court" })]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("can be stopped by a `factions.preAction` hook", async () => {
    const { red } = await standardWorld();
    const id = Hooks.on("factions.preAction", () => false);
    try {
      const card = await harness.as(harness.users.alice, () =>
        performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
      );
      expect(card).toBeNull();
      expect(game.messages!.size).toBe(0);
    } finally {
      Hooks.off("factions.preAction", id);
    }
  });
});

describe("turn book-keeping kept in an object field (`system.turn.repairs`)", () => {
  // Foundry MERGES an object given in an update into the stored one: clearing keys needs `-=key`.
  it("is restored exactly when a Repair is undone", async () => {
    const { red } = await standardWorld();
    const before = snapshot();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    );
    expect(red.system.turn.repairs).toEqual({ [IDS.thugs]: 1 });
    await harness.as(harness.users.gm, () => undoMessage(card!));
    expect(snapshot()).toEqual(before);
  });

  it("is reset by Start Turn", async () => {
    const { red } = await standardWorld();
    harness.asUser(harness.users.alice);
    await performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false });
    await performAction(ACTIONS.end, red, { faction: red.uuid });
    const start = await performAction(ACTIONS.start, red, { faction: red.uuid });
    expect(start?.system.status).toBe("applied");
    expect(red.system.turn.repairs).toEqual({});
  });

  it("is written through the pipeline for the other turn fields", async () => {
    const { red } = await standardWorld();
    harness.asUser(harness.users.alice);
    await performAction(ACTIONS.end, red, { faction: red.uuid });
    expect(red.system.turn.started).toBe(false);
    const start = await performAction(ACTIONS.start, red, { faction: red.uuid });
    expect(warnings()).toEqual([]);
    expect(start?.system.status).toBe("applied");
    // Income ceil(3/2) + floor((4+3)/4) = 3.
    expect(red.system.treasure).toBe(8);
    expect(red.system.turn).toMatchObject({ started: true, number: 2, action: "" });
  });
});
