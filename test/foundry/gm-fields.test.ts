/**
 * What the GM's client recorded on a player's own documents (a faction's turn, a lieutenant's and
 * a unit's acted flags, a realm's turn, a fighter's budget, a hero's team, place and uses) is the
 * GM's to change: the owner's update of one is refused whole with a message, the rest of their
 * sheet stays theirs to edit.
 */
import { describe, expect, it } from "vitest";
import { changesAny } from "../../src/core/data/gm-only";
import { HeroSheet } from "../../src/rulesets/rounds/sheets";
import { harness } from "../harness/install";
import { t, warnings } from "../harness/world";
import { standardWorld } from "./fixtures";
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
    await harness.as(gm, () => ari.update({ system: { used: { at: "2:skyhawks:action", acts: ["move"] } } } as Actor.UpdateData));
    const before = structuredClone(heroSystem(ari));
    for (const system of [{ onMap: true }, { team: "psiclones" }, { entered: 2 }, { used: { at: "", acts: [] } }]) {
      await harness.as(alice, () => ari.update({ system } as Actor.UpdateData));
    }
    expect(heroSystem(ari)).toEqual(before);
    expect(warnings(alice)).toEqual([...refused(), ...refused(), ...refused(), ...refused()]);
    const sheet = new HeroSheet({ document: ari } as ConstructorParameters<typeof HeroSheet>[0]);
    await harness.as(alice, () => sheet.render({ force: true }));
    for (const name of ["system.team", "system.onMap", "system.entered"]) {
      expect(sheet.element.querySelector<HTMLInputElement>(`[name="${name}"]`)?.disabled, name).toBe(true);
    }
    expect(sheet.element.querySelector<HTMLInputElement>('[name="name"]')?.disabled).toBe(false);
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
