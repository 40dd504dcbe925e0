/**
 * Quench batch `factions.core.migrations`: a tiny first-release world, made in this one, migrated as
 * a GM's first start does (`migrateWorld` from the first release's schema version).
 * - The first release's store: an action card that kept its own record (`system.status` "applied",
 *   `applied`, `appliedBy`), and the chronicle as the world setting `factions.chronicle`, with the
 *   card's line and the line of a card long deleted from the chat log.
 * - After the migration nothing is lost: the card's record holds exactly what the card said it
 *   wrote, applied by whom it said; the deleted card's line is a record of its own, archived; the
 *   chronicle reads both back; the old setting is emptied; the card no longer holds its record.
 * - A second run changes nothing; undo of the migrated card restores what the card said it wrote.
 * The world's settings are restored after (its schema version too).
 */
import { actionDefinition } from "../../src/core/actions/definition";
import { undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { migrateWorld, SCHEMA_VERSION } from "../../src/core/migrations";
import type { LegacyEntry } from "../../src/core/migrations/records";
import { loadRecord } from "../../src/core/records/pack";
import type { Change } from "../../src/core/rules/changes";
import type { Outcome } from "../../src/core/rules/outcome";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { started } from "./scratch";
import { defineBatch, getSetting, setSetting, type Context, type Assert } from "./support";

/** The first release's schema version. */
const FIRST = 1;
const SETTINGS = ["chronicle", "ledger", "gmRecords", "schemaVersion"] as const;

export function migrationsBatch(context: Context): void {
  defineBatch(context, "migrating a first-release world", { rulesets: ["factionTurn"] }, (batch) => {
    const { describe, it, before } = context;
    const assert: Assert = batch.assert;
    const saved = new Map<string, unknown>();
    let red: Actor.Implementation | null = null;
    let card: ActionMessage | null = null;
    let applied: Change[] = [];
    let gone: LegacyEntry | null = null;
    const appliedBy = { user: "", time: Date.now() - 60_000 };

    before(async () => {
      for (const key of SETTINGS) saved.set(key, getSetting(key));
      red = batch.made(
        (await Actor.implementation.create({ name: "Quench Old Red", type: "faction", system: { force: 4, wealth: 3, cunning: 3, hp: { value: 10, override: null }, treasure: 5, turn: started } } as Actor.CreateData)) as Actor.Implementation,
      );
      // The card as the first release kept it: its outcome (the rule's own), and its own record of being applied.
      const choice = { faction: red.uuid, fixes: {}, healFaction: true };
      const result = actionDefinition(ACTIONS.repair)!.resolve(choice, { dice: { roll: () => 1 }, newId: () => foundry.utils.randomID() });
      if (!result.ok) throw new Error(`the rule refused the old card's choice: ${result.reason.key}`);
      const outcome = result.value as Outcome;
      applied = outcome.changes;
      // The world as the first release left it after the apply.
      for (const change of applied) if (change.op === "update" && change.ref.actor === red.uuid) await red.update({ [change.path]: change.to } as Actor.UpdateData);
      appliedBy.user = game.user!.id!;
      card = (await ChatMessage.implementation.create({
        type: "action",
        speaker: { alias: red.name, actor: red.id },
        system: { action: ACTIONS.repair, actor: red.uuid, choice, outcome, formulas: [], ids: [], secrets: [], round: 1, status: "applied", applied, appliedBy, undoneBy: null },
      } as unknown as ChatMessage.CreateData)) as unknown as ActionMessage;
      batch.own(card.id!);
      const line = (id: string, action: string): LegacyEntry => ({ id, time: appliedBy.time, round: 1, actor: red!.uuid, actorName: red!.name, action, status: "applied", log: outcome.log });
      gone = line(foundry.utils.randomID(), ACTIONS.sell);
      batch.own(gone.id);
      const chronicle = (getSetting("chronicle") as LegacyEntry[] | undefined) ?? [];
      await setSetting("chronicle", [...chronicle, line(card.id!, ACTIONS.repair), gone]);
      await setSetting("schemaVersion", FIRST);
      batch.cleanup(async () => {
        for (const key of SETTINGS) await setSetting(key, saved.get(key));
      });
    });

    /** What the migration wrote for the batch's two lines, and the card as stored. */
    const written = async () => ({
      records: await Promise.all([card!.id!, gone!.id].map(loadRecord)),
      card: (card!.toObject() as { system: unknown }).system,
    });

    describe("a first-release card and chronicle", () => {
      it("are migrated with nothing lost: the card's record, the deleted card's line, the chronicle", async () => {
        assert.deepEqual((card!.system as unknown as { legacy: { status: string } | null }).legacy?.status, "applied", "the card holds its first-release record until migrated");
        await migrateWorld();
        assert.equal(getSetting("schemaVersion"), SCHEMA_VERSION);
        const record = await loadRecord(card!.id!);
        assert.equal(record?.status, "applied");
        assert.deepEqual(record?.changes, applied, "the record holds exactly what the card said it wrote");
        assert.deepEqual(record?.done, appliedBy);
        assert.isNull((card!.system as unknown as { legacy: unknown }).legacy, "the card no longer holds its record");
        assert.equal(card!.system.status, "applied");
        const old = await loadRecord(gone!.id);
        assert.equal(old?.status, "applied");
        assert.isTrue(old?.archived, "a line without its card cannot be undone");
        assert.deepEqual(old?.outcome?.log, gone!.log);
        const lines = new Map((await api.chronicle.entries()).map((e) => [e.id, e]));
        for (const [id, action] of [[card!.id!, ACTIONS.repair], [gone!.id, ACTIONS.sell]] as const) {
          const line = lines.get(id);
          assert.ok(line, `the chronicle reads back ${action}`);
          assert.deepEqual({ status: line!.status, round: line!.round, actorName: line!.actorName, log: line!.log }, { status: "applied", round: 1, actorName: red!.name, log: gone!.log });
        }
        assert.deepEqual(getSetting("chronicle"), [], "the first release's chronicle setting is emptied");
      });

      it("a second run changes nothing", async () => {
        const before = await written();
        const count = game.journal!.size;
        await setSetting("schemaVersion", FIRST);
        await migrateWorld();
        assert.deepEqual(await written(), before);
        assert.equal(game.journal!.size, count);
      });

      it("undoes the migrated card from what the card said it wrote", async () => {
        assert.isTrue(await undoMessage(card!));
        assert.equal((await loadRecord(card!.id!))?.status, "undone");
        for (const change of applied) if (change.op === "update") assert.deepEqual(foundry.utils.getProperty(red!.toObject(), change.path), change.from, change.path);
      });
    });
  });
}
