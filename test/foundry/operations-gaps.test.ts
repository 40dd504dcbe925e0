/**
 * Operations on the in-memory Foundry: stance follow-ups taken once, stances on the organization
 * sheet, the GM's decision on unpaid upkeep, narrative results the GM attaches, and one action of
 * each group driven through its dialog.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import type { Outcome } from "../../src/core/rules/outcome";
import { startOperationsRound, takeOperationsAction, type OperationsActionName } from "../../src/rulesets/operations/actions";
import { ACTIONS } from "../../src/rulesets/operations/rules";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { actionCards, cardButtons, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { DOCKS, OPS_IDS, operationsWorld } from "./operations-fixtures";

type Sys = Record<string, unknown>;
const sys = (doc: { system: unknown }) => doc.system as Sys;
const followUps = (html: HTMLElement) => cardButtons(html).filter((b) => b === "followUp");

async function click(user: User, button: HTMLButtonElement | null): Promise<void> {
  expect(button).not.toBeNull();
  harness.asUser(user);
  button!.click();
  await harness.settle();
}

describe("stance follow-ups are taken once", () => {
  async function spotted() {
    const world = await operationsWorld();
    const { alice, bob } = harness.users;
    await harness.as(bob, () =>
      performAction(ACTIONS.ambush, world.mara, { lieutenant: world.mara.uuid, factions: [world.red.uuid], strategy: "aggressive", units: [OPS_IDS.guards] }),
    );
    harness.dice.force(1, 10);
    await harness.as(alice, () => performAction(ACTIONS.moveMinion, world.vex, { lieutenant: world.vex.uuid, units: [{ unit: OPS_IDS.thiefA, to: DOCKS }] }));
    await harness.settle();
    const trigger = lastCard();
    expect(trigger.system.action).toBe(ACTIONS.stanceTrigger);
    return { world, trigger };
  }

  it("a bypass removes the mover's buttons for everyone, and a stale second click is refused", async () => {
    const { trigger } = await spotted();
    const { alice, gm } = harness.users;
    const html = await renderCardAs(alice, trigger);
    expect(followUps(html)).toHaveLength(4);
    await click(alice, html.querySelector<HTMLButtonElement>('button[data-step="bypass"]'));
    expect(warnings()).toEqual([]);
    expect(followUps(await renderCardAs(alice, trigger))).toEqual([]);
    expect(followUps(await renderCardAs(gm, trigger))).toEqual([]);
    const notes = game.messages!.contents.length;
    // The old rendering still has the buttons: clicking one again is refused and posts nothing.
    await click(alice, html.querySelector<HTMLButtonElement>('button[data-step="stop"]'));
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyTaken")]);
    expect(game.messages!.contents.length).toBe(notes);
  });

  it("the ambush's own attack is offered to the stance owner once", async () => {
    const world = await operationsWorld();
    const { alice, bob } = harness.users;
    await harness.as(bob, () =>
      performAction(ACTIONS.ambush, world.mara, { lieutenant: world.mara.uuid, factions: [world.red.uuid], strategy: "aggressive", units: [OPS_IDS.guards] }),
    );
    // Mara 2 + 2 + 10 vs Thief Pack 4 + 1: complete success, the ambush strikes with +2.
    harness.dice.force(10, 1);
    await harness.as(alice, () => performAction(ACTIONS.moveMinion, world.vex, { lieutenant: world.vex.uuid, units: [{ unit: OPS_IDS.thiefA, to: DOCKS }] }));
    await harness.settle();
    const trigger = lastCard();
    const html = await renderCardAs(bob, trigger);
    const strike = html.querySelector<HTMLButtonElement>('button[data-step="ambush"]');
    harness.dice.force(5, 5);
    await click(bob, strike);
    const attack = lastCard();
    expect(attack.system.action).toBe(ACTIONS.aggressiveAttack);
    expect((attack.system.choice as { trigger?: unknown }).trigger).toEqual({ card: trigger.id, party: "ambush" });
    expect(followUps(await renderCardAs(bob, trigger))).toEqual([]);
    harness.notifications.list.length = 0;
    await click(bob, strike);
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyTaken")]);
    expect(actionCards().filter((c) => c.system.action.endsWith("Attack"))).toHaveLength(1);
    // The mover's own choice (stop) is still its own to take.
    expect(followUps(await renderCardAs(alice, trigger))).toHaveLength(1);
    // Undoing the attack offers it again.
    expect(await harness.as(harness.users.gm, () => undoMessage(attack))).toBe(true);
    expect(followUps(await renderCardAs(bob, trigger))).toHaveLength(1);
  });
});

describe("stances on the organization sheet", () => {
  it("each location group lists the stances set there: whose, which, against whom", async () => {
    const world = await operationsWorld();
    const { alice, bob, gm } = harness.users;
    await harness.as(bob, () =>
      performAction(ACTIONS.ambush, world.mara, { lieutenant: world.mara.uuid, factions: [world.red.uuid], strategy: "cautious", units: [OPS_IDS.guards] }),
    );
    const text = async (user: User, actor: Actor.Implementation) =>
      harness.as(user, async () => ((await actor.sheet!.render(true)) as unknown as { element: HTMLElement }).element.querySelector(".factions-ops-units")!.textContent ?? "");
    const blue = await text(bob, world.blue);
    expect(blue).toContain(t("FACTIONS.Operations.Sheet.StanceHolder", { lieutenant: "Mara", organization: "Blue Lotus" }));
    expect(blue).toContain(t("FACTIONS.Operations.Sheet.StanceKind.ambush"));
    expect(blue).toContain(t("FACTIONS.Operations.Sheet.StanceAgainst", { factions: "Red Hand" }));
    // The GM sees the ambush at the Docks on the Red Hand's sheet too; Alice does not.
    expect(await text(gm, world.red)).toContain("Mara (Blue Lotus)");
    expect(await text(alice, world.red)).not.toContain("Mara");
  });
});

describe("unpaid upkeep: the GM decides", () => {
  it("offers Release and Pay later per unpaid unit to the GM only, applied as undoable cards", async () => {
    const world = await operationsWorld();
    const { alice, gm } = harness.users;
    await harness.as(gm, () => world.red.update({ "system.capital": 1 } as Actor.UpdateData));
    const start = (await harness.as(gm, () => startOperationsRound(world.red)))!;
    expect((start.system.resolvedOutcome!.detail as { unpaid: { id: string }[] }).unpaid.map((u) => u.id)).toEqual([OPS_IDS.cutpurses]);
    expect(followUps(await renderCardAs(alice, start))).toEqual([]);
    const html = await renderCardAs(gm, start);
    expect(followUps(html)).toHaveLength(2);
    expect(html.textContent).toContain(t("FACTIONS.Operations.Dialog.Release", { name: "Cutpurses" }));
    const before = snapshot();
    const release = html.querySelector<HTMLButtonElement>('button[data-step="release"]');
    await click(gm, release);
    expect(warnings()).toEqual([]);
    const decision = lastCard();
    expect(decision.system.action).toBe(ACTIONS.upkeep);
    expect(decision.system.status).toBe("applied");
    expect(world.red.items.has(OPS_IDS.cutpurses)).toBe(false);
    expect(followUps(await renderCardAs(gm, start))).toEqual([]);
    await click(gm, html.querySelector<HTMLButtonElement>('button[data-step="later"]'));
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyTaken")]);
    expect(await harness.as(gm, () => undoMessage(decision))).toBe(true);
    expect(snapshot()).toEqual(before);
    // Undone: the GM may decide again, this time to pay later (nothing changes).
    harness.notifications.list.length = 0;
    await click(gm, (await renderCardAs(gm, start)).querySelector<HTMLButtonElement>('button[data-step="later"]'));
    expect(warnings()).toEqual([]);
    expect(lastCard().system.status).toBe("applied");
    expect(snapshot()).toEqual(before);
  });
});

describe("narrative results the GM attaches", () => {
  it("Investigate: the GM attaches a journal owned by the lieutenant's owners and linked on the card", async () => {
    const world = await operationsWorld();
    const { alice, bob, gm } = harness.users;
    harness.dice.force(10, 1);
    const card = (await harness.as(alice, () =>
      performAction(ACTIONS.investigate, world.vex, { lieutenant: world.vex.uuid, target: { kind: "other", name: "The vault", level: 1 } }),
    ))!;
    expect(warnings()).toEqual([]);
    expect(followUps(await renderCardAs(alice, card))).toEqual([]);
    const html = await renderCardAs(gm, card);
    harness.dialogs.next({ text: "The vault opens at midnight." });
    await click(gm, html.querySelector<HTMLButtonElement>('button[data-step="attach"]'));
    expect(warnings()).toEqual([]);
    // The journal entries of the world: the system keeps no records among them.
    const made = () => game.journal!.contents;
    const journal = made().at(-1)!;
    expect(journal.name).toBe(t("FACTIONS.Operations.Action.investigate"));
    expect(journal.ownership).toEqual({ default: 0, [alice.id!]: 3 });
    expect(journal.ownership[bob.id!]).toBeUndefined();
    expect(JSON.stringify(journal.pages.contents[0]!.toObject())).toContain("The vault opens at midnight.");
    const link = (await renderCardAs(alice, card)).querySelector<HTMLAnchorElement>(".factions-card-links a.content-link");
    expect(link?.dataset.uuid).toBe(journal.uuid);
    expect(followUps(await renderCardAs(gm, card))).toEqual([]);
    // A stale Attach is refused.
    await click(gm, html.querySelector<HTMLButtonElement>('button[data-step="attach"]'));
    expect(warnings()).toEqual([t("FACTIONS.Action.Error.AlreadyTaken")]);
    expect(made()).toHaveLength(1);
  });

  it("is not offered where the result is a document or Capital", async () => {
    const world = await operationsWorld();
    harness.dice.force(10, 1);
    const card = (await harness.as(harness.users.alice, () =>
      performAction(ACTIONS.steal, world.vex, { lieutenant: world.vex.uuid, target: world.blue.uuid, location: DOCKS, acquire: { kind: "capital", amount: 3 } }),
    ))!;
    expect(followUps(await renderCardAs(harness.users.gm, card))).toEqual([]);
  });
});

describe("one action of each group through its dialog", () => {
  const value = (el: Element | null | undefined) => Number((el?.textContent ?? "").replace("−", "-"));
  const total = (mods: { value: number }[]) => mods.reduce((t, m) => t + m.value, 0);

  async function viaDialog(user: User, lt: Actor.Implementation, name: OperationsActionName, values: Record<string, unknown>) {
    harness.dice.force(10, 1);
    harness.dialogs.next(values);
    await harness.as(user, () => takeOperationsAction(lt, name));
    expect(warnings()).toEqual([]);
    const el = harness.dialogs.shown.at(-1)!.element;
    const card = lastCard();
    expect(card.system.action).toBe(ACTIONS[name]);
    expect(card.system.status).toBe("applied");
    return { el, card, outcome: card.system.resolvedOutcome as Outcome };
  }

  /** The dialog showed the four tiers and exactly the rating breakdown the roll used. */
  function expectOdds(el: HTMLElement, outcome: Outcome) {
    expect(Array.from(el.querySelectorAll(".factions-odds .factions-odds-tier")).map((e) => e.classList[1])).toEqual([
      "factions-tier-completeFailure",
      "factions-tier-failure",
      "factions-tier-success",
      "factions-tier-completeSuccess",
    ]);
    const check = outcome.checks[0]!.check;
    expect(value(el.querySelector(".factions-odds .factions-odds-actor tfoot td"))).toBe(total(check.modifiers.actor));
    expect(value(el.querySelector(".factions-odds .factions-odds-opposition tfoot td"))).toBe(total(check.modifiers.opposition));
  }

  it("Sneak: Steal", async () => {
    const world = await operationsWorld();
    const { el, outcome } = await viaDialog(harness.users.alice, world.vex, "steal", { target: world.blue.uuid, acquire: "capital:", amount: 3 });
    expectOdds(el, outcome);
    expect(sys(world.red).capital).toBe(13);
    expect(sys(world.blue).capital).toBe(5);
  });

  it("Charm: Investigate", async () => {
    const world = await operationsWorld();
    const { el, outcome } = await viaDialog(harness.users.alice, world.vex, "investigate", { what: "other:", thing: "The vault", level: 2 });
    expectOdds(el, outcome);
    expect((outcome.detail as { learned: string }).learned).not.toBe("nothing");
    expect(sys(world.vex).acted).toBe(true);
  });

  it("Lore: Research Magic", async () => {
    const world = await operationsWorld();
    const { el, outcome } = await viaDialog(harness.users.alice, world.vex, "researchMagic", { project: OPS_IDS.research });
    expectOdds(el, outcome);
    expect(Number(sys(world.red.items.get(OPS_IDS.research)!).progress)).toBeGreaterThan(3);
  });

  it("Other: Train Minion", async () => {
    const world = await operationsWorld();
    const { el, outcome } = await viaDialog(harness.users.alice, world.vex, "trainMinion", { project: "", trainee: `unit:${OPS_IDS.cutpurses}`, training: "level" });
    expectOdds(el, outcome);
    expect(world.red.items.contents.filter((i) => i.type === "project")).toHaveLength(2);
  });

  it("Influence: Gain Influence", async () => {
    const world = await operationsWorld();
    const { el, outcome } = await viaDialog(harness.users.alice, world.vex, "gainInfluence", { faction: world.guild.uuid });
    expectOdds(el, outcome);
    expect(JSON.stringify(sys(world.red).standings)).toMatch(/"influence":[1-9]/);
  });

  it("Stance: Ambush (no roll: no odds; the stance is set)", async () => {
    const world = await operationsWorld();
    const { el } = await viaDialog(harness.users.bob, world.mara, "ambush", { factions: [world.red.uuid], strategy: "cautious", units: [OPS_IDS.guards] });
    expect(el.querySelectorAll(".factions-odds .factions-odds-tier")).toHaveLength(0);
    expect(sys(world.mara).stance).toMatchObject({ kind: "ambush", strategy: "cautious", factions: [world.red.uuid], units: [OPS_IDS.guards] });
  });
});

describe("NPC factions", () => {
  it("are the organizations no player owns, flagged or not; a player's organization is not one", async () => {
    const world = await operationsWorld();
    const { gm, alice } = harness.users;
    const before = snapshot();
    const refused = await harness.as(alice, () => performAction(ACTIONS.gainInfluence, world.vex, { lieutenant: world.vex.uuid, faction: world.blue.uuid }));
    expect(refused).toBeNull();
    expect(warnings(alice)).toEqual([t("FACTIONS.Operations.Reject.NotNpc", { organization: world.blue.name })]);
    expect(snapshot()).toEqual(before);

    const free = await harness.as(gm, () =>
      Actor.implementation.create({ name: "Free Company", type: "organization", system: { cohesion: 2, capital: 5, npc: false } } as Actor.CreateData),
    );
    harness.dice.force(10, 1);
    const courted = await harness.as(alice, () => performAction(ACTIONS.gainInfluence, world.vex, { lieutenant: world.vex.uuid, faction: free!.uuid }));
    expect(courted?.system.status).toBe("applied");
  });
});
