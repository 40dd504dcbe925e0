/**
 * The faction and asset sheets on the in-memory Foundry: their context and rendered parts for an
 * owner and for an observer, their buttons (which open the real action dialogs), form changes,
 * and items dropped on them.
 */
import { describe, expect, it } from "vitest";
import type { FactionSheetRenderContext } from "../../src/rulesets/faction-turn/sheets/faction-sheet";
import { AssetSheet, FactionSheet } from "../../src/rulesets/faction-turn/sheets";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { harness } from "../harness/install";
import { dropEvent } from "../harness/ui";
import type { User } from "../harness/documents";
import { assetNamed, lastCard, snapshot, t, warnings, type Faction } from "../harness/world";
import { DOCKS, IDS, standardWorld, type World } from "./fixtures";

/** Every player may look at every faction (observer); each owns their own. */
async function observedWorld(): Promise<World> {
  const world = await standardWorld();
  for (const actor of [world.red, world.blue, world.grey]) {
    await actor.update({ "ownership.default": 2 } as unknown as Actor.UpdateData);
  }
  return world;
}

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  _prepareContext(options: object): Promise<FactionSheetRenderContext>;
  tabGroups: Record<string, string>;
  close(): Promise<unknown>;
}

/** A fresh faction sheet rendered for `user`. */
async function openSheet(actor: Faction, user: User): Promise<Sheet> {
  const sheet = new FactionSheet({ document: actor }) as unknown as Sheet;
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet;
}

const rowIds = (sheet: Sheet) => Array.from(sheet.element.querySelectorAll<HTMLElement>(".factions-asset-row")).map((r) => r.dataset.itemId);

/** The pointer enters an asset's row (its hit points bar). */
function pointAt(sheet: Sheet, id: string): void {
  sheet.element.querySelector(`[data-item-id="${id}"] .factions-bar`)!.dispatchEvent(new PointerEvent("pointerover", { bubbles: true }));
}

async function click(user: User, el: Element | null): Promise<void> {
  if (!el) throw new Error("nothing to click");
  await harness.as(user, async () => {
    (el as HTMLElement).click();
    await harness.settle();
  });
}

describe("the faction sheet's context", () => {
  it("shows the owner every asset, the caps and the actions; an observer neither Stealth assets nor actions", async () => {
    const { blue } = await observedWorld();
    const { alice, bob, gm } = harness.users;
    const sheet = new FactionSheet({ document: blue }) as unknown as Sheet;
    const contextFor = (user: User) => harness.as(user, () => sheet._prepareContext({ isFirstRender: true }));
    const names = (ctx: FactionSheetRenderContext) => ctx.groups.flatMap((g) => g.assets.map((a) => a.name)).sort();

    for (const owner of [bob, gm]) {
      const ctx = await contextFor(owner);
      expect(ctx.owner).toBe(true);
      expect(ctx.editable).toBe(true);
      expect(names(ctx)).toEqual(["Dock Guards", "Shadow Knives"]);
      expect(ctx.caps.length).toBe(3);
      expect(ctx.actions.map((a) => a.id)).toEqual(["attack", "move", "repair", "expand", "create", "hide", "sell", "end"]);
    }
    const observer = await contextFor(alice);
    expect(observer.owner).toBe(false);
    expect(observer.editable).toBe(false);
    expect(names(observer)).toEqual(["Dock Guards"]);
    expect(observer.assetCount).toBe(1);
    expect(observer.caps).toEqual([]);
    expect(observer.actions).toEqual([]);
    expect(observer.hp).toMatchObject({ value: 16, max: 18 });
  });

  it("renders every part for an observer without Stealth assets, localized, with its inputs disabled", async () => {
    const { blue } = await observedWorld();
    const sheet = await openSheet(blue, harness.users.alice);
    expect(rowIds(sheet)).toEqual([IDS.guards]);
    const text = sheet.element.textContent!;
    expect(text).not.toContain("Shadow Knives");
    expect(text).not.toMatch(/FACTIONS\./);
    expect(sheet.element.querySelector<HTMLInputElement>('input[name="system.treasure"]')!.disabled).toBe(true);
    expect(sheet.element.querySelector(".factions-faction-actions")!.hasAttribute("hidden")).toBe(true);
    for (const part of ["header", "actions", "tabs", "assets", "description"]) {
      expect(sheet.element.querySelector(`[data-application-part="${part}"]`), part).not.toBeNull();
    }
  });

  it("renders every asset for the owner, grouped by place", async () => {
    const { blue } = await observedWorld();
    const sheet = await openSheet(blue, harness.users.bob);
    expect(rowIds(sheet).sort()).toEqual([IDS.guards, IDS.knives].sort());
    expect(sheet.element.querySelector(".factions-asset-group")?.getAttribute("data-location")).toBe(DOCKS);
    expect(sheet.element.querySelector(".factions-group-header span")?.textContent).toBe("Docks");
  });

  it("keeps the description's secrets for the owner", async () => {
    const { blue } = await observedWorld();
    await blue.update({ "system.description": '<p>Traders.</p><section class="secret"><p>Smugglers.</p></section>' } as Actor.UpdateData);
    const owner = await openSheet(blue, harness.users.bob);
    const observer = await openSheet(blue, harness.users.alice);
    expect(owner.element.querySelector('[data-application-part="description"]')!.innerHTML).toContain("Smugglers");
    expect(observer.element.querySelector('[data-application-part="description"]')!.textContent).toContain("Traders");
    expect(observer.element.querySelector('[data-application-part="description"]')!.textContent).not.toContain("Smugglers");
  });
});

describe("the faction sheet's buttons", () => {
  it("Repair opens the repair dialog and the action is applied", async () => {
    const { red } = await observedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(red, alice);
    harness.dialogs.next((dialog) => {
      expect(dialog.title).toBe(t("FACTIONS.FactionTurn.Action.repair"));
      return { [`fixes.${IDS.thugs}`]: 1 };
    });
    await click(alice, sheet.element.querySelector('[data-faction-action="repair"]'));
    expect(warnings()).toEqual([]);
    expect(lastCard().system.status).toBe("applied");
    expect(red.system.treasure).toBe(4);
    // The open sheet was rendered again with the new values.
    expect(sheet.element.querySelector<HTMLInputElement>('input[name="system.treasure"]')!.value).toBe("4");
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-faction-action="attack"]')!.disabled).toBe(true);
  });

  it("Attack offers only targets and attackers that can fight, shows the odds, and posts the card", async () => {
    const world = await observedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(world.red, alice);
    harness.dialogs.next((dialog) => {
      expect(dialog.options("target")).toEqual([world.blue.uuid]);
      expect(dialog.checkboxes("attackers")).toEqual([IDS.thugs]);
      dialog.fill({ attackers: [IDS.thugs], modifier: 1 });
      return { target: world.blue.uuid };
    });
    await click(alice, sheet.element.querySelector('[data-faction-action="attack"]'));
    const shown = harness.dialogs.shown[0]!;
    // The odds part was re-rendered for the chosen attacker: Force 4 + 1 vs Force 3.
    expect(shown.element.querySelector(".factions-odds .factions-odds-actor tfoot td")?.textContent).toBe("+5");
    expect(shown.element.querySelector(".factions-odds .factions-odds-opposition tfoot td")?.textContent).toBe("+3");
    const card = lastCard();
    expect(card.system.status).toBe("awaiting");
    expect(card.system.choice).toEqual({ faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs], modifier: 1 });
  });

  it("does nothing when the dialog is closed", async () => {
    const { red } = await observedWorld();
    const before = snapshot();
    const sheet = await openSheet(red, harness.users.alice);
    harness.dialogs.next(null);
    await click(harness.users.alice, sheet.element.querySelector('[data-faction-action="sell"]'));
    expect(game.messages!.size).toBe(0);
    expect(snapshot()).toEqual(before);
  });

  it("disables the turn's actions once one is taken", async () => {
    const { red } = await observedWorld();
    await red.update({ "system.turn.action": ACTIONS.repair } as Actor.UpdateData);
    const sheet = await openSheet(red, harness.users.alice);
    for (const id of ["attack", "move", "repair", "expand", "create", "hide", "sell"]) {
      expect(sheet.element.querySelector<HTMLButtonElement>(`[data-faction-action="${id}"]`)!.disabled, id).toBe(true);
    }
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-faction-action="end"]')!.disabled).toBe(false);
  });

  it("puts End Turn last, and asks before it when no action was taken this turn (not after one)", async () => {
    const { red } = await observedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(red, alice);
    const ids = Array.from(sheet.element.querySelectorAll<HTMLElement>("[data-faction-action]")).map((b) => b.dataset.factionAction);
    expect(ids).toEqual(["attack", "move", "repair", "expand", "create", "hide", "sell", "end"]);
    expect(sheet.element.querySelector('[data-faction-action="end"]')!.classList.contains("factions-action-end")).toBe(true);

    // No action yet: End Turn asks; "no" keeps the turn going and posts nothing.
    let question = "";
    harness.dialogs.next(async (dialog) => {
      question = dialog.element.textContent ?? "";
      await dialog.submit("no");
    });
    await click(alice, sheet.element.querySelector('[data-faction-action="end"]'));
    expect(question).toContain(t("FACTIONS.FactionTurn.Dialog.EndNoAction", { faction: red.name }));
    expect(harness.dialogs.shown.map((d) => d.title)).toEqual([t("FACTIONS.FactionTurn.Action.end")]);
    expect(game.messages!.size).toBe(0);
    expect(red.system.turn.started).toBe(true);

    // "Yes" ends it.
    harness.dialogs.next((dialog) => dialog.submit("yes"));
    await click(alice, sheet.element.querySelector('[data-faction-action="end"]'));
    expect(lastCard().system).toMatchObject({ action: ACTIONS.end, status: "applied" });
    expect(red.system.turn.started).toBe(false);
    expect(warnings()).toEqual([]);
  });

  it("ends a turn in which an action was taken without asking", async () => {
    const { red } = await observedWorld();
    await red.update({ "system.turn.action": ACTIONS.repair } as Actor.UpdateData);
    const sheet = await openSheet(red, harness.users.alice);
    await click(harness.users.alice, sheet.element.querySelector('[data-faction-action="end"]'));
    expect(harness.dialogs.shown).toEqual([]);
    expect(lastCard().system).toMatchObject({ action: ACTIONS.end, status: "applied" });
    expect(red.system.turn.started).toBe(false);
  });

  it("names the action taken this turn in the header and the tooltips", async () => {
    const { red } = await observedWorld();
    await red.update({ "system.turn.action": ACTIONS.repair } as Actor.UpdateData);
    const sheet = await openSheet(red, harness.users.alice);
    const repair = t("FACTIONS.FactionTurn.Action.repair");
    expect(sheet.element.querySelector(".factions-turn-action")!.textContent).toBe(t("FACTIONS.FactionTurn.Sheet.ActionTaken", { action: repair }));
    expect(sheet.element.querySelector<HTMLButtonElement>('[data-faction-action="attack"]')!.dataset.tooltip).toBe(
      t("FACTIONS.FactionTurn.Action.Reason.AlreadyTaken", { action: repair }),
    );
  });

  it("opens an asset's sheet, deletes an asset after confirming, and picks a new image", async () => {
    const { red } = await observedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(red, alice);

    await click(alice, sheet.element.querySelector(`[data-item-id="${IDS.thugs}"] [data-action="openAsset"]`));
    // Alice's own sheet of the asset (each client has its own).
    const assetSheet = (await harness.as(alice, () => assetNamed(red, "Thugs").sheet)) as unknown as { rendered: boolean };
    expect(assetSheet).toBeInstanceOf(AssetSheet);
    expect(assetSheet.rendered).toBe(true);

    harness.dialogs.next((dialog) => dialog.submit("yes"));
    pointAt(sheet, IDS.redBase);
    await click(alice, sheet.element.querySelector(`[data-item-id="${IDS.redBase}"] [data-action="deleteAsset"]`));
    expect(red.items.has(IDS.redBase)).toBe(false);

    await click(alice, sheet.element.querySelector('[data-action="editImage"]'));
    expect(harness.filePickers).toHaveLength(1);
    await harness.as(alice, () => harness.filePickers[0]!.pick("icons/red-hand.webp"));
    expect(red.img).toBe("icons/red-hand.webp");
  });

  it("has one set of row tools, which follows the pointer and the focus from row to row", async () => {
    const { red } = await observedWorld();
    const { alice } = harness.users;
    const sheet = await openSheet(red, alice);
    const tools = () => sheet.element.querySelectorAll<HTMLElement>(".factions-row-tools");
    expect(tools()).toHaveLength(1);
    expect(tools()[0]!.hidden).toBe(true);
    // No row carries a control of its own: only its name opens it.
    for (const row of sheet.element.querySelectorAll(".factions-asset-row")) {
      expect(Array.from(row.querySelectorAll("[data-action]")).map((e) => e.getAttribute("data-action"))).toEqual(["openAsset"]);
    }
    pointAt(sheet, IDS.thugs);
    expect(tools()).toHaveLength(1);
    expect(tools()[0]!.hidden).toBe(false);
    expect(tools()[0]!.closest<HTMLElement>(".factions-asset-row")!.dataset.itemId).toBe(IDS.thugs);
    sheet.element.querySelector<HTMLElement>(`[data-item-id="${IDS.redBase}"] .factions-asset-name`)!.dispatchEvent(new FocusEvent("focusin", { bubbles: true }));
    expect(tools()[0]!.closest<HTMLElement>(".factions-asset-row")!.dataset.itemId).toBe(IDS.redBase);
    // The tools' Open acts on the row they are in.
    await click(alice, tools()[0]!.querySelector('[data-action="openAsset"]'));
    // Alice's client opened it: each client has its own sheets.
    const rendered = (name: string) => harness.as(alice, () => (assetNamed(red, name).sheet as unknown as { rendered: boolean }).rendered);
    expect(await rendered("Red Base")).toBe(true);
    expect(await rendered("Thugs")).toBe(false);
  });

  it("offers an observer Open without Delete", async () => {
    const { red } = await observedWorld();
    const sheet = await openSheet(red, harness.users.bob);
    const tools = sheet.element.querySelector<HTMLElement>(".factions-row-tools")!;
    expect(Array.from(tools.querySelectorAll("[data-action]")).map((e) => e.getAttribute("data-action"))).toEqual(["openAsset"]);
    expect(tools.querySelector("[aria-label]")!.getAttribute("aria-label")).toBe(t("FACTIONS.FactionTurn.Sheet.OpenAsset"));
  });

  it("switches tabs, each a button the keyboard reaches", async () => {
    const { red } = await observedWorld();
    const sheet = await openSheet(red, harness.users.alice);
    const tabs = [...sheet.element.querySelectorAll<HTMLElement>('[data-action="tab"]')];
    expect(tabs.map((b) => [b.tagName, (b as HTMLButtonElement).type, b.tabIndex])).toEqual([
      ["BUTTON", "button", 0],
      ["BUTTON", "button", 0],
    ]);
    await click(harness.users.alice, sheet.element.querySelector('[data-action="tab"][data-tab="description"]'));
    expect(sheet.tabGroups.primary).toBe("description");
    expect(sheet.element.querySelector('.tab[data-tab="description"]')!.classList.contains("active")).toBe(true);
    expect(sheet.element.querySelector('.tab[data-tab="assets"]')!.classList.contains("active")).toBe(false);
  });
});

describe("the faction sheet's form", () => {
  it("saves a changed field on change for the owner", async () => {
    const { red } = await observedWorld();
    const sheet = await openSheet(red, harness.users.alice);
    const input = sheet.element.querySelector<HTMLInputElement>('input[name="system.treasure"]')!;
    input.value = "7";
    await harness.as(harness.users.alice, async () => {
      input.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect(red.system.treasure).toBe(7);
    // Everything else the form submitted is what was stored.
    expect(red.system.force).toBe(4);
    expect(red.system.hp.override).toBeNull();
  });
});

describe("dropping an item on the faction sheet", () => {
  it("makes a compendium asset an embedded item of the faction, recording its source", async () => {
    const { red } = await observedWorld();
    const pack = harness.loadPack("faction-turn-assets");
    const source = pack.contents.find((d) => d.name === "Informers")!;
    const sheet = await openSheet(red, harness.users.alice);

    await harness.as(harness.users.alice, async () => {
      sheet.element.dispatchEvent(dropEvent({ type: "Item", uuid: source.uuid }));
      await harness.settle();
    });
    const created = red.items.get(source.id!)!;
    expect(created).toBeDefined();
    expect(created.name).toBe("Informers");
    expect(created._stats.compendiumSource).toBe(source.uuid);
    expect(created.toObject().system).toEqual(source.toObject().system);
    expect(rowIds(sheet)).toContain(source.id);

    // Dropped again: a second copy with a new id.
    await harness.as(harness.users.alice, async () => {
      sheet.element.dispatchEvent(dropEvent({ type: "Item", uuid: source.uuid }));
      await harness.settle();
    });
    expect(red.items.filter((i) => i.name === "Informers")).toHaveLength(2);
  });

  it("does nothing for a player who does not own the faction", async () => {
    const { blue } = await observedWorld();
    const pack = harness.loadPack("faction-turn-assets");
    const before = snapshot();
    const sheet = await openSheet(blue, harness.users.alice);
    await harness.as(harness.users.alice, async () => {
      sheet.element.dispatchEvent(dropEvent({ type: "Item", uuid: pack.contents[0]!.uuid }));
      await harness.settle();
    });
    expect(snapshot()).toEqual(before);
  });
});

describe("the asset sheet", () => {
  it("starts its faction's actions on that asset", async () => {
    const { red } = await observedWorld();
    const { alice } = harness.users;
    const sheet = new AssetSheet({ document: assetNamed(red, "Thugs") }) as unknown as Sheet;
    await harness.as(alice, () => sheet.render({ force: true }));
    harness.dialogs.next((dialog) => {
      expect((dialog.form.querySelector('select[name="asset"]') as HTMLSelectElement).value).toBe(IDS.thugs);
      return {};
    });
    await click(alice, sheet.element.querySelector('[data-faction-action="sell"]'));
    expect(lastCard().system.status).toBe("applied");
    expect(red.items.has(IDS.thugs)).toBe(false);
    // The damaged Thugs sold for nothing.
    expect(red.system.treasure).toBe(5);
  });

  it("renders the schema's fields for the owner, read-only for an observer", async () => {
    const { blue } = await observedWorld();
    const guards = assetNamed(blue, "Dock Guards");
    const owner = new AssetSheet({ document: guards }) as unknown as Sheet;
    await harness.as(harness.users.bob, () => owner.render({ force: true }));
    const rating = owner.element.querySelector<HTMLInputElement>('[name="system.rating"]')!;
    expect(rating.value).toBe("2");
    expect(owner.element.textContent).not.toMatch(/FACTIONS\./);
    await harness.as(harness.users.bob, async () => {
      rating.value = "3";
      rating.dispatchEvent(new Event("change", { bubbles: true }));
      await harness.settle();
    });
    expect(guards.system.rating).toBe(3);

    const observer = new AssetSheet({ document: guards }) as unknown as Sheet;
    await harness.as(harness.users.alice, () => observer.render({ force: true }));
    expect(observer.element.querySelector(".factions-asset-actions")).toBeNull();
  });

  it("shows a Base's empty damage and counterattack as none, never as a formula", async () => {
    const { red } = await observedWorld();
    const sheet = new AssetSheet({ document: assetNamed(red, "Red Base") }) as unknown as Sheet;
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    for (const name of ["system.attack.damage", "system.counter"]) {
      const input = sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)!;
      expect(input.value, name).toBe("");
      expect(input.placeholder, name).toBe(t("FACTIONS.FactionTurn.Sheet.NoneValue"));
      expect(input.placeholder).not.toMatch(/\d/);
    }
  });
});
