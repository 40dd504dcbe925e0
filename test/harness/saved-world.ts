/**
 * A world as a release saved it (test/fixtures), loaded the way Foundry loads a world from disk:
 * every document from its stored source, as it is (its `_stats` too), with no creation hooks; the
 * world settings as stored. The system then starts on it as it would at `ready`.
 */
import fs from "node:fs";
import zlib from "node:zlib";
import type { ClientDocument, Setting, WorldCollection } from "./documents";
import { harness } from "./install";
import { randomID, resetIds, type AnyObject } from "./utils";

/** A saved world: each collection's sources, the world settings of the system, notes on what it holds. */
export interface SavedWorld {
  release: string;
  commit: string;
  users: AnyObject[];
  settings: Record<string, unknown>;
  notes: AnyObject;
  [collection: string]: unknown;
}

/** The dump's arrays, in the order a world's documents can refer to each other. */
const COLLECTIONS: [field: string, document: string][] = [
  ["folders", "Folder"],
  ["actors", "Actor"],
  ["items", "Item"],
  ["scenes", "Scene"],
  ["journal", "JournalEntry"],
  ["cards", "Cards"],
  ["tables", "RollTable"],
  ["combats", "Combat"],
  ["messages", "ChatMessage"],
];

export function readSavedWorld(file: string): SavedWorld {
  return JSON.parse(zlib.gunzipSync(fs.readFileSync(file)).toString("utf8")) as SavedWorld;
}

/** Load `saved` into the (empty) world of the harness. Its users must be the harness's own. */
export function loadSavedWorld(saved: SavedWorld): void {
  const game = harness.game;
  for (const user of saved.users) {
    if (!game.users.has(String(user._id))) throw new Error(`the saved world's user ${String(user.name)} is not one of the harness's`);
  }
  const loaded: ClientDocument[] = [];
  const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { documentClass: new (data: AnyObject) => ClientDocument }> }).CONFIG;
  for (const [field, name] of COLLECTIONS) {
    const collection = game.collections.get(name) as WorldCollection<ClientDocument>;
    for (const source of (saved[field] as AnyObject[] | undefined) ?? []) {
      const doc = new CONFIG[name]!.documentClass(structuredClone(source));
      collection.set(doc.id!, doc);
      loaded.push(doc);
    }
  }
  // Prepared again once all are there, so each finds the documents it names (its folder, its actor).
  for (const doc of loaded) doc.reset();
  const SettingClass = CONFIG.Setting!.documentClass as unknown as new (data: AnyObject) => Setting;
  for (const [key, value] of Object.entries(saved.settings)) {
    const setting = new SettingClass({ _id: randomID(), key, value: JSON.stringify(value) });
    game.settings.world.set(setting.id!, setting);
  }
  // The saved world's ids came from the harness's own seeded ids: new documents take ids of another seed.
  resetIds(0x5eed_0000 + loaded.length);
}
