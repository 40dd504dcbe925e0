/**
 * The Skirmish sheets say what is left (issue #18 §5): each action button is asked of the rules at
 * render. One that cannot be taken now is disabled for its player, the refusal's own words its
 * tooltip, and marked; a GM's stays clickable, marked as an override, when only the used-up budget
 * stands in the way; an observer sees no buttons. A vehicle fires from one Fire button, whose
 * dialog picks the weapons the rules allow.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { overrideId } from "../../src/rulesets/skirmish/actions";
import { ACTIONS, type AttackDetail } from "../../src/rulesets/skirmish/rules";
import { InfantrySheet, VehicleSheet } from "../../src/rulesets/skirmish/sheets/sheets";
import { harness } from "../harness/install";
import { showTooltip } from "../harness/ui";
import type { User } from "../harness/documents";
import { actionCards, lastCard, t, warnings } from "../harness/world";
import { encounter, IDS, storedBudget, tokenUuid, worldSnapshot } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const R = `${S}Reject.`;
const { as } = harness;

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
}

/** A sheet as `user`'s client draws it (a sheet of its own for each). */
async function open(cls: new (o: object) => unknown, document: Actor.Implementation, user: User): Promise<Sheet> {
  const sheet = new cls({ document }) as Sheet;
  await as(user, () => sheet.render({ force: true }));
  return sheet;
}

async function click(user: User, el: Element | null): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await as(user, async () => {
    (el as HTMLElement).click();
    await harness.settle();
  });
}

const bar = (sheet: Sheet, id: string) => sheet.element.querySelector<HTMLButtonElement>(`.factions-sk-actions [data-skirmish-action="${id}"]`);
const row = (sheet: Sheet, weapon: string, id: string) => sheet.element.querySelector<HTMLButtonElement>(`[data-item-id="${weapon}"] [data-skirmish-action="${id}"]`);

/** What a button shows: clickable or not, its mark, and the tooltips Foundry would show on it and on its slot (as text). */
function shown(button: HTMLButtonElement | null) {
  if (!button) throw new Error("no such button");
  const slot = button.parentElement!;
  const tip = (el: HTMLElement) => (el.dataset.tooltip === undefined ? null : showTooltip(el).textContent);
  return {
    disabled: button.disabled,
    ariaDisabled: button.getAttribute("aria-disabled"),
    mark: button.classList.contains("factions-sk-unavailable") ? "unavailable" : button.classList.contains("factions-sk-override") ? "override" : "ready",
    icon: button.querySelector(".factions-sk-mark")?.className ?? null,
    tooltip: tip(button),
    slotTooltip: tip(slot),
    description: button.getAttribute("aria-description"),
  };
}
const ready = { disabled: false, ariaDisabled: null, mark: "ready", icon: null, tooltip: null, slotTooltip: null, description: null };
const unavailable = (reason: string) => ({ disabled: true, ariaDisabled: "true", mark: "unavailable", icon: "factions-sk-mark fa-solid fa-ban", tooltip: reason, slotTooltip: reason, description: reason });
const overridable = (reason: string) => {
  const offer = t(`${S}Sheet.OverrideOffer`, { reason });
  return { disabled: false, ariaDisabled: null, mark: "override", icon: "factions-sk-mark fa-solid fa-user-shield", tooltip: offer, slotTooltip: null, description: offer };
};

describe("a spent action on the sheet", () => {
  it("move spent: its player's button is disabled with the refusal's words, and a click changes nothing; the GM's offers the override, which still goes through", async () => {
    const w = await encounter();
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    const alice = await open(InfantrySheet, w.ada, harness.users.alice);
    expect(shown(bar(alice, "move"))).toEqual(unavailable(t(`${R}UsedUp.move`)));
    for (const id of ["deploy", "scan", "free", "push"]) expect(shown(bar(alice, id)), id).toEqual(ready);
    expect(shown(row(alice, IDS.pistol, "attack"))).toEqual(ready);

    harness.notifications.clear();
    const before = worldSnapshot();
    const cards = actionCards().length;
    await click(harness.users.alice, bar(alice, "move"));
    expect(warnings(harness.users.alice)).toEqual([]);
    expect(harness.dialogs.shown).toEqual([]);
    expect(actionCards()).toHaveLength(cards);
    expect(worldSnapshot()).toEqual(before);

    const gm = await open(InfantrySheet, w.ada, harness.users.gm);
    expect(shown(bar(gm, "move"))).toEqual(overridable(t(`${R}UsedUp.move`)));
    let asked = "";
    harness.dialogs.next(async (dialog) => {
      asked = dialog.element.textContent ?? "";
      await dialog.submit("yes");
    });
    await click(harness.users.gm, bar(gm, "move"));
    expect(asked).toContain(t(`${R}UsedUp.move`));
    expect(lastCard().system).toMatchObject({ action: overrideId("move"), status: "applied" });
    expect(storedBudget(w.combat, w.ada)).toMatchObject({ spent: { move: 1 }, overridden: { move: 1 } });
  });

  it("major spent: the infantry weapon's Attack and the vehicle's Fire say so (the GM may override); a push gives the vehicle its Fire back", async () => {
    const w = await encounter();
    await as(harness.users.alice, () => performAction(ACTIONS.attack, w.ada, { actor: w.ada.uuid, weapons: [IDS.pistol], target: tokenUuid(w.rhino) }));
    await as(harness.users.bob, () => performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon], target: tokenUuid(w.ada) }));
    const major = t(`${R}UsedUp.major`);
    const ada = await open(InfantrySheet, w.ada, harness.users.alice);
    expect(shown(row(ada, IDS.pistol, "attack"))).toEqual(unavailable(major));
    expect(shown(row(ada, IDS.pistol, "reload"))).toEqual(ready);
    expect(shown(bar(await open(InfantrySheet, w.ada, harness.users.gm), "move"))).toEqual(ready);
    expect(shown(row(await open(InfantrySheet, w.ada, harness.users.gm), IDS.pistol, "attack"))).toEqual(overridable(major));
    expect(shown(bar(await open(VehicleSheet, w.rhino, harness.users.bob), "attack"))).toEqual(unavailable(major));
    expect(shown(bar(await open(VehicleSheet, w.rhino, harness.users.gm), "attack"))).toEqual(overridable(major));

    await as(harness.users.bob, () => performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid }));
    await harness.settle();
    expect(shown(bar(await open(VehicleSheet, w.rhino, harness.users.bob), "attack"))).toEqual(ready);
  });

  it("a weapon with no reloads: its Reload is disabled for the player and the GM alike (the budget is not what stops it)", async () => {
    const w = await encounter();
    const none = t(`${R}NoReloads`, { weapon: "Carbines" });
    expect(shown(row(await open(InfantrySheet, w.red, harness.users.alice), IDS.carbines, "reload"))).toEqual(unavailable(none));
    const gm = await open(InfantrySheet, w.red, harness.users.gm);
    expect(shown(row(gm, IDS.carbines, "reload"))).toEqual(unavailable(none));
    expect(shown(row(gm, IDS.rifles, "reload"))).toEqual(ready);
    // The rule asks for reloads before the budget: with both gone, the reloads are the reason.
    await as(harness.users.alice, () => performAction(ACTIONS.scan, w.red, { actor: w.red.uuid }));
    const spent = await open(InfantrySheet, w.red, harness.users.alice);
    expect(shown(row(spent, IDS.carbines, "reload"))).toEqual(unavailable(none));
    expect(shown(row(spent, IDS.rifles, "reload"))).toEqual(unavailable(t(`${R}UsedUp.minor`)));
  });

  it("gone prone: Move is disabled for the GM too (no override lets a prone fighter move)", async () => {
    const w = await encounter();
    await as(harness.users.gm, () => w.ada.createEmbeddedDocuments("ActiveEffect", [{ name: `${S}Status.goneProne`, type: "skirmish", statuses: ["goneProne"], system: { kind: "goneProne", stack: 1 } }] as ActiveEffect.CreateData[]));
    const prone = t(`${R}Immobile`, { name: "Ada" });
    expect(shown(bar(await open(InfantrySheet, w.ada, harness.users.alice), "move"))).toEqual(unavailable(prone));
    expect(shown(bar(await open(InfantrySheet, w.ada, harness.users.gm), "move"))).toEqual(unavailable(prone));
  });

  it("not in an encounter: the spends and the push are disabled naming the fighter (its name as text), for the GM too; the checks are not", async () => {
    const w = await encounter();
    const name = "<b>Zed</b>";
    await as(harness.users.gm, () => w.zed.update({ name } as Actor.UpdateData));
    const out = t(`${R}NotInEncounter`, { name });
    for (const user of [harness.users.bob, harness.users.gm]) {
      const sheet = await open(InfantrySheet, w.zed, user);
      for (const id of ["move", "deploy", "scan", "free", "push"]) expect(shown(bar(sheet, id)), `${user.name}: ${id}`).toEqual(unavailable(out));
      for (const id of ["attack", "reload"]) expect(shown(row(sheet, IDS.zedPistol, id)), `${user.name}: ${id}`).toEqual(unavailable(out));
      expect([...sheet.element.querySelectorAll<HTMLButtonElement>('[data-skirmish-action="check"]')].map(shown)).toEqual([ready, ready]);
      for (const el of sheet.element.querySelectorAll<HTMLElement>("[data-tooltip]")) expect(showTooltip(el).querySelector("b")).toBeNull();
    }
  });

  it("an observer sees the budget and no action buttons, whatever is left: in the encounter or out of it, spent or not", async () => {
    const w = await encounter();
    const observe = { [harness.users.bob.id!]: 2 };
    await as(harness.users.gm, async () => {
      await w.ada.update({ ownership: observe } as Actor.UpdateData);
      await w.red.update({ ownership: observe } as Actor.UpdateData);
      await w.rhino.update({ ownership: { [harness.users.alice.id!]: 2 } } as Actor.UpdateData);
      await w.zed.update({ ownership: { [harness.users.alice.id!]: 2 } } as Actor.UpdateData);
    });
    await as(harness.users.alice, () => performAction(ACTIONS.move, w.ada, { actor: w.ada.uuid }));
    const ada = await open(InfantrySheet, w.ada, harness.users.bob);
    expect(ada.element.querySelectorAll(".factions-skirmish-pips .factions-pip.factions-filled")).toHaveLength(3);
    expect(ada.element.querySelector(".factions-sk-actions")).toBeNull();
    const sheets = [ada, await open(InfantrySheet, w.red, harness.users.bob), await open(VehicleSheet, w.rhino, harness.users.alice), await open(InfantrySheet, w.zed, harness.users.alice)];
    for (const sheet of sheets) expect(sheet.element.querySelectorAll("[data-skirmish-action], .factions-action-slot")).toHaveLength(0);
    // Its owner still has them all: seven in the bar, Attack and Reload on the pistol's row.
    expect((await open(InfantrySheet, w.ada, harness.users.alice)).element.querySelectorAll("[data-skirmish-action]")).toHaveLength(9);
  });
});

describe("a vehicle's Fire", () => {
  /** The Fire dialog as shown: its title, its line on what fires, the weapons checked at first; then `answer`. */
  function fireDialog(answer: Record<string, unknown>) {
    const seen = { title: "", says: "", checked: [] as string[] };
    harness.dialogs.next((dialog) => {
      seen.title = dialog.title;
      seen.says = dialog.element.querySelector(".factions-dialog-info")?.textContent ?? "";
      seen.checked = [...dialog.element.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.checked).map((b) => b.name);
      return answer;
    });
    return seen;
  }

  it("is one button, in the actions bar; the weapons' rows keep Reload and open the weapon by name", async () => {
    const w = await encounter();
    const sheet = await open(VehicleSheet, w.rhino, harness.users.bob);
    const fire = sheet.element.querySelectorAll<HTMLButtonElement>('[data-skirmish-action="attack"]');
    expect(fire).toHaveLength(1);
    expect(fire[0]!.closest(".factions-sk-actions")).not.toBeNull();
    expect(fire[0]!.textContent!.trim()).toBe(t(`${S}Sheet.Fire`));
    for (const weapon of [IDS.cannon, IDS.coax]) {
      const buttons = [...sheet.element.querySelectorAll<HTMLElement>(`[data-item-id="${weapon}"] [data-skirmish-action]`)].map((b) => b.dataset.skirmishAction);
      expect(buttons, weapon).toEqual(["reload"]);
      expect(sheet.element.querySelector(`[data-item-id="${weapon}"] .factions-row-name[data-action="openItem"]`), weapon).not.toBeNull();
    }
  });

  it("checks every weapon for the vehicle's own major action; the ones left checked fire, and the card is undone as before", async () => {
    const w = await encounter();
    const sheet = await open(VehicleSheet, w.rhino, harness.users.bob);
    const seen = fireDialog({ weapons: [IDS.coax], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.bob, bar(sheet, "attack"));
    expect(warnings()).toEqual([]);
    expect(seen.title).toBe(`${t(`${S}Sheet.Fire`)}: Rhino`);
    expect(seen.says).toBe(t(`${S}Dialog.FireOwn`, { name: "Rhino" }));
    expect(seen.checked).toEqual([`weapons.${IDS.cannon}`, `weapons.${IDS.coax}`]);
    const card = lastCard();
    expect(card.system).toMatchObject({ action: ACTIONS.attack, status: "applied" });
    expect((card.system.outcome as { detail: AttackDetail }).detail.weapons).toEqual([IDS.coax]);
    expect(card.system.resolvedOutcome?.log.filter((l) => l.key === `${S}Log.FiredAt`).map((l) => l.data?.weapon)).toEqual(["Coax MG"]);
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ spent: { major: 1 } });
    expect(await as(harness.users.gm, () => undoMessage(card))).toBe(true);
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ spent: { major: 0 } });
  });

  it("with no weapon checked is refused in the rules' words, and nothing changes", async () => {
    const w = await encounter();
    const sheet = await open(VehicleSheet, w.rhino, harness.users.bob);
    harness.notifications.clear();
    const before = worldSnapshot();
    const cards = actionCards().length;
    fireDialog({ weapons: [], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.bob, bar(sheet, "attack"));
    expect(warnings(harness.users.bob)).toEqual([t(`${R}NoWeaponChosen`, { name: "Rhino" })]);
    expect(actionCards()).toHaveLength(cards);
    expect(worldSnapshot()).toEqual(before);
  });

  it("on a pushed major checks one weapon and says so; two are refused, one fires", async () => {
    const w = await encounter();
    await as(harness.users.bob, async () => {
      await performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon, IDS.coax], target: tokenUuid(w.ada) });
      await performAction(ACTIONS.push, w.rhino, { actor: w.rhino.uuid });
    });
    await harness.settle();
    const sheet = await open(VehicleSheet, w.rhino, harness.users.bob);
    harness.notifications.clear();
    const before = worldSnapshot();
    const seen = fireDialog({ weapons: [IDS.cannon, IDS.coax], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.bob, bar(sheet, "attack"));
    expect(seen.says).toBe(t(`${S}Dialog.FirePushed`, { name: "Rhino" }));
    expect(seen.checked).toEqual([`weapons.${IDS.cannon}`]);
    expect(warnings(harness.users.bob)).toEqual([t(`${R}OnePushedWeapon`, { name: "Rhino" })]);
    expect(worldSnapshot()).toEqual(before);
    fireDialog({ weapons: [IDS.coax], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.bob, bar(sheet, "attack"));
    expect((lastCard().system.outcome as { detail: AttackDetail }).detail.weapons).toEqual([IDS.coax]);
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ spent: { major: 1 }, pushes: 1, pushed: { major: 1 } });
  });

  it("used up, the GM's override asks first, then checks every weapon", async () => {
    const w = await encounter();
    await as(harness.users.bob, () => performAction(ACTIONS.attack, w.rhino, { actor: w.rhino.uuid, weapons: [IDS.cannon], target: tokenUuid(w.ada) }));
    const sheet = await open(VehicleSheet, w.rhino, harness.users.gm);
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    const seen = fireDialog({ weapons: [IDS.cannon, IDS.coax], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.gm, bar(sheet, "attack"));
    expect(seen.checked).toEqual([`weapons.${IDS.cannon}`, `weapons.${IDS.coax}`]);
    expect(lastCard().system).toMatchObject({ action: overrideId("attack"), status: "applied" });
    expect((lastCard().system.outcome as { detail: AttackDetail }).detail.weapons).toEqual([IDS.cannon, IDS.coax]);
    expect(storedBudget(w.combat, w.rhino)).toMatchObject({ spent: { major: 1 }, overridden: { major: 1 } });
  });
});
