/**
 * A world saved by release 0.1.0 (test/fixtures/saved-world-0.1.0.json.gz: 1,433 records across the
 * five rulesets, 119 documents' GM fields, one of them written by a player while no GM was
 * connected) opens in this release with nothing lost: on the GM's first start its ledger and GM
 * records move into the GMs' compendium, each card given its ruling, the old settings are
 * emptied, and undo works.
 */
import { describe, expect, it } from "vitest";
import { undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { SCHEMA_VERSION } from "../../src/core/migrations";
import { migrateSettingsToRecords, type LedgerRecord } from "../../src/core/migrations/records";
import { recordViewOf } from "../../src/core/chat/action-message";
import type { Change } from "../../src/core/rules/changes";
import { HeroData } from "../../src/rulesets/rounds/data/hero";
import { harness } from "../harness/install";
import { loadSavedWorld } from "../harness/saved-world";
import { snapshot, t, warnings } from "../harness/world";
import { ledger, openMigratedWorld, saved } from "./migration-fixtures";
import { gmRecord, keptOf, recordsPack } from "./record-fixtures";

const gmRecords = saved.settings["factions.gmRecords"] as Record<string, Record<string, unknown>>;
const tampered = saved.notes.tamperedGMField as { uuid: string; field: string; gmValue: unknown; playerValue: unknown; player: string };
const gmOpens = openMigratedWorld;

/** How many documents the GMs' compendium holds. */
const recordEntries = () => recordsPack()?.stored.size ?? 0;

describe("a world saved by release 0.1.0", () => {
  it("keeps every record, exactly, where only a GM reads it; the old settings are emptied; the world holds no record", async () => {
    expect(Object.keys(ledger).length).toBeGreaterThanOrEqual(1000);
    await gmOpens();
    expect(game.settings!.get("factions", "schemaVersion")).toBe(SCHEMA_VERSION);
    // A hero's uses, kept in undo data as release 0.1.0 stored them, are in today's shape (one record per step).
    const uses = (value: unknown) => HeroData.migrateData({ used: structuredClone(value) }).used;
    const upgraded = (changes: Change[]) => changes.map((c) => (c.op === "update" && c.path === "system.used" ? { ...c, from: uses(c.from), to: uses(c.to) } : c));
    expect(Object.values(ledger).some((r) => r.changes.some((c) => c.op === "update" && c.path === "system.used"))).toBe(true);
    for (const old of Object.values(ledger)) expect(await gmRecord(old.id)).toEqual({ ...old, changes: upgraded(old.changes), archived: false });
    expect(game.journal!.size).toBe(8);
    expect(game.settings!.get("factions", "ledger")).toEqual({});
    expect(game.settings!.get("factions", "gmRecords")).toEqual({});
    // A player reads what each card needs in its ruling, and never the record itself.
    const any = Object.values(ledger).find((r) => r.audience === null && r.status === "applied" && game.messages!.has(r.id))!;
    await expect(harness.as(harness.users.bob, () => recordsPack()!.getDocuments())).rejects.toThrow(/lacks permission/);
    expect(await harness.as(harness.users.bob, () => recordViewOf(any.id)?.status)).toBe("applied");
  });

  it("shows each player the chronicle they may read: the unnoticed actions of others left out", async () => {
    await gmOpens();
    const ids = async (user: typeof harness.users.gm) => new Set((await harness.as(user, () => api.chronicle.entries())).map((e) => e.id));
    const shown = Object.values(ledger).filter((r) => r.status !== "answered");
    expect((await ids(harness.users.gm)).size).toBe(shown.length);
    for (const user of [harness.users.alice, harness.users.bob]) {
      const mine = await ids(user);
      const unnoticed = shown.filter((r) => r.audience !== null);
      expect(unnoticed.length).toBeGreaterThan(0);
      for (const r of unnoticed) expect(mine.has(r.id)).toBe(r.audience!.includes(user.id!));
      expect(mine.size).toBe(shown.filter((r) => r.audience === null || r.audience.includes(user.id!)).length);
    }
  });

  it("keeps the GM fields, and puts back the one a player wrote while no GM was connected", async () => {
    loadSavedWorld(saved);
    const doc = foundry.utils.fromUuidSync(tampered.uuid as `Actor.${string}`) as Actor.Implementation;
    const field = tampered.field.replace(/^system\./, "");
    expect((doc._source.system as Record<string, unknown>)[field]).toEqual(tampered.playerValue);
    await gmOpens({ loaded: true });
    expect((doc._source.system as Record<string, unknown>)[field]).toEqual(tampered.gmValue);
    expect(warnings(harness.users.gm)).toContain(t("FACTIONS.Action.Error.RecordPutBack", { user: "Alice", document: doc.name! }));
    // Every document's GM fields are kept, as the GM left them after the migration.
    for (const uuid of Object.keys(gmRecords)) {
      const kept = foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as { _source: { system: Record<string, unknown> } } | null;
      if (!kept) continue;
      const fields = await keptOf(uuid);
      expect(fields, uuid).not.toBeNull();
      for (const [k, v] of Object.entries(fields!)) if (!k.startsWith("@")) expect(v, `${uuid} ${k}`).toEqual(kept._source.system[k]);
    }
  });

  it("undoes after the migration what the record says was written; a second run changes nothing", async () => {
    await gmOpens();
    const count = recordEntries();
    // The last applied card of each ruleset: the world still holds what it wrote. Skirmish budgets moved
    // from each combatant into its encounter: a card of 0.1.0 that changed one is refused, changing
    // nothing; the last that changed anything else undoes.
    const budgets = (r: LedgerRecord) => r.changes.some((c) => c.op === "update" && c.path.startsWith("system.budgets"));
    const last = (ruleset: string, also: (r: LedgerRecord) => boolean = () => true) =>
      Object.values(ledger)
        .filter((r) => r.status === "applied" && r.action.startsWith(`${ruleset}.`) && r.changes.length && also(r))
        .sort((a, b) => b.done.time - a.done.time)[0]!;
    const undo = (r: LedgerRecord) => harness.as(harness.users.gm, () => undoMessage(game.messages!.get(r.id) as ActionMessage));
    for (const r of [...["faction-turn", "operations", "battle", "rounds"].map((rs) => last(rs)), last("skirmish", (r) => !budgets(r))]) {
      expect(await undo(r), r.action).toBe(true);
      expect((await gmRecord(r.id))?.status).toBe("undone");
    }
    const spent = last("skirmish", budgets);
    const before = snapshot();
    harness.notifications.clear();
    expect(await undo(spent)).toBe(false);
    expect(warnings(harness.users.gm)).toEqual([t("FACTIONS.Action.Error.Stale")]);
    expect(snapshot()).toEqual(before);
    harness.database.resetWrites();
    await harness.as(harness.users.gm, () => migrateSettingsToRecords());
    expect(harness.database.writes.operations).toBe(0);
    expect(recordEntries()).toBe(count);
  });
});
