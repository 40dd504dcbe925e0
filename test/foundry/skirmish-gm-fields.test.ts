/**
 * What applied Skirmish cards recorded on a player's own fighter is the GM's (RULES §5): its
 * fallout (Active Effects of type `skirmish`) and a vehicle's heat. A player's change is refused on
 * their client; what a modified client wrote anyway is put back by the active GM's client, also
 * when it was written while no GM was connected. The GM still removes fallout from the sheet or
 * the token HUD.
 */
import { describe, expect, it, vi } from "vitest";
import { FactionsActor } from "../../src/core/documents/actor";
import { SkirmishEffectData } from "../../src/rulesets/skirmish/data/effect";
import { EFFECT_KINDS } from "../../src/rulesets/skirmish/rules";
import { OVERHEATED } from "../../src/rulesets/skirmish/effects";
import { harness } from "../harness/install";
import { activeStatuses, clickStatus, openTokenHUD, t, warnings } from "../harness/world";
import { encounter, fallout } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";
const { as } = harness;
const refused = () => t("FACTIONS.Action.Error.GMRecord");
const putBack = (document: string) => t("FACTIONS.Action.Error.RecordPutBack", { user: harness.users.alice.name!, document });

/** An effect's source as a card makes it. */
const effectData = (kind: string, stack: number, roundsLeft: number | null) => ({ name: `${S}Status.${kind}`, type: "skirmish", statuses: [kind], system: { kind, stack, roundsLeft, roundsStill: 0, member: "" } });

/** Ada in the encounter with an Exhausted −3 of 10 rounds, given by the GM. */
async function exhaustedAda() {
  const w = await encounter();
  await as(harness.users.gm, () => w.ada.createEmbeddedDocuments("ActiveEffect", [effectData("exhausted", 3, 10)] as ActiveEffect.CreateData[]));
  await harness.settle();
  harness.notifications.clear();
  return { ...w, effect: w.ada.effects.contents[0]! };
}

/** A modified client: the system's own refusals of these methods skipped, as a player's console can do. */
async function asModifiedClient(proto: object, methods: string[], write: () => Promise<unknown>): Promise<void> {
  const spies = methods.map((m) => vi.spyOn(proto as Record<string, () => Promise<void>>, m).mockResolvedValue(undefined));
  try {
    await write();
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
  await harness.settle();
}

const EXHAUSTED = [{ kind: "exhausted", stack: 3, roundsLeft: 10, roundsStill: 0 }];
const EFFECT_HOOKS = ["_preCreate", "_preUpdate", "_preDelete"];

describe("a fighter's fallout is the GM's", () => {
  it("its owner can neither delete, shorten nor lighten an effect, nor make one; the GM can", async () => {
    const w = await exhaustedAda();
    const { alice, gm } = harness.users;
    await as(alice, () => w.effect.delete());
    await as(alice, () => w.effect.update({ "system.roundsLeft": 1 } as ActiveEffect.UpdateData));
    await as(alice, () => w.effect.update({ "system.stack": 1 } as ActiveEffect.UpdateData));
    await as(alice, () => w.ada.createEmbeddedDocuments("ActiveEffect", [effectData("hyped", 3, 3)] as ActiveEffect.CreateData[]));
    await harness.settle();
    expect(fallout(w.ada)).toEqual(EXHAUSTED);
    expect(warnings(alice)).toEqual([refused(), refused(), refused(), refused()]);
    // The GM removes it from the sheet.
    await as(gm, () => w.effect.delete());
    await harness.settle();
    expect(fallout(w.ada)).toEqual([]);
    expect(warnings()).toEqual([refused(), refused(), refused(), refused()]);
  });

  it("the token HUD offers fallout to the GM only, who removes and makes it there", async () => {
    const w = await exhaustedAda();
    const { alice, gm } = harness.users;
    const token = w.scene.tokens.find((tk) => tk.actorId === w.ada.id)!;
    const mine = await openTokenHUD(alice, token as unknown as Parameters<typeof openTokenHUD>[1]);
    const offered = Object.keys(await as(alice, () => mine._getStatusEffectChoices()));
    for (const kind of [...EFFECT_KINDS, OVERHEATED]) expect(offered, kind).not.toContain(kind);
    await mine.close();
    const hud = await openTokenHUD(gm, token as unknown as Parameters<typeof openTokenHUD>[1]);
    expect(activeStatuses(hud)).toEqual(["exhausted"]);
    await clickStatus(gm, hud, "exhausted");
    expect(fallout(w.ada)).toEqual([]);
    // And makes one there: a fresh effect of its kind.
    await clickStatus(gm, hud, "dazed");
    expect(fallout(w.ada)).toEqual([{ kind: "dazed", stack: 1, roundsLeft: null, roundsStill: 0 }]);
    await hud.close();
    expect(warnings()).toEqual([]);
  });
});

describe("the active GM's client puts back what a modified client wrote into fallout", () => {
  it("a deleted effect is made again, a changed one restored, a made one deleted; the GM is told who", async () => {
    const w = await exhaustedAda();
    const { alice, gm } = harness.users;
    const id = w.effect.id!;
    await asModifiedClient(SkirmishEffectData.prototype, EFFECT_HOOKS, () => as(alice, () => w.effect.delete()));
    expect(fallout(w.ada)).toEqual(EXHAUSTED);
    expect(w.ada.effects.contents.map((e) => e.id)).toEqual([id]);
    const effect = w.ada.effects.get(id)!;
    await asModifiedClient(SkirmishEffectData.prototype, EFFECT_HOOKS, () => as(alice, () => effect.update({ system: { roundsLeft: 1, stack: 1 } } as ActiveEffect.UpdateData)));
    expect(fallout(w.ada)).toEqual(EXHAUSTED);
    await asModifiedClient(SkirmishEffectData.prototype, EFFECT_HOOKS, () => as(alice, () => w.ada.createEmbeddedDocuments("ActiveEffect", [effectData("hyped", 3, 3)] as ActiveEffect.CreateData[])));
    expect(fallout(w.ada)).toEqual(EXHAUSTED);
    expect(warnings(gm)).toEqual([putBack("Ada"), putBack("Ada"), putBack("Ada")]);
  });

  it("what a modified client wrote while no GM was connected is put back when a GM connects", async () => {
    const w = await exhaustedAda();
    const { alice, gm } = harness.users;
    harness.setGMConnected(false);
    await asModifiedClient(SkirmishEffectData.prototype, EFFECT_HOOKS, () =>
      as(alice, async () => {
        await w.effect.delete();
        await w.ada.createEmbeddedDocuments("ActiveEffect", [effectData("hyped", 3, 3)] as ActiveEffect.CreateData[]);
      }),
    );
    expect(fallout(w.ada).map((e) => e.kind)).toEqual(["hyped"]);
    await as(gm, () => harness.setGMConnected(true));
    await harness.settle();
    expect(fallout(w.ada)).toEqual(EXHAUSTED);
    expect(warnings(gm).length).toBeGreaterThan(0);
    expect(new Set(warnings(gm))).toEqual(new Set([putBack("Ada")]));
  });
});

describe("a vehicle's heat is the GM's", () => {
  it("its owner cannot cool it; a modified client's cooling is put back; the rest of the sheet stays theirs", async () => {
    const w = await encounter();
    const { bob, gm } = harness.users;
    const heat = () => (w.rhino._source.system as { heat: number }).heat;
    await as(gm, () => w.rhino.update({ system: { heat: 3 } } as Actor.UpdateData));
    await harness.settle();
    harness.notifications.clear();
    await as(bob, () => w.rhino.update({ system: { heat: 0 } } as Actor.UpdateData));
    expect(heat()).toBe(3);
    expect(warnings(bob)).toEqual([refused()]);
    await as(bob, () => w.rhino.update({ system: { speed: 12 } } as Actor.UpdateData));
    expect((w.rhino._source.system as { speed: number }).speed).toBe(12);
    await asModifiedClient(FactionsActor.prototype, ["_preUpdate"], () => as(bob, () => w.rhino.update({ system: { heat: 0 } } as Actor.UpdateData)));
    expect(heat()).toBe(3);
    expect(warnings(gm)).toEqual([t("FACTIONS.Action.Error.RecordPutBack", { user: bob.name!, document: "Rhino" })]);
    // What follows the heat follows it back: past its threshold, the Rhino is Overheated again.
    await harness.settle();
    expect(w.rhino.statuses.has("overheated")).toBe(true);
  });
});
