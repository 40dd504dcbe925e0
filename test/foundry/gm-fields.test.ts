/**
 * What the GM's client recorded on a player's own documents (a faction's turn, a lieutenant's and
 * a unit's acted flags, a realm's turn, a fighter's budget, a hero's team, place and uses) is the
 * GM's to change: the owner's update of one is refused whole with a message, the rest of their
 * sheet stays theirs to edit.
 */
import { describe, expect, it, vi } from "vitest";
import { changesAny } from "../../src/core/data/gm-only";
import { FactionsActor } from "../../src/core/documents/actor";
import { FactionsItem } from "../../src/core/documents/item";
import { HeroSheet } from "../../src/rulesets/rounds/sheets";
import { SkirmishCombatantData } from "../../src/rulesets/skirmish/data/combatant";
import { harness } from "../harness/install";
import { t, warnings } from "../harness/world";
import { B, seedWorld } from "./battle-fixtures";
import { standardWorld } from "./fixtures";
import { operationsWorld, OPS_IDS } from "./operations-fixtures";
import { heroSystem, roundsWorld } from "./rounds-fixtures";
import { encounter, storedBudget } from "./skirmish-fixtures";

const refused = () => [t("FACTIONS.Action.Error.GMRecord")];

describe("changesAny", () => {
  const stored = { turn: { started: true, action: "sell", repairs: { a: 1 } }, treasure: 5 };

  it("sees a change of a GM path, however deep, and nothing else", () => {
    expect(changesAny(stored, { system: { turn: { action: "" } } }, ["turn"])).toBe(true);
    expect(changesAny(stored, { system: { turn: { repairs: { a: 2 } } } }, ["turn"])).toBe(true);
    expect(changesAny(stored, { system: { treasure: 50 } }, ["turn"])).toBe(false);
    expect(changesAny(stored, { name: "Other" } as { system?: unknown }, ["turn"])).toBe(false);
  });

  it("lets an update that writes a GM path's own value pass (a whole form submitted)", () => {
    expect(changesAny(stored, { system: { turn: { started: true, action: "sell" }, treasure: 6 } }, ["turn"])).toBe(false);
  });

  it("counts Foundry's deletion and replacement keys as changes", () => {
    expect(changesAny(stored, { system: { turn: { repairs: { "-=a": null } } } }, ["turn"])).toBe(true);
    expect(changesAny(stored, { system: { "==turn": {} } }, ["turn"])).toBe(true);
  });
});

describe("the GM's records on a player's own documents", () => {
  it("a faction's owner cannot start its turn again, but edits its Treasure; a GM may do both", async () => {
    const world = await standardWorld();
    const { alice, gm } = harness.users;
    const turn = structuredClone(world.red._source.system.turn);
    await harness.as(alice, () => world.red.update({ system: { turn: { started: false } } } as Actor.UpdateData));
    expect(world.red._source.system.turn).toEqual(turn);
    expect(warnings(alice)).toEqual(refused());
    await harness.as(alice, () => world.red.update({ system: { treasure: 7 } } as Actor.UpdateData));
    expect(world.red._source.system.treasure).toBe(7);
    await harness.as(gm, () => world.red.update({ system: { turn: { action: "repair" } } } as Actor.UpdateData));
    expect(world.red._source.system.turn.action).toBe("repair");
    expect(warnings(gm)).toEqual([]);
  });

  it("a hero's owner cannot put it on the map, move it to the other team or clear its uses; the sheet leaves those to the GM", async () => {
    const world = await roundsWorld();
    const { alice, gm } = harness.users;
    const ari = world.heroes.Ari;
    await harness.as(gm, () => ari.update({ system: { used: [{ at: "2:skyhawks:action", acts: ["move"] }] } } as Actor.UpdateData));
    const before = structuredClone(heroSystem(ari));
    for (const system of [{ onMap: true }, { team: "psiclones" }, { entered: 2 }, { used: [] }]) {
      await harness.as(alice, () => ari.update({ system } as Actor.UpdateData));
    }
    expect(heroSystem(ari)).toEqual(before);
    expect(warnings(alice)).toEqual([...refused(), ...refused(), ...refused(), ...refused()]);
    const sheet = new HeroSheet({ document: ari } as ConstructorParameters<typeof HeroSheet>[0]);
    await harness.as(alice, () => sheet.render({ force: true }));
    for (const name of ["system.team", "system.onMap", "system.entered", "system.shootFormula", "system.meleeFormula"]) {
      expect(sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)?.disabled, name).toBe(true);
    }
    expect(sheet.element.querySelector<HTMLInputElement>('[name="name"]')?.disabled).toBe(false);
  });

  it("a realm's owner cannot give it attacks back nor make a used building ready again", async () => {
    const { you } = await seedWorld();
    const { alice, gm } = harness.users;
    const barracks = you.items.get(B.barracks)!;
    await harness.as(gm, async () => {
      await you.update({ system: { attacksLeft: 1 } } as Actor.UpdateData);
      await barracks.update({ system: { usedThisTurn: true } } as Item.UpdateData);
    });
    await harness.as(alice, async () => {
      await you.update({ system: { attacksLeft: 3 } } as Actor.UpdateData);
      await barracks.update({ system: { usedThisTurn: false } } as Item.UpdateData);
    });
    expect(you._source.system.attacksLeft).toBe(1);
    expect((barracks._source.system as { usedThisTurn: boolean }).usedThisTurn).toBe(true);
    expect(warnings(alice)).toEqual([...refused(), ...refused()]);
  });

  it("a fighter's owner cannot give its Combatant its spent actions back", async () => {
    const world = await encounter();
    const { alice } = harness.users;
    const combatant = world.combat.combatants.find((c) => c.actorId === world.ada.id)!;
    const budget = structuredClone(storedBudget(world.combat, world.ada));
    const round = String(world.combat.round);
    await harness.as(alice, () => combatant.update({ [`system.budgets.${round}.pushes`]: 5 } as Combatant.UpdateData));
    expect(storedBudget(world.combat, world.ada)).toEqual(budget);
    expect(warnings(alice)).toEqual(refused());
  });
});

/**
 * A modified client: the system's own refusal skipped, as a player's console can do. The
 * write reaches the world; the active GM's client, told by the server who wrote it, puts it back.
 */
async function asModifiedClient(refusing: { prototype: object }, write: () => Promise<unknown>): Promise<void> {
  const skip = vi.spyOn(refusing.prototype as { _preUpdate(): Promise<void> }, "_preUpdate").mockResolvedValue(undefined);
  try {
    await write();
  } finally {
    skip.mockRestore();
  }
  await harness.settle();
}

const putBack = (document: string) => [t("FACTIONS.Action.Error.RecordPutBack", { user: harness.users.alice.name!, document })];

describe("the active GM's client puts back what a modified client wrote into the GM's records", () => {
  it("a faction's turn: its action taken is back, the GM is told who wrote it, its Treasure edit stands", async () => {
    const world = await standardWorld();
    const { alice, gm } = harness.users;
    await harness.as(gm, () => world.red.update({ system: { turn: { action: "sell" } } } as Actor.UpdateData));
    const turn = structuredClone(world.red._source.system.turn);
    await asModifiedClient(FactionsActor, () => harness.as(alice, () => world.red.update({ system: { turn: { action: "" }, treasure: 9 } } as Actor.UpdateData)));
    expect(world.red._source.system.turn).toEqual(turn);
    expect(world.red._source.system.treasure).toBe(9);
    expect(warnings(gm)).toEqual(putBack("Red Hand"));
  });

  it("a hero's place and uses", async () => {
    const world = await roundsWorld();
    const ari = world.heroes.Ari;
    const before = structuredClone(heroSystem(ari));
    await asModifiedClient(FactionsActor, () => harness.as(harness.users.alice, () => ari.update({ system: { onMap: true, entered: 1, used: [{ at: "x", acts: ["move"] }] } } as Actor.UpdateData)));
    expect(heroSystem(ari)).toEqual(before);
    expect(warnings(harness.users.gm)).toEqual(putBack("Ari"));
  });

  it("a fighter's budget, even a round added inside it", async () => {
    const world = await encounter();
    const combatant = world.combat.combatants.find((c) => c.actorId === world.ada.id)!;
    const budgets = structuredClone((combatant._source.system as { budgets: object }).budgets);
    await asModifiedClient(SkirmishCombatantData, () =>
      harness.as(harness.users.alice, () => combatant.update({ "system.budgets.99": { round: 99 } } as Combatant.UpdateData)),
    );
    expect((combatant._source.system as { budgets: object }).budgets).toEqual(budgets);
    expect(warnings(harness.users.gm)).toEqual(putBack("Ada"));
  });

  it("a GM's own change is kept, and is what is put back next time", async () => {
    const world = await roundsWorld();
    const { gm, alice } = harness.users;
    const ari = world.heroes.Ari;
    await harness.as(gm, () => ari.update({ system: { onMap: true, entered: 1 } } as Actor.UpdateData));
    await asModifiedClient(FactionsActor, () => harness.as(alice, () => ari.update({ system: { onMap: false } } as Actor.UpdateData)));
    expect(heroSystem(ari)).toMatchObject({ onMap: true, entered: 1 });
  });

  it("a write made while no GM was connected is put back when a GM connects; a GM's own change stands", async () => {
    const world = await roundsWorld();
    const { alice, gm } = harness.users;
    const [ari, bel] = [world.heroes.Ari, world.heroes.Bel];
    const before = structuredClone(heroSystem(ari));
    harness.setGMConnected(false);
    await asModifiedClient(FactionsActor, () => harness.as(alice, () => ari.update({ system: { onMap: true, entered: 1 } } as Actor.UpdateData)));
    expect(heroSystem(ari).onMap).toBe(true);
    // A GM changing a record is a GM's change, whichever client it came from.
    await harness.as(gm, () => bel.update({ system: { onMap: true, entered: 1 } } as Actor.UpdateData));
    await harness.as(gm, () => harness.setGMConnected(true));
    await harness.settle();
    expect(heroSystem(ari)).toEqual(before);
    expect(heroSystem(bel)).toMatchObject({ onMap: true, entered: 1 });
    expect(warnings(gm)).toEqual(putBack("Ari"));
  });

  it("a unit created with its organization is kept from the start: its acted flag comes back", async () => {
    const { red } = await operationsWorld();
    const thugs = red.items.get(OPS_IDS.thugs)!;
    await harness.as(harness.users.gm, () => thugs.update({ system: { acted: true } } as Item.UpdateData));
    await asModifiedClient(FactionsItem, () => harness.as(harness.users.alice, () => thugs.update({ system: { acted: false } } as Item.UpdateData)));
    expect((thugs._source.system as { acted: boolean }).acted).toBe(true);
    expect(warnings(harness.users.gm)).toEqual(putBack("Thugs"));
  });
});
