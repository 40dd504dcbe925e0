/**
 * The realm sheet and the Battle actions it starts, on the in-memory Foundry: its context for the
 * owner and an observer, Use on a building and a technology, Start and End Turn (also on the
 * combat tracker), drawing and playing a
 * character card from a Discipline Deck (a Foundry Cards deck, hand and pile), and the Battle
 * item sheet.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { BattleItemSheet, CharacterCardSheet, RealmSheet } from "../../src/rulesets/battle/sheets";
import type { RealmSheetRenderContext } from "../../src/rulesets/battle/sheets/realm-sheet";
import type { User } from "../harness/documents";
import { harness } from "../harness/install";
import { clickAs, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { B, clickIn, seedWorld, theWindow, type Realm } from "./battle-fixtures";

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  _prepareContext(options: object): Promise<RealmSheetRenderContext>;
  close(): Promise<unknown>;
}

async function openSheet(realm: Realm, user: User): Promise<Sheet> {
  const sheet = new RealmSheet({ document: realm }) as unknown as Sheet;
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet;
}

afterEach(async () => {
  for (const win of [...BattleWindow.instances]) await win.close();
});

describe("the realm sheet's context", () => {
  it("shows resources, attacks, locations, the city, units by card, characters and the owner's actions", async () => {
    const { you, me } = await seedWorld();
    const sheet = new RealmSheet({ document: you }) as unknown as Sheet;
    const ctx = await harness.as(harness.users.alice, () => sheet._prepareContext({ isFirstRender: true }));
    expect(ctx.resources.map((r) => [r.key, r.value])).toEqual([["gold", 10], ["wood", 10], ["stone", 10]]);
    expect(ctx.support.value).toBe(6);
    expect(ctx.attacks).toMatchObject({ left: 3, max: 3, pips: [true, true, true] });
    expect(ctx.buildings.map((b) => b.name)).toEqual(["Infantry Barracks", "Blacksmith"]);
    expect(ctx.buildings[0]!.use).toMatchObject({ disabled: false, label: t("FACTIONS.Battle.Sheet.Make", { unit: "Man at Arms" }) });
    expect(ctx.buildings[1]!.use).toBeNull();
    expect(ctx.technologies[0]).toMatchObject({ name: "Swordsman", use: { disabled: false } });
    expect(ctx.unitGroups.map((g) => [g.name, g.units.length])).toEqual([["Infantry Barracks", 3], ["Swordsman", 1]]);
    // During the turn its actions come first and End Turn last.
    expect(ctx.actions.map((a) => [a.id, a.disabled])).toEqual([
      ["attack", false],
      ["attackCitadel", false],
      ["reinforce", true],
      ["draw", true],
      ["playCharacter", true],
      ["endTurn", false],
    ]);
    expect(ctx.actions.find((a) => a.id === "reinforce")!.tooltip).toBe(t("FACTIONS.Battle.Window.NoReinforceTargets"));

    const mine = await harness.as(harness.users.bob, () => (new RealmSheet({ document: me }) as unknown as Sheet)._prepareContext({ isFirstRender: true }));
    expect(mine.locations).toEqual([expect.objectContaining({ name: "Town", bar: expect.objectContaining({ value: 5, max: 5, text: "5 / 5" }) })]);
    expect(mine.characters.map((c) => [c.name, c.stats.text, c.stats.parts.map((p) => `${p.letter}${p.value}`).join(" ")])).toEqual([
      ["Ginda, Lightwalker", t("FACTIONS.Battle.Stats.Text", { a: 3, d: 4, s: 2 }), "A3 D4 S2"],
    ]);
    expect(mine.buildings.find((b) => b.name === "Citadel")!.tags.map((x) => x.key)).toEqual(["citadel"]);

    // An observer sees the realm but gets no action.
    const observed = await harness.as(harness.users.bob, () => sheet._prepareContext({ isFirstRender: true }));
    expect(observed.actions).toEqual([]);
    expect(observed.editable).toBe(false);
  });

  it("renders every part, localized", async () => {
    const { you } = await seedWorld();
    const sheet = await openSheet(you, harness.users.alice);
    for (const part of ["header", "actions", "tabs", "realm", "city", "description"]) {
      expect(sheet.element.querySelector(`[data-application-part="${part}"]`), part).not.toBeNull();
    }
    expect(sheet.element.textContent).not.toMatch(/FACTIONS\./);
    expect(sheet.element.querySelectorAll(".factions-unit-group")).toHaveLength(2);
    await sheet.close();
  });

  it("deletes a card with the tab's one Delete, which follows the pointer from row to row (none on locations, none for an observer)", async () => {
    const { you, me } = await seedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(you, alice);
    const city = sheet.element.querySelector<HTMLElement>('[data-application-part="city"]')!;
    const realmTab = sheet.element.querySelector<HTMLElement>('[data-application-part="realm"]')!;
    expect(city.querySelectorAll('[data-action="deleteItem"]')).toHaveLength(1);
    expect(realmTab.querySelectorAll('[data-action="deleteItem"]')).toHaveLength(1);
    const point = (id: string) => sheet.element.querySelector(`[data-item-id="${id}"] .factions-row-name`)!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    point(B.y1);
    const tools = realmTab.querySelector<HTMLElement>(".factions-row-tools")!;
    expect(tools.hidden).toBe(false);
    expect(tools.closest<HTMLElement>("[data-item-id]")!.dataset.itemId).toBe(B.y1);
    point(B.blacksmith);
    expect(city.querySelector(".factions-row-tools")!.closest<HTMLElement>("[data-item-id]")!.dataset.itemId).toBe(B.blacksmith);
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await clickIn(alice, city, '[data-item-id] [data-action="deleteItem"]');
    expect(you.items.has(B.blacksmith)).toBe(false);
    expect(you.items.has(B.y1)).toBe(true);
    await sheet.close();

    const theirs = await openSheet(me, alice);
    expect(theirs.element.querySelector('[data-action="deleteItem"]')).toBeNull();
    await theirs.close();
    const owned = await openSheet(me, harness.users.bob);
    owned.element.querySelector(`[data-item-id="${B.town}"] .factions-row-name`)!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
    expect(owned.element.querySelector<HTMLElement>('[data-application-part="realm"] .factions-row-tools')!.hidden).toBe(true);
    await owned.close();
  });

  it("opens the battle window from Attack", async () => {
    const { you } = await seedWorld();
    const sheet = await openSheet(you, harness.users.alice);
    await clickIn(harness.users.alice, sheet.element, '[data-realm-action="attack"]');
    expect(theWindow().selection.target).toEqual({ kind: "location", id: B.town });
    await sheet.close();
  });
});

describe("the realm sheet's form", () => {
  it("saves a changed resource and the Discipline Deck choice for the owner", async () => {
    const { you } = await seedWorld();
    const { alice } = harness.users;
    const hand = await harness.as(harness.users.gm, () => Cards.implementation.create({ name: "You: hand", type: "hand" } as unknown as Cards.CreateData));
    const sheet = await openSheet(you, alice);
    const change = async (selector: string, value: string) => {
      const el = sheet.element.querySelector<HTMLInputElement | HTMLSelectElement>(selector)!;
      el.value = value;
      await harness.as(alice, async () => {
        el.dispatchEvent(new Event("change", { bubbles: true }));
        await harness.settle();
      });
    };
    await change('input[name="system.resources.gold"]', "7");
    expect(you.system.resources.gold).toBe(7);
    await change('select[name="system.decks.hand"]', hand!.id!);
    expect(you.system.decks.hand).toBe(hand!.id);
    expect(you.system.support).toBe(6);
    await sheet.close();
  });
});

describe("using a building", () => {
  it("makes its unit on it: pays, spends support, marks it used; the GM's undo restores all", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    const before = snapshot();
    const sheet = await openSheet(you, alice);
    await clickIn(alice, sheet.element, `[data-item-id="${B.barracks}"] [data-action="useItem"]`);
    const card = lastCard();
    expect(warnings()).toEqual([]);
    expect(card.system).toMatchObject({ action: "battle.useBuilding", status: "applied" });
    const made = you.items.filter((i) => i.type === "unitCounter" && (i.system as unknown as { source: string }).source === B.barracks);
    expect(made).toHaveLength(4);
    expect(you.system.resources.gold).toBe(9);
    expect(you.system.support).toBe(5);
    expect(you.items.get(B.barracks)!.system).toMatchObject({ usedThisTurn: true });
    // The sheet re-rendered: the barracks' Use is now disabled, with the reason.
    const use = sheet.element.querySelector<HTMLButtonElement>(`[data-item-id="${B.barracks}"] [data-action="useItem"]`)!;
    expect(use.disabled).toBe(true);
    expect(use.dataset.tooltip).toBe(t("FACTIONS.Battle.Reject.BuildingUsed", { building: "Infantry Barracks" }));

    await clickAs(gm, await renderCardAs(gm, card), "undo");
    expect(snapshot()).toEqual(before);
    await sheet.close();
  });

  it("uses a technology at its building: the counter goes on the technology", async () => {
    const { you } = await seedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(you, alice);
    await clickIn(alice, sheet.element, `[data-item-id="${B.swordTech}"] [data-action="useItem"]`);
    expect(lastCard().system.status).toBe("applied");
    expect(you.items.filter((i) => i.name === "Swordsman" && i.type === "unitCounter")).toHaveLength(2);
    expect(you.items.get(B.barracks)!.system).toMatchObject({ usedThisTurn: true });
    await sheet.close();
  });

  it("is refused, with the reason, when the realm cannot pay", async () => {
    const { you } = await seedWorld();
    await harness.as(harness.users.gm, () => you.update({ "system.resources.gold": 0 } as Actor.UpdateData));
    const before = snapshot();
    await harness.as(harness.users.alice, async () => {
      const { takeBattleAction } = await import("../../src/rulesets/battle/actions");
      await takeBattleAction(you, "useBuilding", { item: B.barracks });
    });
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Battle.Reject.ResourcesShort", { name: "Man at Arms", gold: 1, wood: 0, stone: 0 })]);
    expect(snapshot()).toEqual(before);
  });
});

describe("Start Turn", () => {
  it("readies buildings, rests units and gives three attacks", async () => {
    const { you } = await seedWorld();
    await harness.as(harness.users.gm, async () => {
      await you.update({ "system.attacksLeft": 1, "system.started": false } as Actor.UpdateData);
      await you.updateEmbeddedDocuments("Item", [
        { _id: B.barracks, "system.usedThisTurn": true },
        { _id: B.y1, "system.exhausted": true, "system.inOffensive": true },
      ] as unknown as Item.UpdateData[]);
    });
    const sheet = await openSheet(you, harness.users.alice);
    await clickIn(harness.users.alice, sheet.element, '[data-realm-action="startTurn"]');
    expect(lastCard().system).toMatchObject({ action: "battle.startTurn", status: "applied" });
    expect(you.system).toMatchObject({ attacksLeft: 3, started: true, turn: 2 });
    expect(you.items.get(B.barracks)!.system).toMatchObject({ usedThisTurn: false });
    expect(you.items.get(B.y1)!.system).toMatchObject({ exhausted: false, inOffensive: false });
    // Once a turn: the sheet now offers End Turn (passing), and a second Start Turn is refused.
    expect(sheet.element.querySelector('[data-realm-action="startTurn"]')).toBeNull();
    await harness.as(harness.users.alice, async () => {
      const { takeBattleAction } = await import("../../src/rulesets/battle/actions");
      await takeBattleAction(you, "startTurn");
    });
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Battle.Reject.TurnStarted", { realm: "You" })]);
    harness.notifications.clear();
    // The turn's actions come first, End Turn last.
    const ids = Array.from(sheet.element.querySelectorAll<HTMLElement>("[data-realm-action]")).map((b) => b.dataset.realmAction);
    expect(ids.at(-1)).toBe("endTurn");
    expect(ids[0]).toBe("attack");
    // Nothing done yet: End Turn asks first; "no" keeps the turn.
    const cards = game.messages!.size;
    let question = "";
    harness.dialogs.next(async (dialog) => {
      question = dialog.element.textContent ?? "";
      await dialog.submit("no");
    });
    await clickIn(harness.users.alice, sheet.element, '[data-realm-action="endTurn"]');
    expect(question).toContain(t("FACTIONS.Battle.Action.EndNoAction", { realm: "You" }));
    expect(game.messages!.size).toBe(cards);
    expect(you.system).toMatchObject({ started: true, attacksLeft: 3 });
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await clickIn(harness.users.alice, sheet.element, '[data-realm-action="endTurn"]');
    expect(lastCard().system).toMatchObject({ action: "battle.endTurn", status: "applied" });
    expect(you.system).toMatchObject({ attacksLeft: 0, started: false, turn: 2 });
    expect(harness.dialogs.shown.map((d) => d.title)).toEqual([t("FACTIONS.Battle.Sheet.Action.endTurn"), t("FACTIONS.Battle.Sheet.Action.endTurn")]);
    await sheet.close();
  });

  it("End Turn does not ask once an attack was made or a card used this turn", async () => {
    const { you } = await seedWorld();
    for (const [update, items] of [
      [{ "system.attacksLeft": 2 }, []],
      [{}, [{ _id: B.barracks, "system.usedThisTurn": true }]],
    ] as const) {
      await harness.as(harness.users.gm, async () => {
        await you.update({ "system.started": true, "system.attacksLeft": 3, ...update } as Actor.UpdateData);
        await you.updateEmbeddedDocuments("Item", [...items] as unknown as Item.UpdateData[]);
      });
      const sheet = await openSheet(you, harness.users.alice);
      await clickIn(harness.users.alice, sheet.element, '[data-realm-action="endTurn"]');
      expect(lastCard().system).toMatchObject({ action: "battle.endTurn", status: "applied" });
      expect(you.system.started).toBe(false);
      await sheet.close();
    }
    expect(harness.dialogs.shown).toEqual([]);
  });
});

describe("realm turns on the combat tracker", () => {
  it("end when the encounter moves on past the realm, never going back, and start only when the encounter gives the turn", async () => {
    const { you, me } = await seedWorld();
    const { alice, bob, gm } = harness.users;
    const { takeBattleAction } = await import("../../src/rulesets/battle/actions");
    const act = (user: User, realm: Realm, key: "startTurn" | "endTurn") => harness.as(user, () => takeBattleAction(realm, key));
    const combat = await harness.as(gm, async () => {
      for (const realm of [you, me]) await realm.update({ "system.started": false } as Actor.UpdateData);
      const c = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
      await c.createEmbeddedDocuments("Combatant", [
        { actorId: you.id, name: "You", initiative: 20 },
        { actorId: me.id, name: "Me", initiative: 10 },
      ] as Combatant.CreateData[]);
      await c.startCombat();
      return c;
    });
    const move = async (fn: () => Promise<unknown>) => {
      await harness.as(gm, fn);
      await harness.settle();
    };
    const ends = () => game.messages!.contents.filter((m) => (m.system as { action?: string }).action === "battle.endTurn").length;
    await harness.settle();

    await act(alice, you, "startTurn");
    await act(bob, me, "startTurn");
    expect(warnings(bob)).toEqual([t("FACTIONS.Battle.Reject.NotItsTurn", { realm: "Me" })]);
    harness.notifications.clear();
    expect(you.system).toMatchObject({ started: true, attacksLeft: 3 });

    // The GM moves on: You's turn ends (a card), and Me's may start.
    await move(() => combat.nextTurn());
    expect(ends()).toBe(1);
    expect(you.system).toMatchObject({ started: false, attacksLeft: 0 });
    await act(bob, me, "startTurn");
    expect(me.system.started).toBe(true);

    // Back to You: nothing ends, and You gets no second Start Turn.
    await move(() => combat.previousTurn());
    expect(ends()).toBe(1);
    expect(me.system.started).toBe(true);
    await act(alice, you, "startTurn");
    expect(warnings(alice)).toEqual([t("FACTIONS.Battle.Reject.NotItsTurn", { realm: "You" })]);
    harness.notifications.clear();
    expect(you.system.started).toBe(false);

    // Forward again: nothing twice. Me passes; moving on into round 2 ends nothing more, and You starts again.
    await move(() => combat.nextTurn());
    expect(ends()).toBe(1);
    // Me passes a turn it did nothing in: End Turn asks first.
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await act(bob, me, "endTurn");
    expect(ends()).toBe(2);
    await move(() => combat.nextTurn());
    expect(ends()).toBe(2);
    await act(alice, you, "startTurn");
    expect(you.system).toMatchObject({ started: true, attacksLeft: 3, turn: 3 });
    expect(warnings()).toEqual([]);
  });
});

describe("a Discipline Deck", () => {
  /** Alice's deck (Vesk, then Ginda), hand and discard pile, named on her realm (`gmOnly`: those only the GM owns). */
  async function decks(you: Realm, gmOnly: ("deck" | "hand" | "pile")[] = []) {
    const { alice } = harness.users;
    const owned = { default: 0, [alice.id!]: 3 };
    const ownership = (stack: "deck" | "hand" | "pile") => (gmOnly.includes(stack) ? { default: 0 } : owned);
    const card = (id: string, name: string, sort: number, system: object) => ({ _id: id, name, type: "character", sort, faces: [{ name, text: "", img: "icons/svg/angel.svg" }], face: 0, system });
    return harness.as(harness.users.gm, async () => {
      const deck = (await Cards.implementation.create({
        name: "Security Discipline",
        type: "deck",
        ownership: ownership("deck"),
        cards: [
          card("VeskTheQuiet0001", "Vesk the Quiet", 1, { cost: { gold: 2, wood: 0, stone: 0 }, a: 2, d: 2, s: 3, unitType: "", text: "Strikes from the dark." }),
          card("GindaCard0000001", "Ginda, Lightwalker", 2, { cost: { gold: 3, wood: 0, stone: 0 }, a: 3, d: 4, s: 2, unitType: "", text: "" }),
        ],
      } as unknown as Cards.CreateData)) as Cards.Implementation;
      const hand = (await Cards.implementation.create({ name: "You: hand", type: "hand", ownership: ownership("hand") } as unknown as Cards.CreateData)) as Cards.Implementation;
      const pile = (await Cards.implementation.create({ name: "You: discard", type: "pile", ownership: ownership("pile") } as unknown as Cards.CreateData)) as Cards.Implementation;
      await you.update({ "system.decks": { deck: deck.id, hand: hand.id, pile: pile.id } } as Actor.UpdateData);
      return { deck, hand, pile };
    });
  }

  it("opens a character card in its own sheet, where its owner edits the character it brings", async () => {
    const { you } = await seedWorld();
    const { deck } = await decks(you);
    const card = deck.cards.get("VeskTheQuiet0001")!;
    const sheet = new CharacterCardSheet({ document: card }) as unknown as Sheet;
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    const input = (name: string) => sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`);
    expect(input("system.a")?.value).toBe("2");
    expect(input("system.s")?.value).toBe("3");
    expect(input("system.cost.gold")?.value).toBe("2");
    // Its stats under its name, each number after its letter, the letter naming the stat.
    const stats = sheet.element.querySelector(".factions-item-subtitle .factions-stats")!;
    expect(stats.textContent).toBe("A2 D2 S3");
    expect(Array.from(stats.querySelectorAll("abbr")).map((x) => x.title)).toEqual(["a", "d", "s"].map((k) => t(`FACTIONS.Battle.Stats.${k}.name`)));
    const a = input("system.a")!;
    a.value = "4";
    await harness.as(harness.users.alice, async () => {
      a.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect((card.system as unknown as { a: number }).a).toBe(4);

    // Its images are its face's and its back's.
    const face = sheet.element.querySelector<HTMLImageElement>('img[data-action="editFace"]')!;
    expect(face.getAttribute("src")).toBe("icons/svg/angel.svg");
    await clickIn(harness.users.alice, sheet.element, 'img[data-action="editFace"]');
    await harness.as(harness.users.alice, () => harness.filePickers[0]!.pick("icons/vesk.webp"));
    await clickIn(harness.users.alice, sheet.element, 'img[data-action="editBack"]');
    await harness.as(harness.users.alice, () => harness.filePickers[1]!.pick("icons/back.webp"));
    expect(card.faces.map((f) => f.img)).toEqual(["icons/vesk.webp"]);
    expect(card.faces[0]!.name).toBe("Vesk the Quiet");
    expect(card.back.img).toBe("icons/back.webp");
    await harness.settle();
    expect(sheet.element.querySelector('img[data-action="editFace"]')!.getAttribute("src")).toBe("icons/vesk.webp");
    expect(sheet.element.querySelector('img[data-action="editBack"]')!.getAttribute("src")).toBe("icons/back.webp");
    await sheet.close();
  });

  it("refuses a player who would draw from, or play to, a stack they do not own, before anything moves; a GM may", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    const { drawCard } = await import("../../src/rulesets/battle/cards");
    const { performAction } = await import("../../src/core/actions/pipeline");

    // The GM's deck: Alice's sheet says why she cannot draw, and drawing is refused.
    const gmDeck = await decks(you, ["deck"]);
    const sheet = await openSheet(you, alice);
    const draw = sheet.element.querySelector<HTMLButtonElement>('[data-realm-action="draw"]')!;
    expect(draw.disabled).toBe(true);
    expect(draw.dataset.tooltip).toBe(t("FACTIONS.Battle.Card.NotYours", { stack: "Security Discipline" }));
    expect(await harness.as(alice, () => drawCard(you))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Battle.Card.NotYours", { stack: "Security Discipline" })]);
    expect(gmDeck.hand.cards.size).toBe(0);
    expect(gmDeck.deck.availableCards).toHaveLength(2);
    expect((await harness.as(gm, () => drawCard(you)))?.name).toBe("Vesk the Quiet");
    await sheet.close();
    harness.notifications.clear();

    // The GM's discard pile: playing the card in Alice's hand is refused, and nothing changes.
    const gmPile = await decks(you, ["pile"]);
    await harness.as(alice, () => gmPile.hand.draw(gmPile.deck, 1, { chatNotification: false }));
    const before = snapshot();
    const vesk = gmPile.hand.cards.contents[0]!;
    expect(await harness.as(alice, () => performAction("battle.playCharacter", you, { realm: you.uuid, card: vesk.uuid, pile: gmPile.pile.uuid }))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Battle.Card.NotYours", { stack: "You: discard" })]);
    expect(snapshot()).toEqual(before);
    expect(gmPile.hand.cards.size).toBe(1);
    expect(gmPile.pile.cards.size).toBe(0);
  });

  it("draws into the hand, plays a character card: pays, creates the character, the card goes to the pile; undo puts it all back", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    const { deck, hand, pile } = await decks(you);
    const sheet = await openSheet(you, alice);
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-realm-action="playCharacter"]')!.disabled).toBe(true);

    await clickIn(alice, sheet.element, '[data-realm-action="draw"]');
    expect(hand.cards.map((c) => c.name)).toEqual(["Vesk the Quiet"]);
    expect(deck.cards.get("VeskTheQuiet0001")!.drawn).toBe(true);
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-realm-action="playCharacter"]')!.disabled).toBe(false);

    const before = snapshot();
    harness.dialogs.next((dialog) => {
      expect(dialog.options("card")).toEqual([hand.cards.get("VeskTheQuiet0001")!.uuid]);
      return {};
    });
    await clickIn(alice, sheet.element, '[data-realm-action="playCharacter"]');
    const card = lastCard();
    expect(warnings()).toEqual([]);
    expect(card.system).toMatchObject({ action: "battle.playCharacter", status: "applied" });
    expect(card.rolls).toEqual([]);
    const vesk = you.items.find((i) => i.name === "Vesk the Quiet")!;
    expect(vesk.type).toBe("character");
    expect(vesk.system).toMatchObject({ a: 2, d: 2, s: 3, text: "Strikes from the dark.", exhausted: false });
    expect(you.system.resources.gold).toBe(8);
    expect(hand.cards.size).toBe(0);
    expect(pile.cards.map((c) => c.name)).toEqual(["Vesk the Quiet"]);

    await clickAs(gm, await renderCardAs(gm, card), "undo");
    await harness.settle();
    expect(snapshot()).toEqual(before);
    expect(hand.cards.map((c) => c.name)).toEqual(["Vesk the Quiet"]);
    expect(pile.cards.size).toBe(0);
    await sheet.close();
  });

  it("is set up by the GM from the realm sheet: the missing stacks, each owned as the realm is, named on the realm", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    // The realm has a deck of its own; its hand and pile are missing (the hand's id names nothing).
    const { deck } = await decks(you);
    await harness.as(gm, async () => {
      await game.cards!.get(you.system.decks.hand)!.delete();
      await you.update({ "system.decks.pile": "" } as Actor.UpdateData);
    });
    expect((await openSheet(you, alice)).element.querySelector('[data-action="setUpStacks"]')).toBeNull();
    const sheet = await openSheet(you, gm);
    await clickIn(gm, sheet.element, '[data-action="setUpStacks"]');
    const { hand, pile } = you.system.decks;
    expect(you.system.decks.deck).toBe(deck.id);
    for (const [id, type] of [[hand, "hand"], [pile, "pile"]] as const) {
      const stack = game.cards!.get(id)!;
      expect(stack, type).toBeDefined();
      expect(stack.type).toBe(type);
      expect(stack.name).toBe(t(`FACTIONS.Battle.Sheet.StackName.${type}`, { realm: "You" }));
      expect(stack.ownership).toEqual(you.ownership);
    }
    // The deck kept, the pile it no longer names left alone, a new hand and pile.
    expect(game.cards!.size).toBe(4);
    expect(sheet.element.querySelector('[data-action="setUpStacks"]')).toBeNull();

    // Alice owns the realm, so she owns its new hand and pile: she draws and plays without the GM.
    await clickIn(alice, (await openSheet(you, alice)).element, '[data-realm-action="draw"]');
    expect(game.cards!.get(hand)!.cards.size).toBe(1);
    expect(warnings(alice)).toEqual([]);
  });

  it("refuses a card that is not in the realm's hand", async () => {
    const { you } = await seedWorld();
    const { deck } = await decks(you);
    const before = snapshot();
    const { performAction } = await import("../../src/core/actions/pipeline");
    const message = await harness.as(harness.users.alice, () =>
      performAction("battle.playCharacter", you, { realm: you.uuid, card: deck.cards.get("GindaCard0000001")!.uuid, pile: "" }),
    );
    expect(message).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.Battle.Action.Error.NotInHand", { card: "Ginda, Lightwalker", realm: "You" })]);
    expect(snapshot()).toEqual(before);
  });

  it("refuses to play a card to anything but a card stack other than its hand: the card would stay to be played again", async () => {
    const { you } = await seedWorld();
    const { deck, hand } = await decks(you);
    const { alice } = harness.users;
    await harness.as(alice, () => hand.draw(deck, 1, { chatNotification: false }));
    const vesk = hand.cards.contents[0]!;
    const before = snapshot();
    const { performAction } = await import("../../src/core/actions/pipeline");
    for (const pile of [hand.uuid, vesk.uuid, you.uuid, "Cards.NoSuchStack00001"]) {
      harness.notifications.clear();
      expect(await harness.as(alice, () => performAction("battle.playCharacter", you, { realm: you.uuid, card: vesk.uuid, pile })), pile).toBeNull();
      expect(warnings(alice), pile).toEqual([t("FACTIONS.Battle.Action.Error.NotAPile")]);
    }
    expect(snapshot()).toEqual(before);
    expect(hand.cards.map((c) => c.name)).toEqual(["Vesk the Quiet"]);
  });
});

describe("the Battle item sheet", () => {
  async function barracksSheet() {
    const { you } = await seedWorld();
    const barracks = you.items.get(B.barracks)!;
    expect(barracks.sheet).toBeInstanceOf(BattleItemSheet);
    const sheet = new BattleItemSheet({ document: barracks }) as unknown as Sheet;
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    return { barracks, sheet };
  }
  const input = (sheet: Sheet, name: string) => sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
  async function edit(control: HTMLInputElement, value: string | boolean): Promise<void> {
    await harness.as(harness.users.alice, async () => {
      if (typeof value === "boolean") control.checked = value;
      else control.value = value;
      control.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
  }

  it("shows the unit a building makes as its own fields (name, cost, A, D, S, support) and saves each", async () => {
    const { barracks, sheet } = await barracksSheet();
    expect(input(sheet, "system.military").checked).toBe(true);
    expect(sheet.element.querySelector("[data-parse='unit']")).toBeNull();
    expect(input(sheet, "system.unit.name").value).toBe("Man at Arms");
    expect(["gold", "wood", "stone"].map((r) => input(sheet, `system.unit.cost.${r}`).value)).toEqual(["1", "0", "0"]);
    expect(["a", "d", "s", "support"].map((k) => input(sheet, `system.unit.${k}`).value)).toEqual(["1", "1", "2", "-1"]);
    expect(sheet.element.textContent).not.toMatch(/FACTIONS\./);
    await edit(input(sheet, "system.unit.name"), "Pikeman");
    await edit(input(sheet, "system.unit.cost.wood"), "1");
    await edit(input(sheet, "system.unit.d"), "2");
    expect(barracks.system).toMatchObject({ unit: { name: "Pikeman", cost: { gold: 1, wood: 1, stone: 0 }, a: 1, d: 2, s: 2, support: -1 } });
    await sheet.close();
  });

  it("switches the unit off (the card makes none) and on again (a new unit to fill in)", async () => {
    const { barracks, sheet } = await barracksSheet();
    const toggle = () => sheet.element.querySelector<HTMLInputElement>("input[data-toggle='unit']")!;
    expect(toggle().checked).toBe(true);
    await edit(toggle(), false);
    expect((barracks._source.system as { unit: unknown }).unit).toBeNull();
    expect(sheet.element.querySelector('[name="system.unit.name"]')).toBeNull();
    expect(toggle().checked).toBe(false);
    await edit(toggle(), true);
    expect((barracks._source.system as { unit: unknown }).unit).toEqual({ name: t("FACTIONS.Battle.Sheet.NewUnit"), cost: { gold: 0, wood: 0, stone: 0 }, a: 1, d: 1, s: 1, support: -1 });
    expect(input(sheet, "system.unit.name").value).toBe(t("FACTIONS.Battle.Sheet.NewUnit"));
    await sheet.close();
  });
});

describe("the realm sheet and other realms' locations", () => {
  it("re-renders when a location it holds on another realm changes control (a capture shows at once)", async () => {
    const { you, me } = await seedWorld();
    const sheet = await openSheet(you, harness.users.alice);
    const before = sheet.element.innerHTML;
    expect(before).not.toContain("Town");
    const town = me.items.get(B.town)!;
    await harness.as(harness.users.gm, () => town.update({ "system.owner": you.uuid, "system.control": 0 } as Item.UpdateData));
    await harness.settle();
    expect(sheet.element.innerHTML).toContain("Town");
    await sheet.close();
  });
});

describe("a realm of many cards", () => {
  it("lists the first 100 buildings; Show more adds a page and Show all the rest, re-rendering the city tab only", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    const sheds = Array.from({ length: 248 }, (_, i) => ({ name: `Shed ${i + 1}`, type: "building", system: { cost: { gold: 1, wood: 0, stone: 0 }, subtype: "Shed" } }));
    await harness.as(gm, () => you.createEmbeddedDocuments("Item", sheds as Item.CreateData[]));
    const sheet = await openSheet(you, alice);
    const part = (id: string) => sheet.element.querySelector<HTMLElement>(`[data-application-part="${id}"]`)!;
    const rows = () => part("city").querySelectorAll(".factions-building-row").length;
    const end = () => part("city").querySelector<HTMLElement>('.factions-more-rows[data-list="buildings"]');
    expect(rows()).toBe(100);
    expect(end()!.textContent).toContain(t("FACTIONS.Battle.Sheet.NotShown", { count: 150 }));
    // The realm tab's units are few: it has no such end.
    expect(part("realm").querySelector(".factions-more-rows")).toBeNull();

    const realmTab = part("realm");
    await clickIn(alice, end()!, '[data-action="showMore"]');
    expect(rows()).toBe(200);
    // The focus goes on to the first row that was not shown.
    expect(document.activeElement?.closest<HTMLElement>("[data-item-id]")).toBe(part("city").querySelectorAll<HTMLElement>(".factions-building-row")[100]);
    expect(end()!.querySelector('[data-action="showMore"]')!.textContent).toBe(t("FACTIONS.Battle.Sheet.ShowMore", { count: 50 }));
    expect(part("realm")).toBe(realmTab);

    await clickIn(alice, end()!, '[data-action="showAll"]');
    expect(rows()).toBe(250);
    expect(end()).toBeNull();
    // What the viewer asked for stays while the sheet is open: a change re-renders every row.
    await harness.as(gm, () => you.items.getName("Shed 1")!.update({ name: "Shed One" } as Item.UpdateData));
    await harness.settle();
    expect(rows()).toBe(250);
    await sheet.close();
  });
});
