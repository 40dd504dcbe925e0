/**
 * Issue 18, Rounds (§2 and §3): a Shoot or a Melee rolls the hero's own formula as a real Roll
 * (none set: nothing is rolled, and the card says so); its card offers the GM the outcomes of the
 * world's list for the target, each applied as its own card, linked to the attack, undoable.
 * Defeated takes the hero's token off the map (the hero stays on its team, in the game) and undo
 * puts the very token back. Players can neither apply an outcome, nor set a formula, nor post a
 * card that rolls another formula than their hero's.
 */
import { describe, expect, it, vi } from "vitest";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import type { Outcome } from "../../src/core/rules/outcome";
import { FactionsActor } from "../../src/core/documents/actor";
import { takeRoundsAct } from "../../src/rulesets/rounds/dialogs";
import { ACTIONS, reinforcementList } from "../../src/rulesets/rounds/rules";
import { roundsState } from "../../src/rulesets/rounds/encounter/state";
import { heroNote } from "../../src/rulesets/rounds/tracker/context";
import { harness } from "../harness/install";
import { actionCards, cardButtons, clickAs, lastCard, renderCardAs, snapshot, t, warnings } from "../harness/world";
import { heroSystem, putOnMap, roundsWorld, setPosition, type RoundsWorld } from "./rounds-fixtures";

const outcomes = (hero: Actor.Implementation) => (hero._source.system as unknown as { outcomes: string[] }).outcomes;
const followUps = (html: HTMLElement) => cardButtons(html).filter((b) => b === "followUp");
const buttonTexts = (html: HTMLElement) => [...html.querySelectorAll<HTMLButtonElement>('button[data-action="followUp"]')].map((b) => b.textContent?.trim());
const rollLines = (html: HTMLElement) => [...html.querySelectorAll(".factions-card-rolls li")].map((li) => li.textContent?.replace(/\s+/g, " ").trim());
const logLines = (html: HTMLElement) => [...html.querySelectorAll(".factions-card-log li")].map((li) => li.textContent);

/** Round 2: Ari (Shoot 1d8+1, Melee 1d6, set by the GM) and Pax (no formulas) side by side; Bel and Quill at the edges. */
async function duel(): Promise<RoundsWorld> {
  const world = await roundsWorld();
  await putOnMap(world, "Ari", { x: 8, y: 5 });
  await putOnMap(world, "Pax", { x: 9, y: 5 });
  await putOnMap(world, "Bel", { x: 0, y: 1 });
  await putOnMap(world, "Quill", { x: 19, y: 1 });
  await harness.as(harness.users.gm, () => world.heroes.Ari.update({ system: { shootFormula: "1d8+1", meleeFormula: "1d6" } } as Actor.UpdateData));
  await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
  return world;
}

/** Ari shoots Pax (Alice), the die showing `face`. */
async function shot(world: RoundsWorld, face = 5): Promise<ActionMessage> {
  const { Ari, Pax } = world.heroes;
  harness.dice.force(face);
  const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.shoot, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid }));
  expect(card?.system.status).toBe("applied");
  return card!;
}

const paxToken = (world: RoundsWorld) => world.scene.tokens.find((tk) => tk.actorId === world.heroes.Pax.id);

describe("a Shoot and a Melee roll the hero's own formula", () => {
  it("set: a real Roll on the card, named as the hero's Shoot, with its total; the dialog says what it rolls", async () => {
    const world = await duel();
    const { Ari } = world.heroes;
    harness.dice.force(5);
    harness.dialogs.next((dialog) => {
      expect(dialog.form.textContent).toContain(t("FACTIONS.Rounds.Dialog.AttackFormula", { hero: "Ari", act: t("FACTIONS.Rounds.Attack.shoot"), formula: "1d8+1", min: 2, max: 9 }));
      dialog.fill({ target: world.heroes.Pax.uuid });
      return dialog.submit();
    });
    await harness.as(harness.users.alice, async () => {
      await takeRoundsAct(Ari, "shoot");
      await harness.settle();
    });
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(card.rolls.map((r) => r.total)).toEqual([6]);
    expect(card.system.formulas).toEqual(["1d8+1"]);
    expect(card.system.resolvedOutcome?.detail).toMatchObject({ act: "shoot", target: world.heroes.Pax.uuid, attack: { formula: "1d8+1", total: 6 } });
    const html = await renderCardAs(harness.users.bob, card);
    expect(rollLines(html)).toEqual([`${t("FACTIONS.Rounds.Log.AttackRollOf", { hero: "Ari", act: t("FACTIONS.Rounds.Attack.shoot") })} 1d8+1 = 6`]);
    // The roll is the card's header; the list says what happened and who rules on it, not "the rules are not included".
    expect(logLines(html)).toEqual([t("FACTIONS.Rounds.Log.Shot", { hero: "Ari", target: "Pax" }), t("FACTIONS.Rounds.Log.OutcomeToApply", { target: "Pax" })]);
    expect((card.system.outcome as unknown as Outcome).log.map((l) => l.key)).toContain("FACTIONS.Rounds.Log.AttackRolled");
  });

  it("blank: nothing is rolled and the card says so, in the dialog too", async () => {
    const world = await duel();
    const { Pax, Ari } = world.heroes;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "melee" });
    harness.dialogs.next((dialog) => {
      expect(dialog.form.textContent).toContain(t("FACTIONS.Rounds.Dialog.NoAttackFormula", { hero: "Pax", act: t("FACTIONS.Rounds.Attack.melee") }));
      dialog.fill({ target: Ari.uuid });
      return dialog.submit();
    });
    await harness.as(harness.users.bob, async () => {
      await takeRoundsAct(Pax, "melee");
      await harness.settle();
    });
    const card = lastCard();
    expect(card.system.status).toBe("applied");
    expect(card.rolls).toEqual([]);
    const html = await renderCardAs(harness.users.alice, card);
    expect(rollLines(html)).toEqual([]);
    expect(logLines(html)).toEqual([
      t("FACTIONS.Rounds.Log.Struck", { hero: "Pax", target: "Ari" }),
      t("FACTIONS.Rounds.Log.NoAttackFormula", { hero: "Pax", act: t("FACTIONS.Rounds.Attack.melee") }),
      t("FACTIONS.Rounds.Log.OutcomeToApply", { target: "Ari" }),
    ]);
  });
});

describe("the outcomes on an attack's card", () => {
  it("are the GM's buttons, one per outcome of the list; each is its own card, linked to the attack, and undo gives the option back", async () => {
    const world = await duel();
    const { alice, bob, gm } = harness.users;
    const { Pax } = world.heroes;
    const attack = await shot(world);
    const before = snapshot();
    const asGM = await renderCardAs(gm, attack);
    expect(buttonTexts(asGM)).toEqual([
      t("FACTIONS.Rounds.Outcome.Button", { target: "Pax", outcome: t("FACTIONS.Rounds.Outcome.wounded") }),
      t("FACTIONS.Rounds.Outcome.Button", { target: "Pax", outcome: t("FACTIONS.Rounds.Outcome.defeated") }),
    ]);
    // The players see the card and none of the GM's buttons.
    expect(followUps(await renderCardAs(alice, attack))).toEqual([]);
    expect(followUps(await renderCardAs(bob, attack))).toEqual([]);

    const wound = asGM.querySelector<HTMLButtonElement>('button[data-step="wounded"]')!;
    await harness.as(gm, async () => {
      wound.click();
      await harness.settle();
    });
    expect(warnings()).toEqual([]);
    const outcome = lastCard();
    expect(outcome.system.action).toBe(ACTIONS.outcome);
    expect(outcome.system.status).toBe("applied");
    expect(outcome.system.actor).toBe(Pax.uuid);
    expect(outcome.system.choice).toMatchObject({ hero: Pax.uuid, outcome: "wounded", card: attack.id });
    expect(outcomes(Pax)).toEqual(["wounded"]);
    expect(heroSystem(Pax).onMap).toBe(true);
    const shown = await renderCardAs(alice, outcome);
    // Titled by the outcome it applies, not as every outcome's card.
    expect(shown.querySelector(".factions-card-title")?.textContent?.trim()).toBe(t("FACTIONS.Rounds.Outcome.CardTitle", { outcome: t("FACTIONS.Rounds.Outcome.wounded") }));
    expect(logLines(shown)).toEqual([
      t("FACTIONS.Rounds.Log.OutcomeApplied", { hero: "Pax", outcome: t("FACTIONS.Rounds.Outcome.wounded") }),
      t("FACTIONS.Rounds.Log.OutcomeOf", { attacker: "Ari", attack: t("FACTIONS.Rounds.Attack.shoot") }),
    ]);
    // One outcome per attack: the option is spent.
    expect(followUps(await renderCardAs(gm, attack))).toEqual([]);

    await harness.as(gm, () => undoMessage(outcome));
    expect(outcome.system.status).toBe("undone");
    expect(snapshot()).toEqual(before);
    expect(followUps(await renderCardAs(gm, attack))).toHaveLength(2);
  });

  it("Defeated takes the token off the map and the hero off it, on its team and in the game; undo puts the very token back", async () => {
    const world = await duel();
    const { gm } = harness.users;
    const { Pax } = world.heroes;
    await harness.as(gm, () => paxToken(world)!.update({ name: "Pax the Grey", elevation: 5, rotation: 90 }));
    const token = paxToken(world)!.toObject();
    const attack = await shot(world);
    const before = snapshot();
    const html = await renderCardAs(gm, attack);
    await harness.as(gm, async () => {
      html.querySelector<HTMLButtonElement>('button[data-step="defeated"]')!.click();
      await harness.settle();
    });
    const defeated = lastCard();
    expect(defeated.system.status).toBe("applied");
    expect(paxToken(world)).toBeUndefined();
    expect(heroSystem(Pax)).toMatchObject({ onMap: false, team: "psiclones" });
    expect(outcomes(Pax)).toEqual(["defeated"]);
    expect(world.combat.combatants.some((c) => c.actorId === Pax.id)).toBe(true);
    expect((await renderCardAs(harness.users.bob, defeated)).textContent).toContain(t("FACTIONS.Rounds.Log.DefeatedOffMap", { hero: "Pax" }));
    // The tracker says so under Pax.
    const state = roundsState(world.combat);
    expect(heroNote(state, state.heroes[Pax.uuid]!)).toBe(`${t("FACTIONS.Rounds.Tracker.OffMap")} · ${t("FACTIONS.Rounds.Outcome.defeated")}`);
    // Off the map, the Psiclones may bring Pax back at their Reinforce.
    await setPosition(world.combat, { round: 2, team: "psiclones", step: "reinforce" });
    expect(reinforcementList(roundsState(world.combat)).candidates).toContain(Pax.uuid);
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });

    await harness.as(gm, () => undoMessage(defeated));
    // The very token: its id, square, name, elevation and all (only Foundry's own timestamps are new).
    const { _stats: _was, ...was } = token as Record<string, unknown>;
    const { _stats: _now, ...now } = paxToken(world)!.toObject() as Record<string, unknown>;
    expect(now).toEqual(was);
    expect(snapshot()).toEqual(before);
  });

  it("are the world's list: the GM names their own, and a built-in one by its name", async () => {
    const world = await duel();
    const { gm } = harness.users;
    await harness.as(gm, () => game.settings!.set("factions", "roundsOutcomes", "Stunned, defeated, Stunned"));
    const attack = await shot(world);
    const html = await renderCardAs(gm, attack);
    expect(buttonTexts(html)).toEqual([
      t("FACTIONS.Rounds.Outcome.Button", { target: "Pax", outcome: "Stunned" }),
      t("FACTIONS.Rounds.Outcome.Button", { target: "Pax", outcome: t("FACTIONS.Rounds.Outcome.defeated") }),
    ]);
    await clickAs(gm, html, "followUp");
    expect(outcomes(world.heroes.Pax)).toEqual(["Stunned"]);
    expect(logLines(await renderCardAs(gm, lastCard()))[0]).toBe(t("FACTIONS.Rounds.Log.OutcomeApplied", { hero: "Pax", outcome: "Stunned" }));
  });

  it("stand on their attack: the attack is undone only after them, and the refusal says which one and changes nothing", async () => {
    const world = await duel();
    const { gm } = harness.users;
    const attack = await shot(world);
    await clickAs(gm, await renderCardAs(gm, attack), "followUp");
    const wounded = lastCard();
    expect(outcomes(world.heroes.Pax)).toEqual(["wounded"]);
    harness.notifications.clear();
    const before = snapshot();
    await harness.as(gm, () => undoMessage(attack));
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.TakenStands", { action: t("FACTIONS.Rounds.Outcome.Title"), actor: "Pax" })]);
    expect(attack.system.status).toBe("applied");
    expect(snapshot()).toEqual(before);
    await harness.as(gm, () => undoMessage(wounded));
    await harness.as(gm, () => undoMessage(attack));
    expect(attack.system.status).toBe("undone");
    expect(outcomes(world.heroes.Pax)).toEqual([]);
  });

  it("are refused for a hero an earlier outcome took off the map, and only an attack's card offers them", async () => {
    const world = await duel();
    const { gm } = harness.users;
    const { Pax, Ari, Bel } = world.heroes;
    const first = await shot(world);
    const second = await harness.as(gm, () => performAction(`${ACTIONS.shoot}Override`, Ari, { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid }));
    await harness.as(gm, async () => {
      (await renderCardAs(gm, first)).querySelector<HTMLButtonElement>('button[data-step="defeated"]')!.click();
      await harness.settle();
    });
    const after = snapshot();
    harness.notifications.clear();
    await harness.as(gm, async () => {
      (await renderCardAs(gm, second!)).querySelector<HTMLButtonElement>('button[data-step="wounded"]')!.click();
      await harness.settle();
    });
    expect(warnings(gm)).toEqual([t("FACTIONS.Rounds.Reject.OutcomeOffMap", { hero: "Pax" })]);
    expect(snapshot()).toEqual(after);
    // A move's card offers nothing; an outcome naming it, or naming another hero than the target, is refused.
    const move = await harness.as(harness.users.alice, () => performAction(ACTIONS.move, Bel, { combat: world.combat.uuid, hero: Bel.uuid }));
    expect(followUps(await renderCardAs(gm, move!))).toEqual([]);
    const moved = snapshot();
    harness.notifications.clear();
    const apply = (hero: Actor.Implementation, card: string) =>
      harness.as(gm, () => performAction(ACTIONS.outcome, hero, { combat: world.combat.uuid, hero: hero.uuid, outcome: "wounded", card }));
    expect(await apply(Bel, move!.id!)).toBeNull();
    expect(await apply(Ari, second!.id!)).toBeNull();
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.NotOffered"), t("FACTIONS.Rounds.Reject.NotAnAttack", { hero: "Ari" })]);
    expect(snapshot()).toEqual(moved);
  });
});

describe("a hostile player", () => {
  it("cannot apply an outcome, to an enemy or to their own hero, through the pipeline or the GM's request", async () => {
    const world = await duel();
    const { alice, bob } = harness.users;
    const { Ari, Pax } = world.heroes;
    const attack = await shot(world);
    const before = snapshot();
    harness.notifications.clear();
    const choice = (hero: Actor.Implementation) => ({ combat: world.combat.uuid, hero: hero.uuid, outcome: "defeated", card: attack.id! });
    expect(await harness.as(bob, () => performAction(ACTIONS.outcome, Pax, choice(Pax)))).toBeNull();
    expect(await harness.as(alice, () => performAction(ACTIONS.outcome, Pax, choice(Pax)))).toBeNull();
    expect(await harness.as(alice, () => performAction(ACTIONS.outcome, Ari, choice(Ari)))).toBeNull();
    expect(warnings()).toEqual([1, 2, 3].map(() => t("FACTIONS.Action.Error.GMOnly")));
    // A card posted by hand, claiming Pax is Defeated, is never applied.
    const forged = (await harness.as(bob, () =>
      ChatMessage.implementation.create({
        type: "action",
        system: { action: ACTIONS.outcome, actor: Pax.uuid, phase: "resolved", formulas: [], ids: [], choice: choice(Pax), outcome: { changes: [] } },
      } as ChatMessage.CreateData),
    )) as unknown as ActionMessage;
    harness.notifications.clear();
    await clickAs(bob, await renderCardAs(bob, forged), "apply");
    expect(warnings(bob)).toEqual([t("FACTIONS.Action.Error.GMOnly")]);
    expect(snapshot()).toEqual(before);
    expect(paxToken(world)).toBeDefined();
  });

  it("cannot give their hero a formula, on the sheet or from a modified client, nor post a card that rolls another", async () => {
    const world = await duel();
    const { alice, gm } = harness.users;
    const { Ari, Pax } = world.heroes;
    const before = structuredClone(heroSystem(Ari));
    harness.notifications.clear();
    await harness.as(alice, () => Ari.update({ system: { shootFormula: "100d100" } } as Actor.UpdateData));
    await harness.as(alice, () => Ari.update({ system: { outcomes: ["Blessed"] } } as Actor.UpdateData));
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.GMRecord"), t("FACTIONS.Action.Error.GMRecord")]);
    // A modified client skips the refusal: the GM's client puts the formula back.
    const skip = vi.spyOn(FactionsActor.prototype as unknown as { _preUpdate(): Promise<void> }, "_preUpdate").mockResolvedValue(undefined);
    try {
      await harness.as(alice, () => Ari.update({ system: { meleeFormula: "10d10" } } as Actor.UpdateData));
    } finally {
      skip.mockRestore();
    }
    await harness.settle();
    expect(heroSystem(Ari)).toEqual(before);
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.RecordPutBack", { user: alice.name!, document: "Ari" })]);

    // Alice's card says Ari rolled 1d20 for a Shoot of 1d8+1: the GM's client finds it stale and applies nothing.
    await harness.as(gm, () => game.settings!.set("factions", "autoApply", false));
    harness.dice.force(20);
    const roll = await harness.as(alice, () => new Roll("1d20").evaluate());
    const choice = { combat: world.combat.uuid, hero: Ari.uuid, target: Pax.uuid };
    const outcome = { action: ACTIONS.shoot, actor: Ari.uuid, checks: [], rolls: [], changes: [{ op: "update", ref: { actor: Ari.uuid }, path: "system.used", from: [], to: [{ at: "2:skyhawks:action", acts: ["shoot"] }] }], log: [], detail: {} };
    const forged = (await harness.as(alice, () =>
      ChatMessage.implementation.create({
        type: "action",
        rolls: [roll],
        system: { action: ACTIONS.shoot, actor: Ari.uuid, phase: "resolved", formulas: ["1d20"], ids: [], choice, outcome },
      } as unknown as ChatMessage.CreateData),
    )) as unknown as ActionMessage;
    const state = snapshot();
    harness.notifications.clear();
    await clickAs(alice, await renderCardAs(alice, forged), "apply");
    expect(warnings(alice)).toEqual([t("FACTIONS.Action.Error.Stale")]);
    expect(snapshot()).toEqual(state);
    expect(actionCards().filter((c) => c.system.status === "applied").map((c) => c.system.action)).not.toContain(ACTIONS.shoot);
  });
});
