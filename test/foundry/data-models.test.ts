/**
 * The Faction Turn data models inside documents: derived data prepared as Foundry prepares it,
 * numbers cleaned into range as Foundry cleans them, values bounded by another value kept so in what
 * is stored, and invalid values refused by validation with the document left unchanged.
 */
import { describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import { assetNamed, createFaction, place, snapshot } from "../harness/world";

const force = (rating: number, hp = 2) => ({ attribute: "force" as const, rating, hp: { value: hp, max: hp }, location: place("Docks") });

describe("a faction's derived data", () => {
  it("derives max HP from its ratings (4 + HP per rating), unless the GM overrides it", async () => {
    const actor = await createFaction({ name: "F", system: { force: 4, wealth: 3, cunning: 3, hp: { value: 10, override: null } } });
    expect(actor.system.hp.max).toBe(4 + 6 + 4 + 4);
    await actor.update({ "system.hp.override": 25 } as Actor.UpdateData);
    expect(actor.system.hp.max).toBe(25);
    await actor.update({ "system.force": 8, "system.hp.override": null } as Actor.UpdateData);
    expect(actor.system.hp.max).toBe(4 + 20 + 4 + 4);
    // Derived values are never stored.
    expect(actor.toObject().system).not.toHaveProperty("hp.max");
    expect((actor.toObject().system as { hp: object }).hp).toEqual({ value: 10, override: null });
  });

  it("counts the assets over each attribute's cap (Bases of Influence never count)", async () => {
    const actor = await createFaction({
      name: "F",
      system: { force: 2, wealth: 1, cunning: 3 },
      assets: [
        { name: "A", system: force(1) },
        { name: "B", system: force(1) },
        { name: "C", system: force(2) },
        { name: "Base", system: { ...force(1), base: true } },
        { name: "W", system: { ...force(1), attribute: "wealth" } },
      ],
    });
    expect(actor.system.excess).toEqual({ force: 1, wealth: 0, cunning: 0 });
    // Embedded changes prepare the faction again.
    await actor.createEmbeddedDocuments("Item", [{ name: "W2", type: "asset", system: { ...force(1), attribute: "wealth" } }]);
    expect(actor.system.excess).toEqual({ force: 1, wealth: 1, cunning: 0 });
    await actor.deleteEmbeddedDocuments("Item", [assetNamed(actor, "A").id!]);
    expect(actor.system.excess).toEqual({ force: 0, wealth: 1, cunning: 0 });
  });

  it("is destroyed at 0 HP", async () => {
    const actor = await createFaction({ name: "F", system: { hp: { value: 1, override: null } } });
    expect(actor.system.destroyed).toBe(false);
    await actor.update({ "system.hp.value": 0 } as Actor.UpdateData);
    expect(actor.system.destroyed).toBe(true);
  });
});

describe("values bounded by another value", () => {
  it("store an asset's HP at most its max HP, on create and on any update", async () => {
    const actor = await createFaction({ name: "F", assets: [{ name: "Over", system: { hp: { value: 9, max: 4 } } }] });
    const asset = assetNamed(actor, "Over");
    const stored = () => (asset._source.system as { hp: { value: number; max: number } }).hp;
    expect(stored()).toEqual({ value: 4, max: 4 });
    await asset.update({ "system.hp.value": 7 } as Item.UpdateData);
    expect(stored()).toEqual({ value: 4, max: 4 });
    await asset.update({ "system.hp.max": 2 } as Item.UpdateData);
    expect(stored()).toEqual({ value: 2, max: 2 });
    await actor.updateEmbeddedDocuments("Item", [{ _id: asset.id, system: { hp: { value: 5, max: 3 } } } as Item.UpdateData]);
    expect(stored()).toEqual({ value: 3, max: 3 });
    await asset.update({ "system.hp.max": 6 } as Item.UpdateData);
    expect(stored()).toEqual({ value: 3, max: 6 });
    expect(asset.system.damaged).toBe(true);
  });

  it("store a faction's HP at most the max HP its ratings or the GM's override give", async () => {
    const actor = await createFaction({ name: "F", system: { force: 4, wealth: 3, cunning: 3, hp: { value: 40, override: null } } });
    const stored = () => (actor._source.system as { hp: { value: number } }).hp.value;
    expect(stored()).toBe(18);
    await actor.update({ "system.force": 3 } as Actor.UpdateData);
    expect(stored()).toBe(16);
    await actor.update({ "system.hp.override": 10 } as Actor.UpdateData);
    expect(stored()).toBe(10);
    await actor.update({ "system.hp.override": null, "system.hp.value": 12 } as Actor.UpdateData);
    expect(stored()).toBe(12);
  });
});

describe("every other value bounded by a maximum", () => {
  const create = (data: object) => harness.as(harness.users.gm, () => Actor.implementation.create(data as Actor.CreateData)) as Promise<Actor.Implementation>;

  it("store a Battle location's control at most its max control", async () => {
    const realm = await create({ name: "R", type: "realm", items: [{ name: "Pass", type: "location", system: { control: 9, maxControl: 4 } }] });
    const pass = realm.items.contents[0]!;
    expect(pass._source.system).toMatchObject({ control: 4, maxControl: 4 });
    await pass.update({ "system.maxControl": 2 } as Item.UpdateData);
    expect(pass._source.system).toMatchObject({ control: 2, maxControl: 2 });
    await pass.update({ "system.control": 3 } as Item.UpdateData);
    expect(pass._source.system).toMatchObject({ control: 2, maxControl: 2 });
  });

  it("store an Operations project's progress at most the successes it requires", async () => {
    const org = await create({ name: "O", type: "organization", items: [{ name: "Ward", type: "project", system: { required: 6, progress: 8 } }] });
    const ward = org.items.contents[0]!;
    expect(ward._source.system).toMatchObject({ required: 6, progress: 6 });
    await ward.update({ "system.required": 4 } as Item.UpdateData);
    expect(ward._source.system).toMatchObject({ required: 4, progress: 4 });
  });
});

describe("validation", () => {
  // As in Foundry, a number outside its field's range is clamped and an integer field rounds.
  const clamped: [string, Record<string, unknown>, Record<string, unknown>][] = [
    ["Force 9", { "system.force": 9 }, { force: 8 }],
    ["Force 0", { "system.force": 0 }, { force: 1 }],
    ["a fractional Wealth", { "system.wealth": 2.4 }, { wealth: 2 }],
    ["negative Treasure", { "system.treasure": -1 }, { treasure: 0 }],
    ["negative HP", { "system.hp.value": -3 }, { hp: { value: 0, override: null } }],
    ["an HP override of 0", { "system.hp.override": 0 }, { hp: { value: 1, override: 1 } }],
  ];

  it.each(clamped)("clamps %s into the field's range", async (_label, change, expected) => {
    const actor = await createFaction({ name: "Valid", system: { force: 3, treasure: 2, hp: { value: 1, override: null } } });
    await actor.update(change as Actor.UpdateData);
    expect(actor._source.system).toMatchObject(expected);
  });

  const invalidFaction: [string, Record<string, unknown>][] = [
    ["an unknown Magic level", { "system.magic": "extreme" }],
    ["no Cunning", { "system.cunning": null }],
    ["a Force that is not a number", { "system.force": "many" }],
    ["a blank name", { name: "" }],
  ];

  it.each(invalidFaction)("refuses %s: the update throws and the faction is unchanged", async (_label, change) => {
    const actor = await createFaction({ name: "Valid", system: { force: 3, treasure: 2 } });
    const before = snapshot();
    const prepared = structuredClone(actor.system.toObject(false));
    await expect(actor.update(change as Actor.UpdateData)).rejects.toThrow(/validation errors/);
    expect(snapshot()).toEqual(before);
    expect(actor.system.toObject(false)).toEqual(prepared);
  });

  const invalidAsset: [string, Record<string, unknown>][] = [
    ["a damage that is not a dice formula", { "system.attack.damage": "lots" }],
    ["a counter that is not a dice formula", { "system.counter": "1d" }],
    ["an unknown attribute", { "system.attribute": "charm" }],
  ];

  it.each(invalidAsset)("refuses an asset with %s", async (_label, change) => {
    const actor = await createFaction({ name: "F", assets: [{ name: "Asset", system: force(1) }] });
    const before = snapshot();
    const asset = assetNamed(actor, "Asset");
    await expect(asset.update(change as Item.UpdateData)).rejects.toThrow(/validation errors/);
    await expect(actor.updateEmbeddedDocuments("Item", [{ _id: asset.id, ...change } as Item.UpdateData])).rejects.toThrow(/validation errors/);
    expect(snapshot()).toEqual(before);
  });

  it("clamps an asset's max HP of 0 and rating of 9 instead of refusing them", async () => {
    const actor = await createFaction({ name: "F", assets: [{ name: "Asset", system: force(1, 3) }] });
    const asset = assetNamed(actor, "Asset");
    await asset.update({ "system.hp.max": 0, "system.rating": 9 } as Item.UpdateData);
    expect(asset._source.system).toMatchObject({ rating: 8, hp: { value: 1, max: 1 } });
  });

  it("accepts valid dice formulas and casts form strings to numbers", async () => {
    const actor = await createFaction({ name: "F", assets: [{ name: "Asset", system: force(1) }] });
    const asset = assetNamed(actor, "Asset");
    await asset.update({ "system.attack.damage": "2d6+1", "system.counter": "", "system.cost": "4" } as unknown as Item.UpdateData);
    expect(asset.system.attack.damage).toBe("2d6+1");
    expect(asset.system.cost).toBe(4);
  });

  it("creates nothing from invalid data, and clamps what it can", async () => {
    await expect(
      harness.as(harness.users.gm, () => Actor.implementation.create({ name: "Bad", type: "faction", system: { magic: "extreme" } } as Actor.CreateData)),
    ).rejects.toThrow(/validation errors/);
    await expect(harness.as(harness.users.gm, () => Actor.implementation.create({ name: "Bad", type: "nation" } as unknown as Actor.CreateData))).rejects.toThrow(
      /validation errors/,
    );
    expect(game.actors!.size).toBe(0);
    const high = (await harness.as(harness.users.gm, () => Actor.implementation.create({ name: "High", type: "faction", system: { force: 12 } } as Actor.CreateData))) as Actor.Implementation;
    expect((high._source.system as { force: number }).force).toBe(8);
  });

  it("refuses a whole batch of item updates if one is invalid", async () => {
    const actor = await createFaction({ name: "F", assets: [{ name: "A", system: force(1) }, { name: "B", system: force(1) }] });
    const before = snapshot();
    const [a, b] = [assetNamed(actor, "A"), assetNamed(actor, "B")];
    await expect(
      actor.updateEmbeddedDocuments("Item", [{ _id: a.id, "system.hp.value": 1 }, { _id: b.id, "system.attribute": "charm" }] as unknown as Item.UpdateData[]),
    ).rejects.toThrow();
    expect(snapshot()).toEqual(before);
  });
});

describe("ownership", () => {
  it("lets a player change only the factions they own", async () => {
    const { alice, bob } = harness.users;
    const actor = await createFaction({ name: "Alice's", owner: alice, assets: [{ name: "Asset", system: force(1) }] });
    const before = snapshot();
    await expect(harness.as(bob, () => actor.update({ "system.treasure": 9 } as Actor.UpdateData))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(bob, () => assetNamed(actor, "Asset").update({ "system.hp.value": 1 } as Item.UpdateData))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(bob, () => actor.createEmbeddedDocuments("Item", [{ name: "Spy", type: "asset" }]))).rejects.toThrow(/lacks permission/);
    await expect(harness.as(bob, () => actor.delete())).rejects.toThrow(/lacks permission/);
    expect(snapshot()).toEqual(before);

    await harness.as(alice, () => actor.update({ "system.treasure": 9 } as Actor.UpdateData));
    expect(actor.system.treasure).toBe(9);
    expect(await harness.as(alice, () => actor.isOwner)).toBe(true);
    expect(await harness.as(bob, () => actor.isOwner)).toBe(false);
  });
});
