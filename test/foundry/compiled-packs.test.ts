/**
 * Every compiled pack in dist/packs (written by `npm run build`, which `npm test` runs first) is
 * read back with the official CLI and each document is created in the harness world, where the
 * system's data models validate it as Foundry would: a document the build silently broke fails here.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CharacterCardData } from "../../src/rulesets/battle/data/card";
import { CompendiumCollection } from "../harness/documents";
import type { Adventure } from "../harness/adventures";
import systemJson from "../../system.json";

const root = path.resolve(__dirname, "../..");

interface PackDoc {
  _id: string;
  name: string;
  type?: string;
  system?: object;
  items?: PackDoc[];
  pages?: { name: string; type: string; text?: { content?: string } }[];
  cards?: PackDoc[];
  results?: { range: number[] }[];
  regions?: { behaviors?: object[] }[];
}

async function readBack(name: string): Promise<PackDoc[]> {
  const compiled = path.join(root, "dist", "packs", name);
  if (!fs.existsSync(compiled)) throw new Error(`${compiled} is missing: run npm run build first`);
  process.env.XDG_DATA_HOME ??= path.join(root, ".cache");
  const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
  const out = fs.mkdtempSync(path.join(os.tmpdir(), `factions-${name}-`));
  try {
    await extractPack(compiled, out, { log: false });
    return fs.readdirSync(out).map((f) => JSON.parse(fs.readFileSync(path.join(out, f), "utf8")) as PackDoc);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

const sources = (name: string) => fs.readdirSync(path.join(root, "packs", name)).filter((f) => f.endsWith(".json")).length;

describe("the compiled packs", () => {
  for (const pack of systemJson.packs) {
    it(`${pack.name}: every source document is in the compiled pack and valid against its data model`, async () => {
      const docs = await readBack(pack.name);
      expect(docs).toHaveLength(sources(pack.name));
      for (const doc of docs) {
        if (pack.type === "Item") {
          const item = await Item.create(doc as Item.CreateData, { keepId: true });
          expect(item?.type).toBe(doc.type);
          expect(item?.toObject().system).toEqual(doc.system);
        } else if (pack.type === "Actor") {
          const actor = await Actor.create(doc as Actor.CreateData, { keepId: true });
          expect(actor?.items.size).toBe(doc.items?.length ?? 0);
          expect(actor?.toObject().system).toEqual(doc.system);
          for (const item of doc.items ?? []) expect(actor?.items.get(item._id)?.toObject().system).toEqual(item.system);
        } else if (pack.type === "Cards") {
          // The harness has no Cards documents: each card's system goes through its type's data model.
          expect(doc.cards?.length).toBeGreaterThan(0);
          for (const card of doc.cards ?? []) {
            expect(card.type, card.name).toBe("character");
            expect(new CharacterCardData(card.system as never).toObject(), card.name).toEqual(card.system);
          }
        } else if (pack.type === "RollTable") {
          const table = (await RollTable.create(doc as RollTable.CreateData, { keepId: true })) as RollTable.Implementation | undefined;
          expect(table?.results.size).toBe(doc.results?.length ?? 0);
          expect(table?.results.contents.map((r) => r.range)).toEqual(doc.results?.map((r) => r.range));
        } else if (pack.type === "Scene") {
          // Scenes with their regions and the regions' behaviors, each behavior's system through its type's model.
          const scene = (await Scene.create(doc as unknown as Scene.CreateData, { keepId: true })) as unknown as { regions: { contents: { behaviors: { size: number } }[] } };
          expect(scene.regions.contents.length).toBe(doc.regions?.length ?? 0);
          for (const [i, region] of (doc.regions ?? []).entries()) expect(scene.regions.contents[i]?.behaviors.size).toBe(region.behaviors?.length ?? 0);
        } else if (pack.type === "Adventure") {
          // Read back as Foundry loads it (its documents validated), then imported by the GM: every document arrives.
          const compendium = new CompendiumCollection({ id: `factions.${pack.name}`, name: pack.name, label: pack.label, type: "Adventure", packageName: "factions", ownership: {} });
          compendium.load([doc as unknown as Record<string, unknown>]);
          const adventure = compendium.get(doc._id) as unknown as Adventure;
          const result = await adventure.import();
          const held = doc as unknown as Record<string, { _id: string }[]>;
          const expected: Record<string, number> = { Actor: held.actors!.length, Scene: held.scenes!.length, JournalEntry: held.journal!.length, Folder: held.folders!.length };
          for (const [name, count] of Object.entries(expected)) expect(result?.created[name]?.length, `${doc.name}: ${name}`).toBe(count);
        } else {
          expect(pack.type).toBe("JournalEntry");
          expect(doc.pages?.length).toBeGreaterThan(0);
          for (const page of doc.pages ?? []) expect(page.text?.content?.length ?? 0).toBeGreaterThan(100);
        }
      }
    });
  }
});
