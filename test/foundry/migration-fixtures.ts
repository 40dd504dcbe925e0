/**
 * Worlds earlier releases saved (test/fixtures), opened by a GM of this release: loaded as Foundry
 * loads a world, migrated on `ready`, then kept by the GM's client.
 */
import path from "node:path";
import { migrateWorld } from "../../src/core/migrations";
import type { LedgerRecord } from "../../src/core/migrations/records";
import { ROOT } from "../harness/handlebars";
import { harness } from "../harness/install";
import { loadSavedWorld, readSavedWorld } from "../harness/saved-world";

const fixture = (name: string) => readSavedWorld(path.join(ROOT, "test", "fixtures", name));

/** Release 0.1.0's world: 1,433 records in the ledger setting, 119 documents' GM fields. */
export const saved = fixture("saved-world-0.1.0.json.gz");
export const ledger = saved.settings["factions.ledger"] as Record<string, LedgerRecord>;

/** The first release's world: each card's record on the card, the chronicle in a setting, a third of the cards deleted. */
export const savedFirst = fixture("saved-world-first.json.gz");

/**
 * The GM opens a saved world (already loaded, if `loaded`): the migration on `ready`, then the GM's
 * client starts keeping.
 */
export async function openMigratedWorld({ loaded = false, world = saved } = {}): Promise<{ ledger: Record<string, LedgerRecord> }> {
  if (!loaded) loadSavedWorld(world);
  await harness.as(harness.users.gm, () => migrateWorld());
  harness.setGMConnected(false);
  await harness.as(harness.users.gm, () => harness.setGMConnected(true));
  await harness.settle();
  return { ledger };
}

/** The ids of the unnoticed actions `user` was not told of. */
export function unnoticedOf(records: Record<string, LedgerRecord>, user: string): string[] {
  return Object.values(records)
    .filter((r) => r.audience !== null && !r.audience.includes(user))
    .map((r) => r.id);
}

/**
 * The Stealth names `user` may never read: names of assets of actors they do not own (as the
 * world's ownership is now) that are secret in every record that names them (another faction's
 * asset may bear the same name in the open).
 */
export function secretNamesOf(records: Record<string, LedgerRecord>, user: string): string[] {
  const player = game.users!.get(user)!;
  const owned = (uuid: string) => !!(foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as Actor.Implementation | null)?.testUserPermission(player, "OWNER");
  const hiddenIn = (r: LedgerRecord) => new Set(r.secrets.filter((s) => !owned(s.actor)).flatMap((s) => s.names));
  const candidates = new Set(Object.values(records).flatMap((r) => [...hiddenIn(r)]));
  for (const r of Object.values(records)) {
    const text = JSON.stringify(r.outcome);
    const hidden = hiddenIn(r);
    for (const name of candidates) if (!hidden.has(name) && text.includes(name)) candidates.delete(name);
  }
  return [...candidates];
}
