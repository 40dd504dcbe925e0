/**
 * The Rounds sheets and the tracker's buttons on the in-memory Foundry: the hero sheet offers the
 * acts of the current step (a refused one disabled, the refusal the step's acts share said once
 * above them; a GM's marked as the override), the abilities tagged with it, loot; its buttons open
 * the act's dialog and post the card; an observer sees no buttons. The item sheet edits loot and abilities. The
 * tracker's Bring in button takes a player through the same dialog.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { overrideId } from "../../src/rulesets/rounds/actions/ids";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { ACTIONS } from "../../src/rulesets/rounds/rules";
import { HeroSheet, RoundsItemSheet } from "../../src/rulesets/rounds/sheets";
import { decorateTracker } from "../../src/rulesets/rounds/tracker/decorate";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { showTooltip } from "../harness/ui";
import { actionCards, lastCard, snapshot, t, warnings } from "../harness/world";
import { abilityId, heroSystem, putOnMap, roundsWorld, setPosition, type RoundsWorld } from "./rounds-fixtures";

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
}

async function open(cls: typeof HeroSheet | typeof RoundsItemSheet, document: unknown, user: User): Promise<Sheet> {
  const sheet = new (cls as unknown as new (o: object) => Sheet)({ document });
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet;
}

async function click(user: User, el: Element | null | undefined): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await harness.as(user, async () => {
    (el as HTMLElement).click();
    await harness.settle();
  });
}

describe("the hero sheet", () => {
  it("offers the owner the acts of the step and the abilities tagged with it; a refused one says why", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    await putOnMap(world, "Ari", { x: 8, y: 5 });
    await putOnMap(world, "Pax", { x: 9, y: 5 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const sheet = await open(HeroSheet, world.heroes.Ari, alice);
    const acts = [...sheet.element.querySelectorAll<HTMLButtonElement>("button[data-action='roundsAct']")].map((b) => b.dataset.act);
    expect(acts).toEqual(["move", "slipAway", "shoot", "unleash"]);
    expect(sheet.element.querySelector(".factions-rounds-position")?.textContent).toBe(
      t("FACTIONS.Rounds.Log.Position", { round: 2, last: 3, team: t("FACTIONS.Rounds.Team.skyhawks"), step: t("FACTIONS.Rounds.Step.action") }),
    );
    expect(sheet.element.querySelector(".factions-rounds-adventure")?.textContent).toContain("Sunken Vault");
    const row = (id: string) => sheet.element.querySelector<HTMLElement>(`[data-item-id="${id}"]`)!;
    expect(row(abilityId("Ari", "action")).querySelector<HTMLElement>("button[data-action='useAbility']")?.dataset.tooltip).toBeUndefined();
    expect(row(abilityId("Ari", "melee")).querySelector<HTMLElement>("button[data-action='useAbility']")?.dataset.tooltip).toBe(
      t("FACTIONS.Rounds.Reject.AbilityWrongStep", { tagged: t("FACTIONS.Rounds.Step.melee"), step: t("FACTIONS.Rounds.Step.action") }),
    );

    // Shoot: the dialog offers the enemies on the map (the adjacent one marked) and the step's abilities.
    harness.dice.force(3);
    harness.dialogs.next((dialog) => {
      expect(dialog.options("target")).toEqual(["", world.heroes.Pax.uuid]);
      expect(dialog.options("ability")).toEqual(["", abilityId("Ari", "action")]);
      expect(dialog.form.textContent).toContain(t("FACTIONS.Rounds.Dialog.Adjacent", { hero: "Pax" }));
      dialog.fill({ target: world.heroes.Pax.uuid, ability: abilityId("Ari", "action") });
      return dialog.submit();
    });
    await click(alice, sheet.element.querySelector("button[data-act='shoot']"));
    expect(lastCard().system.action).toBe("rounds.shoot");
    expect(lastCard().system.resolvedOutcome?.rolls[0]?.total).toBe(3);
    // The sheet now says what Ari used, and why another act is refused.
    await harness.as(alice, () => sheet.render({}));
    expect(sheet.element.querySelector(".factions-rounds-used")?.textContent).toBe(t("FACTIONS.Rounds.Sheet.Used", { acts: t("FACTIONS.Rounds.Act.shoot") }));
    expect(sheet.element.querySelector(".factions-rounds-refusal")?.textContent?.trim()).toBe(t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" }));
    expect(sheet.element.querySelector<HTMLButtonElement>("button[data-act='move']")?.disabled).toBe(true);
    // The GM moves on: an open sheet follows (Bel's, whose hero nothing else changed), with the
    // Reaction step's acts. (Every client of the harness shares one sheet, so the last to redraw it
    // decides its refusals: only the acts are the same for all.)
    const bel = world.heroes.Bel.sheet as unknown as Sheet;
    await harness.as(alice, () => bel.render({ force: true }));
    expect([...bel.element.querySelectorAll<HTMLElement>("button[data-action='roundsAct']")].map((b) => b.dataset.act)).toEqual(["move", "slipAway", "shoot", "unleash"]);
    await harness.as(harness.users.gm, () => moveEncounter(world.combat, "nextStep"));
    await harness.settle();
    expect([...bel.element.querySelectorAll<HTMLElement>("button[data-action='roundsAct']")].map((b) => b.dataset.act)).toEqual(["shoot"]);
    expect(warnings()).toEqual([]);
  });

  it("lets only the owner act: an observer sees where the game stands, no act or Use button, and no way to change the hero", async () => {
    const world = await roundsWorld();
    const { bob, gm } = harness.users;
    await harness.as(gm, () => world.heroes.Ari.update({ "ownership.default": 2 } as unknown as Actor.UpdateData));
    await putOnMap(world, "Ari", { x: 8, y: 5 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const sheet = await open(HeroSheet, world.heroes.Ari, bob);
    expect(sheet.element.querySelector(".factions-rounds-position")?.textContent).toBe(
      t("FACTIONS.Rounds.Log.Position", { round: 2, last: 3, team: t("FACTIONS.Rounds.Team.skyhawks"), step: t("FACTIONS.Rounds.Step.action") }),
    );
    expect(sheet.element.querySelectorAll("[data-action='roundsAct'], [data-action='useAbility']")).toHaveLength(0);
    expect(sheet.element.querySelector(".factions-rounds-refusal")).toBeNull();
    expect(sheet.element.querySelector(".factions-rounds-step")?.textContent).not.toContain(t("FACTIONS.Rounds.Sheet.NoActs"));
    // The abilities are listed all the same.
    expect(sheet.element.querySelector(`[data-item-id="${abilityId("Ari", "action")}"] .factions-item-name`)?.textContent).toBe("Quick Shot");
    expect(sheet.element.querySelector<HTMLInputElement>("input[name='name']")?.disabled).toBe(true);
    expect(sheet.element.querySelector("[data-action='createItem']")).toBeNull();
  });

  it("lets the GM set the Shoot and Melee formulas (refusing one the dice cannot read), and shows the hero's outcomes to all", async () => {
    const world = await roundsWorld();
    const { alice, gm } = harness.users;
    const ari = world.heroes.Ari;
    const sheet = await open(HeroSheet, ari, gm);
    const input = sheet.element.querySelector<HTMLInputElement>("input[name='system.shootFormula']")!;
    expect(input.disabled).toBe(false);
    input.value = "1d8 + 1";
    await harness.as(gm, async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect(heroSystem(ari)).toMatchObject({ shootFormula: "1d8 + 1", meleeFormula: "" });
    harness.notifications.clear();
    await harness.as(gm, () => ari.update({ system: { meleeFormula: "a big stick" } } as Actor.UpdateData).catch(() => undefined));
    expect(heroSystem(ari)).toMatchObject({ meleeFormula: "" });
    await harness.as(gm, () => ari.update({ system: { outcomes: ["wounded", "Stunned"] } } as Actor.UpdateData));
    const seen = await open(HeroSheet, ari, alice);
    expect(seen.element.querySelector(".factions-rounds-outcomes")?.textContent?.trim()).toBe(t("FACTIONS.Rounds.Sheet.Outcomes", { outcomes: `${t("FACTIONS.Rounds.Outcome.wounded")}, Stunned` }));
  });

  it("says when the hero is in no Rounds encounter", async () => {
    const world = await roundsWorld();
    await harness.as(harness.users.gm, () => world.combat.delete());
    const sheet = await open(HeroSheet, world.heroes.Ari, harness.users.alice);
    expect(sheet.element.querySelector(".factions-rounds-step")?.textContent).toContain(t("FACTIONS.Rounds.Sheet.NoEncounter"));
  });
});

/** What the sheet's "This step" buttons say, as a user sees and hears them. */
function acts(sheet: Sheet) {
  return [...sheet.element.querySelectorAll<HTMLButtonElement>("button[data-action='roundsAct']")].map((b) => ({
    act: b.dataset.act,
    disabled: b.disabled,
    ariaDisabled: b.getAttribute("aria-disabled"),
    refused: b.classList.contains("factions-refused"),
    override: b.classList.contains("factions-override"),
    tooltip: b.dataset.tooltip === undefined ? null : showTooltip(b).textContent,
    describedBy: b.getAttribute("aria-describedby"),
  }));
}

/** The step's one refusal line: its text and id (null if there is none), and how many there are. */
function refusalLine(sheet: Sheet) {
  const lines = sheet.element.querySelectorAll<HTMLElement>(".factions-rounds-refusal");
  return { count: lines.length, text: lines[0]?.textContent?.trim() ?? null, id: lines[0]?.id ?? null };
}

const useButton = (sheet: Sheet, id: string) => sheet.element.querySelector<HTMLButtonElement>(`[data-item-id="${id}"] button[data-action='useAbility']`)!;

/** Ari and Pax on the map, the Skyhawks' Action step of round 2. */
async function actionStep(): Promise<RoundsWorld> {
  const world = await roundsWorld();
  await putOnMap(world, "Ari", { x: 8, y: 5 });
  await putOnMap(world, "Pax", { x: 12, y: 5 });
  await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
  return world;
}

describe("the hero sheet says what is left (#18)", () => {
  it("gives the owner the step's acts pressable when the hero may take them, with no refusal line", async () => {
    const world = await actionStep();
    const sheet = await open(HeroSheet, world.heroes.Ari, harness.users.alice);
    expect(acts(sheet)).toEqual(
      ["move", "slipAway", "shoot", "unleash"].map((act) => ({ act, disabled: false, ariaDisabled: null, refused: false, override: false, tooltip: null, describedBy: null })),
    );
    expect(refusalLine(sheet).count).toBe(0);
    expect(useButton(sheet, abilityId("Ari", "action")).disabled).toBe(false);
    // An ability tagged with another step: its own reason, on its own button, not a shared line.
    const melee = useButton(sheet, abilityId("Ari", "melee"));
    const why = t("FACTIONS.Rounds.Reject.AbilityWrongStep", { tagged: t("FACTIONS.Rounds.Step.melee"), step: t("FACTIONS.Rounds.Step.action") });
    expect([melee.disabled, melee.getAttribute("aria-disabled"), showTooltip(melee).textContent, melee.getAttribute("aria-description"), melee.getAttribute("aria-describedby")]).toEqual([true, "true", why, why, null]);
  });

  it("after the hero acted, disables every act and the step's Use button with one refusal line they point to; a click on one changes nothing", async () => {
    const world = await actionStep();
    const { alice } = harness.users;
    const Ari = world.heroes.Ari;
    await harness.as(alice, () => performAction(ACTIONS.move, Ari, { combat: world.combat.uuid, hero: Ari.uuid }));
    await harness.settle();
    const sheet = await open(HeroSheet, Ari, alice);
    const why = t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" });
    const line = refusalLine(sheet);
    expect(line).toEqual({ count: 1, text: why, id: `${(sheet as unknown as { id: string }).id}-refusal` });
    expect(acts(sheet)).toEqual(["move", "slipAway", "shoot", "unleash"].map((act) => ({ act, disabled: true, ariaDisabled: "true", refused: true, override: false, tooltip: why, describedBy: line.id })));
    // The reason is printed once: not under the buttons, nor a second time for screen readers.
    expect(sheet.element.querySelector(".factions-rounds-step")!.textContent!.split(why)).toHaveLength(2);
    expect(sheet.element.querySelector("button[data-act='move']")!.getAttribute("aria-description")).toBeNull();
    // Hovering the dimmed button reaches its slot, which says why too.
    expect(showTooltip(sheet.element.querySelector<HTMLElement>("button[data-act='move']")!.closest(".factions-action-slot")!).textContent).toBe(why);
    const quick = useButton(sheet, abilityId("Ari", "action"));
    expect([quick.disabled, quick.getAttribute("aria-disabled"), showTooltip(quick).textContent, quick.getAttribute("aria-describedby")]).toEqual([true, "true", why, line.id]);

    // A click that reaches a disabled button anyway (on its label, or dispatched) opens no dialog and posts nothing.
    const before = snapshot();
    const cards = actionCards().length;
    const shown = harness.dialogs.shown.length;
    await harness.as(alice, async () => {
      sheet.element.querySelector("button[data-act='shoot'] span")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      quick.querySelector("span")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      sheet.element.querySelector("button[data-act='move']")!.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      await harness.settle();
    });
    expect([harness.dialogs.shown.length, actionCards().length]).toEqual([shown, cards]);
    expect(snapshot()).toEqual(before);
    expect(warnings()).toEqual([]);
  });

  it("says once that a hero off the map takes no act, its name shown as text", async () => {
    const world = await actionStep();
    const name = "Ari <b>the Bold</b>";
    await harness.as(harness.users.gm, () => world.heroes.Ari.update({ name, system: { onMap: false } } as Actor.UpdateData));
    const sheet = await open(HeroSheet, world.heroes.Ari, harness.users.alice);
    const why = t("FACTIONS.Rounds.Reject.OffMap", { hero: name });
    expect(refusalLine(sheet)).toMatchObject({ count: 1, text: why });
    expect(acts(sheet).map((a) => [a.disabled, a.tooltip])).toEqual([1, 2, 3, 4].map(() => [true, why]));
    for (const button of sheet.element.querySelectorAll<HTMLElement>("[data-tooltip]")) expect(showTooltip(button).querySelector("b")).toBeNull();
  });

  it("says once that it is not the hero's team's step", async () => {
    const world = await actionStep();
    const sheet = await open(HeroSheet, world.heroes.Pax, harness.users.bob);
    const why = t("FACTIONS.Rounds.Reject.InactiveTeam", { step: t("FACTIONS.Rounds.Step.action") });
    expect(refusalLine(sheet)).toMatchObject({ count: 1, text: why });
    expect(acts(sheet).map((a) => [a.act, a.disabled, a.tooltip])).toEqual(["move", "slipAway", "shoot", "unleash"].map((act) => [act, true, why]));
  });

  it("leaves the GM's buttons pressable, marked as the override, whose dialog starts ticked; not once the game is over", async () => {
    const world = await actionStep();
    const { alice, gm } = harness.users;
    const Ari = world.heroes.Ari;
    await harness.as(alice, () => performAction(ACTIONS.move, Ari, { combat: world.combat.uuid, hero: Ari.uuid }));
    await harness.settle();
    const sheet = await open(HeroSheet, Ari, gm);
    const why = t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" });
    const line = refusalLine(sheet);
    expect(line).toMatchObject({ count: 1, text: why });
    const tip = t("FACTIONS.Rounds.Sheet.Override", { reason: why });
    expect(acts(sheet)).toEqual(["move", "slipAway", "shoot", "unleash"].map((act) => ({ act, disabled: false, ariaDisabled: null, refused: false, override: true, tooltip: tip, describedBy: line.id })));
    expect(sheet.element.querySelector("button[data-act='move']")!.getAttribute("aria-description")).toBe(t("FACTIONS.Rounds.Sheet.OverrideNote"));
    expect(sheet.element.querySelectorAll("button[data-act='move'] .fa-gavel")).toHaveLength(1);

    harness.dialogs.next((dialog) => {
      expect(dialog.form.querySelector<HTMLInputElement>("input[name='override.on']")?.checked).toBe(true);
      return dialog.submit();
    });
    await click(gm, sheet.element.querySelector("button[data-act='move']"));
    expect(lastCard().system.action).toBe(overrideId("move"));

    // The game is over: not even the GM's override takes an act.
    await harness.as(gm, () => world.combat.update({ round: 3, system: { track: { round: 3, team: "psiclones", step: "melee", over: true } } } as Combat.UpdateData));
    await harness.settle();
    await harness.as(gm, () => sheet.render({}));
    expect(acts(sheet).map((a) => [a.act, a.disabled, a.override, a.tooltip])).toEqual([["melee", true, false, t("FACTIONS.Rounds.Reject.GameOver")]]);
  });

  it("lets the GM use, as the override, an ability tagged with another step: its dialog offers and picks it", async () => {
    const world = await actionStep();
    const { gm } = harness.users;
    const sheet = await open(HeroSheet, world.heroes.Ari, gm);
    const parry = abilityId("Ari", "reaction");
    let offered: string[] = [];
    harness.dialogs.next((dialog) => {
      offered = dialog.options("ability");
      expect(dialog.form.querySelector<HTMLSelectElement>("select[name='ability']")?.value).toBe(parry);
      return dialog.submit();
    });
    await click(gm, useButton(sheet, parry));
    expect(offered).toEqual([parry, abilityId("Ari", "action")]);
    expect(lastCard().system.action).toBe(overrideId("ability"));
    expect(lastCard().system.status).toBe("applied");
  });

  it("leaves the GM's override unticked for an act the hero may take", async () => {
    const world = await actionStep();
    const { gm } = harness.users;
    const sheet = await open(HeroSheet, world.heroes.Ari, gm);
    expect(acts(sheet).every((a) => !a.override && !a.disabled)).toBe(true);
    harness.dialogs.next((dialog) => {
      expect(dialog.form.querySelector<HTMLInputElement>("input[name='override.on']")?.checked).toBe(false);
      return dialog.submit();
    });
    await click(gm, sheet.element.querySelector("button[data-act='move']"));
    expect(lastCard().system.action).toBe(ACTIONS.move);
  });
});

describe("the loot and ability sheet", () => {
  it("shows an ability's tag or trigger, and the triggering step only for a triggered one", async () => {
    const world = await roundsWorld({ triggers: true });
    const { alice } = harness.users;
    const tagged = await open(RoundsItemSheet, world.heroes.Ari.items.get(abilityId("Ari", "melee")), alice);
    expect(tagged.element.querySelector(".factions-rounds-subtitle")?.textContent).toContain(t("FACTIONS.Rounds.Sheet.Tagged", { step: t("FACTIONS.Rounds.Step.melee") }));
    expect(tagged.element.querySelector("[name='system.step']")).toBeNull();
    expect(tagged.element.querySelector<HTMLInputElement>("[name='system.formula']")?.value).toBe("1d8");
    const rally = world.heroes.Ari.items.find((i) => i.name === "Rally")!;
    const triggered = await open(RoundsItemSheet, rally, alice);
    expect(triggered.element.querySelector(".factions-rounds-subtitle")?.textContent).toContain(t("FACTIONS.Rounds.Sheet.Triggered", { edge: t("FACTIONS.Rounds.Edge.end"), step: t("FACTIONS.Rounds.Step.free") }));
    expect(triggered.element.querySelector<HTMLSelectElement>("[name='system.step']")?.value).toBe("free");
    const rope = await open(RoundsItemSheet, world.heroes.Ari.items.find((i) => i.name === "Rope"), alice);
    expect(rope.element.querySelector(".factions-rounds-description")?.innerHTML).toContain("Fifty feet.");
  });
});

describe("the tracker's Bring in", () => {
  it("takes the team's player through the dialog to a card that puts the hero on the map", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const root = document.createElement("section");
    root.innerHTML = `<ol class="combat-tracker"></ol>`;
    await harness.as(alice, () => decorateTracker(root, game.combat!));
    harness.dialogs.next({});
    await click(alice, root.querySelector(`button[data-rounds-action="bringIn"][data-uuid="${world.heroes.Bel.uuid}"]`));
    expect(heroSystem(world.heroes.Bel)).toMatchObject({ onMap: true, entered: 1 });
    expect(world.scene.tokens.find((tk) => tk.actorId === world.heroes.Bel.id)).toBeDefined();
    expect(warnings()).toEqual([]);
  });
});
