/**
 * The Operations sheets on the harness: the condition ladder is the GM's one control of a
 * lieutenant's condition; disabled actions say why; descriptions are edited with Foundry's editor
 * on the lieutenant, organization and unit sheets; units are deleted from the organization sheet.
 */
import { describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { t } from "../harness/world";
import { OPS_IDS, operationsWorld } from "./operations-fixtures";

interface Sheet {
  element: HTMLElement;
  render(options: object): Promise<unknown>;
}

async function open(doc: { sheet: unknown }, user: User): Promise<HTMLElement> {
  const sheet = doc.sheet as Sheet;
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet.element;
}

/** Change a control of a sheet as its user, and let the form's update land. */
async function change(user: User, control: HTMLElement): Promise<void> {
  await harness.as(user, async () => {
    control.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.settle();
  });
}

const conditionOf = (actor: Actor.Implementation) => (actor._source.system as { condition: string }).condition;

describe("the lieutenant's condition ladder", () => {
  it("is the GM's one control: a step sets the condition; there is no second Condition select", async () => {
    const { vex } = await operationsWorld();
    const { gm } = harness.users;
    const el = await open(vex, gm);
    expect(el.querySelectorAll('select[name="system.condition"]')).toHaveLength(0);
    const steps = el.querySelectorAll<HTMLInputElement>('.factions-ops-ladder input[name="system.condition"]');
    expect(Array.from(steps).map((s) => s.value)).toEqual(["fresh", "dinged", "damaged", "defeated", "destroyed"]);
    expect(Array.from(steps).filter((s) => s.checked).map((s) => s.value)).toEqual(["fresh"]);
    const damaged = el.querySelector<HTMLInputElement>('input[name="system.condition"][value="damaged"]')!;
    damaged.checked = true;
    await change(gm, damaged);
    expect(conditionOf(vex)).toBe("damaged");
    expect(el.querySelector(".factions-ops-step.factions-current")!.textContent!.trim()).toBe(t("FACTIONS.Operations.Sheet.Condition.damaged"));
  });

  it("is read-only for the lieutenant's player, who is told the GM sets it", async () => {
    const { vex } = await operationsWorld();
    const { alice } = harness.users;
    const el = await open(vex, alice);
    const steps = Array.from(el.querySelectorAll<HTMLInputElement>('input[name="system.condition"]'));
    expect(steps.every((s) => s.disabled)).toBe(true);
    expect(el.querySelector(".factions-ops-condition .hint")!.textContent).toBe(t("FACTIONS.Operations.Sheet.ConditionByGM"));
    // A change of the form leaves the condition alone (disabled controls are not submitted).
    const level = el.querySelector<HTMLInputElement>('input[name="system.level"]')!;
    level.value = "4";
    await change(alice, level);
    expect(conditionOf(vex)).toBe("fresh");
    expect((vex._source.system as { level: number }).level).toBe(4);
  });
});

describe("the lieutenant's actions", () => {
  const disabledWith = (el: HTMLElement) =>
    Array.from(el.querySelectorAll<HTMLButtonElement>("[data-operations-action]")).map((b) => ({ disabled: b.disabled, tooltip: b.closest("[data-tooltip]")?.getAttribute("data-tooltip") }));

  it("are all enabled while the lieutenant may act", async () => {
    const { vex } = await operationsWorld();
    const buttons = disabledWith(await open(vex, harness.users.alice));
    expect(buttons).toHaveLength(20);
    expect(buttons.every((b) => !b.disabled && b.tooltip === undefined)).toBe(true);
  });

  it("say why they are disabled: acted this round, defeated, captive, no organization", async () => {
    const world = await operationsWorld();
    const { vex } = world;
    const { alice, gm } = harness.users;
    const cases: [Record<string, unknown>, string][] = [
      [{ "system.acted": true }, t("FACTIONS.Operations.Reject.Acted", { name: "Vex" })],
      [{ "system.acted": false, "system.condition": "defeated" }, t("FACTIONS.Operations.Reject.CannotAct", { name: "Vex" })],
      [{ "system.condition": "fresh", "system.captor": world.blue.uuid }, t("FACTIONS.Operations.Reject.Captive", { lieutenant: "Vex" })],
      [{ "system.captor": "", "system.organization": "" }, t("FACTIONS.Operations.Sheet.NoOrganizationToAct", { name: "Vex" })],
    ];
    for (const [update, reason] of cases) {
      await harness.as(gm, () => vex.update(update as Actor.UpdateData));
      const buttons = disabledWith(await open(vex, alice));
      expect(buttons.every((b) => b.disabled && b.tooltip === reason), reason).toBe(true);
      const first = (await open(vex, alice)).querySelector<HTMLButtonElement>("[data-operations-action]")!;
      expect(first.getAttribute("aria-description")).toBe(reason);
    }
  });

  it("are not offered to a player who only observes the lieutenant", async () => {
    const { mara } = await operationsWorld();
    await harness.as(harness.users.gm, () => mara.update({ "ownership.default": 2 } as unknown as Actor.UpdateData));
    const el = await open(mara, harness.users.alice);
    expect(el.querySelectorAll("[data-operations-action]")).toHaveLength(0);
    expect(el.querySelector("prose-mirror")).toBeNull();
    expect(el.querySelector(".editor-content")).not.toBeNull();
  });
});

describe("descriptions and units", () => {
  it("are edited with Foundry's editor on the lieutenant, organization and unit sheets", async () => {
    const { red, vex } = await operationsWorld();
    const { alice } = harness.users;
    const thugs = red.items.get(OPS_IDS.thugs)!;
    for (const doc of [vex, red, thugs] as { sheet: unknown; update(data: object): Promise<unknown>; _source: { system: unknown } }[]) {
      const el = await open(doc, alice);
      const editor = el.querySelector<HTMLElement>('prose-mirror[name="system.description"]')!;
      expect(editor, "an editor").not.toBeNull();
      editor.setAttribute("value", "<p>Known at the docks.</p>");
      await change(alice, editor);
      expect((doc._source.system as { description: string }).description).toBe("<p>Known at the docks.</p>");
      expect((await open(doc, alice)).querySelector("prose-mirror")!.innerHTML).toContain("Known at the docks.");
    }
  });

  it("a unit is deleted from the organization sheet, after the confirmation", async () => {
    const { red } = await operationsWorld();
    const { alice } = harness.users;
    const el = await open(red, alice);
    const row = el.querySelector<HTMLElement>(`.factions-ops-unit[data-item-id="${OPS_IDS.cutpurses}"]`)!;
    row.querySelector("a")!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    const remove = row.querySelector<HTMLElement>('[data-action="deleteItem"]')!;
    expect(remove.getAttribute("aria-label")).toBe(t("FACTIONS.Operations.Sheet.Delete"));
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await harness.as(alice, async () => {
      remove.click();
      await harness.settle();
    });
    expect(red.items.has(OPS_IDS.cutpurses)).toBe(false);
    expect(red.items.has(OPS_IDS.thugs)).toBe(true);
  });
});
