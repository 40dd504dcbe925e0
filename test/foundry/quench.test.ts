/**
 * The Quench batches of test/quench, run against the in-memory Foundry with a Quench stand-in
 * (test/harness/quench.ts): each must pass on the GM's client (the harness's players, Alice and
 * Bob, are connected, and a test query on a player runs on that player's client), and leave the
 * world as it found it: no document or message left, every setting of the system as it was, the
 * test queries off.
 */
import type { Quench } from "@ethaks/fvtt-quench";
import { beforeEach, describe, expect, it, vi } from "vitest";

import { ROLES, User as HarnessUser } from "../harness/documents";
import { harness } from "../harness/install";
import { QuenchStandIn } from "../harness/quench";
import { registerQuenchBatches } from "../quench";

const BATCHES = [
  "factions.faction-turn.sheets",
  "factions.faction-turn.actions",
  "factions.core.cards",
  "factions.core.trust",
  "factions.core.requests",
  "factions.core.visibility",
  "factions.core.gm-fields",
  "factions.core.together",
  "factions.core.reload",
  "factions.core.assistant",
  "factions.core.statuses",
  "factions.core.migrations",
  "factions.sheets.all",
  "factions.dialogs",
  "factions.battle.flows",
  "factions.operations.flows",
  "factions.skirmish.flows",
  "factions.rounds.flows",
  "factions.faction-turn.tracker",
  "factions.operations.tracker",
  "factions.battle.tracker",
  "factions.skirmish.tracker",
  "factions.rounds.tracker",
  "factions.adventures.import",
];

/** Every setting of the system, as its value now. */
function systemSettings(): Record<string, unknown> {
  const settings = harness.game.settings;
  return Object.fromEntries([...settings.settings.keys()].filter((k) => k.startsWith("factions.")).map((k) => [k, settings.get("factions", k.slice("factions.".length))]));
}

const testQueries = () => Object.keys(CONFIG.queries).filter((k) => k.startsWith("factions.test."));

function standIn(): QuenchStandIn {
  const quench = new QuenchStandIn();
  registerQuenchBatches(quench as unknown as Quench); // the entry point's own listener was used up by the first test (quenchReady fires once)
  return quench;
}

/** The GM marks the world a test world (Game Settings → Factions → Test world). */
const markTestWorld = (on: boolean) => harness.as(harness.users.gm, () => game.settings!.set("factions", "testWorld", on));

describe("the Quench batches", () => {
  beforeEach(() => markTestWorld(true));

  it("are registered by the entry point on quenchReady under their keys (loaded then, not before), none ticked to run", async () => {
    const quench = new QuenchStandIn();
    Hooks.callAll("quenchReady", quench as unknown as Quench);
    // The entry point imports the batches when Quench announces itself: they arrive a moment later.
    await vi.waitFor(() => expect(quench.batches.size).toBe(BATCHES.length));
    expect([...quench.batches.keys()].sort()).toEqual([...BATCHES].sort());
    for (const { options } of quench.batches.values()) {
      expect(options.displayName).toMatch(/^Factions: /);
      expect(options.preSelected).toBe(false);
    }
  });

  it("skips every batch in a world no GM marked as a test world, saying why, and changes nothing", async () => {
    await markTestWorld(false);
    const settings = systemSettings();
    const quench = standIn();
    harness.database.resetWrites();
    for (const key of BATCHES) {
      const result = await quench.runBatch(key);
      expect(result.passed, key).toEqual([]);
      expect(result.failed, key).toEqual([]);
      expect(result.skipped, key).toEqual([expect.stringMatching(/skipped: not a test world: a GM marks one in Game Settings/)]);
    }
    expect(systemSettings()).toEqual(settings);
    expect(harness.database.writes.operations).toBe(0);
  });

  it.each(BATCHES)("%s passes and cleans up after itself", async (key) => {
    if (key === "factions.core.assistant") {
      const assistant = new HarnessUser({ _id: "AssistantGM00000", name: "Assistant", role: ROLES.ASSISTANT });
      assistant.active = true;
      harness.game.users.set(assistant.id!, assistant);
    }
    harness.loadPack("faction-turn-assets");
    harness.loadPack("skirmish-tables");
    harness.loadPack("adventures");
    const settings = systemSettings();
    const quench = standIn();
    const result = await quench.runBatch(key);
    await harness.settle();
    expect(result.failed.map((f) => `${f.title}: ${f.error instanceof Error ? f.error.stack : String(f.error)}`)).toEqual([]);
    // What only a browser's layout can check skips here (the in-memory DOM lays nothing out).
    expect(result.skipped).toEqual(key === "factions.skirmish.tracker" ? [expect.stringMatching(/in Foundry's own sidebar, laid out/)] : []);
    expect(result.passed.length).toBeGreaterThan(0);
    expect(game.actors!.size).toBe(0);
    expect(game.messages!.size).toBe(0);
    for (const name of ["Item", "Scene", "JournalEntry", "Folder", "Cards", "RollTable", "Combat"]) expect(harness.game.collections.get(name)!.size, name).toBe(0);
    expect(systemSettings()).toEqual(settings);
    expect(testQueries()).toEqual([]);
  });

  it("cleans up whatever one cleanup step does: a step that fails is reported, and every other one still runs", async () => {
    const settings = systemSettings();
    // The cleanup's deletion of the batch's chat messages fails once.
    const spy = vi.spyOn(ChatMessage.implementation, "deleteDocuments").mockRejectedValueOnce(new Error("the server refused"));
    try {
      const result = await standIn().runBatch("factions.core.requests");
      await harness.settle();
      expect(result.failed.map((f) => f.title)).toEqual([expect.stringMatching(/\(after\)$/)]);
      expect(String((result.failed[0]!.error as AggregateError).errors[0])).toMatch(/the server refused/);
    } finally {
      spy.mockRestore();
    }
    // Everything but the messages is as before: documents deleted, settings restored, test queries off.
    expect(game.actors!.size).toBe(0);
    expect(game.messages!.size).toBeGreaterThan(0);
    expect(systemSettings()).toEqual(settings);
    expect(testQueries()).toEqual([]);
  });

  it.each(["factions.rounds.flows", "factions.rounds.tracker"])("%s shows the GM's own scene again after showing its own", async (key) => {
    const home = (await Scene.implementation.create({ name: "Home" } as Scene.CreateData))!;
    harness.view(harness.users.gm, home as never);
    const result = await standIn().runBatch(key);
    await harness.settle();
    expect(result.failed).toEqual([]);
    expect(canvas!.scene?.id).toBe(home.id);
    await home.delete();
  });

  it.each(["factions.faction-turn.tracker", "factions.rounds.tracker"])("%s makes the GM's own encounter the active one again after", async (key) => {
    const own = (await Combat.implementation.create({ active: true } as Combat.CreateData))!;
    const result = await standIn().runBatch(key);
    await harness.settle();
    expect(result.failed).toEqual([]);
    expect(game.combat?.id).toBe(own.id);
    expect(own.active).toBe(true);
    await own.delete();
  });

  it("skips every batch for a player, saying why", async () => {
    const quench = standIn();
    for (const key of BATCHES) {
      const result = await harness.as(harness.users.alice, () => quench.runBatch(key));
      expect(result.passed, key).toEqual([]);
      expect(result.failed, key).toEqual([]);
      expect(result.skipped, key).toEqual([expect.stringMatching(/skipped: run it as the active GM/)]);
    }
  });

  it("skips the batches that drive players, saying how many, when too few are connected", async () => {
    harness.users.bob.active = false;
    try {
      const quench = standIn();
      const visibility = await quench.runBatch("factions.core.visibility");
      expect(visibility.skipped).toEqual([expect.stringMatching(/skipped: needs 2 connected players \(1 connected\)/)]);
      harness.users.alice.active = false;
      const requests = await quench.runBatch("factions.core.requests");
      expect(requests.skipped).toEqual([expect.stringMatching(/skipped: needs 1 connected player \(0 connected\)/)]);
      expect(requests.passed).toEqual([]);
    } finally {
      harness.users.alice.active = true;
      harness.users.bob.active = true;
    }
  });

  it("skips a batch whose ruleset is off, saying so", async () => {
    await game.settings!.set("factions", "ruleset.battle", false);
    const result = await standIn().runBatch("factions.battle.tracker");
    expect(result.skipped).toEqual([expect.stringMatching(/skipped: the ruleset battle is off in this world/)]);
  });

  it("has the stand-in enforce a batch's timeout, and run its cleanup after a failure", async () => {
    const quench = new QuenchStandIn();
    const cleaned: string[] = [];
    quench.registerBatch("quench.timeouts", function (context) {
      const { describe, it, after } = context as { describe(t: string, fn: (this: { timeout(ms: number): void }) => void): void; it(t: string, fn: () => Promise<void>): void; after(fn: () => void): void };
      describe("short", function () {
        this.timeout(50);
        it("waits too long", () => new Promise((resolve) => setTimeout(resolve, 200)));
        after(() => void cleaned.push("short"));
      });
      describe("long enough", function () {
        this.timeout(500);
        it("waits", () => new Promise((resolve) => setTimeout(resolve, 100)));
      });
      it("takes Mocha's default of 2 s", () => new Promise((resolve) => setTimeout(resolve, 2100)));
    });
    const result = await quench.runBatch("quench.timeouts");
    expect(result.failed.map((f) => [f.title, String(f.error)])).toEqual([
      [" > takes Mocha's default of 2 s", "Error: Timeout of 2000ms exceeded"],
      [" > short > waits too long", "Error: Timeout of 50ms exceeded"],
    ]);
    expect(result.passed).toEqual([" > long enough > waits"]);
    expect(cleaned).toEqual(["short"]);
  });
});
