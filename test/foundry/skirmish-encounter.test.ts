/**
 * A Skirmish encounter on the in-memory Foundry: combatants hold their budgets, the tracker shows
 * them, the round going forward resets them and ticks the fallout (forward only, on the GM's
 * client), a token moved on the canvas counts as moving, cards refund when undone (never when deleted), a
 * vehicle's heat warns on its token, and the end of the fight carries Morale into the company.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { gmRecord } from "./record-fixtures";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { decorate } from "../../src/rulesets/skirmish/tracker/pips";
import { InfantrySheet } from "../../src/rulesets/skirmish/sheets/sheets";
import { OVERHEATED } from "../../src/rulesets/skirmish/effects";
import { migrateLegacyBudgets } from "../../src/rulesets/skirmish/encounter/legacy";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { actionCards, lastCard, t, warnings } from "../harness/world";
import { encounter, fallout, IDS, skirmishActors, storedBudget, tokenUuid, worldSnapshot } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const { as } = harness;

/** Ada's effects as the GM would have them: created straight on the actor (as the token HUD would). */
async function giveEffects(actor: Actor.Implementation, effects: { kind: string; stack?: number; roundsLeft?: number | null; roundsStill?: number }[]): Promise<void> {
  await as(harness.users.gm, () =>
    actor.createEmbeddedDocuments(
      "ActiveEffect",
      effects.map((e) => ({ name: `${S}Status.${e.kind}`, type: "skirmish", statuses: [e.kind], system: { kind: e.kind, stack: e.stack ?? 1, roundsLeft: e.roundsLeft ?? null, roundsStill: e.roundsStill ?? 0 } })) as ActiveEffect.CreateData[],
    ),
  );
}

/** The tracker's rows as `user` sees them, decorated. */
async function trackerAs(user: User): Promise<HTMLElement> {
  return as(user, () => {
    const root = document.createElement("ol");
    for (const c of game.combat!.combatants) root.insertAdjacentHTML("beforeend", `<li data-combatant-id="${c.id}"><span class="token-name">${c.name}</span></li>`);
    decorate(root, game.combat!);
    return root;
  });
}

const pips = (root: HTMLElement, name: string, kind: string) => {
  const row = [...root.querySelectorAll<HTMLElement>("li")].find((li) => li.textContent?.startsWith(name));
  const group = row?.querySelector(`.factions-pip-group.factions-kind-${kind}`);
  return { filled: group?.querySelectorAll(".factions-pip.factions-filled").length ?? -1, all: group?.querySelectorAll(".factions-pip").length ?? -1, pushed: group?.querySelectorAll(".factions-pip.factions-pushed").length ?? -1 };
};

const reloads = (actor: Actor.Implementation, id: string) => (actor.items.get(id)!.system as unknown as { reloads: { value: number } }).reloads.value;
const sys = (actor: Actor.Implementation) => actor.system as unknown as Record<string, unknown>;
const ticks = () => actionCards().filter((c) => c.system.action === ACTIONS.advanceRound);

describe("Skirmish combatants", () => {
  it("an infantry or a vehicle joining an encounter is a Skirmish combatant; the start of the fight gives it a budget", async () => {
    const w = await encounter();
    expect(w.combat.combatants.contents.map((c) => c.type)).toEqual(["skirmish", "skirmish", "skirmish"]);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ round: 1, spent: { move: 0, major: 0, minor: 0, free: 0 }, pushes: 0, moved: false });
    // Its start is a card, applied.
    expect(ticks().map((c) => c.system.status)).toEqual(["applied"]);
    expect(warnings()).toEqual([]);
  });

  it("a combatant of another ruleset stays a plain one", async () => {
    await skirmishActors();
    const org = (await Actor.implementation.create({ name: "Guild", type: "organization" } as Actor.CreateData)) as Actor.Implementation;
    const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: org.id }, { actorId: IDS.zed }] as Combatant.CreateData[]);
    expect(combat.combatants.contents.map((c) => c.type)).toEqual(["base", "skirmish"]);
  });

  it("the tracker shows what is left of each budget, pushed actions marked, to everyone", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    let root = await trackerAs(harness.users.bob);
    expect(pips(root, "Ada", "move")).toEqual({ filled: 1, all: 1, pushed: 0 });
    expect(pips(root, "Ada", "free")).toEqual({ filled: 1, all: 1, pushed: 0 });
    await as(harness.users.alice, async () => {
      await performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid });
      harness.dice.force(3, 3, 2); // 8: Nothing… happens?
      await performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid });
      await performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid });
    });
    await harness.settle();
    expect(warnings()).toEqual([]);
    root = await trackerAs(harness.users.bob);
    // The own move is spent, the pushed major converted into two moves, one of them spent.
    expect(pips(root, "Ada", "move")).toEqual({ filled: 1, all: 2, pushed: 1 });
    expect(pips(root, "Ada", "major")).toEqual({ filled: 1, all: 2, pushed: 1 });
    // A pushed pip is named as pushed, and marked before it (the push's bolt), not only coloured.
    const move = root.querySelector(".factions-pip-group.factions-kind-move");
    expect(move?.getAttribute("aria-label")).toBe(t(`${S}Budget.LeftPushed`, { kind: t(`${S}Budget.move`), left: 1, of: 2, pushedLeft: 1, pushed: 1 }));
    expect(move?.getAttribute("aria-label")).toBe("Move: 1 of 2 left (pushed: 1 of 1 left)");
    expect(move?.querySelector(".factions-pip-mark + .factions-pip.factions-pushed")).not.toBeNull();
    expect(root.querySelector(".factions-pip-group.factions-kind-free")?.getAttribute("aria-label")).toBe(t(`${S}Budget.Left`, { kind: t(`${S}Budget.free`), left: 1, of: 1 }));
    // The pips are a row of their own under the fighter's line (not inside its name), on every Skirmish row.
    for (const li of root.querySelectorAll("li")) {
      expect(li.classList.contains("factions-has-pips")).toBe(true);
      expect(li.querySelector(":scope > .factions-skirmish-pips.factions-tracker-pips")).not.toBeNull();
      expect(li.querySelector(".token-name .factions-skirmish-pips")).toBeNull();
    }
  });

  it("the tracker's pips are the sheet's: the same markup for the same budget", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    await as(harness.users.alice, async () => {
      harness.dice.force(3, 3, 2); // 8: Nothing… happens?
      await performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid });
      await performAction(ACTIONS.reload, w.ada, { actor: w.ada.uuid, weapon: IDS.pistol });
      await performAction(ACTIONS.scan, w.ada, { actor: w.ada.uuid });
    });
    await harness.settle();
    const root = await trackerAs(harness.users.alice);
    const row = [...root.querySelectorAll<HTMLElement>("li")].find((li) => li.textContent?.startsWith("Ada"))!;
    const sheet = new InfantrySheet({ document: w.ada } as unknown as ConstructorParameters<typeof InfantrySheet>[0]) as unknown as { element: HTMLElement; render(o: object): Promise<unknown> };
    await as(harness.users.alice, () => sheet.render({ force: true }));
    const groups = (el: Element | null) => [...(el?.querySelectorAll(".factions-pip-group") ?? [])].map((g) => g.outerHTML.replace(/>\s+</g, "><"));
    expect(warnings()).toEqual([]);
    expect(groups(row.querySelector(".factions-skirmish-pips")).length).toBe(4);
    // The push converted into minor actions: one pushed half left, after the own minor spent.
    expect(row.querySelectorAll(".factions-kind-minor .factions-pip.factions-pushed.factions-filled")).toHaveLength(1);
    expect(groups(row.querySelector(".factions-skirmish-pips"))).toEqual(groups(sheet.element.querySelector(".factions-skirmish-pips")));
  });
});

describe("the round going forward", () => {
  it("resets every budget and ticks the fallout, with a line for each effect that ends", async () => {
    const w = await encounter();
    await giveEffects(w.ada, [{ kind: "hyped", stack: 2, roundsLeft: 1 }, { kind: "exhausted", stack: 1, roundsLeft: 10 }, { kind: "boneFracture" }]);
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 } });
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.advanceRound);
    expect(card.system.status).toBe("applied");
    expect(card.system.actor).toBe("");
    expect(storedBudget(w.combat, w.ada, 2)).toMatchObject({ round: 2, spent: { move: 0 } });
    // Hyped ran out; Exhausted counts down (Ada moved, so no still round); the fracture stays for the fight.
    expect(fallout(w.ada)).toEqual([
      { kind: "exhausted", stack: 1, roundsLeft: 9, roundsStill: 0 },
      { kind: "boneFracture", stack: 1, roundsLeft: null, roundsStill: 0 },
    ]);
    const html = await as(harness.users.bob, () => card.renderHTML());
    expect(html.textContent).toContain(t(`${S}Log.Ended.hyped`, { name: "Ada" }));
    expect(warnings()).toEqual([]);
  });

  it("ticks only going forward: back a round and forward again changes nothing twice", async () => {
    const w = await encounter();
    await giveEffects(w.red, [{ kind: "exhausted", stack: 2, roundsLeft: 10, roundsStill: 0 }]);
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(fallout(w.red)).toEqual([{ kind: "exhausted", stack: 2, roundsLeft: 9, roundsStill: 1 }]);
    const before = worldSnapshot();
    await as(harness.users.gm, () => w.combat.previousRound());
    await harness.settle();
    expect(worldSnapshot().actors).toEqual(before.actors);
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(fallout(w.red)).toEqual([{ kind: "exhausted", stack: 2, roundsLeft: 9, roundsStill: 1 }]);
    expect(ticks()).toHaveLength(2);
    // Going on into round 3 ticks once more.
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(fallout(w.red)).toEqual([{ kind: "exhausted", stack: 2, roundsLeft: 8, roundsStill: 2 }]);
    expect(ticks()).toHaveLength(3);
    expect(warnings()).toEqual([]);
  });

  it("only the active GM's client ticks, once, though every client hears the round change", async () => {
    const w = await encounter();
    await giveEffects(w.red, [{ kind: "disoriented", roundsLeft: 1 }]);
    const count = game.messages!.size;
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(game.messages!.size).toBe(count + 1);
    expect(lastCard().author?.id).toBe(harness.users.gm.id);
    expect(fallout(w.red)).toEqual([]);
  });

  it("can be undone: the budgets and the effects come back", async () => {
    const w = await encounter();
    await giveEffects(w.ada, [{ kind: "disoriented", roundsLeft: 1 }]);
    const before = worldSnapshot();
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(fallout(w.ada)).toEqual([]);
    await as(harness.users.gm, () => undoMessage(lastCard()));
    expect(worldSnapshot().actors).toEqual(before.actors);
    expect(storedBudget(w.combat, w.ada, 2)).toBeUndefined();
  });
});

describe("moving on the canvas", () => {
  it("counts as moving that round, Move button or not: Exhausted's still count goes back to 0", async () => {
    const w = await encounter();
    await giveEffects(w.red, [{ kind: "exhausted", stack: 1, roundsLeft: 10, roundsStill: 4 }]);
    await giveEffects(w.ada, [{ kind: "exhausted", stack: 1, roundsLeft: 10, roundsStill: 4 }]);
    // Alice drags Red's token; Ada's stays put.
    const token = w.scene.tokens.find((x) => x.name === "Red Squad")!;
    await as(harness.users.alice, () => token.update({ x: 400 } as TokenDocument.UpdateData));
    await harness.settle();
    expect(storedBudget(w.combat, w.red)).toMatchObject({ moved: true, spent: { move: 0 } });
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    expect(fallout(w.red)).toEqual([{ kind: "exhausted", stack: 1, roundsLeft: 9, roundsStill: 0 }]);
    // Ada's fifth still round in a row ends it.
    expect(fallout(w.ada)).toEqual([]);
    expect(warnings()).toEqual([]);
  });

  it("outside a started encounter marks nothing", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => w.combat.update({ round: 0, turn: null } as Combat.UpdateData));
    const before = worldSnapshot();
    const token = w.scene.tokens.find((x) => x.name === "Ada")!;
    await as(harness.users.alice, () => token.update({ y: 300 } as TokenDocument.UpdateData));
    await harness.settle();
    expect(worldSnapshot().combats).toEqual(before.combats);
  });
});

describe("refunds", () => {
  it("undoing an action's card gives the action back; undoing one of two spends gives back only its own", async () => {
    const w = await encounter();
    const move = await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    await as(harness.users.alice, () => performAction(ACTIONS.scan, w.ada, { actor: w.ada.uuid }));
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1, minor: 1 } });
    await as(harness.users.gm, () => undoMessage(move!));
    expect(move!.system.status).toBe("undone");
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 0, minor: 1 } });
    // The move can be taken again.
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    expect(warnings()).toEqual([]);
  });

  it("a GM deleting an applied card refunds nothing: the record stays applied and in the chronicle (RULES §5)", async () => {
    const w = await encounter();
    const reload = await as(harness.users.alice, () => performAction(ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: IDS.rifles }));
    expect(storedBudget(w.combat, w.red)).toMatchObject({ spent: { minor: 1 } });
    expect(reloads(w.red, IDS.rifles)).toBe(2);
    const id = reload!.id!;
    await as(harness.users.gm, () => reload!.delete());
    await harness.settle();
    expect(storedBudget(w.combat, w.red)).toMatchObject({ spent: { minor: 1 } });
    expect(reloads(w.red, IDS.rifles)).toBe(2);
    expect((await gmRecord(id))?.status).toBe("applied");
    expect((await as(harness.users.alice, () => api.chronicle.entries())).map((e) => e.id)).toContain(id);
    expect(warnings()).toEqual([]);
  });

  it("a player may not delete their applied card, the GM's since its ruling; the GM deleting it refunds nothing", async () => {
    const w = await encounter();
    const scan = await as(harness.users.alice, () => performAction(ACTIONS.scan, w.ada, { actor: w.ada.uuid }));
    await expect(as(harness.users.alice, () => scan!.delete())).rejects.toThrow(/lacks permission/);
    await as(harness.users.gm, () => scan!.delete());
    await harness.settle();
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { minor: 1 } });
    expect((await gmRecord(scan!.id!))?.status).toBe("applied");
  });

  it("a push is taken back with its fallout and its draw; its pushed actions must be undone first", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(5, 5, 5); // 15: Exhausted −3
    const push = await as(harness.users.alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    const pushed = await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ pushes: 1, pushed: { major: 1 } });
    const draws = () => game.messages!.filter((m) => (m.flags as { factions?: { drawFor?: string } }).factions?.drawFor === push!.id);
    expect(draws()).toHaveLength(1);
    // The draw names its result; its 3d6 are the push card's, not rolled (or animated) a second time.
    expect(draws()[0]!.content).toContain("Exhausted");
    expect(draws()[0]!.rolls).toEqual([]);
    // It names those dice: the row shown is the row the rules applied.
    expect((draws()[0] as unknown as { flavor: string }).flavor).toBe(t(`${S}DrawDice`, { formula: "3d6", faces: "5, 5, 5", total: 15 }));
    expect(push!.rolls.map((r) => r.total)).toEqual([15]);
    harness.notifications.clear();
    await as(harness.users.gm, () => undoMessage(push!));
    expect(warnings(harness.users.gm)).toEqual([t(`${S}Reject.PushSpent`)]);
    expect(push!.system.status).toBe("applied");
    harness.notifications.clear();
    await as(harness.users.gm, () => undoMessage(pushed!));
    await as(harness.users.gm, () => undoMessage(push!));
    expect(warnings()).toEqual([]);
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ pushes: 0, pushed: { major: 0 }, spent: { major: 1 } });
    expect(fallout(w.ada)).toEqual([]);
    expect(draws()).toHaveLength(0);
  });

  it("undo leaves the round as if the card never happened: after move, push, move, undoing the first move makes the second the own move and the push whole again (RULES §5)", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    const { alice, gm } = harness.users;
    const first = await as(alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    harness.dice.force(3, 3, 2); // 8: Nothing… happens?
    const push = await as(alice, () => performAction(ACTIONS.push, w.ada, { actor: w.ada.uuid }));
    await harness.settle();
    await as(alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 }, pushes: 1, pushed: { move: 1 } });
    await as(gm, () => undoMessage(first!));
    expect(first!.system.status).toBe("undone");
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 }, pushes: 1, pushed: { major: 0, minor: 0, move: 0 } });
    // The tracker shows the pushed major whole, and the push can be undone: nothing was taken from it.
    const root = await trackerAs(harness.users.bob);
    expect(pips(root, "Ada", "major")).toEqual({ filled: 2, all: 2, pushed: 1 });
    expect(pips(root, "Ada", "move")).toEqual({ filled: 0, all: 1, pushed: 0 });
    await as(gm, () => undoMessage(push!));
    expect(warnings()).toEqual([]);
    expect(push!.system.status).toBe("undone");
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 }, pushes: 0 });
  });

  it("a fighter's budget survives leaving the encounter: back in the same round, it has no second move, and undo still refunds it", async () => {
    const w = await encounter();
    const { alice, gm } = harness.users;
    const moved = await as(alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    const out = w.combat.combatants.find((c) => c.actorId === w.ada.id)!;
    const tokenId = out.tokenId;
    // Its player takes it out of the encounter and puts it back (the token's combat toggle).
    await as(alice, () => out.delete());
    await as(alice, () => w.combat.createEmbeddedDocuments("Combatant", [{ tokenId, sceneId: w.scene.id, actorId: w.ada.id, name: "Ada" }] as Combatant.CreateData[]));
    await harness.settle();
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 } });
    harness.notifications.clear();
    expect(await as(alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }))).toBeNull();
    expect(warnings(alice)).toEqual([t(`${S}Reject.UsedUp.move`)]);
    harness.notifications.clear();
    await as(gm, () => undoMessage(moved!));
    expect(moved!.system.status).toBe("undone");
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 0 } });
    expect(warnings()).toEqual([]);
  });

  it("undoing a card of an earlier round restores its other changes, and gives back nothing of a round that is over", async () => {
    const w = await encounter();
    await as(harness.users.alice, () => performAction(ACTIONS.reload, w.red, { actor: w.red.uuid, weapon: IDS.rifles }));
    const reload = lastCard();
    await as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    await as(harness.users.alice, () => performAction(ACTIONS.deploy, w.red, { actor: w.red.uuid }));
    await as(harness.users.gm, () => undoMessage(reload));
    expect(warnings()).toEqual([]);
    expect(reloads(w.red, IDS.rifles)).toBe(3);
    expect(storedBudget(w.combat, w.red, 2)).toMatchObject({ spent: { minor: 1 } });
  });
});

describe("budgets of an earlier release", () => {
  it("kept as counters on a Combatant, move into the encounter with the same counters, once", async () => {
    const w = await encounter();
    const { gm } = harness.users;
    const combatant = w.combat.combatants.find((c) => c.actorId === w.ada.id)!;
    const legacy = { round: 1, spent: { move: 1, major: 1, minor: 1, free: 0 }, pushes: 1, pushed: { major: 0, minor: 1, move: 0 }, overridden: { move: 1, major: 0, minor: 0, free: 0 }, moved: true };
    // The world as the earlier release left it: the budget on the Combatant, none in the encounter.
    await as(gm, async () => {
      await w.combat.update({ [`flags.factions.-=budgets`]: null } as Combat.UpdateData);
      await combatant.update({ "system.budgets": { "1": legacy } } as Combatant.UpdateData);
    });
    await as(gm, () => migrateLegacyBudgets());
    await harness.settle();
    expect(storedBudget(w.combat, w.ada, 1)).toMatchObject({ spent: legacy.spent, pushes: 1, pushed: legacy.pushed, overridden: legacy.overridden, moved: true });
    expect((combatant._source.system as { budgets: object }).budgets).toEqual({});
    // What is left is what was left: the pushed major's second minor half, and no second move.
    harness.notifications.clear();
    await as(harness.users.alice, () => performAction(ACTIONS.scan, w.ada, { actor: w.ada.uuid }));
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    expect(warnings(harness.users.alice)).toEqual([t(`${S}Reject.UsedUp.move`)]);
    expect(storedBudget(w.combat, w.ada, 1)).toMatchObject({ pushed: { minor: 2 } });
  });
});

describe("a vehicle's heat", () => {
  it("rises with a push, and past its threshold the token shows Overheated; undo takes both back", async () => {
    const w = await encounter();
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(false);
    const push = await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid }));
    await harness.settle();
    expect(sys(w.rhino).heat).toBe(2);
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(false);
    await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid }));
    await harness.settle();
    expect(sys(w.rhino).heat).toBe(3);
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(true);
    expect(lastCard().system.resolvedOutcome?.log.map((l) => l.key)).toContain(`${S}Log.Overheated`);
    // The GM raises the threshold: the warning goes.
    await as(harness.users.gm, () => w.rhino.update({ "system.heatThreshold": 5 } as Actor.UpdateData));
    await harness.settle();
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(false);
    await as(harness.users.gm, () => w.rhino.update({ "system.heatThreshold": 2 } as Actor.UpdateData));
    await harness.settle();
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(true);
    await as(harness.users.gm, () => undoMessage(lastCard()));
    await as(harness.users.gm, () => undoMessage(push!));
    await harness.settle();
    expect(sys(w.rhino).heat).toBe(1);
    expect(w.rhino.statuses.has(OVERHEATED)).toBe(false);
    // The token's second bar shows the heat against the threshold.
    expect((w.rhino.prototypeToken as unknown as { bar2: { attribute: string } }).bar2.attribute).toBe("heatGauge");
    expect(sys(w.rhino).heatGauge).toEqual({ value: 1, max: 2 });
  });
});

describe("the end of the fight", () => {
  it("a GM dialog carries each squad's highest Morale into its company, as a card that can be undone", async () => {
    const w = await encounter();
    harness.loadPack("skirmish-tables");
    harness.dice.force(6, 6, 6); // 18: Morale +3
    await as(harness.users.alice, () => performAction(ACTIONS.push, w.red, { actor: w.red.uuid }));
    await harness.settle();
    expect(sys(w.red).highestMorale).toBe(3);
    await giveEffects(w.ada, [{ kind: "boneFracture" }, { kind: "ankleSprain" }]);
    const before = worldSnapshot().actors;
    let shown = "";
    harness.dialogs.next((dialog) => {
      shown = dialog.element.textContent ?? "";
      return true;
    });
    await as(harness.users.gm, () => w.combat.delete());
    await harness.settle();
    expect(shown).toContain(t(`${S}Log.MoraleCarried`, { name: "Red Squad", company: "First Company", bonus: 3, morale: 8 }));
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS.endCombat);
    expect(card.system.status).toBe("applied");
    expect(sys(w.company).morale).toBe(8);
    expect(sys(w.red).highestMorale).toBe(0);
    // The fight's effects end; the sprain stays until the GM removes it.
    expect(fallout(w.red)).toEqual([]);
    expect(fallout(w.ada).map((e) => e.kind)).toEqual(["ankleSprain"]);
    await as(harness.users.gm, () => undoMessage(card));
    expect(worldSnapshot().actors).toEqual(before);
    expect(warnings()).toEqual([]);
  });

  it("cancelled, carries nothing", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => w.red.update({ "system.highestMorale": 2 } as Actor.UpdateData));
    const before = worldSnapshot().actors;
    const cards = actionCards().length;
    harness.dialogs.next(null);
    await as(harness.users.gm, () => w.combat.delete());
    await harness.settle();
    expect(worldSnapshot().actors).toEqual(before);
    expect(actionCards()).toHaveLength(cards);
  });

  it("with nothing to carry or end, asks nothing (an unexpected dialog would fail the test)", async () => {
    const w = await encounter();
    const cards = actionCards().length;
    await as(harness.users.gm, () => w.combat.delete());
    await harness.settle();
    expect(actionCards()).toHaveLength(cards);
  });
});

describe("a card deleted while its apply is being written (issue 17)", () => {
  it("is all or nothing: what it did stands, recorded and undoable from the chronicle, and the GM is told", async () => {
    const w = await encounter();
    const heat = () => (w.rhino._source.system as { heat: number }).heat;
    const before = heat();
    // The GM deletes the card just as its changes are about to be written.
    const hook = Hooks.on("factions.preApply", (message: ChatMessage.Implementation) => {
      void harness.as(harness.users.gm, () => message.delete());
    });
    const push = await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid }));
    Hooks.off("factions.preApply", hook);
    await harness.settle();
    const id = push!.id!;
    expect(game.messages!.has(id)).toBe(false);
    expect(heat()).toBe(before + 1);
    expect((await gmRecord(id))?.status).toBe("applied");
    expect(warnings(harness.users.gm)).toContain(t("FACTIONS.Chronicle.CardDeletedApplied", { action: t(`${S}Action.push`) }));
    // The GM undoes it from the chronicle: the heat and the push go.
    const { openChronicle } = await import("../../src/core/chronicle/open");
    const win = await as(harness.users.gm, () => openChronicle());
    await harness.settle();
    await as(harness.users.gm, async () => {
      win.element.querySelector<HTMLButtonElement>(`[data-action="undoEntry"][data-message-id="${id}"]`)!.click();
      await harness.settle();
    });
    expect(heat()).toBe(before);
    expect((await gmRecord(id))?.status).toBe("undone");
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ pushes: 0 });
    await win.close();
  });
});
