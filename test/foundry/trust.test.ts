/**
 * Trust at a real table (issue 7): only owners act, the GM's client believes nothing it is sent
 * (not the query, not the card its author can rewrite), every apply and undo is all or nothing
 * and happens once, and the chronicle shows each player only what they may see.
 */
import { describe, expect, it } from "vitest";
import { actionDefinition } from "../../src/core/actions/definition";
import { answerMessage, applyMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { askGM } from "../../src/core/actions/requests";
import { api } from "../../src/core/api";
import { ChronicleApp } from "../../src/core/chronicle/app";
import { openChronicle } from "../../src/core/chronicle/open";
import type { Outcome } from "../../src/core/rules/outcome";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { BATTLE_ACTIONS } from "../../src/rulesets/battle/ids";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { actionCards, assetNamed, lastCard, snapshot, t, warnings } from "../harness/world";
import { seedWorld } from "./battle-fixtures";
import { DOCKS, IDS, standardWorld } from "./fixtures";
import { DOCKS as OPS_DOCKS, operationsWorld, OPS_IDS } from "./operations-fixtures";
import { stealAndAttack } from "./secret-fixtures";

const SYSTEM = "factions";
const setAutoApply = (value: boolean) => harness.as(harness.users.gm, () => game.settings!.set(SYSTEM, "autoApply", value));
const error = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as { key?: string });

/** The outcome the rule gives for a choice, as a card's author could compute it on their own client. */
function ruleOutcome(action: string, choice: object): Outcome {
  const result = actionDefinition(action)!.resolve(choice, { dice: { roll: () => 1 }, newId: () => "Forged0000000001" });
  if (!result.ok) throw new Error(`the rule refused: ${result.reason.key}`);
  return result.value;
}

/** A card posted by hand (a macro, the console): whatever its author writes into it. */
async function postByHand(user: User, system: Record<string, unknown>): Promise<ActionMessage> {
  return (await harness.as(user, () =>
    ChatMessage.implementation.create({ type: "action", system: { phase: "resolved", formulas: [], ids: [], ...system } } as ChatMessage.CreateData),
  )) as unknown as ActionMessage;
}

describe("only an owner acts", () => {
  it("refuses a player selling another player's asset through game.factions.act, on the asking client", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const card = await harness.as(harness.users.alice, () => api.act(ACTIONS.sell, world.blue, { faction: world.blue.uuid, asset: IDS.guards }));
    expect(card).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.NotYours")]);
    expect(harness.queries).toEqual([]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("refuses a choice that acts for another document than the card's actor", async () => {
    const world = await standardWorld();
    const before = snapshot();
    // Alice's own faction as the actor, Bob's in the choice.
    expect(await harness.as(harness.users.alice, () => api.act(ACTIONS.sell, world.red, { faction: world.blue.uuid, asset: IDS.guards }))).toBeNull();
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.WrongActor")]);
    expect(snapshot()).toEqual(before);
  });

  it("refuses moving the GM's assets, hiring out another player's lieutenant and starting another realm's turn", async () => {
    const world = await standardWorld();
    const ops = await operationsWorld();
    const realms = await seedWorld();
    const before = snapshot();
    const { alice } = harness.users;
    await harness.as(alice, async () => {
      await api.act(ACTIONS.move, world.grey, { faction: world.grey.uuid, moves: [{ asset: IDS.scribes, to: DOCKS }] });
      await api.act(OPS.hireOut, ops.mara, { lieutenant: ops.mara.uuid, units: [OPS_IDS.guards], selective: [] });
      await api.act(BATTLE_ACTIONS.startTurn, realms.me, { realm: realms.me.uuid });
    });
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.NotYours"), t("FACTIONS.Action.Error.NotYours"), t("FACTIONS.Action.Error.NotYours")]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("refuses again on the GM's client a card whose author does not own its actor", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const choice = { faction: world.blue.uuid, asset: IDS.guards };
    const card = await postByHand(harness.users.alice, { action: ACTIONS.sell, actor: world.blue.uuid, choice, outcome: ruleOutcome(ACTIONS.sell, choice) });
    expect(await harness.as(harness.users.alice, () => error(askGM("apply", { message: card.id })))).toMatchObject({ key: "FACTIONS.Action.Error.NotYours" });
    // Her own faction as the card's actor does not help: the choice still acts for Bob's.
    const mine = await postByHand(harness.users.alice, { action: ACTIONS.sell, actor: world.red.uuid, choice, outcome: ruleOutcome(ACTIONS.sell, choice) });
    expect(await harness.as(harness.users.alice, () => error(askGM("apply", { message: mine.id })))).toMatchObject({ key: "FACTIONS.Action.Error.WrongActor" });
    expect(card.system.status).toBe("resolved");
    expect(snapshot()).toEqual(before);
  });
});

describe("the GM's client believes nothing it is sent", () => {
  it("counts an answer only from an owner of the answering side: the attacker cannot pick the defender", async () => {
    const world = await standardWorld();
    const awaiting = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
    ))!;
    const before = snapshot();
    // Alice answers her own attack with Bob's weakest asset.
    const forged = { ...awaiting.system.choice, defenders: [{ key: DOCKS, value: IDS.knives }] };
    expect(await harness.as(harness.users.alice, () => error(askGM("answer", { message: awaiting.id, choice: forged })))).toMatchObject({
      key: "FACTIONS.Action.Error.NotYourAnswer",
    });
    expect(awaiting.system.status).toBe("awaiting");
    expect(actionCards()).toHaveLength(1);
    expect(snapshot()).toEqual(before);
    // Bob's own answer counts.
    harness.dice.force(8, 2, 3);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    expect(awaiting.system.status).toBe("answered");
    expect(lastCard().system.choice).toMatchObject({ defenders: [{ key: DOCKS, value: IDS.guards }] });
  });

  it("takes nothing from a query's payload: only a request message, whose author the server records", async () => {
    const world = await standardWorld();
    const awaiting = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
    ))!;
    const { alice, bob, gm } = harness.users;
    // A query naming the card itself, or carrying a choice, is not a request.
    expect(await harness.as(alice, () => gm.query("factions.request", { request: awaiting.id, choice: {} }))).toMatchObject({ ok: false, key: "FACTIONS.Action.Error.BadRequest" });
    // A request posted in Bob's name is refused by the server.
    await expect(
      harness.as(alice, () => ChatMessage.implementation.create({ type: "request", author: bob.id, system: { kind: "answer", payload: "{}" } } as ChatMessage.CreateData)),
    ).rejects.toThrow(/lacks permission/);
    expect(awaiting.system.status).toBe("awaiting");
  });

  it("keeps applied and undone where only a GM writes: the author cannot reopen an undone card", async () => {
    const { red } = await standardWorld();
    const card = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, red, { faction: red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    ))!;
    expect(await harness.as(harness.users.gm, () => undoMessage(card))).toBe(true);
    const undone = snapshot();
    // Alice would rewrite her card as if it had never been applied: the card is a GM's since its ruling.
    expect(card.author?.isGM).toBe(true);
    await expect(harness.as(harness.users.alice, () => card.update({ "system.phase": "resolved", "system.ruling": "" } as ChatMessage.UpdateData))).rejects.toThrow(/lacks permission/);
    // A copy she posts herself holds no ruling anyone believes, and the record says undone whatever it holds.
    const { _id, ...source } = card.toObject();
    const copy = (await harness.as(harness.users.alice, () => ChatMessage.implementation.create({ ...source, _id: card.id, author: harness.users.alice.id } as ChatMessage.CreateData, { keepId: true }).catch(() => null))) as ActionMessage | null;
    expect(copy).toBeNull();
    expect(await harness.as(harness.users.alice, () => applyMessage(card))).toBe(false);
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.AlreadyUndone")]);
    expect(card.system.status).toBe("undone");
    expect(snapshot()).toEqual(undone);
  });

  it("undoes what the GM's record says was written, never what the card claims", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const card = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    ))!;
    // Alice would write into her card's outcome a change to Bob's treasure, hoping the GM's undo
    // "restores" it: the applied card is a GM's, and undo reads only the record.
    const outcome = card.system.outcome as unknown as Outcome;
    const forged = { ...outcome, changes: [...outcome.changes, { op: "update", ref: { actor: world.blue.uuid }, path: "system.treasure", from: 40, to: 4 }] };
    await expect(harness.as(harness.users.alice, () => card.update({ "system.outcome": forged } as ChatMessage.UpdateData))).rejects.toThrow(/lacks permission/);
    await harness.as(harness.users.gm, () => card.update({ "system.outcome": forged } as ChatMessage.UpdateData));
    expect(await harness.as(harness.users.gm, () => undoMessage(card))).toBe(true);
    expect(world.blue.system.treasure).toBe(4);
    expect(snapshot()).toEqual(before);
  });

  it("refuses a die its formula cannot give (a 1d10 showing 50)", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    harness.dice.force(1, 10);
    const card = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.expand, world.red, { faction: world.red.uuid, location: DOCKS, hp: 2, name: "Harbour Office" }),
    ))!;
    expect(card.rolls.length).toBeGreaterThan(0);
    const before = snapshot();
    // Alice's modified client posts the card again with her first roll rewritten (an author may not
    // change a posted card's rolls): the d10 shows 50, and the total follows.
    const rolls = card.rolls.map((roll, i) => {
      const data = roll.toJSON() as unknown as { terms: { class: string; results?: { result: number }[] }[]; total: number };
      if (i === 0) {
        const die = data.terms.find((term) => term.class === "Die")!.results![0]!;
        data.total += 50 - die.result;
        die.result = 50;
      }
      return JSON.stringify(data);
    });
    await expect(harness.as(harness.users.alice, () => card.update({ rolls } as ChatMessage.UpdateData))).rejects.toThrow(/lacks permission/);
    const { _id, ...source } = card.toObject();
    const forged = (await harness.as(harness.users.alice, () => ChatMessage.implementation.create({ ...source, rolls } as ChatMessage.CreateData))) as ActionMessage;
    expect(forged.rolls[0]!.dice[0]!.results[0]!.result).toBe(50);
    expect(await harness.as(harness.users.alice, () => applyMessage(forged))).toBe(false);
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.ImpossibleRoll", { formula: card.system.formulas[0]! })]);
    expect(snapshot()).toEqual(before);
  });

  it("allows a reaction attack only as the strike an Expand Influence card offered that faction", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const attack = (reaction: object) =>
      harness.as(harness.users.alice, () =>
        performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs], reaction }),
      );
    // No card offered it.
    expect(await attack({ base: IDS.guards })).toBeNull();
    // Bob's Expand Influence offers a strike to Red (Alice wins the Cunning check), but at Bob's new Base only.
    harness.dice.force(1, 10);
    const expand = (await harness.as(harness.users.bob, () =>
      performAction(ACTIONS.expand, world.blue, { faction: world.blue.uuid, location: DOCKS, hp: 1, name: "Lotus House" }),
    ))!;
    expect(expand.system.record?.followUps.map((f) => f.actor)).toEqual([world.red.uuid]);
    expect(await attack({ base: IDS.guards, card: expand.id })).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.NotOffered"), t("FACTIONS.Action.Error.NotOffered")]);
    expect(actionCards()).toHaveLength(1);
    expect(snapshot().actors.find((a) => a._id === world.red.id)).toEqual(before.actors.find((a) => a._id === world.red.id));
  });

  it("allows a stance bonus only as the option a stance trigger card offered", async () => {
    const world = await operationsWorld();
    const before = snapshot();
    const attack = (extra: object) =>
      harness.as(harness.users.alice, () =>
        performAction(OPS.aggressiveAttack, world.vex, { lieutenant: world.vex.uuid, target: world.blue.uuid, location: OPS_DOCKS, units: [OPS_IDS.thugs], ...extra }),
      );
    expect(await attack({ attackBonus: 2 })).toBeNull();
    expect(await attack({ reaction: true })).toBeNull();
    expect(await attack({ reaction: true, attackBonus: 2, trigger: { card: "NoSuchCard000000", party: "mover" } })).toBeNull();
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.NotOffered"), t("FACTIONS.Action.Error.NotOffered"), t("FACTIONS.Action.Error.NotOffered")]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("keeps situational modifiers within the dialog's ±20", async () => {
    const world = await standardWorld();
    const ops = await operationsWorld();
    const before = snapshot();
    await harness.as(harness.users.alice, async () => {
      await performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs], modifier: 21 });
      await performAction(OPS.aggressiveAttack, ops.vex, { lieutenant: ops.vex.uuid, target: ops.blue.uuid, location: OPS_DOCKS, units: [OPS_IDS.thugs], modifier: -25 });
    });
    expect(warnings()).toEqual([
      t("FACTIONS.FactionTurn.Reject.BadModifier", { modifier: 21, max: 20 }),
      t("FACTIONS.Operations.Reject.BadModifier", { modifier: -25, max: 20 }),
    ]);
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("takes a Create Asset template's numbers only as whole numbers within the game's bounds", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const template = (system: object) => ({
      name: "Forged Asset",
      system: { attribute: "force", rating: 1, magic: "none", cost: 1, hp: { value: 3, max: 3 }, attack: { attribute: "force", defense: "force", damage: "" }, counter: "", subtle: false, stealth: false, location: "", base: false, exposed: false, ...system },
    });
    await harness.as(harness.users.alice, async () => {
      const forged = [{ cost: 0.5 }, { rating: 12 }, { hp: { value: 0, max: 0 } }, { attribute: "charm" }, { hp: { value: 1e12, max: 1e12 } }, { cost: 100 }];
      for (const system of forged) {
        await performAction(ACTIONS.create, world.red, { faction: world.red.uuid, template: template(system), location: DOCKS });
      }
    });
    expect(warnings()).toEqual([
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "cost", value: "0.5" }),
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "rating", value: "12" }),
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "hp", value: "0" }),
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "attribute", value: "charm" }),
      // Within the game's bounds: no asset has a trillion HP or costs a hundred Treasure.
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "hp", value: "1000000000000" }),
      t("FACTIONS.FactionTurn.Reject.BadTemplate", { asset: "Forged Asset", field: "cost", value: "100" }),
    ]);
    expect(snapshot()).toEqual(before);
  });
});

describe("all or nothing, exactly once", () => {
  it("leaves the Treasure paid back when the new asset's creation is refused", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const template = { name: "Street Toughs", system: { ...assetNamed(world.red, "Thugs").toObject().system, cost: 2 } };
    const id = Hooks.on("preCreateItem", () => false);
    try {
      const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.create, world.red, { faction: world.red.uuid, template, location: DOCKS }));
      expect(card?.system.status).toBe("resolved");
    } finally {
      Hooks.off("preCreateItem", id);
    }
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.WriteRefused")]);
    expect(world.red.system.treasure).toBe(5);
    expect(snapshot()).toEqual(before);
  });

  it("puts back the documents already written when a later one refuses its update", async () => {
    const world = await standardWorld();
    const awaiting = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
    ))!;
    const before = snapshot();
    // The hit changes Red (its turn) and Blue (its Dock Guards); a module refuses Blue's item update.
    const id = Hooks.on("preUpdateItem", (item: Item.Implementation) => (item.parent === world.blue ? false : undefined));
    try {
      harness.dice.force(8, 2, 3);
      harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
      await harness.as(harness.users.bob, () => answerMessage(awaiting));
    } finally {
      Hooks.off("preUpdateItem", id);
    }
    expect(warnings(harness.users.bob)).toEqual([t("FACTIONS.Action.Error.WriteRefused")]);
    expect(lastCard().system.status).toBe("resolved");
    expect(snapshot()).toEqual(before);
    // Nothing was recorded: the GM may apply it once the module lets it through.
    expect(await harness.as(harness.users.gm, () => applyMessage(lastCard()))).toBe(true);
    expect(assetNamed(world.blue, "Dock Guards").system.hp.value).toBe(2);
  });

  it("undoes all or nothing too", async () => {
    const world = await standardWorld();
    const awaiting = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
    ))!;
    harness.dice.force(8, 2, 3);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await harness.as(harness.users.bob, () => answerMessage(awaiting));
    const resolved = lastCard();
    const applied = snapshot();
    const id = Hooks.on("preUpdateItem", (item: Item.Implementation) => (item.parent === world.blue ? false : undefined));
    try {
      expect(await harness.as(harness.users.gm, () => undoMessage(resolved))).toBe(false);
    } finally {
      Hooks.off("preUpdateItem", id);
    }
    expect(warnings(harness.users.gm)).toEqual([t("FACTIONS.Action.Error.WriteRefused")]);
    expect(resolved.system.status).toBe("applied");
    expect(snapshot()).toEqual(applied);
  });

  it("loses no record when two players' cards are applied at once", async () => {
    const world = await standardWorld();
    await setAutoApply(false);
    const red = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
    ))!;
    const blue = (await harness.as(harness.users.bob, () => performAction(ACTIONS.sell, world.blue, { faction: world.blue.uuid, asset: IDS.knives })))!;
    const results = await Promise.all([harness.as(harness.users.alice, () => applyMessage(red)), harness.as(harness.users.bob, () => applyMessage(blue))]);
    expect(results).toEqual([true, true]);
    expect([red.system.status, blue.system.status]).toEqual(["applied", "applied"]);
    expect(world.red.system.treasure).toBe(4);
    expect(world.blue.system.treasure).toBe(7);
    expect((await api.chronicle.entries()).map((e) => e.id).sort()).toEqual([red.id, blue.id].sort());
  });

  it("makes two actions in one faction turn impossible even when they race", async () => {
    const world = await standardWorld();
    const cards = await harness.as(harness.users.alice, () =>
      Promise.all([
        performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
        performAction(ACTIONS.sell, world.red, { faction: world.red.uuid, asset: IDS.thugs }),
      ]),
    );
    const statuses = cards.map((c) => c?.system.status);
    expect(statuses.filter((s) => s === "applied")).toHaveLength(1);
    expect(statuses.filter((s) => s === "resolved")).toHaveLength(1);
    expect(warnings(harness.users.alice)).toHaveLength(1);
    const done = cards.find((c) => c?.system.status === "applied")!;
    expect(world.red.system.turn.action).toBe(done.system.action);
  });

  it("undoes with the ruleset switched off: the guard refuses players new documents, not a GM restoring old ones", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const sale = (await harness.as(harness.users.alice, () => performAction(ACTIONS.sell, world.red, { faction: world.red.uuid, asset: IDS.thugs })))!;
    expect(world.red.items.has(IDS.thugs)).toBe(false);
    await harness.as(harness.users.gm, () => game.settings!.set(SYSTEM, "ruleset.factionTurn", false));
    expect(await harness.as(harness.users.gm, () => undoMessage(sale))).toBe(true);
    expect(snapshot()).toEqual(before);
    // A new asset is still refused, even to the GM.
    const created = await harness.as(harness.users.gm, () => world.red.createEmbeddedDocuments("Item", [{ name: "New", type: "asset" }]));
    expect(created).toEqual([]);
  });
});

describe("players see only what they may", () => {
  it("the chronicle leaves out the unnoticed actions of others and masks others' Stealth names", async () => {
    const { steal, attack } = await stealAndAttack();
    const { alice, bob, gm } = harness.users;
    const read = (user: User) => harness.as(user, () => api.chronicle.entries());
    const text = (entries: Awaited<ReturnType<typeof read>>) => JSON.stringify(entries.map((e) => e.log));
    expect((await read(gm)).map((e) => e.id)).toEqual([steal.id, attack.id]);
    expect((await read(alice)).map((e) => e.id)).toEqual([steal.id, attack.id]);
    expect((await read(bob)).map((e) => e.id)).toEqual([attack.id]);
    expect(text(await read(alice))).not.toContain("Shadow Knives");
    expect(text(await read(alice))).toContain(t("FACTIONS.Card.HiddenAsset"));
    expect(text(await read(bob))).toContain("Shadow Knives");
    expect(text(await read(gm))).toContain("Shadow Knives");
  });

  it("opens one chronicle window, brought to the front when reopened", async () => {
    await stealAndAttack();
    const first = await harness.as(harness.users.bob, () => openChronicle());
    await harness.settle();
    const second = await harness.as(harness.users.bob, () => openChronicle());
    await harness.settle();
    expect(second).toBe(first);
    expect(first).toBeInstanceOf(ChronicleApp);
    expect(document.querySelectorAll(".factions-chronicle-window")).toHaveLength(1);
    const shown = document.querySelector(".factions-chronicle-window")!;
    expect(shown.textContent).not.toContain(t("FACTIONS.Operations.Action.steal"));
    // Each row opens its chat card in a window of its own.
    const rows = shown.querySelectorAll<HTMLElement>(".factions-chronicle-entry");
    expect(rows).toHaveLength(1);
    await harness.as(harness.users.bob, async () => {
      rows[0]!.querySelector<HTMLButtonElement>('[data-action="showCard"]')!.click();
      await harness.settle();
    });
    const popout = document.querySelector(".chat-popout");
    expect(popout?.querySelector(".factions-action-card .factions-card-title")?.textContent).toContain(t("FACTIONS.FactionTurn.Action.attack"));
    await first.close();
  });
});
