/**
 * Quench batch `factions.battle.flows`: the Battle flows of test/foundry/battle-*.test.ts in a real
 * world, run by a GM. It makes two realms no player owns (so the GM chooses for both sides), a
 * Discipline Deck, hand and pile, drives the system through its own API and windows, checks the
 * documents, and deletes everything it made afterwards.
 */
import { answerAsGM, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import type { FactionsActor } from "../../src/core/documents/actor";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { drawCard } from "../../src/rulesets/battle/cards";
import { RealmSheet } from "../../src/rulesets/battle/sheets";
import type { Assignment, BattleChoice } from "../../src/rulesets/battle/rules";
import { defineBatch, nextHook, setSetting, stored, until, type Batch, type Context, type Assert } from "./support";

type Realm = FactionsActor<"realm">;
type Json = Record<string, unknown>;

const manAtArms = { name: "Man at Arms", cost: { gold: 1, wood: 0, stone: 0 }, a: 1, d: 1, s: 2, support: -1 };
const counter = (name: string, a: number, d: number, s: number) => ({ name, type: "unitCounter", system: { a, d, s, support: -1, source: "", exhausted: false, inOffensive: false } });

interface Scratch {
  you: Realm;
  me: Realm;
  id: (realm: Realm, name: string, nth?: number) => string;
}

/** The seed's example: You (three Men at Arms and a Swordsman) against Me (two Men at Arms, Ginda, the Town). */
async function makeScratch(batch: Batch): Promise<Scratch> {
  const you = batch.made((await Actor.implementation.create({
    name: "Quench You",
    type: "realm",
    system: { resources: { gold: 10, wood: 10, stone: 10 }, support: 6, attacksLeft: 3, started: true, turn: 1 },
    items: [
      { name: "Quench Barracks", type: "building", system: { subtype: "Barracks", military: true, unit: manAtArms } },
      counter("Man at Arms", 1, 1, 2),
      counter("Man at Arms", 1, 1, 2),
      counter("Man at Arms", 1, 1, 2),
      counter("Swordsman", 2, 1, 2),
    ],
  } as unknown as Actor.CreateData)) as unknown as Realm);
  const me = batch.made((await Actor.implementation.create({
    name: "Quench Me",
    type: "realm",
    system: { resources: { gold: 5, wood: 5, stone: 5 }, support: 6, attacksLeft: 3, started: true, turn: 1 },
    items: [
      { name: "Quench Town", type: "location", system: { control: 5, maxControl: 5 } },
      { name: "Quench Citadel", type: "building", system: { subtype: "Citadel", citadel: true } },
      counter("Man at Arms", 1, 1, 2),
      counter("Man at Arms", 1, 1, 2),
      { name: "Ginda, Lightwalker", type: "character", system: { a: 3, d: 4, s: 2 } },
    ],
  } as unknown as Actor.CreateData)) as unknown as Realm);
  const id = (realm: Realm, name: string, nth = 0) => realm.items.filter((i) => i.name === name)[nth]!.id!;
  return { you, me, id };
}

const snapshot = (s: Scratch) => ({ you: stored(s.you), me: stored(s.me) });

/** The seed's choice, both sides' targets given. */
function seedChoice(s: Scratch): BattleChoice {
  const y = (n: number) => s.id(s.you, "Man at Arms", n);
  const m = (n: number) => s.id(s.me, "Man at Arms", n);
  const ginda = s.id(s.me, "Ginda, Lightwalker");
  const sword = s.id(s.you, "Swordsman");
  const town = s.id(s.me, "Quench Town");
  const a = (from: string, to: string): Assignment => ({ step: 2, from, to });
  return {
    attacker: s.you.uuid,
    defender: s.me.uuid,
    target: { kind: "location", id: town },
    attackers: [y(0), y(1), y(2), sword],
    defenders: [m(0), m(1), ginda],
    assignments: [a(y(0), m(0)), a(y(1), m(1)), a(y(2), ginda), a(sword, town), a(m(0), y(0)), a(m(1), y(1)), a(ginda, sword)],
  };
}

const system = (doc: { system: unknown } | undefined) => (doc?.system ?? {}) as Json;

export function battleFlowsBatch(context: Context): void {
  defineBatch(context, "Battle flows", { rulesets: ["battle"] }, (batch) => {
  const { describe, it, beforeEach, afterEach } = context;
  const assert: Assert = batch.assert;
  let scratch: Scratch | null = null;
  let stacks: string[] = [];
  const world = () => {
    if (!scratch) throw new Error("no scratch world");
    return scratch;
  };
  const messages = () => batch.messages();

  beforeEach(async () => {
    await setSetting("autoApply", true);
    scratch = await makeScratch(batch);
  });
  afterEach(async () => {
    for (const win of [...BattleWindow.instances]) await win.close();
    for (const realm of [scratch?.you, scratch?.me]) {
      if (!realm?.id || !game.actors?.has(realm.id)) continue;
      await realm.delete();
      batch.gone(realm);
    }
    scratch = null;
    const gone = stacks.filter((id) => game.cards?.has(id));
    if (gone.length) await Cards.implementation.deleteDocuments(gone);
    stacks = [];
  });
  const lastCard = () => game.messages!.get(messages().at(-1) ?? "") as unknown as ActionMessage;

  describe("an attack", () => {
    it("resolves the seed's example exactly, and the GM's undo restores every document", async () => {
      const s = world();
      const before = snapshot(s);
      const card = await performAction("battle.attack", s.you, seedChoice(s));
      assert.ok(card, "a card was posted");
      assert.equal(card!.system.status, "applied");
      assert.lengthOf(card!.rolls, 0);
      assert.equal(system(s.me.items.get(s.id(s.me, "Quench Town"))).control, 3);
      assert.equal(s.you.items.filter((i) => i.type === "unitCounter").length, 1);
      assert.equal(s.me.items.filter((i) => i.type === "unitCounter").length, 0);
      assert.equal(system(s.you.items.find((i) => i.type === "unitCounter")).exhausted, true);
      assert.equal(system(s.me.items.get(s.id(s.me, "Ginda, Lightwalker"))).exhausted, true);
      assert.equal(s.you.system.attacksLeft, 2);
      assert.isTrue(await undoMessage(card!));
      assert.deepEqual(snapshot(s), before);
    });

    it("is committed from the battle window with both sides' automatic targets", async () => {
      const s = world();
      const app = await BattleWindow.open(s.you, "attack");
      // Each button re-renders the window with the new assignment.
      const click = async (selector: string) => {
        const drawn = nextHook("renderBattleWindow", (rendered: unknown) => rendered === app);
        app.element.querySelector<HTMLElement>(selector)!.click();
        await drawn;
      };
      await click('[data-action="autoAssign"][data-side="attacker"]');
      await click('[data-action="autoAssign"][data-side="defender"]');
      assert.notMatch(app.element.textContent ?? "", /FACTIONS\./);
      const count = messages().length;
      app.element.querySelector<HTMLElement>('[data-action="commit"]')!.click();
      await until(() => messages().length > count && lastCard()?.system.status === "applied");
      assert.equal(s.you.system.attacksLeft, 2);
    });

    it("takes the defender's answer on the GM's client (the query handler's path)", async () => {
      const s = world();
      const before = snapshot(s);
      const full = seedChoice(s);
      const attackers = new Set(full.attackers);
      const awaiting = (await ChatMessage.implementation.create({
        type: "action",
        speaker: ChatMessage.getSpeaker({ actor: s.you }),
        system: { action: "battle.attack", actor: s.you.uuid, choice: { ...full, assignments: full.assignments!.filter((a) => attackers.has(a.from)) }, phase: "awaiting", awaiting: s.me.uuid, prompt: "FACTIONS.Battle.Action.DefendPrompt" },
      } as unknown as ChatMessage.CreateData)) as unknown as ActionMessage;
      // The answer may not rewrite the attacker's part: its attacker targets are dropped.
      await answerAsGM(awaiting, { ...full, assignments: full.assignments!.map((a) => (attackers.has(a.from) ? { ...a, to: full.defenders[0]! } : a)) }, game.user!);
      await until(() => lastCard()?.id !== awaiting.id);
      const resolved = lastCard();
      assert.equal(awaiting.system.status, "answered");
      assert.equal(resolved.system.status, "applied");
      assert.equal(system(s.me.items.get(s.id(s.me, "Quench Town"))).control, 3);
      assert.isTrue(await undoMessage(resolved));
      assert.deepEqual(snapshot(s), before);
    });
  });

  describe("the realm", () => {
    it("uses a building: a unit counter on it, paid for", async () => {
      const s = world();
      const barracks = s.id(s.you, "Quench Barracks");
      const card = await performAction("battle.useBuilding", s.you, { realm: s.you.uuid, building: barracks });
      assert.equal(card?.system.status, "applied");
      assert.equal(s.you.items.filter((i) => i.type === "unitCounter" && system(i).source === barracks).length, 1);
      assert.equal((s.you.system.resources as { gold: number }).gold, 9);
    });

    it("ends its turn, then starts the next", async () => {
      const s = world();
      await s.you.update({ "system.attacksLeft": 1 } as Actor.UpdateData);
      const end = await performAction("battle.endTurn", s.you, { realm: s.you.uuid });
      assert.equal(end?.system.status, "applied");
      assert.equal(s.you.system.attacksLeft, 0);
      const card = await performAction("battle.startTurn", s.you, { realm: s.you.uuid });
      assert.equal(card?.system.status, "applied");
      assert.equal(s.you.system.attacksLeft, 3);
    });

    it("renders its sheet with every part", async () => {
      const s = world();
      const sheet = s.you.sheet as unknown as { element: HTMLElement; render(o: object): Promise<unknown>; close(): Promise<unknown> };
      assert.instanceOf(sheet, RealmSheet);
      await sheet.render({ force: true });
      try {
        for (const part of ["header", "actions", "tabs", "realm", "city", "description"]) assert.ok(sheet.element.querySelector(`[data-application-part="${part}"]`), part);
        assert.notMatch(sheet.element.textContent ?? "", /FACTIONS\./);
      } finally {
        await sheet.close();
      }
    });

    it("lists the first 100 buildings of a big realm; Show more renders the rest (the partial is loaded)", async () => {
      const s = world();
      const sheds = Array.from({ length: 150 }, (_, i) => ({ name: `Quench Shed ${i + 1}`, type: "building", system: { subtype: "Shed" } }));
      await s.you.createEmbeddedDocuments("Item", sheds as unknown as Item.CreateData[]);
      const sheet = s.you.sheet as unknown as { element: HTMLElement; render(o: object): Promise<unknown>; close(): Promise<unknown> };
      await sheet.render({ force: true });
      try {
        const rows = () => sheet.element.querySelectorAll(".factions-building-row").length;
        assert.equal(rows(), 100);
        sheet.element.querySelector<HTMLElement>('.factions-more-rows[data-list="buildings"] [data-action="showMore"]')!.click();
        await until(() => rows() === 151, 5000, "the rest of the buildings");
        assert.isNull(sheet.element.querySelector('.factions-more-rows[data-list="buildings"]'));
      } finally {
        await sheet.close();
        await s.you.deleteEmbeddedDocuments("Item", s.you.items.filter((i) => i.name.startsWith("Quench Shed")).map((i) => i.id!));
      }
    });

    it("draws and plays a character card: the character joins, the card goes to the pile; undo returns it", async () => {
      const s = world();
      const deck = (await Cards.implementation.create({
        name: "Quench Discipline",
        type: "deck",
        cards: [{ name: "Quench Vesk", type: "character", faces: [{ name: "Quench Vesk", text: "", img: "icons/svg/angel.svg" }], face: 0, system: { cost: { gold: 2, wood: 0, stone: 0 }, a: 2, d: 2, s: 3, unitType: "", text: "" } }],
      } as unknown as Cards.CreateData)) as Cards.Implementation;
      const hand = (await Cards.implementation.create({ name: "Quench Hand", type: "hand" } as unknown as Cards.CreateData)) as Cards.Implementation;
      const pile = (await Cards.implementation.create({ name: "Quench Pile", type: "pile" } as unknown as Cards.CreateData)) as Cards.Implementation;
      stacks.push(deck.id!, hand.id!, pile.id!);
      await s.you.update({ "system.decks": { deck: deck.id, hand: hand.id, pile: pile.id } } as Actor.UpdateData);
      const drawn = await drawCard(s.you);
      assert.ok(drawn, "a card was drawn");
      const card = await performAction("battle.playCharacter", s.you, { realm: s.you.uuid, card: drawn!.uuid, pile: pile.uuid });
      assert.equal(card?.system.status, "applied");
      assert.ok(s.you.items.find((i) => i.name === "Quench Vesk" && i.type === "character"));
      assert.equal((s.you.system.resources as { gold: number }).gold, 8);
      await until(() => pile.cards.size === 1 && hand.cards.size === 0);
      assert.isTrue(await undoMessage(card!));
      await until(() => hand.cards.size === 1 && pile.cards.size === 0);
      assert.notOk(s.you.items.find((i) => i.name === "Quench Vesk"));
    });
  });
  });
}
