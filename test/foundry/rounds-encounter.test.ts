/**
 * A Rounds game on the combat tracker: the encounter and its two teams as CombatantGroups, the
 * panel (round of N, active team, step), Next Step / Next Turn / Back as the GM's cards, Foundry's
 * own turn controls out of the game, the round marked when the Psiclones finish, and the end of
 * the game with its card.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { askGM } from "../../src/core/actions/requests";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { decorateTracker } from "../../src/rulesets/rounds/tracker/decorate";
import { trackOf, type Hero, type RoundsCombat } from "../../src/rulesets/rounds/encounter/state";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { actionCards, lastCard, snapshot, t, warnings } from "../harness/world";
import { PSICLONES, SKYHAWKS, fixedId, heroSystem, putOnMap, roundsWorld, setPosition, type RoundsWorld } from "./rounds-fixtures";

const GM = () => harness.users.gm;
const position = (combat: RoundsCombat) => {
  const { round, team, step, over } = trackOf(combat);
  return { round, team, step, over, foundryRound: combat.round, turn: combat.turn };
};
const pos = (round: number, team: string, step: string, over = false) => ({ round, team, step, over, foundryRound: round, turn: null });

/** Foundry v13's tracker, as far as the Rounds panel reads it, decorated as `user` sees it. */
async function trackerAs(user: User): Promise<HTMLElement> {
  return harness.as(user, async () => {
    const root = document.createElement("section");
    const list = game.combat!.combatants.map((c) => `<li class="combatant" data-combatant-id="${c.id}"><span class="token-name">${c.name}</span></li>`).join("");
    root.innerHTML =
      `<header class="combat-tracker-header"><nav class="encounters"><button type="button" data-action="createCombat"></button></nav></header>` +
      `<ol class="combat-tracker">${list}</ol>` +
      `<nav class="combat-controls">${["previousRound", "previousTurn", "nextTurn", "nextRound", "endCombat"].map((a) => `<button type="button" data-action="${a}"></button>`).join("")}</nav>`;
    await decorateTracker(root, game.combat!);
    return root;
  });
}

const names = (root: Element, selector: string) => [...root.querySelectorAll(selector)].map((e) => e.textContent?.trim().split(/\s+/)[0]);

/** Both teams' first waves on the map (entered round 1). */
async function firstWaves(world: RoundsWorld): Promise<void> {
  await putOnMap(world, "Ari", { x: 0, y: 0 });
  await putOnMap(world, "Bel", { x: 0, y: 1 });
  await putOnMap(world, "Pax", { x: 19, y: 0 });
  await putOnMap(world, "Quill", { x: 19, y: 1 });
}

const next = (world: RoundsWorld, move: "nextStep" | "nextTurn" | "back" = "nextStep", override = false) =>
  harness.as(GM(), async () => {
    const card = await moveEncounter(world.combat, move, override);
    await harness.settle();
    return card;
  });

describe("a Rounds game on the tracker", () => {
  it("starts as an encounter with one CombatantGroup per team, each hero's combatant in its team's group, every hero off the map", async () => {
    const { combat, heroes } = await roundsWorld();
    expect(combat.type).toBe("rounds");
    expect(position(combat)).toEqual(pos(1, "skyhawks", "reinforce"));
    const groups = combat.groups.contents;
    expect(groups.map((g) => [g.type, (g.system as unknown as { team: string }).team, g.name])).toEqual([
      ["team", "skyhawks", t("FACTIONS.Rounds.Team.skyhawks")],
      ["team", "psiclones", t("FACTIONS.Rounds.Team.psiclones")],
    ]);
    const members = (i: number) => [...groups[i]!.members].map((c) => c.name).sort();
    expect(members(0)).toEqual([...SKYHAWKS].sort());
    expect(members(1)).toEqual([...PSICLONES].sort());
    expect(Object.values(heroes).every((h) => !heroSystem(h).onMap)).toBe(true);

    // A hero added later joins its team's group; one who changes team moves with it.
    const late = await harness.as(GM(), () => Actor.implementation.create({ _id: fixedId("HeroVik"), name: "Vik", type: "hero", system: { team: "psiclones" } } as unknown as Actor.CreateData, { keepId: true }));
    await harness.as(GM(), () => combat.createEmbeddedDocuments("Combatant", [{ actorId: late!.id, name: "Vik" }]));
    await harness.settle();
    expect(members(1)).toContain("Vik");
    await harness.as(GM(), () => late!.update({ system: { team: "skyhawks" } } as Actor.UpdateData));
    await harness.settle();
    expect(members(0)).toContain("Vik");
    expect(members(1)).not.toContain("Vik");
    expect(warnings()).toEqual([]);
  });

  it("shows the round of N, the active team and the step, the teams as their groups, and the GM's controls to the GM only", async () => {
    const world = await roundsWorld();
    const asGM = await trackerAs(GM());
    const panel = asGM.querySelector(".factions-rounds-panel")!;
    expect(panel.querySelector("h3")?.textContent).toBe(
      t("FACTIONS.Rounds.Log.Position", { round: 1, last: 3, team: t("FACTIONS.Rounds.Team.skyhawks"), step: t("FACTIONS.Rounds.Step.reinforce") }),
    );
    // Round 1 has only Reinforce.
    expect(names(panel, ".factions-rounds-steps li")).toEqual([t("FACTIONS.Rounds.Step.reinforce")]);
    expect([...panel.querySelectorAll("[data-rounds-action]")].map((b) => (b as HTMLElement).dataset.roundsAction)).toEqual(expect.arrayContaining(["back", "nextStep", "nextTurn"]));
    // Foundry's turn order controls are gone; ending the encounter stays.
    expect([...asGM.querySelectorAll(".combat-controls [data-action]")].map((b) => (b as HTMLElement).dataset.action)).toEqual(["endCombat"]);
    // Each team is one entry, its group, holding its heroes' own tracker entries.
    const teams = [...panel.querySelectorAll<HTMLElement>("li.factions-rounds-team")];
    expect(teams.map((li) => li.dataset.groupId)).toEqual(world.combat.groups.map((g) => g.id));
    expect(teams[0]!.querySelectorAll("li.combatant")).toHaveLength(6);
    expect(asGM.querySelector("ol.combat-tracker")!.children).toHaveLength(0);
    expect(teams[0]!.querySelector("li.combatant")?.textContent).toContain(t("FACTIONS.Rounds.Tracker.OffMap"));

    // Players see no controls that move the game; the Skyhawks' player is offered her heroes to bring in.
    const asAlice = await trackerAs(harness.users.alice);
    expect(asAlice.querySelectorAll('[data-rounds-action="nextStep"], [data-rounds-action="back"]')).toHaveLength(0);
    expect(asAlice.querySelectorAll('[data-rounds-action="bringIn"]')).toHaveLength(6);
    const asBob = await trackerAs(harness.users.bob);
    expect(asBob.querySelectorAll('[data-rounds-action="bringIn"]')).toHaveLength(0);
  });

  it("gives the GM's controls in their order, Back · Next Step · Next Turn, each with its one-line hint", async () => {
    await roundsWorld();
    const controls = (await trackerAs(GM())).querySelector(".factions-rounds-controls")!;
    const buttons = [...controls.querySelectorAll<HTMLButtonElement>("button[data-rounds-action]")];
    expect(buttons.map((b) => b.dataset.roundsAction)).toEqual(["back", "nextStep", "nextTurn"]);
    expect(buttons.map((b) => b.textContent?.trim())).toEqual(["back", "nextStep", "nextTurn"].map((a) => t(`FACTIONS.Rounds.Tracker.${a}`)));
    // Each button's hint is the element after it.
    expect(buttons.map((b) => b.nextElementSibling?.textContent?.trim())).toEqual(["back", "nextStep", "nextTurn"].map((a) => t(`FACTIONS.Rounds.Tracker.Hint.${a}`)));
    expect(controls.getAttribute("aria-label")).toBe(t("FACTIONS.Rounds.Tracker.Controls"));
  });

  it("at Reinforce, says beside each hero with no Bring in button who brings it in", async () => {
    const world = await roundsWorld();
    // A Skyhawk no player owns: only the GM brings it in.
    const vik = await harness.as(GM(), () => Actor.implementation.create({ _id: fixedId("HeroVik"), name: "Vik", type: "hero", system: { team: "skyhawks" } } as unknown as Actor.CreateData, { keepId: true }));
    await harness.as(GM(), () => world.combat.createEmbeddedDocuments("Combatant", [{ actorId: vik!.id, name: "Vik" }]));
    await harness.settle();
    const rows = async (user: User) =>
      [...(await trackerAs(user)).querySelectorAll(".factions-rounds-wave li")].map((li) => ({
        name: li.querySelector("span")?.textContent?.trim(),
        button: !!li.querySelector('[data-rounds-action="bringIn"]'),
        why: li.querySelector(".factions-rounds-why")?.textContent?.trim() ?? "",
      }));
    const alice = harness.users.alice;
    const byAlice = t("FACTIONS.Rounds.Tracker.BringsIn", { players: alice.name });
    const byGM = t("FACTIONS.Rounds.Tracker.GMBringsIn");
    // Bob (a Psiclone's player) has no button: each row says whose hero it is to bring in.
    const asBob = await rows(harness.users.bob);
    expect(asBob.length).toBe(SKYHAWKS.length + 1);
    expect(asBob.filter((r) => r.name !== "Vik").every((r) => !r.button && r.why === byAlice)).toBe(true);
    expect(asBob.find((r) => r.name === "Vik")).toEqual({ name: "Vik", button: false, why: byGM });
    // Alice brings in her own heroes; Vik's row tells her the GM does.
    const asAlice = await rows(alice);
    expect(asAlice.filter((r) => r.name !== "Vik").every((r) => r.button && r.why === "")).toBe(true);
    expect(asAlice.find((r) => r.name === "Vik")).toEqual({ name: "Vik", button: false, why: byGM });
    // The GM has every button, and no reason to give.
    expect((await rows(GM())).every((r) => r.button && r.why === "")).toBe(true);
  });

  it("keeps Foundry's own round and turn out of the game: the round moves only with the track, and no combatant has a turn", async () => {
    const { combat } = await roundsWorld();
    await harness.as(GM(), () => combat.nextRound());
    await harness.settle();
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Tracker.UseSteps")]);
    await harness.as(GM(), () => combat.nextTurn());
    await harness.settle();
    expect(position(combat)).toEqual(pos(1, "skyhawks", "reinforce"));
  });
});

describe("Next Step and Next Turn", () => {
  it("are the GM's: a player's step card is refused, on her client and on the GM's, and nothing moves", async () => {
    const { combat } = await roundsWorld();
    const before = snapshot();
    const { alice } = harness.users;
    expect(await harness.as(alice, () => moveEncounter(combat, "nextStep", true))).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    // A card written by hand and sent to the GM's client is refused there too.
    const forged = await harness.as(alice, () =>
      ChatMessage.implementation.create({ type: "action", system: { action: "rounds.nextStep", actor: combat.uuid, choice: { combat: combat.uuid, override: true }, phase: "resolved", outcome: { changes: [] } } } as ChatMessage.CreateData),
    );
    await expect(harness.as(alice, () => askGM("apply", { message: forged!.id }))).rejects.toMatchObject({ key: "FACTIONS.Action.Error.GMOnly" });
    await expect(harness.as(alice, () => combat.update({ "system.track.step": "free" } as Combat.UpdateData))).rejects.toThrow(/lacks permission/);
    expect(position(combat)).toEqual(pos(1, "skyhawks", "reinforce"));
    expect(snapshot()).toEqual(before);
  });

  it("runs each turn's steps in order, and marks the round when the Psiclones finish", async () => {
    const world = await roundsWorld();
    const { combat } = world;
    await firstWaves(world);
    await next(world);
    expect(position(combat)).toEqual(pos(1, "psiclones", "reinforce"));
    await next(world);
    expect(position(combat)).toEqual(pos(2, "skyhawks", "free"));
    expect(lastCard().system.resolvedOutcome?.log.map((l) => l.key)).toContain("FACTIONS.Rounds.Log.RoundMarked");
    const seen: string[] = [];
    for (let i = 0; i < 5; i++) {
      await next(world);
      seen.push(trackOf(combat).step);
    }
    expect(seen).toEqual(["action", "reaction", "melee", "adventure", "reinforce"]);
    // Leaving Reinforce with the wave owed is refused; the wave brought, the Psiclones' turn starts.
    await next(world);
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Reject.HeroesOwed", { team: t("FACTIONS.Rounds.Team.skyhawks"), count: 2 })]);
    harness.notifications.clear();
    await putOnMap(world, "Cato", { x: 0, y: 2 }, 2);
    await putOnMap(world, "Dara", { x: 0, y: 3 }, 2);
    await next(world);
    expect(position(combat)).toEqual(pos(2, "psiclones", "free"));
    // Next Turn skips the rest of a turn, but not a wave owed.
    await next(world, "nextTurn");
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Reject.HeroesOwed", { team: t("FACTIONS.Rounds.Team.psiclones"), count: 2 })]);
    await next(world, "nextTurn", true);
    expect(position(combat)).toEqual(pos(3, "skyhawks", "free"));
    expect(lastCard().system.resolvedOutcome?.log.map((l) => l.key)).toEqual(expect.arrayContaining(["FACTIONS.Rounds.Log.WaveSkipped", "FACTIONS.Rounds.Log.RoundMarked"]));
    // Every step card was the GM's and was applied.
    expect(actionCards().every((c) => c.author?.id === GM().id && c.system.status === "applied")).toBe(true);
  });

  it("keeps the uses of the steps left behind, and undo puts back the track and the round", async () => {
    const world = await roundsWorld();
    await firstWaves(world);
    await setPosition(world.combat, { round: 2, team: "psiclones", step: "reinforce" });
    const used = [{ at: "2:skyhawks:action", acts: ["move"] }];
    await harness.as(GM(), () => world.heroes.Ari.update({ system: { used } } as Actor.UpdateData));
    await putOnMap(world, "Rook", { x: 19, y: 2 }, 2);
    await putOnMap(world, "Sable", { x: 19, y: 3 }, 2);
    const before = snapshot();
    const card = (await next(world))!;
    expect(position(world.combat)).toEqual(pos(3, "skyhawks", "free"));
    expect(heroSystem(world.heroes.Ari).used).toEqual(used);
    expect(await harness.as(GM(), () => undoMessage(card))).toBe(true);
    expect(position(world.combat)).toEqual(pos(2, "psiclones", "reinforce"));
    expect(snapshot()).toEqual(before);
  });
});

describe("going back", () => {
  it("is the GM's, moves the position only, and never owes a wave again", async () => {
    const world = await roundsWorld();
    await firstWaves(world);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    await harness.as(GM(), () => world.heroes.Ari.update({ system: { used: [{ at: "1:psiclones:reinforce", acts: [] }] } } as Actor.UpdateData));
    const before = snapshot();
    expect(await harness.as(harness.users.alice, () => moveEncounter(world.combat, "back"))).toBeNull();
    await next(world, "back");
    expect(position(world.combat)).toEqual(pos(1, "psiclones", "reinforce"));
    // Nothing is cleared or undone.
    expect(snapshot()).toEqual(before);
    // Forward again: the wave brought in round 1 is not owed a second time.
    await next(world);
    expect(position(world.combat)).toEqual(pos(2, "skyhawks", "free"));
    expect(warnings(GM())).toEqual([]);
    // At the very start there is no step before.
    await setPosition(world.combat, { round: 1, team: "skyhawks", step: "reinforce" });
    await next(world, "back");
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Reject.AtStart")]);
  });
});

describe("issue 17: going back and forward again", () => {
  it("keeps the uses taken in a step: a hero who acted in the Action step has still acted there when the GM returns to it", async () => {
    const world = await roundsWorld();
    await firstWaves(world);
    const { alice } = harness.users;
    const { Ari, Bel } = world.heroes;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const move = (hero: typeof Ari) => harness.as(alice, () => performAction(ACTIONS.move, hero, { combat: world.combat.uuid, hero: hero.uuid }));
    expect((await move(Ari))?.system.status).toBe("applied");
    // On to Reaction, and back to Action.
    await next(world);
    await next(world, "back");
    expect(position(world.combat)).toEqual(pos(2, "skyhawks", "action"));
    expect(await move(Ari)).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" })]);
    harness.notifications.clear();
    // Back to Free, and forward to Action again with Next Step: Ari has still acted there.
    await next(world, "back");
    await next(world);
    expect(position(world.combat)).toEqual(pos(2, "skyhawks", "action"));
    expect(await move(Ari)).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" })]);
    // Bel had not acted: she moves.
    expect((await move(Bel))?.system.status).toBe("applied");
  });

  it("a hero saved by an earlier release, with one record of the last step it acted in, keeps it as that step's record", async () => {
    const create = (name: string, used: object) =>
      harness.as(GM(), async () => (await Actor.implementation.create({ name, type: "hero", system: { team: "skyhawks", used } } as unknown as Actor.CreateData)) as unknown as Hero);
    expect(heroSystem(await create("Vesper", { at: "2:skyhawks:action", acts: ["move"] })).used).toEqual([{ at: "2:skyhawks:action", acts: ["move"] }]);
    expect(heroSystem(await create("Wick", { at: "", acts: [] })).used).toEqual([]);
  });
});

describe("the end of the game", () => {
  it("comes when the Psiclones finish the last round: an end-of-game card sums up, and undo takes it back", async () => {
    const world = await roundsWorld({ lastRound: 2 });
    await firstWaves(world);
    for (const [name, y] of [["Cato", 2], ["Dara", 3]] as const) await putOnMap(world, name, { x: 0, y }, 2);
    await putOnMap(world, "Rook", { x: 19, y: 2 }, 2);
    await setPosition(world.combat, { round: 2, team: "psiclones", step: "reinforce" });
    const card = (await next(world, "nextStep", true))!;
    expect(position(world.combat)).toEqual(pos(2, "psiclones", "reinforce", true));
    const end = game.messages!.contents.find((m) => (m.flags as { factions?: { gameOver?: string } }).factions?.gameOver === card.id)!;
    expect(end).toBeDefined();
    const html = document.createElement("div");
    html.innerHTML = end.content;
    expect(html.querySelector(".factions-card-title")?.textContent).toContain(t("FACTIONS.Rounds.GameOver.Title"));
    expect(html.querySelector(".factions-team-skyhawks")?.textContent).toContain("Ari, Bel, Cato, Dara");
    expect(html.querySelector(".factions-team-psiclones .factions-off-map")?.textContent).toContain("Sable, Tarn, Uma");
    // The game is over: Next Step is refused.
    await next(world);
    expect(warnings(GM())).toEqual([t("FACTIONS.Rounds.Reject.GameOver")]);
    expect(await harness.as(GM(), () => undoMessage(card))).toBe(true);
    expect(game.messages!.has(end.id!)).toBe(false);
    expect(position(world.combat)).toEqual(pos(2, "psiclones", "reinforce"));
  });
});
