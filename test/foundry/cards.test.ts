/**
 * The action card as each user's chat log renders it (`ChatMessage#renderHTML` → the system's
 * `renderActionCard`): which buttons each user gets, that clicking them drives the pipeline (also
 * after a re-render), and that Stealth asset names never reach a viewer who does not own them.
 */
import { describe, expect, it } from "vitest";
import { performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { harness } from "../harness/install";
import { assetNamed, cardButtons, clickAs, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { DOCKS, IDS, standardWorld, type World } from "./fixtures";

async function setAutoApply(value: boolean): Promise<void> {
  await harness.as(harness.users.gm, () => game.settings!.set("factions", "autoApply", value));
}

async function attackCard(world: World): Promise<ActionMessage> {
  const card = await harness.as(harness.users.alice, () =>
    performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
  );
  return card!;
}

async function repairCard(world: World): Promise<ActionMessage> {
  const card = await harness.as(harness.users.alice, () =>
    performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }),
  );
  return card!;
}

/** The buttons each user sees on the card. */
async function buttonsByUser(card: ActionMessage): Promise<Record<string, string[]>> {
  const { gm, alice, bob } = harness.users;
  const out: Record<string, string[]> = {};
  for (const user of [gm, alice, bob]) out[user.name] = cardButtons(await renderCardAs(user, card));
  return out;
}

describe("the action card's buttons", () => {
  it("offers Answer only to the defender's owner and the GM", async () => {
    const card = await attackCard(await standardWorld());
    expect(card.system.status).toBe("awaiting");
    expect(await buttonsByUser(card)).toEqual({ Gamemaster: ["answer"], Alice: [], Bob: ["answer"] });
  });

  it("offers Apply to the card's author and the GM while it is resolved", async () => {
    await setAutoApply(false);
    const card = await repairCard(await standardWorld());
    expect(card.system.status).toBe("resolved");
    expect(await buttonsByUser(card)).toEqual({ Gamemaster: ["apply"], Alice: ["apply"], Bob: [] });
  });

  it("offers Undo only to the GM once applied, and nothing once undone", async () => {
    const card = await repairCard(await standardWorld());
    expect(card.system.status).toBe("applied");
    expect(await buttonsByUser(card)).toEqual({ Gamemaster: ["undo"], Alice: [], Bob: [] });
    const html = await renderCardAs(harness.users.gm, card);
    await clickAs(harness.users.gm, html, "undo");
    expect(card.system.status).toBe("undone");
    expect(await buttonsByUser(card)).toEqual({ Gamemaster: [], Alice: [], Bob: [] });
  });

  it("shows the card localized for every user: title, status, log and footer", async () => {
    const world = await standardWorld();
    const card = await repairCard(world);
    for (const user of [harness.users.gm, harness.users.alice, harness.users.bob]) {
      const html = await renderCardAs(user, card);
      const content = html.querySelector(".message-content")!;
      expect(content.querySelector(".factions-card-title")?.textContent?.trim()).toBe(t("FACTIONS.FactionTurn.Action.repair"));
      expect(content.querySelector(".factions-card-status")?.textContent).toBe(t("FACTIONS.Card.Status.applied"));
      expect(content.querySelector(".factions-card-footer")?.textContent).toBe(t("FACTIONS.Card.AppliedBy", { user: "Alice" }));
      expect(Array.from(content.querySelectorAll(".factions-card-log li")).map((li) => li.textContent)).toContain(
        t("FACTIONS.FactionTurn.Log.Spent", { faction: "Red Hand", cost: 1, treasure: 4 }),
      );
      expect(content.textContent).not.toMatch(/FACTIONS\./);
    }
  });

  it("shows the check and the rolls of an attack", async () => {
    const world = await standardWorld();
    const awaiting = await attackCard(world);
    harness.dice.force(8, 2, 3);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await clickAs(harness.users.bob, await renderCardAs(harness.users.bob, awaiting), "answer");
    const html = await renderCardAs(harness.users.alice, lastCard());
    const check = html.querySelector(".factions-card-check")!;
    expect(check.classList.contains("factions-success")).toBe(true);
    expect(check.querySelector(".factions-roll-actor .factions-roll-die")?.textContent).toBe("8");
    expect(check.querySelector(".factions-roll-opposition .factions-roll-die")?.textContent).toBe("2");
    expect(html.querySelector(".factions-card-rolls .factions-roll-total b")?.textContent).toBe("3");
  });
});

describe("clicking the card's buttons", () => {
  it("runs the whole attack: the defender answers, the GM's client applies, the GM undoes", async () => {
    const world = await standardWorld();
    const before = snapshot();
    const awaiting = await attackCard(world);

    harness.dice.force(8, 2, 3);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.guards });
    await clickAs(harness.users.bob, await renderCardAs(harness.users.bob, awaiting), "answer");
    expect(awaiting.system.status).toBe("answered");
    const resolved = lastCard();
    expect(resolved.system.status).toBe("applied");
    expect(assetNamed(world.blue, "Dock Guards").system.hp.value).toBe(2);

    await clickAs(harness.users.gm, await renderCardAs(harness.users.gm, resolved), "undo");
    expect(resolved.system.status).toBe("undone");
    expect(snapshot()).toEqual(before);
    expect(warnings()).toEqual([]);
  });

  it("applies from the author's card, and the buttons still work after a re-render", async () => {
    await setAutoApply(false);
    const world = await standardWorld();
    const card = await repairCard(world);
    const first = await renderCardAs(harness.users.alice, card);
    const second = await renderCardAs(harness.users.alice, card); // the chat log re-rendered the message
    await clickAs(harness.users.alice, second, "apply");
    expect(card.system.status).toBe("applied");
    expect(world.red.system.treasure).toBe(4);

    // The stale element still has its Apply button: clicking it finds the card applied and changes nothing.
    const after = snapshot();
    await clickAs(harness.users.alice, first, "apply");
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Action.Error.AlreadyApplied")]);
    expect(snapshot()).toEqual(after);
    expect(cardButtons(await renderCardAs(harness.users.alice, card))).toEqual([]);
  });

  it("re-enables a button once its work is done", async () => {
    await setAutoApply(false);
    const card = await repairCard(await standardWorld());
    const html = await renderCardAs(harness.users.gm, card);
    const button = html.querySelector<HTMLButtonElement>('button[data-action="apply"]')!;
    button.click();
    expect(button.disabled).toBe(true);
    await harness.settle();
    expect(button.disabled).toBe(false);
    expect(card.system.status).toBe("applied");
  });
});

describe("Stealth asset names on a card", () => {
  it("are masked for a viewer who does not own their faction, shown to the owner and the GM", async () => {
    const world = await standardWorld();
    const awaiting = await attackCard(world);
    harness.dice.force(8, 2, 1); // a hit for 1: the Shadow Knives (Stealth) survive at 2
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.knives });
    await clickAs(harness.users.bob, await renderCardAs(harness.users.bob, awaiting), "answer");
    const card = lastCard();
    expect(assetNamed(world.blue, "Shadow Knives").system.hp.value).toBe(2);

    const alice = (await renderCardAs(harness.users.alice, card)).textContent!;
    expect(alice).not.toContain("Shadow Knives");
    expect(alice).toContain(t("FACTIONS.Card.HiddenAsset"));
    expect(alice).toContain("Thugs");
    for (const user of [harness.users.bob, harness.users.gm]) {
      const text = (await renderCardAs(user, card)).textContent!;
      expect(text).toContain("Shadow Knives");
      expect(text).not.toContain(t("FACTIONS.Card.HiddenAsset"));
    }
  });

  it("include the assets a Hide action hides, from the moment they are hidden", async () => {
    const world = await standardWorld();
    // No Base of another faction may stand where an asset hides.
    await world.red.deleteEmbeddedDocuments("Item", [IDS.redBase]);
    const card = await harness.as(harness.users.bob, () => performAction(ACTIONS.hide, world.blue, { faction: world.blue.uuid, assets: [IDS.guards] }));
    expect(card?.system.status).toBe("applied");
    expect((await renderCardAs(harness.users.alice, card!)).textContent).not.toContain("Dock Guards");
    expect((await renderCardAs(harness.users.bob, card!)).textContent).toContain("Dock Guards");
  });

  it("never reach the non-owner through the rolls either", async () => {
    const world = await standardWorld();
    // Bob's Stealth Shadow Knives attack Alice's Thugs and miss; the Thugs have no counter.
    harness.dice.force(1, 10);
    harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.thugs });
    const awaiting = await harness.as(harness.users.bob, () =>
      performAction(ACTIONS.attack, world.blue, { faction: world.blue.uuid, target: world.red.uuid, attackers: [IDS.knives] }),
    );
    await clickAs(harness.users.alice, await renderCardAs(harness.users.alice, awaiting!), "answer");
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect((await renderCardAs(harness.users.alice, card)).textContent).not.toContain("Shadow Knives");
    expect((await renderCardAs(harness.users.bob, card)).textContent).toContain("Shadow Knives");
  });
});

describe("places on a card", () => {
  it("names the place an asset moved to, not its reference", async () => {
    const world = await standardWorld();
    const card = await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.move, world.red, { faction: world.red.uuid, moves: [{ asset: IDS.thugs, to: "name:Citadel" }] }),
    );
    expect(card?.system.status).toBe("applied");
    const text = (await renderCardAs(harness.users.alice, card!)).textContent!;
    expect(text).toContain("Moved to Citadel: Thugs.");
  });
});

describe("follow-up buttons", () => {
  it("let the winner of an Expand Influence check strike the new Base once, answered by its owner", async () => {
    const world = await standardWorld();
    const { alice, bob } = harness.users;
    harness.dice.force(1, 10); // Cunning 1 + 3 vs 10 + 4: the Blue Lotus wins and may strike
    const expand = await harness.as(alice, () =>
      performAction(ACTIONS.expand, world.red, { faction: world.red.uuid, location: DOCKS, hp: 2, name: "Harbour Office" }),
    );
    expect(expand?.system.status).toBe("applied");
    const base = assetNamed(world.red, "Harbour Office");
    expect(await buttonsByUser(expand!)).toEqual({ Gamemaster: ["followUp", "undo"], Alice: [], Bob: ["followUp"] });

    // Bob strikes with his Dock Guards: the attack waits for Alice, who keeps the new Base as defender.
    harness.dialogs.next((dialog) => {
      expect(dialog.checkboxes("attackers").sort()).toEqual([IDS.guards, IDS.knives].sort());
      return { attackers: [IDS.guards] };
    });
    await clickAs(bob, await renderCardAs(bob, expand!), "followUp");
    const strike = lastCard();
    expect(strike.system.status).toBe("awaiting");
    expect(strike.system.choice).toMatchObject({ faction: world.blue.uuid, target: world.red.uuid, attackers: [IDS.guards], reaction: { base: base.id } });
    expect(await buttonsByUser(expand!)).toEqual({ Gamemaster: ["undo"], Alice: [], Bob: [] });

    harness.dice.force(10, 1, 4); // 10 + 3 vs 1 + 4: a hit for 4 destroys the Base (2 HP), 2 of it through to the faction
    harness.dialogs.next((dialog) => {
      expect((dialog.form.querySelector(`select[name="defender.${DOCKS}"]`) as HTMLSelectElement).value).toBe(base.id);
      return {};
    });
    await clickAs(alice, await renderCardAs(alice, strike), "answer");
    expect(lastCard().system.status).toBe("applied");
    expect(world.red.items.has(base.id!)).toBe(false);
    expect(world.red.system.hp.value).toBe(10);
    expect(warnings()).toEqual([]);
  });

  it("are redrawn in place when another card takes them up, so a card already on screen loses its spent button", async () => {
    const world = await standardWorld();
    const { alice, bob } = harness.users;
    harness.dice.force(1, 10);
    const expand = await harness.as(alice, () =>
      performAction(ACTIONS.expand, world.red, { faction: world.red.uuid, location: DOCKS, hp: 2, name: "Harbour Office" }),
    );
    // Bob's chat log shows the card with his strike button.
    const shown = await renderCardAs(bob, expand!);
    document.body.append(shown);
    expect(cardButtons(shown)).toContain("followUp");

    harness.dialogs.next({ attackers: [IDS.guards] });
    await clickAs(bob, await renderCardAs(bob, expand!), "followUp");
    await harness.settle();
    expect(lastCard().system.status).toBe("awaiting");
    // The element on screen was not rendered again by the test: the system redrew it.
    expect(cardButtons(shown)).not.toContain("followUp");
    shown.remove();
  });
});

