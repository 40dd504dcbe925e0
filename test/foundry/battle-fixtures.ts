/**
 * Battle worlds for the Foundry-layer tests: the seed's worked example as two realms.
 *
 * - Alice owns "You": three Men at Arms (1/1/2) on the Infantry Barracks and a Swordsman (2/1/2)
 *   on the Swordsman technology (built at the barracks, requiring the Blacksmith); 10 gold, 10 wood,
 *   10 stone, 6 support, three attacks.
 * - Bob owns "Me": two Men at Arms, Ginda, Lightwalker (3/4/2), the Town (control 5 of 5), and a
 *   Citadel; 5 of each resource, 6 support.
 *
 * Every player may observe both realms.
 */
import type { FactionsActor } from "../../src/core/documents/actor";
import type { User } from "../harness/documents";
import { harness } from "../harness/install";
import { BattleWindow } from "../../src/rulesets/battle/apps/battle-window";
import { deepClone, type AnyObject } from "../harness/utils";

export type Realm = FactionsActor<"realm">;

export const B = {
  y1: "YouManAtArms0001",
  y2: "YouManAtArms0002",
  y3: "YouManAtArms0003",
  ys: "YouSwordsman0001",
  barracks: "YouBarracks00001",
  blacksmith: "YouBlacksmith001",
  swordTech: "YouSwordTech0001",
  m1: "MeManAtArms00001",
  m2: "MeManAtArms00002",
  ginda: "MeGinda000000001",
  town: "MeTown0000000001",
  citadel: "MeCitadel0000001",
  meBarracks: "MeBarracks000001",
};

const noCost = { gold: 0, wood: 0, stone: 0 };
const manAtArms = { name: "Man at Arms", cost: { gold: 1, wood: 0, stone: 0 }, a: 1, d: 1, s: 2, support: -1 };

export const unitCounter = (id: string, name: string, a: number, d: number, s: number, source: string, over: AnyObject = {}) => ({
  _id: id,
  name,
  type: "unitCounter",
  system: { a, d, s, support: -1, source, exhausted: false, inOffensive: false, ...over },
});

export async function createRealm(name: string, owner: User | null, system: AnyObject, items: AnyObject[]): Promise<Realm> {
  return harness.as(harness.users.gm, async () => {
    const ownership: Record<string, number> = { default: 2 };
    if (owner) ownership[owner.id!] = 3;
    return (await Actor.implementation.create({ name, type: "realm", ownership, system: deepClone(system), items } as Actor.CreateData, { keepId: true })) as unknown as Realm;
  });
}

export interface SeedWorld {
  you: Realm;
  me: Realm;
}

export async function seedWorld({ meOwner = harness.users.bob as User | null } = {}): Promise<SeedWorld> {
  const { alice } = harness.users;
  const you = await createRealm("You", alice, { resources: { gold: 10, wood: 10, stone: 10 }, support: 6, attacksLeft: 3, started: true, turn: 1 }, [
    { _id: B.barracks, name: "Infantry Barracks", type: "building", system: { cost: { gold: 0, wood: 2, stone: 0 }, subtype: "Barracks", military: true, unit: manAtArms } },
    { _id: B.blacksmith, name: "Blacksmith", type: "building", system: { cost: { gold: 2, wood: 0, stone: 0 }, subtype: "Smithy" } },
    {
      _id: B.swordTech,
      name: "Swordsman",
      type: "technology",
      system: { cost: { gold: 2, wood: 0, stone: 0 }, builtAt: "Infantry Barracks", requires: ["Blacksmith"], unit: { name: "Swordsman", cost: { gold: 1, wood: 0, stone: 0 }, a: 2, d: 1, s: 2, support: -1 } },
    },
    unitCounter(B.y1, "Man at Arms", 1, 1, 2, B.barracks),
    unitCounter(B.y2, "Man at Arms", 1, 1, 2, B.barracks),
    unitCounter(B.y3, "Man at Arms", 1, 1, 2, B.barracks),
    unitCounter(B.ys, "Swordsman", 2, 1, 2, B.swordTech),
  ]);
  const me = await createRealm("Me", meOwner, { resources: { gold: 5, wood: 5, stone: 5 }, support: 6, attacksLeft: 3, started: true, turn: 1 }, [
    { _id: B.town, name: "Town", type: "location", system: { control: 5, maxControl: 5 } },
    { _id: B.citadel, name: "Citadel", type: "building", system: { cost: noCost, subtype: "Citadel", citadel: true } },
    { _id: B.meBarracks, name: "Infantry Barracks", type: "building", system: { cost: { gold: 0, wood: 2, stone: 0 }, subtype: "Barracks", military: true, unit: manAtArms } },
    unitCounter(B.m1, "Man at Arms", 1, 1, 2, B.meBarracks),
    unitCounter(B.m2, "Man at Arms", 1, 1, 2, B.meBarracks),
    { _id: B.ginda, name: "Ginda, Lightwalker", type: "character", system: { cost: { gold: 3, wood: 0, stone: 0 }, a: 3, d: 4, s: 2, text: "This is invulnerable to, and untargetable by, all things with set." } },
  ]);
  return { you, me };
}

/** The battle windows open now. */
export function openWindows(): BattleWindow[] {
  return [...BattleWindow.instances];
}

/** The one open battle window (throws if there is not exactly one). */
export function theWindow(): BattleWindow {
  const list = openWindows();
  if (list.length !== 1) throw new Error(`expected one battle window, found ${list.length}`);
  return list[0]!;
}

/** Change a control of a window as `user` would (a select's value, a checkbox), and wait for its re-render. */
export async function setControl(user: User, win: BattleWindow, name: string, value: string | boolean): Promise<void> {
  await harness.as(user, async () => {
    const el = win.element.querySelector<HTMLInputElement | HTMLSelectElement>(`[name="${CSS.escape(name)}"]`);
    if (!el) throw new Error(`the battle window has no control "${name}"`);
    if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = Boolean(value);
    else {
      const offered = el instanceof HTMLSelectElement ? Array.from(el.options).map((o) => o.value) : [String(value)];
      if (!offered.includes(String(value))) throw new Error(`"${name}" offers no "${String(value)}" (offers ${offered.join(", ")})`);
      el.value = String(value);
    }
    el.dispatchEvent(new Event("change", { bubbles: true }));
    await harness.settle();
  });
}

/** Click a `data-action` button of a window as `user`, and wait for what it started. */
export async function clickIn(user: User, root: HTMLElement, selector: string): Promise<void> {
  await harness.as(user, async () => {
    const el = root.querySelector<HTMLElement>(selector);
    if (!el) throw new Error(`nothing matches ${selector}`);
    el.click();
    await harness.settle();
  });
}

/** The options of a target select: value, label and whether it is disabled. */
export function optionsOf(win: BattleWindow, name: string): { value: string; label: string; disabled: boolean }[] {
  const select = win.element.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(name)}"]`);
  if (!select) throw new Error(`no select "${name}"`);
  return Array.from(select.options).map((o) => ({ value: o.value, label: o.textContent ?? "", disabled: o.disabled }));
}
