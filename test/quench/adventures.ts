/**
 * Quench batch `factions.adventures.import`: in a live world, each Adventure of the system's
 * *Ready to Play* compendium is imported by the GM (unless some of its documents are already in
 * the world: then it is skipped, and the world is left alone). Its documents arrive with their
 * ids, its quick-start links and the samples' own references hold, and a Battle realm's deck, hand
 * and pile are world card stacks. Everything imported is deleted afterwards.
 */
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { removeEmptyRecordsFolder } from "./cleanup";

const PACK = "factions.adventures";
/** The content fields of an Adventure and their world collections. */
const CONTENT: Record<string, string> = { folders: "Folder", actors: "Actor", items: "Item", journal: "JournalEntry", scenes: "Scene", tables: "RollTable", cards: "Cards" };

type Held = { _id: string; name: string; type?: string; system?: Record<string, unknown>; pages?: { text?: { content?: string } }[] };

const collectionOf = (name: string) => game.collections?.get(name as "Actor") as { has(id: string): boolean } | undefined;

export function adventuresBatch(context: QuenchBatchContext): void {
  const { describe, it, before, after } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const pack = game.packs?.get(PACK);
  const entries = pack ? [...pack.index].map((e) => ({ id: e._id as string, name: String(e.name) })) : [];
  const imported: { delete(): Promise<unknown>; documentName: string }[] = [];

  before(function (this: { skip(): never }) {
    if (!game.user?.isGM || !pack) this.skip();
  });
  after(async () => {
    // Folders last: the documents inside them first.
    const order = (d: { documentName: string }) => (d.documentName === "Folder" ? 1 : 0);
    for (const doc of imported.sort((a, b) => order(a) - order(b))) await doc.delete().catch(() => undefined);
    await removeEmptyRecordsFolder();
  });

  describe("the Ready to Play Adventures", () => {
    it("are one per ruleset", () => {
      assert.strictEqual(entries.length, 5);
    });

    for (const entry of entries) {
      it(`${entry.name}: imports with its ids kept and its links holding`, async function (this: { skip(): never }) {
        const adventure = (await pack!.getDocument(entry.id)) as Adventure.Implementation;
        const source = adventure.toObject() as unknown as Record<string, Held[]>;
        const already = Object.entries(CONTENT).some(([field, name]) => (source[field] ?? []).some((d) => collectionOf(name)?.has(d._id)));
        if (already) this.skip();
        const result = await adventure.import({ dialog: false });
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
}
