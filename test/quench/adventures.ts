/**
 * Quench batch `factions.adventures.import`: in an empty world, each Adventure of the system's
 * *Ready to Play* compendium is imported by the GM. Its documents arrive with their ids, its
 * quick-start links and the samples' own references hold, and a Battle realm's deck, hand and pile
 * are world card stacks; the GM's *Hand out the sides* window opens after the import (v13's
 * `importAdventure` hook on the importing client, the Adventure's `pack` naming the system's
 * compendium). Everything imported is deleted afterwards. In a world that already holds
 * some of an Adventure's documents its test fails, saying so (run it in an empty world): importing
 * over them would change the GM's own documents, and deleting them after would lose them.
 */
import { openWelcome, WELCOME_UUID } from "../../src/core/welcome";
import { defineBatch, until, type Context, type Assert } from "./support";

const PACK = "factions.adventures";
/** The content fields of an Adventure and their world collections. */
const CONTENT: Record<string, string> = { folders: "Folder", actors: "Actor", items: "Item", journal: "JournalEntry", scenes: "Scene", tables: "RollTable", cards: "Cards" };

type Held = { _id: string; name: string; type?: string; system?: Record<string, unknown>; pages?: { text?: { content?: string } }[] };

const collectionOf = (name: string) => game.collections?.get(name as "Actor") as { has(id: string): boolean } | undefined;

export function adventuresBatch(context: Context): void {
  defineBatch(context, "Adventures", { rulesets: ["factionTurn", "operations", "battle", "skirmish", "rounds"], timeout: 120_000 }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const pack = game.packs?.get(PACK);
    const entries = pack ? [...pack.index].map((e) => ({ id: e._id as string, name: String(e.name) })) : [];
    const imported: { delete(): Promise<unknown>; documentName: string }[] = [];

    batch.cleanup(async () => {
      // Folders last: the documents inside them first.
      const order = (d: { documentName: string }) => (d.documentName === "Folder" ? 1 : 0);
      for (const doc of imported.sort((a, b) => order(a) - order(b))) await doc.delete().catch(() => undefined);
    });

    describe("the Ready to Play Adventures", () => {
      it("are one per ruleset", () => {
        assert.ok(pack, `the compendium ${PACK} is missing`);
        assert.strictEqual(entries.length, 5);
      });

      it("the welcome journal opens from the system's compendium (as on a world's first start), linking each of them", async () => {
        const entry = await fromUuid(WELCOME_UUID);
        assert.instanceOf(entry, JournalEntry, `${WELCOME_UUID} is the welcome journal`);
        const sheet = (entry as JournalEntry.Implementation).sheet!;
        await openWelcome();
        await until(() => sheet.rendered, 5000, "the welcome journal's sheet to open");
        const text = JSON.stringify((entry as JournalEntry.Implementation).pages.contents.map((p) => p.text?.content ?? ""));
        for (const e of entries) assert.include(text, `Compendium.${PACK}.Adventure.${e.id}`, `the welcome links ${e.name}`);
        await sheet.close();
      });

      for (const entry of entries) {
        it(`${entry.name}: imports with its ids kept and its links holding`, async () => {
          const adventure = (await pack!.getDocument(entry.id)) as Adventure.Implementation;
          const source = adventure.toObject() as unknown as Record<string, Held[]>;
          const already = Object.entries(CONTENT).flatMap(([field, name]) => (source[field] ?? []).filter((d) => collectionOf(name)?.has(d._id)).map((d) => `${name} ${d.name}`));
          assert.isEmpty(already, `this world already holds documents of the Adventure (${already.slice(0, 3).join(", ")}${already.length > 3 ? "…" : ""}): run this batch in an empty world`);
          document.querySelector("#factions-sides")?.closest(".application")?.querySelector<HTMLButtonElement>('[data-action="close"]')?.click();
          const result = await adventure.import({ dialog: false });
          await until(() => !!document.querySelector("#factions-sides select[data-side-row]"), 5000, "the Hand out the sides window to open with the Adventure's sides");
          for (const docs of Object.values(result?.created ?? {})) imported.push(...(docs as unknown as { delete(): Promise<unknown>; documentName: string }[]));
          for (const [field, name] of Object.entries(CONTENT)) {
            for (const d of source[field] ?? []) assert.isTrue(collectionOf(name)?.has(d._id), `${name} ${d.name} is in the world with its id`);
          }
          const links = (source.journal ?? []).flatMap((j) => (j.pages ?? []).flatMap((p) => [...(p.text?.content ?? "").matchAll(/@UUID\[([^\]]+)\]/g)].map((m) => m[1]!)));
          for (const link of links) assert.isNotNull(foundry.utils.fromUuidSync(link as `Actor.${string}`, { strict: false }), link);
          for (const actor of source.actors ?? []) {
            for (const ref of JSON.stringify(actor.system ?? {}).match(/"Actor\.[A-Za-z0-9]{16}"/g) ?? []) {
              assert.isNotNull(foundry.utils.fromUuidSync(JSON.parse(ref) as `Actor.${string}`, { strict: false }), `${actor.name}: ${ref}`);
            }
            const decks = actor.type === "realm" ? (actor.system?.decks as Record<string, string>) : null;
            for (const id of Object.values(decks ?? {})) assert.isTrue(game.cards?.has(id), `${actor.name}'s card stack ${id}`);
          }
        });
      }
    });
  });
}
