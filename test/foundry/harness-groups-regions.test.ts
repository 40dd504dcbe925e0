/**
 * The in-memory Foundry's encounter groups and scene regions (test/harness/combatant-groups.ts,
 * regions.ts): how v13's CombatantGroups, Regions and RegionBehaviors behave, as the Rounds
 * layer relies on them.
 */
import { describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import type { ClientDocument } from "../harness/documents";

type Doc = ClientDocument & { id: string; update(d: object): Promise<unknown>; delete(): Promise<unknown> };

async function asGM<T>(fn: () => Promise<T>): Promise<T> {
  return harness.as(harness.users.gm, fn);
}

async function combatWithActor() {
  const { alice } = harness.users;
  const actor = (await asGM(() => Actor.implementation.create({ name: "Ari", type: "hero", ownership: { default: 0, [alice.id!]: 3 } } as unknown as Actor.CreateData))) as Actor.Implementation;
  const combat = (await asGM(() => Combat.implementation.create({ type: "rounds" } as Combat.CreateData))) as Combat.Implementation;
  return { actor, combat };
}

describe("combatant groups", () => {
  it("are embedded in their encounter; a combatant joins one by its `group` id, and the group's members follow", async () => {
    const { actor, combat } = await combatWithActor();
    const [group] = (await asGM(() => combat.createEmbeddedDocuments("CombatantGroup", [{ type: "team", name: "Skyhawks", system: { team: "skyhawks" } }]))) as unknown as Doc[];
    expect(group!.uuid).toBe(`Combat.${combat.id}.CombatantGroup.${group!.id}`);
    expect(foundry.utils.fromUuidSync(group!.uuid as `Actor.${string}`)).toBe(group);
    const [combatant] = (await asGM(() => combat.createEmbeddedDocuments("Combatant", [{ actorId: actor.id, name: "Ari", group: group!.id }]))) as unknown as Doc[];
    const members = () => [...(group as unknown as { members: Set<Doc> }).members].map((c) => c.id);
    expect(members()).toEqual([combatant!.id]);
    expect((combatant as unknown as { group: unknown }).group).toBe(group);
    await asGM(() => combatant!.update({ group: null }));
    expect(members()).toEqual([]);
    expect((combatant as unknown as { group: unknown }).group).toBeNull();
    // A group's type is "base" or one the system declares; its system data is the type's model.
    await expect(asGM(() => combat.createEmbeddedDocuments("CombatantGroup", [{ type: "squad", name: "X" }] as never))).rejects.toThrow(/type/);
    expect((group as unknown as { system: { team: string } }).system.team).toBe("skyhawks");
  });

  it("are the GM's: a player may neither create nor change one, and everyone hears a change with its author", async () => {
    const { combat } = await combatWithActor();
    const { alice, gm } = harness.users;
    await expect(harness.as(alice, () => combat.createEmbeddedDocuments("CombatantGroup", [{ type: "team", name: "Mine" }] as never))).rejects.toThrow(/lacks permission/);
    const [group] = (await asGM(() => combat.createEmbeddedDocuments("CombatantGroup", [{ type: "team", name: "Skyhawks" }] as never))) as unknown as Doc[];
    await expect(harness.as(alice, () => group!.update({ name: "Ours" }))).rejects.toThrow(/lacks permission/);
    const heard: string[] = [];
    const id = Hooks.on("updateCombatantGroup", (_doc, _change, _options, userId) => void heard.push(userId));
    try {
      await asGM(() => group!.update({ name: "The Skyhawks" }));
    } finally {
      Hooks.off("updateCombatantGroup", id);
    }
    expect(heard).toEqual([gm.id, gm.id, gm.id]);
  });
});

describe("scenes, regions and region behaviors", () => {
  const square = { type: "rectangle", x: 200, y: 200, width: 200, height: 200 };

  async function sceneWithRegion(region: object) {
    const scene = (await asGM(() => Scene.implementation.create({ name: "Field", grid: { size: 100 }, regions: [region] } as Scene.CreateData))) as unknown as {
      regions: { contents: (Doc & { testPoint(p: { x: number; y: number; elevation: number }): boolean; behaviors: { contents: Doc[] } })[] };
      dimensions: { sceneX: number; sceneRect: { x: number; y: number; width: number; height: number } };
    } & Doc;
    return { scene, region: scene.regions.contents[0]! };
  }

  it("tell whether a point is inside: in a shape, in no hole, within the elevation range", async () => {
    const { region } = await sceneWithRegion({
      name: "Ruin",
      shapes: [square, { type: "rectangle", x: 250, y: 250, width: 50, height: 50, hole: true }, { type: "circle", x: 800, y: 800, radius: 100 }, { type: "polygon", points: [1000, 0, 1200, 0, 1000, 200] }],
      elevation: { bottom: 0, top: 10 },
    });
    const at = (x: number, y: number, elevation = 0) => region.testPoint({ x, y, elevation });
    expect(at(350, 350)).toBe(true);
    expect(at(275, 275)).toBe(false); // in the hole
    expect(at(150, 350)).toBe(false);
    expect(at(850, 850)).toBe(true);
    expect(at(900, 900)).toBe(false); // outside the circle
    expect(at(1050, 50)).toBe(true);
    expect(at(1190, 190)).toBe(false); // outside the triangle
    expect(at(350, 350, 20)).toBe(false); // above the top
    expect(at(350, 350, -1)).toBe(false);
  });

  it("turn a rotated rectangle or ellipse about its centre", async () => {
    const { region } = await sceneWithRegion({ name: "Bridge", shapes: [{ type: "rectangle", x: 0, y: 0, width: 400, height: 100, rotation: 90 }] });
    expect(region.testPoint({ x: 200, y: 200, elevation: 0 })).toBe(true); // on the rotated long side
    expect(region.testPoint({ x: 20, y: 50, elevation: 0 })).toBe(false); // only on the unrotated one
  });

  it("refuse a shape that is not one, and are the GM's: a player cannot add one", async () => {
    await expect(asGM(() => Scene.implementation.create({ name: "Bad", regions: [{ name: "R", shapes: [{ type: "blob", x: 0 }] }] } as never))).rejects.toThrow(/shape/);
    await expect(asGM(() => Scene.implementation.create({ name: "Bad", regions: [{ name: "R", shapes: [{ type: "polygon", points: [0, 0, 1, 1] }] }] } as never))).rejects.toThrow(/points/);
    const { scene } = await sceneWithRegion({ name: "Ruin", shapes: [square] });
    await expect(harness.as(harness.users.alice, () => (scene as unknown as Scene.Implementation).createEmbeddedDocuments("Region", [{ name: "Mine", shapes: [square] }] as never))).rejects.toThrow(
      /lacks permission/,
    );
  });

  it("hold behaviors of a core type or of the system's own declared types, with that type's data; other types are refused", async () => {
    const { region } = await sceneWithRegion({
      name: "Ruin",
      shapes: [square],
      behaviors: [
        { name: "Adventure", type: "factions.adventure", system: { text: "A sealed vault." } },
        { name: "Pause", type: "pauseGame", disabled: true },
      ],
    });
    const [adventure, pause] = region.behaviors.contents as (Doc & { system: { text?: string; region?: unknown; behavior?: unknown }; disabled: boolean })[];
    expect(adventure!.uuid).toBe(`${region.uuid}.RegionBehavior.${adventure!.id}`);
    expect(adventure!.system.text).toBe("A sealed vault.");
    expect(adventure!.system.behavior).toBe(adventure);
    expect(adventure!.system.region).toBe(region);
    expect(pause!.disabled).toBe(true);
    await expect(asGM(() => (region as unknown as Scene.Implementation).createEmbeddedDocuments("RegionBehavior" as never, [{ name: "X", type: "adventure" }] as never))).rejects.toThrow(/type/);
  });

  it("measure the canvas with whole grid squares of padding around the scene", async () => {
    const { scene } = await sceneWithRegion({ name: "Ruin", shapes: [square] });
    // 4000 × 3000 at 100 px a square with a quarter of padding: 1000 and 800 (750 rounded up to squares).
    expect(scene.dimensions.sceneRect).toEqual({ x: 1000, y: 800, width: 4000, height: 3000 });
  });
});

describe("actors' tokens", () => {
  it("come from the prototype token, unsaved, and name their actor by id", async () => {
    const { actor } = await combatWithActor();
    // A hero's tokens are linked to it.
    expect((actor._source as unknown as { prototypeToken: { actorLink: boolean } }).prototypeToken.actorLink).toBe(true);
    const token = await actor.getTokenDocument({ x: 300, y: 400 });
    expect(token.id).toBeNull();
    expect(token.actorId).toBe(actor.id);
    expect(token.toObject()).toMatchObject({ name: "Ari", x: 300, y: 400, actorLink: true });
  });
});
