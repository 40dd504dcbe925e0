/**
 * What a player's client receives and is shown holds nothing they may not see (the brief's
 * "Players see only what they may"): after each visibility scenario, everything the server sends
 * their client (test/harness/server.ts: the whole world whatever its ownership, the chat messages
 * that reach them, every change and compendium answer sent to them), what the API returns, and their
 * chat log as their client draws it. The one copy of a Stealth asset's name Foundry sends everyone,
 * the asset's own document in its faction's actor, is left out of the search.
 */
import { describe, expect, it } from "vitest";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { harness } from "../harness/install";
import { stealAndAttack, whatReaches } from "./secret-fixtures";

describe("what reaches each player", () => {
  it("after an unnoticed Steal and an attack on a Stealth asset: Alice never the Shadow Knives, Bob never the Steal", async () => {
    const { steal, attack } = await stealAndAttack();
    const alice = await whatReaches(harness.users.alice, { besides: ["Shadow Knives"] });
    const bob = await whatReaches(harness.users.bob);
    // Each sees what is theirs (so the look covers the records at all)...
    expect(alice).toContain(steal.id);
    expect(alice).toContain(attack.id);
    expect(bob).toContain(attack.id);
    expect(bob).toContain("Shadow Knives");
    // ...and nothing that is not.
    expect(alice).not.toContain("Shadow Knives");
    // Vex is an actor of the world, which Bob's client holds; that Vex stole is not.
    expect(alice).toContain(OPS.steal);
    for (const trace of [steal.id!, OPS.steal, "Check.steal"]) expect(bob).not.toContain(trace);
  });

  it("in a world saved by release 0.1.0, once migrated: no player reads another's unnoticed action or Stealth names", async () => {
    const { openMigratedWorld, unnoticedOf, secretNamesOf } = await import("./migration-fixtures");
    const { ledger } = await openMigratedWorld();
    for (const user of [harness.users.alice, harness.users.bob]) {
      const hidden = unnoticedOf(ledger, user.id!);
      const names = secretNamesOf(ledger, user.id!);
      const seen = await whatReaches(user, { besides: names });
      // Each has another's unnoticed actions to miss; Alice, Bob's Stealth assets (she owns none with the quality).
      expect(hidden.length, user.name).toBeGreaterThan(0);
      if (user === harness.users.alice) expect(names.length).toBeGreaterThan(0);
      for (const id of hidden) expect(seen, `${user.name}: unnoticed ${id}`).not.toContain(id);
      for (const name of names) expect(seen, `${user.name}: ${name}`).not.toContain(name);
    }
  });
});
