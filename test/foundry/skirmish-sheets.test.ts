/**
 * The Skirmish sheets on the in-memory Foundry: what each shows (budget pips, derived speed,
 * modifiers, members, weapons, fallout, heat, squads), their buttons, and their form.
 */
import { describe, expect, it } from "vitest";
import { CompanySheet, InfantrySheet, VehicleSheet, WeaponSheet } from "../../src/rulesets/skirmish/sheets/sheets";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { harness } from "../harness/install";
import { dropEvent } from "../harness/ui";
import type { User } from "../harness/documents";
import { lastCard, t, warnings } from "../harness/world";
import { encounter, IDS, skirmishActors, storedBudget, tokenUuid } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
}

async function open(cls: new (o: object) => unknown, document: unknown, user: User): Promise<Sheet> {
  const sheet = new cls({ document }) as Sheet;
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet;
}

async function click(user: User, el: Element | null): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await harness.as(user, async () => {
    (el as HTMLElement).click();
    await harness.settle();
  });
}

const text = (el: Element | null) => el?.textContent?.replace(/\s+/g, " ").trim() ?? "";

describe("the infantry sheet", () => {
  it("shows the budget left as pips, the derived speed, each rating with its modifiers, members, weapons and fallout", async () => {
    const w = await encounter();
    await harness.as(harness.users.gm, () =>
      w.red.createEmbeddedDocuments("ActiveEffect", [
        { name: `${S}Status.exhausted`, type: "skirmish", statuses: ["exhausted"], system: { kind: "exhausted", stack: 2, roundsLeft: 7, roundsStill: 1 } },
        { name: `${S}Status.memberSlowed`, type: "skirmish", statuses: ["memberSlowed"], system: { kind: "memberSlowed", stack: 1, member: "m2" } },
      ] as ActiveEffect.CreateData[]),
    );
    const sheet = await open(InfantrySheet, w.red, harness.users.alice);
    const el = sheet.element;
    expect(el.querySelectorAll(".factions-skirmish-pips .factions-pip.factions-filled")).toHaveLength(4);
    expect(text(el.querySelector(".factions-sk-speed"))).toBe(t(`${S}Sheet.SpeedValue`, { speed: 3 }));
    expect(text(el.querySelector(".factions-stat-body"))).toBe(`${t(`${S}Modifier.body`)} +0 ${t(`${S}Modifier.exhausted`)} −2`);
    expect([...el.querySelectorAll<HTMLInputElement>(".factions-member-row .factions-member-name")].map((i) => i.value)).toEqual(["Ana", "Ben", "Cy", "Dee"]);
    expect([...el.querySelectorAll<HTMLElement>(".factions-weapon-row")].map((r) => r.dataset.itemId)).toEqual([IDS.rifles, IDS.carbines, IDS.mg]);
    expect(el.querySelector(`[data-item-id="${IDS.mg}"] .factions-sk-tag`)).not.toBeNull();
    const effects = [...el.querySelectorAll(".factions-effect-row")].map((r) => text(r.querySelector(".factions-row-name")));
    expect(effects).toEqual(["Exhausted −2", "Member slowed"]);
    expect(text(el.querySelector(".factions-effect-row .factions-sk-lasts"))).toBe(`${t(`${S}Sheet.RoundsLeft`, { rounds: 7 })} · ${t(`${S}Sheet.RoundsStill`, { rounds: 1, of: 5 })}`);
    // A player sees no Remove button; the GM does.
    expect(el.querySelector('[data-action="removeEffect"]')).toBeNull();
    const gm = await open(InfantrySheet, w.red, harness.users.gm);
    expect(gm.element.querySelectorAll('[data-action="removeEffect"]')).toHaveLength(2);
    expect(el.textContent).not.toMatch(/FACTIONS\./);
  });

  it("spends from its buttons: Reload on a weapon's row, Scan in the bar, and the pips follow", async () => {
    const w = await encounter();
    const sheet = await open(InfantrySheet, w.red, harness.users.alice);
    let draws = 0;
    const hooks = Hooks as unknown as { on(hook: string, fn: () => void): number; off(hook: string, id: number): void };
    const counted = hooks.on("renderInfantrySheet", () => void draws++);
    await click(harness.users.alice, sheet.element.querySelector(`[data-item-id="${IDS.rifles}"] [data-skirmish-action="reload"]`));
    hooks.off("renderInfantrySheet", counted);
    expect(warnings()).toEqual([]);
    expect(lastCard().system.action).toBe(ACTIONS.reload);
    expect(storedBudget(w.combat, w.red)).toMatchObject({ spent: { minor: 1 } });
    // The combatant's budget changed: the sheet was drawn again.
    expect(draws).toBeGreaterThan(0);
    // (This harness shares one sheet between its clients: draw it as Alice's client has it.)
    await harness.as(harness.users.alice, () => sheet.render({}));
    expect(sheet.element.querySelectorAll(".factions-pip-group.factions-kind-minor .factions-pip.factions-filled")).toHaveLength(0);
    // The minor action is spent: Scan says so, and is not clickable (skirmish-sheet-buttons.test.ts has the rest).
    const scan = sheet.element.querySelector<HTMLButtonElement>('[data-skirmish-action="scan"]')!;
    expect([scan.disabled, scan.getAttribute("aria-disabled"), scan.getAttribute("aria-description")]).toEqual([true, "true", t(`${S}Reject.UsedUp.minor`)]);
    await click(harness.users.alice, scan);
    expect(warnings(harness.users.alice)).toEqual([]);
    expect(lastCard().system.action).toBe(ACTIONS.reload);
  });

  it("outside an encounter, says so and offers only the checks", async () => {
    const w = await skirmishActors();
    const sheet = await open(InfantrySheet, w.ada, harness.users.alice);
    expect(text(sheet.element.querySelector(".factions-sk-budget .hint"))).toBe(t(`${S}Sheet.NotInEncounter`));
    const enabled = [...sheet.element.querySelectorAll<HTMLButtonElement>(".factions-sk-actions button")].filter((b) => !b.disabled).map((b) => b.dataset.stat);
    expect(enabled).toEqual(["body", "nerves"]);
  });

  it("adds, renames and removes members through its form", async () => {
    const w = await skirmishActors();
    const sheet = await open(InfantrySheet, w.red, harness.users.alice);
    await click(harness.users.alice, sheet.element.querySelector('[data-action="addMember"]'));
    const members = () => (w.red.system as unknown as { members: { id: string; name: string; state: string }[] }).members;
    expect(members().map((m) => m.name)).toEqual(["Ana", "Ben", "Cy", "Dee", t(`${S}Sheet.NewMember`, { n: 5 })]);
    const select = sheet.element.querySelector<HTMLSelectElement>('select[name="system.members.1.state"]')!;
    select.value = "out";
    await harness.as(harness.users.alice, async () => {
      select.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect(members()[1]).toEqual({ id: "m2", name: "Ben", state: "out" });
    await click(harness.users.alice, sheet.element.querySelector('[data-member-id="m1"] [data-action="removeMember"]'));
    expect(members().map((m) => m.id)).toEqual(["m2", "m3", "m4", members()[3]!.id]);
  });
});

describe("the vehicle sheet", () => {
  it("shows its heat against the threshold, warning past it, and fires its weapons from a dialog", async () => {
    const w = await encounter();
    const sheet = await open(VehicleSheet, w.rhino, harness.users.bob);
    expect(text(sheet.element.querySelector(".factions-sk-heat"))).toBe(t(`${S}Sheet.HeatUnder`, { heat: 1, threshold: 2 }));
    await harness.as(harness.users.gm, () => w.rhino.update({ "system.heat": 3 } as Actor.UpdateData));
    await harness.settle();
    await harness.as(harness.users.bob, () => sheet.render({}));
    expect(sheet.element.querySelector(".factions-sk-heat.factions-hot")).not.toBeNull();
    harness.dialogs.next({ weapons: [IDS.cannon, IDS.coax], skirmishTarget: tokenUuid(w.ada) });
    await click(harness.users.bob, sheet.element.querySelector('.factions-sk-actions [data-skirmish-action="attack"]'));
    expect(warnings()).toEqual([]);
    expect(lastCard().system.resolvedOutcome?.log.filter((l) => l.key === `${S}Log.FiredAt`).map((l) => l.data?.weapon)).toEqual(["Cannon", "Coax MG"]);
  });
});

describe("the company sheet", () => {
  it("lists its squads, listed or naming it, and takes a dropped infantry", async () => {
    const w = await skirmishActors();
    const sheet = await open(CompanySheet, w.company, harness.users.gm);
    expect([...sheet.element.querySelectorAll<HTMLElement>(".factions-squad-row")].map((r) => r.dataset.uuid)).toEqual([w.red.uuid]);
    await harness.as(harness.users.gm, async () => {
      sheet.element.dispatchEvent(dropEvent({ type: "Actor", uuid: w.ada.uuid }));
      await harness.settle();
    });
    expect((w.company.system as unknown as { squads: string[] }).squads).toEqual([`Actor.${IDS.red}`, w.ada.uuid]);
  });
});

describe("the weapon sheet", () => {
  it("edits its reloads, never above their maximum", async () => {
    const w = await skirmishActors();
    const item = w.red.items.get(IDS.rifles)!;
    const sheet = await open(WeaponSheet, item, harness.users.alice);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.reloads.value"]')!;
    input.value = "9";
    await harness.as(harness.users.alice, async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect((item.system as unknown as { reloads: { value: number; max: number } }).reloads).toEqual({ value: 3, max: 3 });
  });
});

describe("descriptions", () => {
  it("are edited with Foundry's editor on the infantry, vehicle, company and weapon sheets", async () => {
    const w = await skirmishActors();
    const { gm } = harness.users;
    const pistol = w.ada.items.get(IDS.pistol)!;
    const sheets: [new (o: object) => unknown, { _source: { system: unknown } }][] = [
      [InfantrySheet, w.ada],
      [VehicleSheet, w.rhino],
      [CompanySheet, w.company],
      [WeaponSheet, pistol],
    ];
    for (const [cls, doc] of sheets) {
      const editor = (await open(cls, doc, gm)).element.querySelector<HTMLElement>('prose-mirror[name="system.description"]');
      expect(editor, "an editor").not.toBeNull();
      editor!.setAttribute("value", "<p>Dug in on the ridge.</p>");
      await harness.as(gm, async () => {
        editor!.dispatchEvent(new Event("change", { bubbles: true }));
        await harness.settle();
      });
      expect((doc._source.system as { description: string }).description).toBe("<p>Dug in on the ridge.</p>");
      expect((await open(cls, doc, gm)).element.querySelector("prose-mirror")!.innerHTML).toContain("Dug in on the ridge.");
    }
  });
});
