/**
 * A faction's Stealth and Exposed on its tokens: shown while any of its assets has the quality,
 * moved by the assets' sheets, by applied actions and by their undo (written once, by one client),
 * and refused on the token HUD, for the GM too, since the quality is an asset's.
 */
import { describe, expect, it } from "vitest";
import { performAction, undoMessage } from "../../src/core/actions/pipeline";
import { statusEffectId } from "../../src/core/statuses";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { STATUS_ICONS } from "../../src/rulesets/faction-turn/statuses";
import { harness } from "../harness/install";
import { activeStatuses, assetData, clickStatus, lastCard, openTokenHUD, placeTokens, snapshot, t, warnings, type Faction } from "../harness/world";
import { IDS, standardWorld } from "./fixtures";

const { gm, alice, bob } = harness.users;
const S = "FACTIONS.FactionTurn.Status.";

const statuses = (actor: Faction) => [...actor.statuses].sort();
const effectIds = (actor: Faction) => actor.effects.contents.map((e) => e.id).sort();
/** Effects written since `from`: each write's `pre…` hook runs once, on the writing client. */
const writes = (from: number) =>
  harness.hooks.log
    .slice(from)
    .filter((h) => h.hook === "preCreateActiveEffect" || h.hook === "preDeleteActiveEffect")
    .map((h) => `${h.hook === "preCreateActiveEffect" ? "+" : "-"}${(h.args[0] as { id: string }).id}:${String(h.args.at(-1))}`);

/** The faction shows exactly `expected`, one effect each (the status's own). */
function expectShows(actor: Faction, expected: string[]): void {
  expect(statuses(actor)).toEqual([...expected].sort());
  expect(effectIds(actor)).toEqual(expected.map(statusEffectId).sort());
}

const updateAsset = (actor: Faction, id: string, system: Record<string, unknown>) =>
  harness.as(gm, async () => {
    await actor.updateEmbeddedDocuments("Item", [{ _id: id, system }] as Item.UpdateData[]);
    await harness.settle();
  });

describe("Faction Turn statuses", () => {
  it("are registered for factions' tokens with static ids and core icons", () => {
    const mine = CONFIG.statusEffects.filter((s) => ["stealth", "exposed"].includes(s.id));
    expect(mine.map((s) => [s.id, s._id, s.img, (s as { hud?: unknown }).hud])).toEqual(
      (["stealth", "exposed"] as const).map((id) => [id, statusEffectId(id), STATUS_ICONS[id], { actorTypes: ["faction"] }]),
    );
    for (const s of mine) expect(t(s.name)).not.toMatch(/FACTIONS\./);
  });

  it("a faction made with a Stealth asset shows Stealth; its tokens are linked to it", async () => {
    const { red, blue } = await standardWorld();
    await harness.settle();
    expectShows(blue, ["stealth"]);
    expectShows(red, []);
    expect((blue.prototypeToken as unknown as { actorLink: boolean }).actorLink).toBe(true);
  });
});

describe("a faction's assets move its statuses", () => {
  it("while any asset has the quality: sheet edits, a new asset, a deleted one", async () => {
    const { red } = await standardWorld();
    const from = harness.hooks.log.length;
    await updateAsset(red, IDS.thugs, { exposed: true });
    expectShows(red, ["exposed"]);
    await updateAsset(red, IDS.redBase, { exposed: true, stealth: true });
    expectShows(red, ["exposed", "stealth"]);
    await updateAsset(red, IDS.thugs, { exposed: false });
    expectShows(red, ["exposed", "stealth"]);
    const [cell] = (await harness.as(gm, () => red.createEmbeddedDocuments("Item", [assetData({ name: "Cell", system: { stealth: true } })] as Item.CreateData[]))) ?? [];
    await harness.settle();
    await updateAsset(red, IDS.redBase, { exposed: false, stealth: false });
    expectShows(red, ["stealth"]);
    await harness.as(gm, () => cell!.delete());
    await harness.settle();
    expectShows(red, []);
    // Each status was written when it came and when it went, by the GM's client, once.
    const id = statusEffectId;
    expect(writes(from)).toEqual([`+${id("exposed")}`, `+${id("stealth")}`, `-${id("exposed")}`, `-${id("stealth")}`].map((w) => `${w}:${gm.id}`));
  });

  it("a player's own edit is put on the tokens by the active GM's client", async () => {
    const { blue } = await standardWorld();
    await harness.settle();
    const from = harness.hooks.log.length;
    await harness.as(bob, () => blue.updateEmbeddedDocuments("Item", [{ _id: IDS.knives, system: { stealth: false } }] as Item.UpdateData[]));
    await harness.settle();
    expectShows(blue, []);
    expect(writes(from)).toEqual([`-${statusEffectId("stealth")}:${gm.id}`]);
  });

  it("Hide Asset shows Stealth once applied, and its undo takes it away", async () => {
    const { red } = await standardWorld();
    await harness.settle();
    const before = snapshot();
    await harness.as(alice, () => performAction(ACTIONS.hide, red, { faction: red.uuid, assets: [IDS.thugs] }));
    await harness.settle();
    expect(warnings()).toEqual([]);
    expectShows(red, ["stealth"]);
    expect(await harness.as(gm, () => undoMessage(lastCard()))).toBe(true);
    await harness.settle();
    expectShows(red, []);
    expect(snapshot()).toEqual(before);
  });

  it("Move Asset clears Exposed (the asset retreated), and its undo shows it again", async () => {
    const { red } = await standardWorld();
    await updateAsset(red, IDS.thugs, { exposed: true });
    const before = snapshot();
    await harness.as(alice, () => performAction(ACTIONS.move, red, { faction: red.uuid, moves: [{ asset: IDS.thugs, to: "name:Citadel" }] }));
    await harness.settle();
    expectShows(red, []);
    expect(await harness.as(gm, () => undoMessage(lastCard()))).toBe(true);
    await harness.settle();
    expectShows(red, ["exposed"]);
    expect(snapshot()).toEqual(before);
  });
});

describe("a faction's token HUD", () => {
  it("refuses turning Stealth or Exposed on or off, for the GM and the owner alike, pointing to the assets", async () => {
    const { blue } = await standardWorld();
    const [token] = await placeTokens(blue);
    await harness.settle();
    const before = snapshot();
    const message = (status: string) => t(`${S}FromAssets`, { name: "Blue Lotus", status: t(`${S}${status}`) });
    for (const user of [gm, bob]) {
      const hud = await openTokenHUD(user, token!);
      expect(activeStatuses(hud)).toEqual(["stealth"]);
      await clickStatus(user, hud, "stealth");
      await clickStatus(user, hud, "exposed");
      expect(warnings(user)).toEqual([message("stealth"), message("exposed")]);
      expect(activeStatuses(hud)).toEqual(["stealth"]);
      await hud.close();
    }
    expect(snapshot()).toEqual(before);
    expectShows(blue, ["stealth"]);
  });

  it("is the same for every client", async () => {
    const { blue } = await standardWorld();
    const [token] = await placeTokens(blue);
    await harness.settle();
    for (const user of [gm, bob]) {
      const hud = await openTokenHUD(user, token!);
      expect(activeStatuses(hud), user.name).toEqual(["stealth"]);
      await hud.close();
    }
    for (const user of [gm, alice, bob]) expect(await harness.as(user, () => statuses(blue)), user.name).toEqual(["stealth"]);
  });
});
