/**
 * Names in tooltips are escaped. Foundry reads an element's `data-tooltip` back as text and shows
 * it as HTML, so a document named like markup must arrive there escaped: the viewer then sees the
 * name as written, and no element of it is ever made.
 */
import { afterEach, describe, expect, it } from "vitest";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { RealmSheet } from "../../src/rulesets/battle/sheets";
import { harness } from "../harness/install";
import { showTooltip } from "../harness/ui";
import { t } from "../harness/world";
import { B, seedWorld, theWindow } from "./battle-fixtures";

const EVIL = "<img src=x onerror=alert(1)>";

/** Every tooltip under `root`, as Foundry would show it. */
function tooltips(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>("[data-tooltip]")].map(showTooltip);
}

afterEach(async () => {
  for (const win of [...BattleWindow.instances]) await win.close();
});

describe("tooltips with a document's name", () => {
  it("on the realm sheet show the realm's and a building's name as text", async () => {
    const { you } = await seedWorld();
    await harness.as(harness.users.gm, async () => {
      await you.update({ name: EVIL, "system.attacksLeft": 0 } as Actor.UpdateData);
      await you.updateEmbeddedDocuments("Item", [{ _id: B.barracks, name: `${EVIL} Barracks`, "system.usedThisTurn": true }] as unknown as Item.UpdateData[]);
    });
    const sheet = new RealmSheet({ document: you }) as unknown as { element: HTMLElement; render(o: object): Promise<unknown>; close(): Promise<unknown> };
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    const shown = tooltips(sheet.element);
    const attack = showTooltip(sheet.element.querySelector<HTMLElement>('button[data-realm-action="attack"]')!);
    expect(attack.textContent).toBe(t("FACTIONS.Battle.Reject.NoAttacksLeft", { realm: EVIL }));
    expect(shown.map((s) => s.textContent)).toContain(t("FACTIONS.Battle.Reject.BuildingUsed", { building: `${EVIL} Barracks` }));
    for (const tip of shown) expect(tip.querySelector("img"), tip.innerHTML).toBeNull();
    // The plain description for assistive technology is the text itself.
    expect(sheet.element.querySelector('button[data-realm-action="attack"]')!.getAttribute("aria-description")).toBe(t("FACTIONS.Battle.Reject.NoAttacksLeft", { realm: EVIL }));
    await sheet.close();
  });

  it("in the battle window show a character's and the attacking realm's name as text", async () => {
    const world = await seedWorld();
    await harness.as(harness.users.gm, () => world.me.updateEmbeddedDocuments("Item", [{ _id: B.ginda, name: EVIL }] as unknown as Item.UpdateData[]));
    await harness.as(harness.users.alice, () => BattleWindow.open(world.you, "attack"));
    const shown = tooltips(theWindow().element);
    expect(shown.map((s) => s.textContent)).toContain(t("FACTIONS.Battle.Window.ProtectLabel", { name: EVIL }));
    for (const tip of shown) expect(tip.querySelector("img"), tip.innerHTML).toBeNull();
    await theWindow().close();

    // No attacks left: the commit button says why, naming the realm.
    await harness.as(harness.users.gm, () => world.you.update({ name: EVIL, "system.attacksLeft": 0 } as Actor.UpdateData));
    await harness.as(harness.users.alice, () => BattleWindow.open(world.you, "attack"));
    const commit = showTooltip(theWindow().element.querySelector<HTMLElement>('[data-action="commit"]')!);
    expect(commit.textContent).toBe(t("FACTIONS.Battle.Reject.NoAttacksLeft", { realm: EVIL }));
    expect(commit.querySelector("img")).toBeNull();
  });
});
