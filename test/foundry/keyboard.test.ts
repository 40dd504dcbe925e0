/**
 * Keyboard use of the sheets on the in-memory Foundry (issue 19): a name that opens an item (or a
 * lieutenant, or a squad) is reached with Tab (role="button", tabindex="0") and opens with Enter and
 * with Space, in every ruleset; another key does nothing.
 */
import { describe, expect, it } from "vitest";
import { FactionSheet } from "../../src/rulesets/faction-turn/sheets";
import { RealmSheet } from "../../src/rulesets/battle/sheets";
import { OrganizationSheet } from "../../src/rulesets/operations/sheets/sheets";
import { CompanySheet, InfantrySheet, VehicleSheet } from "../../src/rulesets/skirmish/sheets/sheets";
import { HeroSheet } from "../../src/rulesets/rounds/sheets";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { IDS as FT, standardWorld } from "./fixtures";
import { B, seedWorld } from "./battle-fixtures";
import { OPS_IDS, operationsWorld } from "./operations-fixtures";
import { IDS as SK, skirmishActors } from "./skirmish-fixtures";
import { IDS as ROUNDS, abilityId, roundsWorld } from "./rounds-fixtures";

interface Sheet {
  element: HTMLElement;
  render(options?: object): Promise<unknown>;
  close(): Promise<unknown>;
}

async function open(cls: unknown, document: unknown, user: User): Promise<Sheet> {
  const sheet = new (cls as new (o: object) => Sheet)({ document });
  await harness.as(user, () => sheet.render({ force: true }));
  return sheet;
}

/** `user` presses `key` on `el` (which holds the focus). */
async function press(user: User, el: HTMLElement, key: string): Promise<KeyboardEvent> {
  const event = new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true });
  await harness.as(user, async () => {
    el.focus();
    el.dispatchEvent(event);
    await harness.settle();
  });
  return event;
}

/** Whether `doc`'s sheet is open on `user`'s client (each client has its own sheets). */
const shown = (user: User, doc: { sheet: unknown } | undefined) => harness.as(user, () => !!(doc?.sheet as { rendered?: boolean } | null)?.rendered);

/** The name is a keyboard button; Enter opens `doc`, Space opens `other`, and the keys go no further. */
async function opensWithKeys(user: User, name: HTMLElement | null, doc: { sheet: unknown } | undefined, space?: { name: HTMLElement | null; doc: { sheet: unknown } | undefined }): Promise<void> {
  expect(name, "the name").not.toBeNull();
  expect(name!.getAttribute("role")).toBe("button");
  expect(name!.getAttribute("tabindex")).toBe("0");
  expect(await shown(user, doc)).toBe(false);
  // Another key does nothing.
  const tab = await press(user, name!, "a");
  expect(tab.defaultPrevented).toBe(false);
  expect(await shown(user, doc)).toBe(false);
  const enter = await press(user, name!, "Enter");
  expect(enter.defaultPrevented).toBe(true);
  expect(await shown(user, doc)).toBe(true);
  if (!space) return;
  expect(await shown(user, space.doc)).toBe(false);
  const spaced = await press(user, space.name!, " ");
  // Space presses the button rather than scrolling the sheet.
  expect(spaced.defaultPrevented).toBe(true);
  expect(await shown(user, space.doc)).toBe(true);
}

const nameIn = (root: HTMLElement, row: string, selector = "[data-action]") => root.querySelector<HTMLElement>(`${row} ${selector}`);

describe("Enter and Space open a document from its name", () => {
  it("Skirmish: a weapon on the infantry and vehicle sheets, a squad on the company sheet", async () => {
    const { red, rhino, company } = await skirmishActors();
    const { alice, bob, gm } = harness.users;
    const infantry = await open(InfantrySheet, red, alice);
    await opensWithKeys(alice, nameIn(infantry.element, `[data-item-id="${SK.rifles}"]`, ".factions-row-name"), red.items.get(SK.rifles), {
      name: nameIn(infantry.element, `[data-item-id="${SK.mg}"]`, ".factions-row-name"),
      doc: red.items.get(SK.mg),
    });
    const vehicle = await open(VehicleSheet, rhino, bob);
    await opensWithKeys(bob, nameIn(vehicle.element, `[data-item-id="${SK.cannon}"]`, ".factions-row-name"), rhino.items.get(SK.cannon));
    const squads = await open(CompanySheet, company, gm);
    await opensWithKeys(gm, nameIn(squads.element, `[data-uuid="Actor.${SK.red}"]`, ".factions-row-name"), red);
  });

  it("Rounds: an ability and a loot on the hero sheet", async () => {
    const world = await roundsWorld();
    const { alice } = harness.users;
    const ari = world.heroes.Ari;
    const sheet = await open(HeroSheet, ari, alice);
    const ability = abilityId("Ari", "action");
    await opensWithKeys(alice, nameIn(sheet.element, `.factions-rounds-abilities [data-item-id="${ability}"]`, ".factions-item-name"), ari.items.get(ability), {
      name: nameIn(sheet.element, `.factions-rounds-loot [data-item-id="${ROUNDS.rope}"]`, ".factions-item-name"),
      doc: ari.items.get(ROUNDS.rope),
    });
  });

  it("Operations: a lieutenant, a unit and a project on the organization sheet", async () => {
    const { red, vex } = await operationsWorld();
    const { alice } = harness.users;
    const sheet = await open(OrganizationSheet, red, alice);
    await opensWithKeys(alice, sheet.element.querySelector<HTMLElement>(`.factions-ops-lieutenants [data-action="openLieutenant"][data-uuid="${vex.uuid}"]`), vex, {
      name: nameIn(sheet.element, `[data-item-id="${OPS_IDS.thugs}"]`, '[data-action="openItem"]'),
      doc: red.items.get(OPS_IDS.thugs),
    });
    await opensWithKeys(alice, nameIn(sheet.element, `[data-item-id="${OPS_IDS.research}"]`, '[data-action="openItem"]'), red.items.get(OPS_IDS.research));
  });

  it("Faction Turn and Battle: an asset on the faction sheet, a unit on the realm sheet", async () => {
    const { red } = await standardWorld();
    const { alice } = harness.users;
    const faction = await open(FactionSheet, red, alice);
    await opensWithKeys(alice, nameIn(faction.element, `[data-item-id="${FT.thugs}"]`, ".factions-asset-name"), red.items.get(FT.thugs));
    const { you } = await seedWorld();
    const realm = await open(RealmSheet, you, alice);
    await opensWithKeys(alice, nameIn(realm.element, `[data-item-id="${B.barracks}"]`, ".factions-row-name"), you.items.get(B.barracks));
  });

  it("leaves real buttons to the browser: Enter on a button is not pressed twice", async () => {
    const { red } = await skirmishActors();
    const { alice } = harness.users;
    const sheet = await open(InfantrySheet, red, alice);
    const add = sheet.element.querySelector<HTMLElement>('button[data-action="newWeapon"]')!;
    const before = red.items.size;
    const event = await press(alice, add, "Enter");
    // The browser turns Enter on a <button> into a click; the sheet's listener does not add one.
    expect(event.defaultPrevented).toBe(false);
    expect(red.items.size).toBe(before);
  });
});
