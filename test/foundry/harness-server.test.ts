/**
 * What the in-memory Foundry's server sends each client (test/harness/server.ts), as public v13
 * evidence shows it: the whole world whatever its ownership, whispers without rolls to their
 * targets only, a whisper with rolls to everyone (its content to its targets), compendium contents
 * only on request and only to users who may observe the pack, a compendium write to every client
 * unless it says `broadcast: false`; and what an author may not change of their message.
 */
import { describe, expect, it } from "vitest";
import type { ChatMessage as HarnessMessage, CompendiumCollection } from "../harness/documents";
import { PRIVATE_ROLL } from "../harness/documents";
import { harness } from "../harness/install";
import { server } from "../harness/server";
import { createFaction } from "../harness/world";


async function post(user: typeof harness.users.gm, data: object): Promise<HarnessMessage> {
  return (await harness.as(user, () => ChatMessage.implementation.create(data as ChatMessage.CreateData))) as unknown as HarnessMessage;
}

const rollJson = (total: number) => JSON.stringify({ class: "Roll", options: {}, dice: [], formula: "1d10", terms: [{ class: "Die", number: 1, faces: 10, results: [{ result: total, active: true }], evaluated: true }], total, evaluated: true });

describe("what the server sends each client", () => {
  it("at connection: every world document, whatever its ownership, and every world setting", async () => {
    const { gm, alice, bob } = harness.users;
    await createFaction({ name: "Only the GM's", owner: undefined });
    await harness.as(gm, () => JournalEntry.implementation.create({ name: "GM Secrets", ownership: { default: 0 } } as unknown as JournalEntry.CreateData));
    await harness.as(gm, () => game.settings!.set("factions", "autoApply", false));
    const bobs = JSON.stringify(server.connection(bob));
    expect(bobs).toContain("Only the GM's");
    expect(bobs).toContain("GM Secrets");
    expect(bobs).toContain("factions.autoApply");
    expect(server.connectionBytes(bob)).toBe(bobs.length);
  });

  it("a whisper without rolls only to the users it names and its author: not to another player, not to a GM it does not name", async () => {
    const { gm, alice, bob } = harness.users;
    const note = await post(alice, { content: "for Bob only", whisper: [bob.id] });
    const heard: string[] = [];
    const hook = Hooks.on("createChatMessage", () => void heard.push(game.user!.name!));
    await post(alice, { content: "again", whisper: [bob.id] });
    Hooks.off("createChatMessage", hook);
    expect(heard.sort()).toEqual(["Alice", "Bob"]);
    for (const [user, receives] of [[alice, true], [bob, true], [gm, false]] as const) {
      expect(await harness.as(user, () => game.messages!.has(note.id!)), user.name).toBe(receives);
      expect(await harness.as(user, () => game.messages!.contents.some((m) => m.id === note.id)), user.name).toBe(receives);
      expect(JSON.stringify(server.connection(user)).includes("for Bob only"), user.name).toBe(receives);
    }
  });

  it("a whisper with rolls to everyone, shown to all, its content only to the users it names and its author", async () => {
    const { gm, alice, bob } = harness.users;
    const roll = await post(alice, { content: "<p>the roll's secret</p>", whisper: [gm.id], rolls: [rollJson(7)] });
    for (const user of [gm, alice, bob]) expect(await harness.as(user, () => game.messages!.get(roll.id!)?.visible), user.name).toBe(true);
    expect(await harness.as(bob, () => roll.isContentVisible)).toBe(false);
    expect(await harness.as(gm, () => roll.isContentVisible)).toBe(true);
    expect(await harness.as(alice, () => roll.isContentVisible)).toBe(true);
    const drawn = await harness.as(bob, () => roll.renderHTML());
    expect(drawn.textContent).toContain(PRIVATE_ROLL);
    expect(drawn.textContent).not.toContain("the roll's secret");
    expect(JSON.stringify(server.connection(bob))).toContain("the roll's secret");
  });

  it("every change, logged for each client it reaches", async () => {
    const { gm, alice, bob } = harness.users;
    server.log();
    await post(alice, { content: "a whisper", whisper: [gm.id] });
    await post(alice, { content: "for all" });
    const bobs = JSON.stringify(server.received(bob).sent);
    expect(bobs).toContain("for all");
    expect(bobs).not.toContain("a whisper");
    expect(JSON.stringify(server.received(gm).sent)).toContain("a whisper");
  });
});

describe("a message's author", () => {
  it("may change neither its author nor its rolls; a GM may change both", async () => {
    const { gm, alice, bob } = harness.users;
    const message = await post(alice, { content: "mine", rolls: [rollJson(3)] });
    await expect(harness.as(alice, () => message.update({ author: bob.id }))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(alice, () => message.update({ rolls: [rollJson(10)] }))).rejects.toThrow(/lacks permission/);
    await harness.as(alice, () => message.update({ content: "still mine" }));
    await harness.as(gm, () => message.update({ author: gm.id }));
    expect(message.author?.id).toBe(gm.id);
    await expect(harness.as(alice, () => message.update({ content: "not mine now" }))).rejects.toThrow(/lacks permission/);
  });
});

describe("a world compendium pack", () => {
  const make = () => harness.as(harness.users.gm, () => foundry.documents.collections.CompendiumCollection.createCompendium({ name: "vault", label: "Vault", type: "JournalEntry", package: "world" } as never)) as unknown as Promise<CompendiumCollection>;

  it("is made by a GM only, locked, players observing by default; a GM configures its ownership and lock", async () => {
    const { gm, alice, bob } = harness.users;
    await expect(harness.as(alice, () => foundry.documents.collections.CompendiumCollection.createCompendium({ name: "mine", label: "Mine", type: "JournalEntry" } as never))).rejects.toThrow(/lacks permission/);
    const pack = await make();
    expect(game.packs!.get("world.vault")).toBe(pack);
    expect(pack.locked).toBe(true);
    expect(pack.getUserLevel(bob)).toBe(CONST.DOCUMENT_OWNERSHIP_LEVELS.OBSERVER);
    await expect(harness.as(alice, () => pack.configure({ locked: false }))).rejects.toThrow(/lacks permission/);
    await harness.as(gm, () => pack.configure({ ownership: { PLAYER: "NONE", TRUSTED: "NONE", ASSISTANT: "OWNER" }, locked: false }));
    expect(pack.getUserLevel(bob)).toBe(CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE);
    expect(pack.getUserLevel(gm)).toBe(CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER);
  });

  it("sends its contents only on request, as copies, and refuses a user who may not observe it", async () => {
    const { gm, alice, bob } = harness.users;
    const pack = await make();
    await harness.as(gm, () => pack.configure({ ownership: { PLAYER: "NONE" }, locked: false }));
    const made = await harness.as(gm, () => JournalEntry.implementation.createDocuments([{ _id: "VaultEntry000001", name: "Deep", flags: { x: { kind: "a", n: 1 } } }, { _id: "VaultEntry000002", name: "Deeper", flags: { x: { kind: "b", n: 2 } } }] as unknown as JournalEntry.CreateData[], { pack: pack.collection, keepId: true }));
    expect(made).toHaveLength(2);
    expect(JSON.stringify(server.connection(bob))).not.toContain("Deep");
    expect(pack.get("VaultEntry000001")).toBeUndefined();
    await expect(harness.as(bob, () => pack.getDocuments())).rejects.toThrow(/lacks permission/);
    await expect(harness.as(bob, () => pack.getDocument("VaultEntry000001"))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(bob, () => pack.getIndex())).rejects.toThrow(/lacks permission/);
    server.log();
    const [one] = await harness.as(gm, () => pack.getDocuments({ _id__in: ["VaultEntry000002"] }));
    expect(one!.name).toBe("Deeper");
    expect(one).not.toBe(pack.stored.get("VaultEntry000002"));
    expect((await harness.as(gm, () => pack.getDocuments({ name__ne: "Deep" }))).map((d) => d.name)).toEqual(["Deeper"]);
    const index = await harness.as(gm, () => pack.getIndex({ fields: ["flags.x.kind"] }));
    expect(index.get("VaultEntry000001")).toMatchObject({ _id: "VaultEntry000001", name: "Deep", flags: { x: { kind: "a" } } });
    expect(index.get("VaultEntry000001")).not.toHaveProperty("flags.x.n");
    expect(JSON.stringify(server.received(gm).sent)).toContain("Deeper");
    expect(server.received(bob).sent).toEqual([]);
  });

  it("sends a write to every client, unless the operation says broadcast: false", async () => {
    const { gm, alice, bob } = harness.users;
    const pack = await make();
    await harness.as(gm, () => pack.configure({ ownership: { PLAYER: "NONE" }, locked: false }));
    server.log();
    const heard: string[] = [];
    const hook = Hooks.on("createJournalEntry", () => void heard.push(game.user!.name!));
    await harness.as(gm, () => JournalEntry.implementation.createDocuments([{ name: "Loud" }] as JournalEntry.CreateData[], { pack: pack.collection }));
    expect(heard.sort()).toEqual(["Alice", "Bob", "Gamemaster"]);
    expect(JSON.stringify(server.received(bob).sent)).toContain("Loud");
    heard.length = 0;
    await harness.as(gm, () => JournalEntry.implementation.createDocuments([{ name: "Quiet" }] as JournalEntry.CreateData[], { pack: pack.collection, broadcast: false } as never));
    Hooks.off("createJournalEntry", hook);
    expect(heard).toEqual(["Gamemaster"]);
    expect(JSON.stringify(server.received(bob).sent)).not.toContain("Quiet");
  });

  it("is written only by users it makes owners, unlocked, and deleted whole by a GM", async () => {
    const { gm, alice, bob } = harness.users;
    const pack = await make();
    await expect(harness.as(gm, () => JournalEntry.implementation.createDocuments([{ name: "Locked" }] as JournalEntry.CreateData[], { pack: pack.collection }))).rejects.toThrow(/lacks permission/);
    await harness.as(gm, () => pack.configure({ locked: false }));
    await expect(harness.as(alice, () => JournalEntry.implementation.createDocuments([{ name: "Hers" }] as JournalEntry.CreateData[], { pack: pack.collection }))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(alice, () => pack.deleteCompendium())).rejects.toThrow(/lacks permission/);
    await harness.as(gm, () => pack.deleteCompendium());
    expect(game.packs!.has("world.vault")).toBe(false);
  });
});
