/**
 * The in-memory Foundry's Adventures (test/harness/adventures.ts): an Adventure in a compendium
 * holds whole documents as data; importing it (a GM only) creates them in the world with their ids
 * kept and their ownership, folders and sort as stored, folders first, through the ordinary create
 * operation (hooks on every client with the importer's id).
 */
import { afterEach, describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import { CompendiumCollection, type ClientDocument } from "../harness/documents";
import type { Adventure } from "../harness/adventures";
import type { AnyObject } from "../harness/utils";

const ID = {
  adventure: "HarnessAdventure",
  outer: "OuterFolder00000",
  inner: "InnerFolder00000",
  itemFolder: "ItemFolder000000",
  faction: "RedHandFaction00",
  asset: "RedHandThugs0000",
  item: "LooseAsset000000",
  journal: "QuickStartNotes0",
  page: "QuickStartPage00",
  scene: "TheDocksScene000",
  token: "RedHandToken0000",
  deck: "TheDeck000000000",
  card: "TheCard000000000",
};

const folder = (_id: string, name: string, type: string, parent: string | null = null) => ({ _id, name, type, folder: parent, sorting: "m", sort: 0, color: "#336699", flags: {} });

/** An Adventure's source: folders (the inner one listed before its parent), an actor, an item, a journal, a scene and a deck. */
function source(over: AnyObject = {}): AnyObject {
  const { alice } = harness.users;
  return {
    _id: ID.adventure,
    name: "Harness Adventure",
    img: "icons/svg/chest.svg",
    caption: "A small world.",
    description: "<p>Everything a test needs.</p>",
    folders: [folder(ID.inner, "Factions", "Actor", ID.outer), folder(ID.outer, "Harness", "Actor"), folder(ID.itemFolder, "Assets", "Item")],
    actors: [
      {
        _id: ID.faction,
        name: "Red Hand",
        type: "faction",
        system: { force: 4, wealth: 3, cunning: 3 },
        items: [{ _id: ID.asset, name: "Thugs", type: "asset", system: { attribute: "force", rating: 1, hp: { value: 2, max: 2 } } }],
        folder: ID.inner,
        sort: 300,
        ownership: { default: 2, [alice.id!]: 3 },
        flags: {},
      },
    ],
    items: [{ _id: ID.item, name: "Informers", type: "asset", system: { attribute: "cunning", rating: 1 }, folder: ID.itemFolder, sort: 100, ownership: { default: 0 }, flags: {} }],
    journal: [
      {
        _id: ID.journal,
        name: "Quick Start",
        pages: [{ _id: ID.page, name: "Start", type: "text", text: { content: `<p>Open @UUID[Actor.${ID.faction}]{Red Hand}.</p>` }, sort: 100 }],
        folder: null,
        sort: 0,
        ownership: { default: 2 },
        flags: {},
      },
    ],
    scenes: [{ _id: ID.scene, name: "The Docks", width: 1000, height: 800, padding: 0, tokens: [{ _id: ID.token, name: "Red Hand", actorId: ID.faction, actorLink: true, x: 200, y: 100 }], folder: null, sort: 0, ownership: { default: 0 }, flags: {} }],
    cards: [{ _id: ID.deck, name: "The Deck", type: "deck", cards: [{ _id: ID.card, name: "A Card", type: "base", sort: 100 }], folder: null, sort: 0, ownership: { default: 0 }, flags: {} }],
    folder: null,
    sort: 0,
    flags: {},
    ...over,
  };
}

/** A compendium of Adventures holding `sources`, as a module or system ships one. */
function adventurePack(...sources: AnyObject[]): CompendiumCollection {
  const pack = new CompendiumCollection({ id: "world.harness-adventures", name: "harness-adventures", label: "Adventures", type: "Adventure", packageName: "world", ownership: {} });
  pack.load(sources);
  harness.game.packs.set(pack.collection, pack);
  return pack;
}

/** Hook handlers a test registers, removed after it (the harness keeps handlers across tests). */
const registered: [string, number][] = [];
function on(hook: string, fn: (...args: never[]) => unknown): void {
  registered.push([hook, harness.hooks.on(hook, fn)]);
}
afterEach(() => {
  for (const [hook, id] of registered.splice(0)) harness.hooks.off(hook, id);
});

const theAdventure = (pack: CompendiumCollection) => pack.get(ID.adventure) as unknown as Adventure;

/** Every world document's id, by kind. */
function worldIds(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [name, collection] of harness.game.collections) if (name !== "User") out[name] = [...collection.keys()].sort();
  return out;
}

describe("an Adventure in a compendium", () => {
  it("holds its documents as data, in the pack, with a compendium uuid", () => {
    const pack = adventurePack(source());
    const adventure = theAdventure(pack);
    expect(adventure.uuid).toBe(`Compendium.world.harness-adventures.Adventure.${ID.adventure}`);
    expect(adventure.name).toBe("Harness Adventure");
    const actors = (adventure as unknown as { actors: ClientDocument[] }).actors;
    expect(actors.map((a) => [a.id, a.name])).toEqual([[ID.faction, "Red Hand"]]);
    expect(pack.index.get(ID.adventure)).toMatchObject({ name: "Harness Adventure" });
    // None of its documents is in the world before it is imported.
    expect(game.actors!.size).toBe(0);
  });

  it("does not load when it holds an invalid document, or one without an id", () => {
    const bad = source();
    (bad.actors as AnyObject[])[0]!.type = "dragon";
    expect(() => adventurePack(bad)).toThrow(/type/);
    const noId = source();
    delete (noId.items as AnyObject[])[0]!._id;
    expect(() => adventurePack(noId)).toThrow(/_id/);
  });
});

describe("importing an Adventure", () => {
  it("creates its documents with their ids, embedded ids, ownership, folders and sort as stored, folders first (parents before children)", async () => {
    const adventure = theAdventure(adventurePack(source()));
    const order: string[] = [];
    for (const hook of ["createFolder", "createActor", "createItem", "createJournalEntry", "createScene", "createCards"]) {
      on(hook, (doc: ClientDocument) => {
        if (game.user?.id === harness.users.gm.id) order.push(`${hook}:${doc.id}`);
      });
    }
    const result = await harness.as(harness.users.gm, () => adventure.import());
    // The folders come first, the one holding another before it.
    expect(order.slice(0, 3).sort()).toEqual([ID.outer, ID.inner, ID.itemFolder].map((id) => `createFolder:${id}`).sort());
    expect(order.indexOf(`createFolder:${ID.outer}`)).toBeLessThan(order.indexOf(`createFolder:${ID.inner}`));
    expect(Object.fromEntries(Object.entries(result!.created).map(([name, docs]) => [name, docs.map((d) => d.id).sort()]))).toEqual({
      Folder: [ID.outer, ID.inner, ID.itemFolder].sort(),
      Actor: [ID.faction],
      Item: [ID.item],
      JournalEntry: [ID.journal],
      Scene: [ID.scene],
      Cards: [ID.deck],
    });
    const faction = game.actors!.get(ID.faction)!;
    expect(faction._source).toMatchObject({ folder: ID.inner, sort: 300, ownership: { default: 2, [harness.users.alice.id!]: 3 } });
    expect(faction.items.get(ID.asset)?.name).toBe("Thugs");
    expect(faction.testUserPermission(harness.users.alice as never, "OWNER")).toBe(true);
    expect(faction.testUserPermission(harness.users.bob as never, "OWNER")).toBe(false);
    expect(game.folders!.get(ID.inner)!._source).toMatchObject({ folder: ID.outer, type: "Actor", sorting: "m", color: "#336699" });
    expect(game.items!.get(ID.item)!._source).toMatchObject({ folder: ID.itemFolder, ownership: { default: 0 } });
    // Links between its documents hold: the token's actor, the journal's link, the card in its deck.
    const scene = game.scenes!.get(ID.scene) as unknown as { tokens: { get(id: string): { actor: unknown } | undefined } };
    expect(scene.tokens.get(ID.token)?.actor).toBe(faction);
    const content = (game.journal!.get(ID.journal)!.pages.get(ID.page)!._source.text as { content: string }).content;
    const link = /@UUID\[([^\]]+)\]/.exec(content)![1]!;
    expect(foundry.utils.fromUuidSync(link as `Actor.${string}`)).toBe(faction);
    expect((game.cards!.get(ID.deck) as unknown as { cards: { has(id: string): boolean } }).cards.has(ID.card)).toBe(true);
    expect(harness.leftovers()).toEqual([]);
  });

  it("runs the create hooks on every connected client, with the importer's user id, and then importAdventure on the importer's", async () => {
    const adventure = theAdventure(adventurePack(source()));
    const heard: string[] = [];
    on("createActor", (doc: ClientDocument, _options: unknown, userId: string) => heard.push(`${game.user!.name} heard ${doc.name} from ${userId}`));
    const imported: unknown[][] = [];
    on("importAdventure", (...args: unknown[]) => imported.push([game.user!.name, ...args]));
    await harness.as(harness.users.gm, () => adventure.import());
    const gm = harness.users.gm.id!;
    expect(heard).toEqual([`Gamemaster heard Red Hand from ${gm}`, `Alice heard Red Hand from ${gm}`, `Bob heard Red Hand from ${gm}`]);
    expect(imported).toHaveLength(1);
    expect(imported[0]![0]).toBe("Gamemaster");
    expect(imported[0]![1]).toBe(adventure);
    expect(Object.keys(imported[0]![3] as object).sort()).toEqual(["Actor", "Cards", "Folder", "Item", "JournalEntry", "Scene"]);
  });

  it("is refused to a player, before anything is created", async () => {
    const adventure = theAdventure(adventurePack(source()));
    const before = worldIds();
    await expect(harness.as(harness.users.alice, () => adventure.import())).rejects.toThrow(/Alice lacks permission to import Adventure/);
    expect(worldIds()).toEqual(before);
  });

  it("is cancelled by a preImportAdventure hook returning false, which sees what would be created", async () => {
    const adventure = theAdventure(adventurePack(source()));
    let seen: Record<string, AnyObject[]> = {};
    on("preImportAdventure", (_adventure: unknown, _options: unknown, toCreate: Record<string, AnyObject[]>) => {
      seen = toCreate;
      return false;
    });
    const before = worldIds();
    expect(await harness.as(harness.users.gm, () => adventure.import())).toBeUndefined();
    expect(worldIds()).toEqual(before);
    expect(seen.Actor?.map((a) => a._id)).toEqual([ID.faction]);
  });

  it("over documents already in the world is refused by the harness, which does not imitate that update", async () => {
    const adventure = theAdventure(adventurePack(source()));
    await harness.as(harness.users.gm, () => adventure.import());
    const before = worldIds();
    await expect(harness.as(harness.users.gm, () => adventure.import())).rejects.toThrow(/not imitated/);
    expect(worldIds()).toEqual(before);
  });
});
