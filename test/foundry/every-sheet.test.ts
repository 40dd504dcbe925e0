/**
 * Every sheet of every ruleset, rendered on the harness for the GM with stored values that are not
 * the defaults: each select shows the value the document stores, as Foundry's select inputs would,
 * and no type of the five rulesets is left out (everyDocument() has a document of each type).
 */
import { describe, expect, it } from "vitest";
import { battle } from "../../src/rulesets/battle";
import { factionTurn } from "../../src/rulesets/faction-turn";
import { operations } from "../../src/rulesets/operations";
import { rounds } from "../../src/rulesets/rounds";
import { skirmish } from "../../src/rulesets/skirmish";
import { editImage, ITEM_ROW_ACTIONS } from "../../src/core/sheets/handlers";
import { harness } from "../harness/install";
import { place } from "../harness/world";
import type { AnyObject } from "../harness/utils";

type SheetClass = new (options: { document: unknown }) => { element: HTMLElement; render(options: object): Promise<unknown>; close(): Promise<unknown> };
type Doc = { documentName: string; type: string; name: string; _source: AnyObject };

const DOCKS = place("Docks");
const FORD = place("Greyford Crossing");
const ids = {
  lotus: "BlueLotus0000001",
  town: "RealmTown0000001",
  barracks: "RealmBarracks001",
  deck: "StackDeck0000001",
  hand: "StackHand0000001",
  pile: "StackPile0000001",
  wolves: "GreyWolves000001",
  bulwark: "BulwarkApc000001",
};

async function create<T>(fn: () => Promise<unknown>): Promise<T> {
  return (await harness.as(harness.users.gm, fn)) as T;
}

/** One document of every type that has a sheet, each with values picked over the defaults. */
async function everyDocument(): Promise<Doc[]> {
  const faction = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      name: "Red Hand",
      type: "faction",
      system: { force: 3, wealth: 4, cunning: 5, magic: "high" },
      items: [{ name: "Informers", type: "asset", system: { attribute: "cunning", magic: "medium", location: FORD, attack: { attribute: "wealth", defense: "cunning", damage: "1d4" } } }],
    } as Actor.CreateData),
  );
  const organization = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      name: "The Red Hand",
      type: "organization",
      system: { cohesion: 2, capital: 7 },
      items: [
        { name: "Thief Pack", type: "unit", system: { level: 3, competency: "sneak", condition: "dinged", location: FORD } },
        { name: "Train the Thugs", type: "project", system: { kind: "training", training: "level", stat: "charm", required: 6, progress: 2 } },
      ],
    } as Actor.CreateData),
  );
  const lieutenant = await create<Actor.Implementation>(() =>
    Actor.implementation.create({ name: "Vex", type: "lieutenant", system: { organization: organization.uuid, location: DOCKS, condition: "damaged" } } as Actor.CreateData),
  );
  const [deck, hand, pile] = await create<Cards.Implementation[]>(() =>
    Promise.all([
      Cards.implementation.create(
        { _id: ids.deck, name: "Martial Discipline", type: "deck", cards: [{ name: "Ginda", type: "character", system: { a: 3, d: 4, s: 2, unitType: "Archer" } }] } as unknown as Cards.CreateData,
        { keepId: true },
      ),
      Cards.implementation.create({ _id: ids.hand, name: "Harrowmere's Hand", type: "hand" } as unknown as Cards.CreateData, { keepId: true }),
      Cards.implementation.create({ _id: ids.pile, name: "Harrowmere's Pile", type: "pile" } as unknown as Cards.CreateData, { keepId: true }),
    ]),
  );
  const lotus = await create<Actor.Implementation>(() => Actor.implementation.create({ _id: ids.lotus, name: "Lightwalker Wardens", type: "realm" } as Actor.CreateData, { keepId: true }));
  const realm = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      name: "Harrowmere",
      type: "realm",
      system: { decks: { deck: ids.deck, hand: ids.hand, pile: ids.pile } },
      items: [
        { _id: ids.town, name: "Saltpan Village", type: "location", system: { control: 3, maxControl: 5, owner: lotus.uuid } },
        { _id: ids.barracks, name: "Infantry Barracks", type: "building", system: { military: true, unit: { name: "Man at Arms", cost: { gold: 1, wood: 0, stone: 0 }, a: 1, d: 1, s: 2, support: -1 } } },
        { name: "Swordsman", type: "technology", system: { builtAt: "Infantry Barracks", requires: ["Blacksmith"] } },
        { name: "Brannoc", type: "character", system: { a: 2, d: 3, s: 2 } },
        { name: "Palisade", type: "fortification", system: { a: 1, d: 3, s: 1, location: ids.town } },
        { name: "Man at Arms", type: "unitCounter", system: { a: 1, d: 1, s: 2, source: ids.barracks } },
      ],
    } as Actor.CreateData, { keepId: true }),
  );
  // Skirmish: a squad (not the default individual) of a company, riding a vehicle, its members neither all ready.
  const company = await create<Actor.Implementation>(() =>
    Actor.implementation.create({ _id: ids.wolves, name: "Grey Wolves", type: "company", system: { morale: 3 } } as Actor.CreateData, { keepId: true }),
  );
  const vehicle = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      _id: ids.bulwark,
      name: "Bulwark",
      type: "vehicle",
      system: { speed: 8, heat: 2, heatThreshold: 3 },
      items: [{ name: "Autocannon", type: "weapon", system: { reloads: { value: 1, max: 4 }, heavy: true } }],
    } as Actor.CreateData, { keepId: true }),
  );
  const squad = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      name: "Wolf Squad",
      type: "infantry",
      system: {
        kind: "squad",
        company: company.uuid,
        vehicle: vehicle.uuid,
        members: [
          { id: "m1", name: "Dana", state: "slowed" },
          { id: "m2", name: "Tomas", state: "out" },
        ],
      },
      items: [{ name: "Carbines", type: "weapon", system: { reloads: { value: 0, max: 2 } } }],
    } as Actor.CreateData),
  );
  // Rounds: a Psiclone (not the default team) with an ability triggered at the start of Melee, and loot.
  const hero = await create<Actor.Implementation>(() =>
    Actor.implementation.create({
      name: "Vexa Thorn",
      type: "hero",
      system: { team: "psiclones" },
      items: [
        { name: "Battle Trance", type: "ability", system: { timing: "start", step: "melee", formula: "1d4", text: "A fighting calm." } },
        { name: "Rope", type: "loot" },
      ],
    } as Actor.CreateData),
  );
  void hand;
  void pile;
  const items = (actor: Actor.Implementation) => actor.items.contents as unknown as Doc[];
  return [
    faction,
    organization,
    lieutenant,
    realm,
    company,
    vehicle,
    squad,
    hero,
    ...[faction, organization, realm, vehicle, squad, hero].flatMap(items),
    ...(deck!.cards.contents as unknown as Doc[]),
  ] as unknown as Doc[];
}

/** The system's default sheet class of a document's type. */
function sheetClassOf(doc: Doc): SheetClass | undefined {
  const config = (CONFIG as unknown as Record<string, { sheetClasses: Record<string, Record<string, { cls: SheetClass; default: boolean }>> }>)[doc.documentName];
  return Object.values(config?.sheetClasses[doc.type] ?? {}).find((s) => s.default)?.cls;
}

const getPath = (source: AnyObject, path: string): unknown => path.split(".").reduce<unknown>((node, key) => (node && typeof node === "object" ? (node as AnyObject)[key] : undefined), source);

describe("every sheet, with real values", () => {
  it("covers every actor and item type of the rulesets, and Battle's character cards", async () => {
    const docs = await everyDocument();
    const covered = new Set(docs.map((d) => `${d.documentName}.${d.type}`));
    const types = [factionTurn, operations, battle, skirmish, rounds].flatMap((r) => [...Object.keys(r.actorTypes).map((t) => `Actor.${t}`), ...Object.keys(r.itemTypes).map((t) => `Item.${t}`)]);
    for (const type of [...types, "Card.character"]) expect(covered, type).toContain(type);
  });

  it("shows in every select the value the document stores", async () => {
    const docs = await everyDocument();
    let checked = 0;
    for (const doc of docs) {
      const Sheet = sheetClassOf(doc);
      expect(Sheet, `${doc.documentName}.${doc.type} has a sheet`).toBeDefined();
      const sheet = new Sheet!({ document: doc });
      await harness.as(harness.users.gm, () => sheet.render({ force: true }));
      for (const select of sheet.element.querySelectorAll<HTMLSelectElement>("select[name]")) {
        const stored = getPath(doc._source, select.name);
        if (stored === undefined) continue;
        expect(String(stored), `${doc.name} (${doc.type}): ${select.name} stores a value`).not.toBe("");
        expect(select.value, `${doc.name} (${doc.type}): ${select.name}`).toBe(String(stored));
        expect(select.selectedOptions[0]?.textContent?.trim(), `${doc.name}: ${select.name} names its choice`).not.toBe("");
        checked++;
      }
      await harness.as(harness.users.gm, () => sheet.close());
    }
    // Faction magic, asset attribute, magic, location, attack's two; lieutenant location, organization; unit
    // competency, condition, location; project kind, training, stat; realm's three stacks; location
    // owner, fortification location, unit counter source; the squad's kind, company, vehicle and two
    // members' states; the hero's team; the ability's timing and step.
    expect(checked).toBeGreaterThanOrEqual(28);
  });
});

describe("every actor and item sheet's image", () => {
  it("is the GM's to change with a click (the picked image is saved); an observer's sheet offers no such click, and the action refuses it", async () => {
    const docs = (await everyDocument()).filter((d) => d.documentName === "Actor" || d.documentName === "Item");
    const owners = new Set<Actor.Implementation>();
    for (const doc of docs) owners.add((doc.documentName === "Actor" ? doc : (doc as unknown as Item.Implementation).parent) as Actor.Implementation);
    await harness.as(harness.users.gm, () => Promise.all([...owners].map((a) => a.update({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER } }))));
    for (const doc of docs) {
      const Sheet = sheetClassOf(doc)!;
      const label = `${doc.documentName}.${doc.type}`;
      const observed = new Sheet({ document: doc });
      await harness.as(harness.users.alice, () => observed.render({ force: true }));
      expect(observed.element.querySelector('[data-action="editImage"]'), `${label}: an observer has no image picker`).toBeNull();
      // A click the markup does not offer (a changed page) is refused by the action itself.
      const img = observed.element.querySelector<HTMLElement>(".factions-profile, img")!;
      await harness.as(harness.users.alice, () => editImage.call(observed as unknown as ThisParameterType<typeof editImage>, new PointerEvent("click"), img));
      expect(harness.filePickers, label).toHaveLength(0);
      await harness.as(harness.users.alice, () => observed.close());

      const sheet = new Sheet({ document: doc });
      await harness.as(harness.users.gm, () => sheet.render({ force: true }));
      const pickers = sheet.element.querySelectorAll<HTMLElement>('[data-action="editImage"]');
      expect(pickers, `${label}: one image picker`).toHaveLength(1);
      await harness.as(harness.users.gm, async () => {
        pickers[0]!.click();
        await harness.settle();
        await harness.filePickers.pop()!.pick(`icons/${doc.type}.webp`);
      });
      expect((doc as unknown as { img: string }).img, label).toBe(`icons/${doc.type}.webp`);
      await harness.as(harness.users.gm, () => sheet.close());
    }
  });
});

describe("the item rows' Delete", () => {
  it("deletes only from a sheet its user may edit: an observer's click (were it offered) changes nothing", async () => {
    const docs = await everyDocument();
    const hero = docs.find((d) => d.type === "hero") as unknown as Actor.Implementation;
    await harness.as(harness.users.gm, () => hero.update({ ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER } }));
    const rope = hero.items.getName("Rope")!;
    const Sheet = sheetClassOf(hero as unknown as Doc)!;
    const sheet = new Sheet({ document: hero });
    await harness.as(harness.users.alice, () => sheet.render({ force: true }));
    const row = sheet.element.querySelector<HTMLElement>(`[data-item-id="${rope.id}"]`)!;
    expect(row.querySelector('[data-action="deleteItem"]')).toBeNull();
    // No answer is scripted: a confirmation dialog opening at all would fail the test.
    await harness.as(harness.users.alice, () => ITEM_ROW_ACTIONS.deleteItem.call(sheet as unknown as ThisParameterType<typeof ITEM_ROW_ACTIONS.deleteItem>, new PointerEvent("click"), row));
    expect(hero.items.has(rope.id!)).toBe(true);
    await harness.as(harness.users.alice, () => sheet.close());
  });
});
