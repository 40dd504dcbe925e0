/**
 * A lieutenant's condition and hiding on its tokens: the token HUD's statuses change the data (the
 * GM's; a player is refused), and the data changed on the sheet, by an applied action or by its
 * undo moves the statuses, written once, by one client, with no duplicates.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { STATUS_SYNC, statusEffectId, syncAllStatuses } from "../../src/core/statuses";
import { takeOperationsAction } from "../../src/rulesets/operations/actions";
import { ACTIONS } from "../../src/rulesets/operations/rules";
import { statusesOf, type StatusData } from "../../src/rulesets/operations/rules/statuses";
import { STATUS_ICONS } from "../../src/rulesets/operations/statuses";
import { harness } from "../harness/install";
import { activeStatuses, clickStatus, lastCard, openTokenHUD, placeTokens, snapshot, t, warnings } from "../harness/world";
import { OPS_IDS, operationsWorld } from "./operations-fixtures";

const { gm, alice, bob } = harness.users;
const S = "FACTIONS.Operations.Status.";

const data = (actor: Actor.Implementation) => actor.system as unknown as StatusData;
const statuses = (actor: Actor.Implementation) => [...actor.statuses].sort();
/** The effects the actor carries, by id. */
const effectIds = (actor: Actor.Implementation) => actor.effects.contents.map((e) => e.id).sort();
/** Effects written since `from` in the hook log: each write's `pre…` hook runs once, on the writing client. */
const writes = (from: number) =>
  harness.hooks.log
    .slice(from)
    .filter((h) => h.hook === "preCreateActiveEffect" || h.hook === "preDeleteActiveEffect")
    .map((h) => `${h.hook === "preCreateActiveEffect" ? "+" : "-"}${(h.args[0] as { id: string }).id}:${String(h.args.at(-1))}`);

/** The statuses match the data, carried by one effect each (the status's own). */
function expectInStep(actor: Actor.Implementation): void {
  const wanted = statusesOf(data(actor)).sort();
  expect(statuses(actor)).toEqual(wanted);
  expect(effectIds(actor)).toEqual(wanted.map(statusEffectId).sort());
}

async function lieutenantOnMap() {
  const world = await operationsWorld();
  const [vexToken, maraToken] = await placeTokens(world.vex, world.mara);
  return { ...world, vexToken: vexToken!, maraToken: maraToken! };
}

describe("Operations statuses", () => {
  it("are registered for lieutenants' tokens with static ids and core icons, beside Skirmish's", () => {
    const mine = CONFIG.statusEffects.filter((s) => ["dinged", "damaged", "defeated", "hidden"].includes(s.id));
    expect(mine.map((s) => [s.id, s._id, s.img, (s as { hud?: unknown }).hud])).toEqual(
      (["dinged", "damaged", "defeated", "hidden"] as const).map((id) => [id, statusEffectId(id), STATUS_ICONS[id], { actorTypes: ["lieutenant"] }]),
    );
    for (const s of mine) expect(t(s.name)).not.toMatch(/FACTIONS\./);
    expect(CONFIG.statusEffects.map((s) => s.id)).toEqual(expect.arrayContaining(["exhausted", "overheated"]));
  });

  it("a new lieutenant's tokens are linked to it (its statuses are its own)", async () => {
    const { vex } = await operationsWorld();
    expect((vex.prototypeToken as unknown as { actorLink: boolean }).actorLink).toBe(true);
  });
});

describe("the GM on the token HUD", () => {
  it("sets the condition: one condition at a time; turning the current one off leaves the lieutenant fresh", async () => {
    const { vex, vexToken } = await lieutenantOnMap();
    const hud = await openTokenHUD(gm, vexToken);
    expect(activeStatuses(hud)).toEqual([]);
    await clickStatus(gm, hud, "dinged");
    expect(data(vex).condition).toBe("dinged");
    expectInStep(vex);
    await clickStatus(gm, hud, "defeated");
    expect(data(vex).condition).toBe("defeated");
    expectInStep(vex);
    expect(activeStatuses(hud)).toEqual(["defeated"]);
    await clickStatus(gm, hud, "defeated");
    expect(data(vex).condition).toBe("fresh");
    expectInStep(vex);
    expect(activeStatuses(hud)).toEqual([]);
    expect(warnings()).toEqual([]);
    await hud.close();
  });

  it("hides: on sets level 1 (a level already set stays), off sets 0", async () => {
    const { vex, vexToken } = await lieutenantOnMap();
    const hud = await openTokenHUD(gm, vexToken);
    await clickStatus(gm, hud, "hidden");
    expect(data(vex).hiding).toBe(1);
    expectInStep(vex);
    await harness.as(gm, () => vex.update({ "system.hiding": 4 } as Actor.UpdateData));
    await harness.settle();
    expectInStep(vex);
    await clickStatus(gm, hud, "hidden");
    expect(data(vex).hiding).toBe(0);
    expectInStep(vex);
    await clickStatus(gm, hud, "hidden");
    await clickStatus(gm, hud, "damaged");
    expect([data(vex).hiding, data(vex).condition]).toEqual([1, "damaged"]);
    expectInStep(vex);
    await hud.close();
  });

  it("every client sees the same statuses, and each change is written once, by the GM's client", async () => {
    const { vex, vexToken } = await lieutenantOnMap();
    const hud = await openTokenHUD(gm, vexToken);
    const from = harness.hooks.log.length;
    await clickStatus(gm, hud, "dinged");
    await clickStatus(gm, hud, "damaged");
    // The HUD makes the status's effect; the condition follows; the dinged effect goes.
    expect(writes(from)).toEqual([`+${statusEffectId("dinged")}:${gm.id}`, `+${statusEffectId("damaged")}:${gm.id}`, `-${statusEffectId("dinged")}:${gm.id}`]);
    for (const user of [gm, alice, bob]) expect(await harness.as(user, () => statuses(vex)), user.name).toEqual(["damaged"]);
    const aliceHud = await openTokenHUD(alice, vexToken);
    expect(activeStatuses(aliceHud)).toEqual(activeStatuses(hud));
    await Promise.all([hud.close(), aliceHud.close()]);
  });
});

describe("a player on the token HUD", () => {
  it("is refused: the condition and hiding are the GM's, nothing changes", async () => {
    const { vex, vexToken } = await lieutenantOnMap();
    await harness.as(gm, () => vex.update({ "system.condition": "dinged" } as Actor.UpdateData));
    await harness.settle();
    const before = snapshot();
    const hud = await openTokenHUD(alice, vexToken);
    const message = (status: string) => t(`${S}GMOnly`, { name: "Vex", status: t(`${S}${status}`) });
    await clickStatus(alice, hud, "damaged");
    await clickStatus(alice, hud, "dinged");
    await clickStatus(alice, hud, "hidden");
    expect(warnings(alice)).toEqual([message("damaged"), message("dinged"), message("hidden")]);
    expect(snapshot()).toEqual(before);
    expect(activeStatuses(hud)).toEqual(["dinged"]);
    // Naming the sync option does not make a player's write a sync.
    const forged = harness.as(alice, () => vex.createEmbeddedDocuments("ActiveEffect", [{ _id: statusEffectId("defeated"), name: "Defeated", statuses: ["defeated"] }] as ActiveEffect.CreateData[], { keepId: true, [STATUS_SYNC]: true } as ActiveEffect.Database.CreateOperation<false>));
    expect(await forged).toEqual([]);
    expect(snapshot()).toEqual(before);
    await hud.close();
  });

  it("a status written by a client that skips the check is put back by the GM's client", async () => {
    const { vex } = await lieutenantOnMap();
    const before = snapshot();
    // A modified client: the system's pre-create check does not run there.
    const checks = harness.hooks.events.preCreateActiveEffect!.filter((e) => e.client === null);
    for (const e of checks) Hooks.off("preCreateActiveEffect", e.id);
    try {
      await harness.as(alice, () => vex.createEmbeddedDocuments("ActiveEffect", [{ _id: statusEffectId("defeated"), name: "Defeated", statuses: ["defeated"] }] as ActiveEffect.CreateData[], { keepId: true }));
    } finally {
      for (const e of checks) Hooks.on("preCreateActiveEffect", e.fn as never);
    }
    await harness.settle();
    expect(data(vex).condition).toBe("fresh");
    expectInStep(vex);
    expect(snapshot()).toEqual(before);
  });
});

describe("the data moves the statuses", () => {
  it("the GM's sheet edits (plain updates), repeated, leave one effect per status", async () => {
    const { vex } = await lieutenantOnMap();
    const from = harness.hooks.log.length;
    const steps: [string, number][] = [
      ["dinged", 0],
      ["damaged", 2],
      ["damaged", 3],
      ["dinged", 3],
      ["destroyed", 0],
      ["defeated", 1],
      ["fresh", 0],
    ];
    for (const [condition, hiding] of steps) {
      await harness.as(gm, () => vex.update({ "system.condition": condition, "system.hiding": hiding } as Actor.UpdateData));
      await harness.settle();
      expectInStep(vex);
    }
    const id = statusEffectId;
    expect(writes(from)).toEqual(
      [`+${id("dinged")}`, `-${id("dinged")}`, `+${id("damaged")}`, `+${id("hidden")}`, `-${id("damaged")}`, `+${id("dinged")}`, `-${id("dinged")}`, `-${id("hidden")}`, `+${id("defeated")}`, `+${id("hidden")}`, `-${id("defeated")}`, `-${id("hidden")}`].map((w) => `${w}:${gm.id}`),
    );
  });

  it("an applied action (through the GM's client) sets them, and its undo puts them back", async () => {
    const world = await lieutenantOnMap();
    const { vex, mara } = world;
    await harness.as(gm, () => vex.update({ "system.hiding": 2 } as Actor.UpdateData));
    await harness.settle();
    const before = snapshot();
    // Complete success (see operations-actions.test.ts): Vex dinged, Mara destroyed; Vex acted, so it is no longer hidden.
    harness.dice.force(9, 2);
    harness.dialogs.next({ target: world.blue.uuid, units: [OPS_IDS.thugs, OPS_IDS.cutpurses] });
    await harness.as(alice, () => takeOperationsAction(vex, "aggressiveAttack"));
    await harness.settle();
    expect(warnings()).toEqual([]);
    expect([data(vex).condition, data(vex).hiding, data(mara).condition]).toEqual(["dinged", 0, "destroyed"]);
    expectInStep(vex);
    expectInStep(mara);
    expect(effectIds(mara)).toEqual([]);
    expect(await harness.as(gm, () => undoMessage(lastCard()))).toBe(true);
    await harness.settle();
    expectInStep(vex);
    expect(statuses(vex)).toEqual(["hidden"]);
    expect(snapshot()).toEqual(before);
  });

  it("Conceal hides the lieutenant on its tokens", async () => {
    const { vex } = await lieutenantOnMap();
    harness.dice.force(10, 1);
    await harness.as(alice, () => performAction(ACTIONS.conceal, vex, { lieutenant: vex.uuid, target: { kind: "lieutenant", lieutenant: vex.uuid } }));
    await harness.settle();
    expect(data(vex).hiding).toBeGreaterThan(0);
    expect(statuses(vex)).toEqual(["hidden"]);
    expectInStep(vex);
  });

  it("a player's own change is put on the tokens by the active GM's client; with no GM, once a GM comes in", async () => {
    const { vex } = await lieutenantOnMap();
    const from = harness.hooks.log.length;
    await harness.as(alice, () => vex.update({ "system.hiding": 2 } as Actor.UpdateData));
    await harness.settle();
    expectInStep(vex);
    expect(writes(from)).toEqual([`+${statusEffectId("hidden")}:${gm.id}`]);

    harness.setGMConnected(false);
    await harness.as(alice, () => vex.update({ "system.hiding": 0 } as Actor.UpdateData));
    await harness.settle();
    expect(statuses(vex)).toEqual(["hidden"]);
    harness.setGMConnected(true);
    await harness.as(gm, () => syncAllStatuses());
    expectInStep(vex);
    expect(statuses(vex)).toEqual([]);
  });
});
