/**
 * The Quench batches of test/quench, run against the in-memory Foundry with a Quench stand-in:
 * they must pass, and leave the world as they found it.
 */
import type { Quench } from "@ethaks/fvtt-quench";
import { describe, expect, it, vi } from "vitest";

import { harness } from "../harness/install";
import { QuenchStandIn } from "../harness/quench";
import { registerQuenchBatches } from "../quench";

const BATCHES = [
  "factions.faction-turn.sheets",
  "factions.faction-turn.actions",
  "factions.core.cards",
  "factions.core.trust",
  "factions.battle.flows",
  "factions.operations.flows",
  "factions.skirmish.flows",
  "factions.rounds.flows",
  "factions.core.statuses",
  "factions.adventures.import",
];

describe("the Quench batches", () => {
  it("are registered by the entry point on quenchReady under their keys (loaded then, not before)", async () => {
    const quench = new QuenchStandIn();
    Hooks.callAll("quenchReady", quench as unknown as Quench);
    // The entry point imports the batches when Quench announces itself: they arrive a moment later.
    await vi.waitFor(() => expect(quench.batches.size).toBe(BATCHES.length));
    expect([...quench.batches.keys()].sort()).toEqual([...BATCHES].sort());
    for (const { options } of quench.batches.values()) expect(options.displayName).toMatch(/^Factions: /);
  });

  it.each(BATCHES)("%s passes and cleans up after itself", async (key) => {
    harness.loadPack("faction-turn-assets");
    harness.loadPack("skirmish-tables");
    harness.loadPack("adventures");
    const settings = { autoApply: game.settings!.get("factions", "autoApply") };
    const quench = new QuenchStandIn();
    registerQuenchBatches(quench as unknown as Quench); // the entry point's own listener was used up by the first test (quenchReady fires once)
    const result = await quench.runBatch(key);
    await harness.settle();
    expect(result.failed.map((f) => `${f.title}: ${f.error instanceof Error ? f.error.stack : String(f.error)}`)).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.passed.length).toBeGreaterThan(0);
    expect(game.actors!.size).toBe(0);
    expect(game.messages!.size).toBe(0);
    for (const name of ["Item", "Scene", "JournalEntry", "Folder", "Cards", "RollTable", "Combat"]) expect(harness.game.collections.get(name)!.size, name).toBe(0);
    expect(game.settings!.get("factions", "autoApply")).toBe(settings.autoApply);
  });

  it("skips every test for a player", async () => {
    const quench = new QuenchStandIn();
    registerQuenchBatches(quench as unknown as Quench); // the entry point's own listener was used up by the first test (quenchReady fires once)
    const result = await harness.as(harness.users.alice, () => quench.runBatch("factions.core.cards"));
    expect(result.passed).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(result.skipped.length).toBeGreaterThan(0);
  });
});
