/**
 * Each ruleset's Adventure (packs/adventures) imported into an empty world by the GM, then played
 * as its quick-start journal says: the GM gives the players their documents, puts them in an
 * encounter, and the first action is taken through the real sheets and pipeline.
 */
import { describe, expect, it } from "vitest";
import type { RulesetAdventure } from "../../tools/adventures";
import { ACTIONS as FACTION_TURN } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPERATIONS } from "../../src/rulesets/operations/rules";
import { ACTIONS as SKIRMISH } from "../../src/rulesets/skirmish/rules";
import { budgetOf } from "../../src/rulesets/skirmish/data/state";
import { ACTIONS as ROUNDS } from "../../src/rulesets/rounds/rules";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { decorateTracker } from "../../src/rulesets/rounds/tracker/decorate";
import { startRoundsGame } from "../../src/rulesets/rounds/encounter/new-game";
import { entrySquares } from "../../src/rulesets/rounds/encounter/scene";
import type { Hero } from "../../src/rulesets/rounds/encounter/state";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { harness } from "../harness/install";
import { actor, beginOnRidge, give, importAdventure } from "./adventure-play";
import type { User } from "../harness/documents";
import type { ActorDirectory } from "../harness/ui";
import { actionCards, lastCard, renderCardAs, t, warnings } from "../harness/world";

const { as } = harness;
const gm = () => harness.users.gm;
const sys = <T>(doc: { system: unknown }) => doc.system as T;

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
}

const stack = (name: string) => game.cards!.getName(name) as Cards.Implementation;


/** The GM's "Add to encounter" from the Actors directory, then Begin Combat. */
async function encounterOf(...actors: Actor.Implementation[]): Promise<Combat.Implementation> {
  await as(gm(), async () => {
    for (const a of actors) await (ui.actors as unknown as ActorDirectory).contextMenu(a.id!).click(t("FACTIONS.Encounter.Add"));
    await harness.settle();
    await game.combat!.startCombat();
  });
  await harness.settle();
  return game.combat!;
}

/** The actor's sheet as `user` sees it. */
async function sheetOf(a: Actor.Implementation, user: User): Promise<Sheet> {
  const sheet = (await as(user, () => a.sheet)) as unknown as Sheet;
  await as(user, () => sheet.render({ force: true }));
  return sheet;
}

/** Click a button of a sheet as `user`, and wait for what it started. */
async function click(user: User, sheet: Sheet, selector: string): Promise<void> {
  const button = sheet.element.querySelector<HTMLElement>(selector);
  if (!button) throw new Error(`the sheet has no ${selector}`);
  expect(button.hasAttribute("disabled"), selector).toBe(false);
  await as(user, async () => {
    button.click();
    await harness.settle();
  });
}

/** Nothing on the sheet is unfinished: no raw document reference, no untranslated key. */
function looksFinished(sheet: Sheet): void {
  const text = sheet.element.textContent ?? "";
  expect(text).not.toMatch(/(Actor|Item|Cards|Scene)\.[A-Za-z0-9]{16}/);
  expect(text).not.toMatch(/FACTIONS\.[A-Z]/);
}

/** Every imported actor's sheet, as the GM opens it, looks finished. */
async function everySheetFinished(): Promise<void> {
  for (const a of game.actors!.contents as Actor.Implementation[]) looksFinished(await sheetOf(a, gm()));
}

/** The quick start's links all point at documents now in the world. */
function linksHold(meta: RulesetAdventure): void {
  const entry = game.journal!.get(meta.quickStart)!;
  const links = entry.pages.contents.flatMap((p) => [...((p._source.text as { content: string }).content.matchAll(/@UUID\[([^\]]+)\]/g))].map((m) => m[1]!));
  expect(links.length).toBeGreaterThan(3);
  for (const link of links) expect(foundry.utils.fromUuidSync(link as `Actor.${string}`, { strict: false }), link).not.toBeNull();
}

/** Its scene arrives with its map (assets/maps/, shipped in the system) as the background. */
function mapHolds(meta: RulesetAdventure): void {
  const scenes = meta.source.scenes as { _id: string; background: { src: string } }[];
  expect(scenes).toHaveLength(1);
  for (const source of scenes) {
    expect(source.background.src).toMatch(/^systems\/factions\/assets\/maps\/[a-z-]+\.svg$/);
    expect((game.scenes!.get(source._id) as Scene.Implementation).background.src).toBe(source.background.src);
  }
}

function clean(): void {
  expect(warnings()).toEqual([]);
  expect(harness.leftovers()).toEqual([]);
}

describe("the Faction Turn Adventure", () => {
  it("imports, and the current faction's owner presses Start Turn on its sheet", async () => {
    const meta = await importAdventure("factionTurn");
    linksHold(meta);
    mapHolds(meta);
    await everySheetFinished();
    const { alice, bob } = harness.users;
    const lantern = actor("The Order of the Ashen Lantern");
    const compact = actor("The Saltmarsh Compact");
    const marches = actor("The Thornwall Marches");
    await give(alice, compact);
    await give(bob, lantern);
    const combat = await encounterOf(lantern, compact, marches);
    // The factions go in the order the GM added them: the Order first, Bob's.
    expect(combat.combatant?.actorId).toBe(lantern.id);
    const sheet = await sheetOf(lantern, bob);
    looksFinished(sheet);
    harness.dialogs.next({});
    await click(bob, sheet, '[data-faction-action="start"]');
    expect(lastCard().system).toMatchObject({ action: FACTION_TURN.start, status: "applied", actor: lantern.uuid });
    expect(sys<{ turn: { started: boolean } }>(lantern).turn.started).toBe(true);
    clean();
  });
});

describe("the Operations Adventure", () => {
  it("imports with its lieutenants linked; the round starts and Mags Threadneedle gains influence with the Gilded Council", async () => {
    const meta = await importAdventure("operations");
    linksHold(meta);
    mapHolds(meta);
    await everySheetFinished();
    const { alice, bob } = harness.users;
    const syndicate = actor("The Lantern Street Syndicate");
    const college = actor("The College of the Quiet Star");
    const council = actor("The Gilded Council");
    const mags = actor("Mags Threadneedle");
    expect(sys<{ organization: string }>(mags).organization).toBe(syndicate.uuid);
    await give(alice, syndicate, mags, actor("Corvin Ash"), actor("Little Pim"));
    await give(bob, college, actor("Magistra Elowen Vask"), actor("Brother Tamsin Oakes"));
    await encounterOf(syndicate, college, council);
    const starts = actionCards().filter((c) => c.system.action === OPERATIONS.startRound);
    expect(starts.map((c) => c.system.actor).sort()).toEqual([syndicate.uuid, college.uuid, council.uuid].sort());
    expect(starts.every((c) => c.system.status === "applied")).toBe(true);

    const sheet = await sheetOf(mags, alice);
    looksFinished(sheet);
    const influence = () => JSON.stringify(sys<{ standings: object }>(syndicate).standings);
    const before = influence();
    harness.dice.force(10, 1);
    harness.dialogs.next({ faction: council.uuid });
    await click(alice, sheet, '[data-operations-action="gainInfluence"]');
    expect(lastCard().system).toMatchObject({ action: OPERATIONS.gainInfluence, status: "applied", actor: mags.uuid });
    expect(influence()).not.toBe(before);
    clean();
  });
});

describe("the Battle Adventure", () => {
  it("imports with each realm's deck, hand and pile wired; the current realm's owner presses Start Turn, then Draw", async () => {
    const meta = await importAdventure("battle");
    linksHold(meta);
    mapHolds(meta);
    await everySheetFinished();
    const { alice, bob } = harness.users;
    const harrowmere = actor("The Kingdom of Harrowmere");
    const wardens = actor("The Lightwalker Wardens");
    const deck = stack("Kingdom Martial Discipline");
    const hand = stack("The Kingdom of Harrowmere: Hand");
    const pile = stack("The Kingdom of Harrowmere: Discard Pile");
    expect(sys<{ decks: object }>(harrowmere).decks).toEqual({ deck: deck.id, hand: hand.id, pile: pile.id });
    await give(alice, harrowmere, deck, hand, pile);
    await give(bob, wardens, stack("Security Discipline"), stack("The Lightwalker Wardens: Hand"), stack("The Lightwalker Wardens: Discard Pile"));
    const combat = await encounterOf(harrowmere, wardens);
    expect(combat.combatant?.actorId).toBe(harrowmere.id);

    const sheet = await sheetOf(harrowmere, alice);
    looksFinished(sheet);
    await click(alice, sheet, '[data-realm-action="startTurn"]');
    expect(lastCard().system).toMatchObject({ action: "battle.startTurn", status: "applied", actor: harrowmere.uuid });
    const top = deck.availableCards[0]!;
    await click(alice, sheet, '[data-realm-action="draw"]');
    expect(hand.cards.contents.map((c) => c.id)).toEqual([top.id]);
    expect(deck.cards.get(top.id!)?.drawn).toBe(true);
    expect(sheet.element.textContent).toContain(t("FACTIONS.Battle.Sheet.DeckCounts", { deck: deck.availableCards.length, hand: 1, pile: 0 }));
    clean();
  });
});


describe("the Skirmish Adventure", () => {
  it("imports with its tokens placed; in the encounter, Wolf Squad Alpha's owner presses Move", async () => {
    const meta = await importAdventure("skirmish");
    linksHold(meta);
    mapHolds(meta);
    await everySheetFinished();
    const { alice, bob } = harness.users;
    const alpha = actor("Wolf Squad Alpha");
    await give(alice, alpha, actor("Sergeant Mara Voss"));
    await give(bob, actor("Wolf Squad Bravo"), actor("Corporal Ilya Fenn"), actor("Bulwark APC"));
    const ridge = game.scenes!.getName("Skirmish: The Ridge Road") as Scene.Implementation;
    const combat = await beginOnRidge(ridge);
    await harness.settle();
    expect(combat.combatants.size).toBe(8);
    expect(lastCard().system).toMatchObject({ action: SKIRMISH.advanceRound, status: "applied" });

    const sheet = await sheetOf(alpha, alice);
    looksFinished(sheet);
    await click(alice, sheet, '[data-skirmish-action="move"]');
    expect(lastCard().system).toMatchObject({ action: SKIRMISH.move, status: "applied", actor: alpha.uuid });
    expect(budgetOf(combat, alpha.uuid, 1).spent.move).toBe(1);
    clean();
  });

  it("plays the Quick Start's first exchange of fire: the GM targets Hound Squad Cinder and attacks with Alpha's assault rifles; Cinder answers", async () => {
    await importAdventure("skirmish");
    const ridge = game.scenes!.getName("Skirmish: The Ridge Road") as Scene.Implementation;
    const tokenOf = (a: Actor.Implementation) => ridge.tokens.find((tk) => tk.actorId === a.id)!;
    const [alpha, cinder] = ["Wolf Squad Alpha", "Hound Squad Cinder"].map(actor);
    // Friend and foe, as Foundry's token dispositions say (CONST.TOKEN_DISPOSITIONS: FRIENDLY 1, HOSTILE -1).
    for (const name of ["Wolf Squad Alpha", "Wolf Squad Bravo", "Sergeant Mara Voss", "Corporal Ilya Fenn", "Bulwark APC"]) expect(tokenOf(actor(name)).disposition, name).toBe(1);
    for (const name of ["Hound Squad Cinder", "Lieutenant Oriel Drax", "Harrow Scout Car"]) expect(tokenOf(actor(name)).disposition, name).toBe(-1);
    const combat = await beginOnRidge(ridge);
    await harness.settle();

    // The GM targets Cinder (hover + T), and presses Attack on the row of Alpha's assault rifles.
    const fire = async (shooter: Actor.Implementation, weapon: string, at: Actor.Implementation, odds: string) => {
      harness.target(gm(), [tokenOf(at) as never]);
      const sheet = await sheetOf(shooter, gm());
      const row = shooter.items.getName(weapon)!.id!;
      let seen = { target: "", odds: "" };
      harness.dialogs.next((dialog) => {
        seen = {
          target: dialog.element.querySelector<HTMLSelectElement>('select[name="skirmishTarget"]')!.value,
          odds: dialog.element.querySelector(".factions-odds")?.textContent?.replace(/\s+/g, " ") ?? "",
        };
        return true;
      });
      await click(gm(), sheet, `[data-item-id="${row}"] [data-skirmish-action="attack"]`);
      expect(seen.target).toBe(tokenOf(at).uuid);
      expect(seen.odds).toContain(odds);
      const card = lastCard();
      expect(card.system).toMatchObject({ action: SKIRMISH.attack, status: "applied", actor: shooter.uuid });
      return card;
    };
    harness.dice.force(7);
    const shot = await fire(alpha!, "Assault rifles", cinder!, "60.0%");
    // 1d10 + 1 rolled 8 against 6, at Cinder 9 squares away (Foundry's default diagonals).
    const detail = (shot.system.outcome as { detail: { target: { name: string; distance: number }; rolls: { formula: string; total: number; reach: number; reached: boolean }[] } }).detail;
    expect(detail.target).toMatchObject({ name: "Hound Squad Cinder", distance: 9 });
    expect(detail.rolls).toMatchObject([{ formula: "1d10 + 1", total: 8, reach: 6, reached: true }]);
    expect(shot.rolls.map((r) => r.total)).toEqual([8]);
    expect(budgetOf(combat, alpha!.uuid, 1).spent.major).toBe(1);
    const text = (await renderCardAs(gm(), shot)).textContent!.replace(/\s+/g, " ");
    expect(text).toContain(t("FACTIONS.Skirmish.Log.AttackedAt", { name: "Wolf Squad Alpha", target: "Hound Squad Cinder", weapon: "Assault rifles", distance: "9 squares" }));
    expect(text).toContain(t("FACTIONS.Skirmish.Log.Reached", { weapon: "Assault rifles", total: 8, reach: 6 }));

    // The outcomes on the card: the GM clicks Member Injured! (Cinder is the GM's: the GM picks Rhea
    // Tallis) and Morale −1 for the Ash Hound Company; each is its own card, and undo puts it back.
    const hounds = actor("Ash Hound Company")!;
    const cinderBefore = structuredClone(cinder!._source.system);
    const outcome = async (step: string, member?: string) => {
      const html = await renderCardAs(gm(), shot);
      if (member) harness.dialogs.next({ skirmishMember: member });
      await as(gm(), async () => {
        html.querySelector<HTMLButtonElement>(`button[data-action="followUp"][data-step="${step}"]`)!.click();
        await harness.settle();
      });
      const card = lastCard();
      expect(card.system).toMatchObject({ action: SKIRMISH.outcome, status: "applied", actor: cinder!.uuid, choice: { outcome: step, card: shot.id } });
      return card;
    };
    const injured = await outcome("memberInjured", "cinder2");
    expect(sys<{ members: { id: string; state: string }[] }>(cinder!).members.find((m) => m.id === "cinder2")?.state).toBe("out");
    const morale = await outcome("moraleDown");
    expect(sys<{ morale: number }>(hounds).morale).toBe(1);
    expect(warnings()).toEqual([]);
    await as(gm(), () => undoMessage(morale));
    await as(gm(), () => undoMessage(injured));
    expect(sys<{ morale: number }>(hounds).morale).toBe(2);
    expect(cinder!._source.system).toEqual(cinderBefore);

    // The enemy answers the same way: Cinder's battle rifles (1d10 + 1 to reach 7: 50%) at Alpha.
    harness.dice.force(4);
    const answer = await fire(cinder!, "Battle rifles", alpha!, "50.0%");
    expect((answer.system.outcome as { detail: { rolls: { total: number; reached: boolean }[] } }).detail.rolls).toMatchObject([{ total: 5, reached: false }]);
    expect(budgetOf(combat, cinder!.uuid, 1).spent.major).toBe(1);
    clean();
  });
});

describe("the Rounds Adventure", () => {
  it("imports; the GM starts a New Rounds game on the Causeway from the tracker, and a Skyhawk is brought in at Reinforce", async () => {
    const meta = await importAdventure("rounds");
    linksHold(meta);
    mapHolds(meta);
    await everySheetFinished();
    const { alice, bob } = harness.users;
    const heroes = game.actors!.contents.filter((a) => a.type === "hero") as Actor.Implementation[];
    const team = (name: string) => heroes.filter((h) => sys<{ team: string }>(h).team === name);
    await give(alice, ...team("skyhawks"));
    await give(bob, ...team("psiclones"));
    const causeway = game.scenes!.getName("Rounds: The Shattered Causeway") as Scene.Implementation;
    expect(causeway.tokens.size).toBe(0);
    expect(causeway.regions.size).toBe(3);

    // The GM's New Rounds game button on the Combat tracker.
    const root = document.createElement("section");
    await as(gm(), () => decorateTracker(root, game.combat ?? null));
    harness.dialogs.next({ lastRound: 3, scene: causeway.id, heroes: heroes.map((h) => h.id) });
    await as(gm(), async () => {
      root.querySelector<HTMLButtonElement>(".factions-rounds-new-game")!.click();
      await harness.settle();
    });
    const combat = game.combat!;
    expect(combat.type).toBe("rounds");
    expect(combat.combatants.size).toBe(12);

    const [first] = team("skyhawks");
    const sheet = await sheetOf(first!, alice);
    looksFinished(sheet);
    harness.dialogs.next({});
    await click(alice, sheet, '[data-act="reinforce"]');
    expect(lastCard().system).toMatchObject({ action: ROUNDS.reinforce, status: "applied", actor: first!.uuid });
    expect(causeway.tokens.contents.map((tk) => tk.actorId)).toEqual([first!.id]);
    expect(sys<{ onMap: boolean }>(first!).onMap).toBe(true);
    clean();
  });

  it("plays the Quick Start's first exchange: Ilse shoots the Prophet, Wounded; Brakka strikes the Twins, Defeated and back", async () => {
    await importAdventure("rounds");
    const { alice, bob } = harness.users;
    const heroes = game.actors!.contents.filter((a) => a.type === "hero") as Actor.Implementation[];
    await give(alice, ...heroes.filter((h) => sys<{ team: string }>(h).team === "skyhawks"));
    await give(bob, ...heroes.filter((h) => sys<{ team: string }>(h).team === "psiclones"));
    const causeway = game.scenes!.getName("Rounds: The Shattered Causeway") as Scene.Implementation;
    const [ilse, brakka, prophet, twins] = ["Captain Ilse Varro", "Brakka the Tall", "The Null Prophet", "The Grey Twins"].map(actor);
    // The Quick Start's step 2: the GM activates the battlefield, which every player's canvas then shows.
    await as(gm(), () => causeway.update({ active: true } as Scene.UpdateData));
    expect(sys<{ shootFormula: string }>(ilse!).shootFormula).toBe("1d8+1");
    expect(sys<{ meleeFormula: string }>(brakka!).meleeFormula).toBe("1d8+2");
    const combat = await as(gm(), () => startRoundsGame({ lastRound: 3, scene: causeway, heroes: heroes as Hero[] }));
    await harness.settle();
    const act = (user: User, id: string, hero: Actor.Implementation, choice: object) =>
      as(user, () => performAction(id, hero, { combat: combat.uuid, hero: hero.uuid, ...choice }));
    // Round 1: each team brings in its wave on its edge.
    for (const [user, team, list] of [
      [alice, "skyhawks", [ilse!, brakka!]],
      [bob, "psiclones", [prophet!, twins!]],
    ] as const) {
      await as(gm(), () => combat.update({ system: { track: { round: 1, team, step: "reinforce" } } } as Combat.UpdateData));
      for (const hero of list) expect((await act(user, ROUNDS.reinforce, hero, { square: entrySquares(causeway, team)[0] }))?.system.status).toBe("applied");
    }
    // Round 2, the Skyhawks' Action step: Ilse shoots the Prophet with Quick Shot.
    await as(gm(), () => combat.update({ round: 2, system: { track: { round: 2, team: "skyhawks", step: "action" } } } as Combat.UpdateData));
    // She targets his token on the map (T), and Shoot's dialog has him as the enemy.
    const token = (a: Actor.Implementation) => causeway.tokens.find((tk) => tk.actorId === a.id)!;
    harness.target(alice, [token(prophet!) as unknown as Parameters<typeof harness.target>[1][number]]);
    harness.dice.force(6, 4);
    const quickShot = ilse!.items.getName("Quick Shot")!.id!;
    let aimed = "";
    harness.dialogs.next((dialog) => {
      aimed = dialog.element.querySelector<HTMLSelectElement>('select[name="target"]')!.value;
      return { ability: quickShot };
    });
    await as(alice, async () => {
      await takeRoundsAct(ilse!, "shoot");
      await harness.settle();
    });
    expect(aimed).toBe(prophet!.uuid);
    const shot = lastCard();
    expect(shot.system.status).toBe("applied");
    expect(shot.system.formulas).toEqual(["1d8+1", "1d6"]);
    expect(shot.rolls.map((r) => r.total)).toEqual([7, 4]);
    const wound = (await renderCardAs(gm(), shot)).querySelector<HTMLButtonElement>('button[data-step="wounded"]')!;
    await as(gm(), async () => {
      wound.click();
      await harness.settle();
    });
    expect(sys<{ outcomes: string[] }>(prophet!).outcomes).toEqual(["wounded"]);
    // Brakka's player drags him beside the Twins: his Move, the token going there when the card is applied.
    const size = causeway.grid.size;
    const beside = { x: token(twins!).x - size, y: token(twins!).y };
    await harness.drag(alice, token(brakka!) as unknown as Parameters<typeof harness.drag>[1], { x: beside.x + size / 2, y: beside.y + size / 2 });
    await harness.settle();
    expect(lastCard().system.action).toBe(ROUNDS.move);
    expect(token(brakka!).toObject()).toMatchObject(beside);
    // He targets them, and strikes in the Melee step with Cleave.
    await as(gm(), () => combat.update({ system: { track: { step: "melee" } } } as Combat.UpdateData));
    harness.target(alice, [token(twins!) as unknown as Parameters<typeof harness.target>[1][number]]);
    harness.dice.force(5, 3);
    const strike = (await act(alice, ROUNDS.melee, brakka!, { target: token(twins!).uuid, ability: brakka!.items.getName("Cleave")!.id! }))!;
    expect(strike.system.status).toBe("applied");
    expect(strike.system.formulas).toEqual(["1d8+2", "1d8"]);
    const where = token(twins!).toObject();
    const defeat = (await renderCardAs(gm(), strike)).querySelector<HTMLButtonElement>('button[data-step="defeated"]')!;
    await as(gm(), async () => {
      defeat.click();
      await harness.settle();
    });
    const defeated = lastCard();
    expect(defeated.system.action).toBe(ROUNDS.outcome);
    expect(causeway.tokens.some((tk) => tk.actorId === twins!.id)).toBe(false);
    expect(sys<{ onMap: boolean; team: string }>(twins!)).toMatchObject({ onMap: false, team: "psiclones" });
    await as(gm(), () => undoMessage(defeated as ActionMessage));
    expect(token(twins!).toObject()).toMatchObject({ _id: where._id, x: where.x, y: where.y });
    expect(warnings()).toEqual([]);
    clean();
  });
});
