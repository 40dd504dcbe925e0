/** The migration path: a world stored at an older schema version is brought up on `ready` by the GM. */
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION, migrateWorld, plan, type MigrationStep } from "../../src/core/migrations";
import { harness } from "../harness/install";
import { snapshot } from "../harness/world";
import { standardWorld } from "./fixtures";

describe("migrations", () => {
  it("plans only the steps past the stored version, for actors and their items", () => {
    const steps: MigrationStep[] = [
      { version: 1, actor: (a) => (a.name === "Old" ? { name: "Renamed" } : null) },
      { version: 2, item: (i) => ({ "system.cost": Number((i.system as { cost: number }).cost) + 1 }) },
    ];
    const actors = [{ _id: "a1", name: "Old", items: [{ _id: "i1", system: { cost: 2 } }] }];
    // This release is at version 4: a version-5 step is past it and never runs.
    expect(SCHEMA_VERSION).toBe(4);
    const later: MigrationStep = { version: 5, actor: () => ({ name: "Too soon" }) };
    expect(plan(0, actors, [...steps, later])).toEqual([
      { kind: "actor", id: "a1", update: { name: "Renamed" } },
      { kind: "item", id: "i1", parent: "a1", update: { "system.cost": 3 } },
    ]);
    expect(plan(1, actors, steps)).toEqual([{ kind: "item", id: "i1", parent: "a1", update: { "system.cost": 3 } }]);
    expect(plan(2, actors, steps)).toEqual([]);
  });

  it("records the current schema version on a GM's ready, changing no document that needs nothing", async () => {
    await standardWorld();
    await harness.as(harness.users.gm, () => game.settings!.set("factions", "schemaVersion", 0));
    const before = snapshot();
    await harness.as(harness.users.gm, () => migrateWorld());
    expect(game.settings!.get("factions", "schemaVersion")).toBe(SCHEMA_VERSION);
    expect(snapshot()).toEqual(before);
  });

  it("does nothing on a player's client", async () => {
    await harness.as(harness.users.gm, () => game.settings!.set("factions", "schemaVersion", 0));
    await harness.as(harness.users.alice, () => migrateWorld());
    expect(game.settings!.get("factions", "schemaVersion")).toBe(0);
  });
});
