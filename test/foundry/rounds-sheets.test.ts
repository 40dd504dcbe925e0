/**
 * The Rounds sheets and the tracker's buttons on the in-memory Foundry: the hero sheet offers the
 * acts of the current step (a refused one says why), the abilities tagged with it, loot; its
 * buttons open the act's dialog and post the card. The item sheet edits loot and abilities. The
 * tracker's Bring in button takes a player through the same dialog.
 */
import { describe, expect, it } from "vitest";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { HeroSheet, RoundsItemSheet } from "../../src/rulesets/rounds/sheets";
import { decorateTracker } from "../../src/rulesets/rounds/tracker/decorate";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { lastCard, t, warnings } from "../harness/world";
import { abilityId, heroSystem, putOnMap, roundsWorld, setPosition } from "./rounds-fixtures";

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
      expect(dialog.options("target")).toEqual([world.heroes.Pax.uuid]);
      expect(dialog.options("ability")).toEqual(["", abilityId("Ari", "action")]);
      expect(dialog.form.textContent).toContain(t("FACTIONS.Rounds.Dialog.Adjacent", { hero: "Pax" }));
      dialog.fill({ ability: abilityId("Ari", "action") });
      return dialog.submit();
    });
    await click(alice, sheet.element.querySelector("button[data-act='shoot']"));
    expect(lastCard().system.action).toBe("rounds.shoot");
    expect(lastCard().system.resolvedOutcome?.rolls[0]?.total).toBe(3);
    // The sheet now says what Ari used, and why another act is refused.
    await harness.as(alice, () => sheet.render({}));
    expect(sheet.element.querySelector(".factions-rounds-used")?.textContent).toBe(t("FACTIONS.Rounds.Sheet.Used", { acts: t("FACTIONS.Rounds.Act.shoot") }));
    expect(sheet.element.querySelector(".factions-act-move .factions-why")?.textContent).toBe(t("FACTIONS.Rounds.Reject.UsedAction", { hero: "Ari" }));
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

  it("lets only the owner act: an observer sees the acts refused and no way to change the hero", async () => {
    const world = await roundsWorld();
    const { bob, gm } = harness.users;
    await harness.as(gm, () => world.heroes.Ari.update({ "ownership.default": 2 } as unknown as Actor.UpdateData));
    await putOnMap(world, "Ari", { x: 8, y: 5 });
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "action" });
    const sheet = await open(HeroSheet, world.heroes.Ari, bob);
    expect(sheet.element.querySelector(".factions-act-move .factions-why")?.textContent).toBe(t("FACTIONS.Rounds.Sheet.NotYours"));
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
