/**
 * What an action stores comes back exactly as it was given. Foundry expands every dotted key of
 * created or updated data into nesting, and locations are Scene and JournalEntryPage UUIDs
 * ("Scene.abc", "JournalEntry.x.JournalEntryPage.y"): a record keyed by them would lose its keys.
 * Every action of every ruleset is taken here where places are a scene and a journal page, and
 * each choice and outcome the pipeline stored (through a real create) is compared with the one it
 * was given, and each change the outcome made with what the documents now hold.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actionDefinition } from "../../src/core/actions/definition";
import { answerMessage, isActionMessage, performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { cardOutcome } from "../../src/core/records/views";
import { getPath, jsonEqual, type Change } from "../../src/core/rules/changes";
import type { Outcome } from "../../src/core/rules/outcome";
import { BATTLE_ACTIONS } from "../../src/rulesets/battle/ids";
import { ACTIONS as FT } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules/context";
import { harness } from "../harness/install";
import type { AnyObject } from "../harness/utils";
import { warnings } from "../harness/world";
import { B, seedWorld } from "./battle-fixtures";
import { CITADEL, DOCKS, IDS, standardWorld } from "./fixtures";
import { MARKET, OPS_IDS, operationsWorld } from "./operations-fixtures";

/** A scene and a journal page to stand for the places the fixtures name. */
async function places(): Promise<{ scene: string; page: string }> {
  return harness.as(harness.users.gm, async () => {
    const scene = (await Scene.implementation.create({ name: "The Docks" } as Scene.CreateData)) as Scene.Implementation;
    const entry = (await JournalEntry.implementation.create({ name: "The City", pages: [{ name: "The Citadel", type: "text" }] } as JournalEntry.CreateData)) as JournalEntry.Implementation;
    return { scene: scene.uuid, page: entry.pages.contents[0]!.uuid };
  });
}

/** Every actor's and item's location that is `from` is set to `to` (as the GM). */
async function relocate(map: Record<string, string>): Promise<void> {
  await harness.as(harness.users.gm, async () => {
    for (const actor of game.actors!) {
      const system = actor.toObject().system as AnyObject;
      if (typeof system.location === "string" && map[system.location]) await actor.update({ "system.location": map[system.location] } as Actor.UpdateData);
      const items = actor.items.contents.flatMap((i) => {
        const location = (i.toObject().system as AnyObject).location;
        return typeof location === "string" && map[location] ? [{ _id: i.id, "system.location": map[location] }] : [];
      });
      if (items.length) await actor.updateEmbeddedDocuments("Item", items as Item.UpdateData[]);
    }
  });
}

interface Taken {
  action: string;
  choice: unknown;
  outcome?: Outcome;
}

const taken: Taken[] = [];
const hooks: number[] = [];

beforeEach(() => {
  taken.length = 0;
  hooks.push(Hooks.on("factions.preAction", (action, _actor, choice) => void taken.push({ action, choice: structuredClone(choice) })));
  // A card holds its outcome with the action's secret names masked (as every client receives it).
  hooks.push(
    Hooks.on("factions.resolved", (action, choice, outcome) => {
      const secrets = actionDefinition(action)?.secrets?.(choice, outcome) ?? [];
      taken.push({ action, choice: structuredClone(choice), outcome: structuredClone(cardOutcome(outcome, secrets)) });
    }),
  );
});

afterEach(() => {
  Hooks.off("factions.resolved", hooks.pop()!);
  Hooks.off("factions.preAction", hooks.pop()!);
});

/** The document an outcome's change names (an actor by UUID, or its item). */
function docOf(change: Change): AnyObject | undefined {
  const actor = foundry.utils.fromUuidSync(change.ref.actor as `Actor.${string}`, { strict: false }) as Actor.Implementation | null;
  if (!actor) return undefined;
  const doc = change.ref.item === undefined ? actor : actor.items.get(change.ref.item);
  return doc?.toObject() as AnyObject | undefined;
}

/**
 * Everything taken was stored exactly: each choice on a card, each resolved choice with its
 * outcome on a card, every card of `action` applied, and the documents hold each change's value.
 */
function expectStoredExactly(action: string): void {
  expect(warnings(), "refusals").toEqual([]);
  const cards = game.messages!.contents.filter(isActionMessage) as ActionMessage[];
  // The card's own outcome, as stored: the ledger keeps the one the GM's client verified apart.
  const stored = cards.map((c) => ({ action: c.system.action, choice: c.system.choice as unknown, outcome: c.system.outcome as unknown, status: c.system.status }));
  const resolved = taken.filter((t) => t.outcome);
  expect(resolved.map((t) => t.action), "resolved").toContain(action);
  for (const t of taken) {
    const match = stored.find((s) => s.action === t.action && jsonEqual(s.choice, t.choice) && (!t.outcome || jsonEqual(s.outcome, t.outcome)));
    expect(match, `${t.action}: stored as taken\n${JSON.stringify(t, null, 1)}\nstored: ${JSON.stringify(stored.filter((s) => s.action === t.action), null, 1)}`).toBeDefined();
    if (t.action === action && t.outcome) expect(match!.status, `${t.action} applied`).toBe("applied");
  }
  for (const t of resolved) {
    if (!stored.some((s) => s.action === t.action && s.status === "applied" && jsonEqual(s.outcome, t.outcome))) continue;
    for (const change of t.outcome!.changes) {
      // Later cards may have changed the same value again: only the last card's changes are checked against the world.
      if (t !== resolved.at(-1)) continue;
      if (change.op === "update") expect(getPath(docOf(change), change.path), `${t.action} ${change.path}`).toEqual(change.to);
      else if (change.op === "create") expect((docOf(change) as AnyObject | undefined)?.system, `${t.action} creates`).toMatchObject(change.data.system as AnyObject);
    }
  }
}

describe("every Faction Turn action with a scene and a journal page for places", () => {
  async function world() {
    const w = await standardWorld();
    const { scene, page } = await places();
    await relocate({ [DOCKS]: scene, [CITADEL]: page });
    return { ...w, scene, page };
  }
  const act = (actor: Actor.Implementation, action: string, choice: object) => harness.as(harness.users.alice, () => performAction(action, actor, choice));

  it.each([
    ["start", async (w: Awaited<ReturnType<typeof world>>) => {
      await act(w.red, FT.end, { faction: w.red.uuid });
      await act(w.red, FT.start, { faction: w.red.uuid });
    }],
    ["end", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.end, { faction: w.red.uuid })],
    ["attack", async (w: Awaited<ReturnType<typeof world>>) => {
      const card = (await act(w.red, FT.attack, { faction: w.red.uuid, target: w.blue.uuid, attackers: [IDS.thugs] }))!;
      harness.dialogs.next({ [`defender.${w.scene}`]: IDS.knives });
      await harness.as(harness.users.bob, () => answerMessage(card));
      await harness.settle();
    }],
    ["move", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.move, { faction: w.red.uuid, moves: [{ asset: IDS.thugs, to: w.page }] })],
    ["repair", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.repair, { faction: w.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: true })],
    ["expand", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.expand, { faction: w.red.uuid, location: w.scene, hp: 2, name: "Dock Office" })],
    ["create", (w: Awaited<ReturnType<typeof world>>) => {
      const template = { name: "Spies", system: { ...(w.red.items.get(IDS.thugs)!.toObject().system as AnyObject), location: "" } };
      return act(w.red, FT.create, { faction: w.red.uuid, template, location: w.scene });
    }],
    ["hide", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.hide, { faction: w.red.uuid, assets: [IDS.thugs] })],
    ["sell", (w: Awaited<ReturnType<typeof world>>) => act(w.red, FT.sell, { faction: w.red.uuid, asset: IDS.redBase })],
  ] as const)("%s", async (name, take) => {
    const w = await world();
    await take(w);
    await harness.settle();
    expectStoredExactly(FT[name]);
  });
});

describe("every Operations action with a scene and a journal page for places", () => {
  async function world() {
    const w = await operationsWorld();
    const { scene, page } = await places();
    await relocate({ [DOCKS]: scene, [MARKET]: page });
    return { ...w, scene, page };
  }
  type World = Awaited<ReturnType<typeof world>>;
  const act = (w: World, action: string, choice: object) =>
    harness.as(harness.users.gm, () => performAction(action, w.vex, { lieutenant: w.vex.uuid, organization: w.red.uuid, ...choice }));

  const cases: [keyof typeof OPS, (w: World) => Promise<unknown>][] = [
    ["aggressiveAttack", (w) => act(w, OPS.aggressiveAttack, { target: w.blue.uuid, location: w.scene, units: [OPS_IDS.thugs] })],
    ["cautiousAttack", (w) => act(w, OPS.cautiousAttack, { target: w.blue.uuid, location: w.scene, units: [OPS_IDS.thugs] })],
    ["raid", (w) => act(w, OPS.raid, { target: w.blue.uuid, location: w.scene, units: [OPS_IDS.thugs], acquire: { kind: "capital", amount: 2 } })],
    ["conceal", (w) => act(w, OPS.conceal, { target: { kind: "unit", unit: OPS_IDS.cutpurses }, moveTo: w.page })],
    ["steal", (w) => act(w, OPS.steal, { target: w.blue.uuid, location: w.scene, acquire: { kind: "capital", amount: 1 } })],
    ["surveil", (w) => act(w, OPS.surveil, { target: { kind: "location", location: w.page }, bonus: "info" })],
    ["purchase", (w) => act(w, OPS.purchase, { thing: { kind: "location", name: "Warehouse", level: 1 }, price: 4, payDouble: false, secretLocation: false })],
    ["investigate", (w) => act(w, OPS.investigate, { target: { kind: "other", name: "Crypt", level: 2 }, bonus: "info" })],
    ["recruit", (w) => act(w, OPS.recruit, { target: { kind: "unit", unit: OPS_IDS.guards }, join: false })],
    ["sellItem", (w) => act(w, OPS.sellItem, { thing: { kind: "other", name: "Idol", price: 3 } })],
    ["researchMagic", (w) => act(w, OPS.researchMagic, { project: OPS_IDS.research })],
    ["moveMinion", (w) => act(w, OPS.moveMinion, { units: [{ unit: OPS_IDS.thiefA, to: w.scene }, { unit: OPS_IDS.thiefB, to: w.scene }] })],
    ["trainMinion", (w) => act(w, OPS.trainMinion, { start: { target: OPS_IDS.cutpurses, training: "level", stat: "sneak" } })],
    ["hireOut", (w) => act(w, OPS.hireOut, { units: [OPS_IDS.thiefA, OPS_IDS.thiefB], selective: [] })],
    ["ambush", (w) => act(w, OPS.ambush, { factions: [w.blue.uuid], strategy: "aggressive", units: [OPS_IDS.thugs] })],
    ["blockRoute", (w) => act(w, OPS.blockRoute, { factions: [w.blue.uuid], units: [] })],
    ["gainInfluence", (w) => act(w, OPS.gainInfluence, { faction: w.guild.uuid })],
    ["ally", (w) => act(w, OPS.ally, { faction: w.guild.uuid })],
    ["claim", (w) => act(w, OPS.claim, { faction: w.guild.uuid, asset: w.scene, pay: "capital" })],
    ["rally", (w) => act(w, OPS.rally, { faction: w.guild.uuid, against: w.blue.uuid, pay: "capital" })],
    [
      "stanceTrigger",
      async (w) => {
        // Mara's ambush at the docks springs when the Red Hand's Thief Pack comes in.
        await harness.as(harness.users.gm, () =>
          performAction(OPS.ambush, w.mara, { lieutenant: w.mara.uuid, organization: w.blue.uuid, factions: [w.red.uuid], strategy: "aggressive", units: [OPS_IDS.guards] }),
        );
        await act(w, OPS.moveMinion, { units: [{ unit: OPS_IDS.thiefA, to: w.scene }] });
      },
    ],
    ["startRound", (w) => harness.as(harness.users.gm, () => performAction(OPS.startRound, w.red, { organization: w.red.uuid }))],
    [
      "upkeep",
      (w) =>
        harness.as(harness.users.gm, async () => {
          // A decision exists only for an upkeep a Start Round card could not pay.
          await w.red.update({ "system.capital": 0 } as Actor.UpdateData);
          const start = await performAction(OPS.startRound, w.red, { organization: w.red.uuid });
          return performAction(OPS.upkeep, w.red, { organization: w.red.uuid, card: start!.id!, kind: "unit", id: OPS_IDS.thugs, owner: w.red.uuid, decision: "later" });
        }),
    ],
  ];

  it("covers every action", () => {
    expect(cases.map(([name]) => name).sort()).toEqual(Object.keys(OPS).sort());
  });

  it.each(cases)("%s", async (name, take) => {
    const w = await world();
    await take(w);
    await harness.settle();
    expectStoredExactly(OPS[name]);
  });
});

describe("every Battle action", () => {
  async function world() {
    const w = await seedWorld({ meOwner: null });
    await places();
    return w;
  }
  type World = Awaited<ReturnType<typeof world>>;
  const gm = <T>(fn: () => Promise<T>) => harness.as(harness.users.gm, fn);
  const fighters = [B.y1, B.y2, B.y3, B.ys];

  const cases: [keyof typeof BATTLE_ACTIONS, (w: World) => Promise<unknown>][] = [
    ["attack", (w) => gm(() => performAction(BATTLE_ACTIONS.attack, w.you, { attacker: w.you.uuid, defender: w.me.uuid, target: { kind: "location", id: B.town }, attackers: fighters, defenders: [B.m1, B.m2, B.ginda] }))],
    [
      "reinforce",
      async (w) => {
        await gm(() => w.me.updateEmbeddedDocuments("Item", [{ _id: B.town, "system.owner": w.you.uuid, "system.control": 2, "system.damaged": false }] as unknown as Item.UpdateData[]));
        await gm(() => performAction(BATTLE_ACTIONS.reinforce, w.you, { attacker: w.you.uuid, defender: w.you.uuid, target: { kind: "location", id: B.town }, attackers: [B.y1], defenders: [] }));
      },
    ],
    [
      "startTurn",
      async (w) => {
        await gm(() => performAction(BATTLE_ACTIONS.endTurn, w.you, { realm: w.you.uuid }));
        await gm(() => performAction(BATTLE_ACTIONS.startTurn, w.you, { realm: w.you.uuid }));
      },
    ],
    ["endTurn", (w) => gm(() => performAction(BATTLE_ACTIONS.endTurn, w.you, { realm: w.you.uuid }))],
    ["useBuilding", (w) => gm(() => performAction(BATTLE_ACTIONS.useBuilding, w.you, { realm: w.you.uuid, building: B.barracks }))],
    [
      "playCharacter",
      async (w) => {
        const card = { _id: "VeskTheQuiet0001", name: "Vesk the Quiet", type: "character", faces: [{ name: "Vesk", text: "", img: "icons/svg/angel.svg" }], face: 0, system: { cost: { gold: 2, wood: 0, stone: 0 }, a: 2, d: 2, s: 3 } };
        const deck = (await gm(() => Cards.implementation.create({ name: "Deck", type: "deck", cards: [card] } as unknown as Cards.CreateData))) as Cards.Implementation;
        const hand = (await gm(() => Cards.implementation.create({ name: "Hand", type: "hand" } as unknown as Cards.CreateData))) as Cards.Implementation;
        await gm(() => w.you.update({ "system.decks": { deck: deck.id, hand: hand.id, pile: "" } } as Actor.UpdateData));
        const [drawn] = await gm(() => hand.draw(deck, 1, { chatNotification: false }));
        await gm(() => performAction(BATTLE_ACTIONS.playCharacter, w.you, { realm: w.you.uuid, card: drawn!.uuid, pile: "" }));
      },
    ],
    [
      "citadelLoss",
      async (w) => {
        await gm(() => w.me.update({ "system.buildingsToDestroy": 1 } as Actor.UpdateData));
        await gm(() => performAction(BATTLE_ACTIONS.citadelLoss, w.me, { realm: w.me.uuid, building: B.meBarracks }));
      },
    ],
  ];

  it("covers every action", () => {
    expect(cases.map(([name]) => name).sort()).toEqual(Object.keys(BATTLE_ACTIONS).sort());
  });

  it.each(cases)("%s", async (name, take) => {
    const w = await world();
    await take(w);
    await harness.settle();
    expectStoredExactly(BATTLE_ACTIONS[name]);
  });
});
