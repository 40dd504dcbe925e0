/**
 * The Quench batches of test/quench, run against the in-memory Foundry with a Quench stand-in:
 * they must pass, and leave the world as they found it.
 */
import type { Quench } from "@ethaks/fvtt-quench";
import { describe, expect, it } from "vitest";

import { harness } from "../harness/install";
import { QuenchStandIn } from "../harness/quench";
import { registerQuenchBatches } from "../quench";

const BATCHES = ["factions.faction-turn.sheets", "factions.faction-turn.actions", "factions.core.cards", "factions.battle.flows", "factions.operations.flows", "factions.rounds.flows"];

describe("the Quench batches", () => {
  it("are registered by the entry point on quenchReady under their keys", () => {
    const quench = new QuenchStandIn();
    Hooks.callAll("quenchReady", quench as unknown as Quench);
    expect([...quench.batches.keys()].sort()).toEqual([...BATCHES].sort());
    for (const { options } of quench.batches.values()) expect(options.displayName).toMatch(/^Factions: /);
  });

  it.each(BATCHES)("%s passes and cleans up after itself", async (key) => {
    harness.loadPack("faction-turn-assets");
    const settings = { autoApply: game.settings!.get("factions", "autoApply"), ledger: game.settings!.get("factions", "ledger") };
    const quench = new QuenchStandIn();
    registerQuenchBatches(); // the entry point's own listener was used up by the first test (quenchReady fires once)
    Hooks.callAll("quenchReady", quench as unknown as Quench);
    const result = await quench.runBatch(key);
    await harness.settle();
    expect(result.failed.map((f) => `${f.title}: ${f.error instanceof Error ? f.error.stack : String(f.error)}`)).toEqual([]);
    expect(result.skipped).toEqual([]);
    expect(result.passed.length).toBeGreaterThan(0);
    expect(game.actors!.size).toBe(0);
    expect(game.messages!.size).toBe(0);
    expect(game.settings!.get("factions", "autoApply")).toBe(settings.autoApply);
    expect(game.settings!.get("factions", "ledger")).toEqual(settings.ledger);
  });

  it("skips every test for a player", async () => {
    const quench = new QuenchStandIn();
    registerQuenchBatches(); // the entry point's own listener was used up by the first test (quenchReady fires once)
    Hooks.callAll("quenchReady", quench as unknown as Quench);
    const result = await harness.as(harness.users.alice, () => quench.runBatch("factions.core.cards"));
    expect(result.passed).toEqual([]);
    expect(result.failed).toEqual([]);
    expect(result.skipped.length).toBeGreaterThan(0);
  });
});
