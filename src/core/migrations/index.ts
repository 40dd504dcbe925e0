import { SYSTEM_ID } from "../constants";

/** The schema version of this release's data. Raise it with each migration step. */
export const SCHEMA_VERSION = 4;

/** A step's changes to one document's source, or null if it has nothing to change. */
export type MigrationStep = {
  version: number;
  actor?: (source: Record<string, unknown>) => Record<string, unknown> | null;
  item?: (source: Record<string, unknown>) => Record<string, unknown> | null;
  /** A step that needs the whole world (run by the GM after the document steps). */
  world?: () => Promise<void>;
};

/**
 * Steps in version order. Version 1 is the first release. Version 2 moves what applied and
 * undone cards said of themselves into the GM's records; version 3 moves the second release's
 * world settings (the ledger, the GM fields, the first release's chronicle) there too; version 4
 * moves the third release's records, kept as journal entries of the world, into the GMs'
 * compendium. Renames within one document type belong in the data model's `migrateData`; steps
 * here are for changes that need the world.
 */
export const STEPS: MigrationStep[] = [
  { version: 1 },
  // Loaded only when a world needs them: a world of this release never downloads them.
  { version: 2, world: async () => (await import("./records")).migrateLegacyCards() },
  { version: 3, world: async () => (await import("./records")).migrateSettingsToRecords() },
  { version: 4, world: async () => (await import("./journal")).migrateJournalRecords() },
];

/** World steps a ruleset adds to a version (the core never imports a ruleset): run after the core's own. */
const rulesetSteps: { version: number; world: () => Promise<void> }[] = [];

/** A ruleset's step of the migration to `version` (at `init`): what its own stored data needs. */
export function onMigration(version: number, world: () => Promise<void>): void {
  rulesetSteps.push({ version, world });
}

/** The updates a world stored at `from` needs, per document, to reach `SCHEMA_VERSION`. */
export function plan(from: number, actors: Record<string, unknown>[], steps: readonly MigrationStep[] = STEPS) {
  const due = steps.filter((s) => s.version > from && s.version <= SCHEMA_VERSION);
  const updates: { kind: "actor" | "item"; id: string; parent?: string; update: Record<string, unknown> }[] = [];
  for (const actor of actors) {
    const id = String(actor._id);
    for (const step of due) {
      const update = step.actor?.(actor);
      if (update) updates.push({ kind: "actor", id, update });
      for (const item of (actor.items as Record<string, unknown>[] | undefined) ?? []) {
        const itemUpdate = step.item?.(item);
        if (itemUpdate) updates.push({ kind: "item", id: String(item._id), parent: id, update: itemUpdate });
      }
    }
  }
  return updates;
}

/** Run on `ready` by the GM: bring stored data up to this release, then record the version. */
export async function migrateWorld(): Promise<void> {
  if (!game.user?.isGM) return;
  const from = game.settings!.get(SYSTEM_ID, "schemaVersion");
  if (from >= SCHEMA_VERSION) return;
  const actors = game.actors?.contents ?? [];
  for (const u of plan(from, actors.map((a) => a.toObject() as unknown as Record<string, unknown>))) {
    const actor = game.actors!.get(u.parent ?? u.id);
    if (!actor) continue;
    if (u.kind === "actor") await actor.update(u.update);
    else await actor.updateEmbeddedDocuments("Item", [{ _id: u.id, ...u.update }]);
  }
  for (const step of STEPS) {
    if (step.version <= from || step.version > SCHEMA_VERSION) continue;
    await step.world?.();
    for (const own of rulesetSteps) if (own.version === step.version) await own.world();
  }
  await game.settings!.set(SYSTEM_ID, "schemaVersion", SCHEMA_VERSION);
}
