import { describe, expect, it } from "vitest";
import { staleChanges } from "../../../src/core/rules/changes";
import { applyToRoundsState, pickUpLoot, revertOnRoundsState, roundsWorld, tradeLoot, type RoundsState } from "../../../src/rulesets/rounds/rules";
import { ability, context, deepFreeze, hero, logKeys, loot, reason, state, track, value } from "./fixtures";

/** Skyhawks Ari (a rope, a lamp and the map) and Bo (a knife; another item with the id "map"), Psiclone Pax, Skyhawk Cy off the map. */
function scene(step: Parameters<typeof track>[2] = "free", team: "skyhawks" | "psiclones" = "skyhawks"): RoundsState {
  return deepFreeze(
    state(track(2, team, step), [
      hero("ari", "skyhawks", { name: "Ari", items: [loot("rope", "Rope"), loot("lamp", "Lamp"), loot("map", "Old Map"), ability("dash", "free")] }),
      hero("bo", "skyhawks", { name: "Bo", items: [loot("knife", "Knife"), loot("map", "Bo's Map")] }),
      hero("pax", "psiclones", { name: "Pax", items: [loot("gem", "Gem")] }),
      hero("cy", "skyhawks", { name: "Cy", onMap: false }),
    ]),
  );
}

const names = (s: RoundsState, id: string) => s.heroes[id]!.items.map((i) => i.name);

describe("loot", () => {
  it("a trade names both ends: each item leaves one hero's items (delete) and joins the other's (create)", () => {
    const s = scene();
    const o = value(tradeLoot(s, { hero: "ari", other: "bo", give: ["rope"], take: ["knife"] }, context()));
    expect(o.action).toBe("rounds.trade");
    expect(o.changes).toEqual([
      { op: "delete", ref: { actor: "ari", item: "rope" }, data: { _id: "rope", name: "Rope", type: "loot", system: { description: "Rope, as found" } } },
      { op: "create", ref: { actor: "bo", item: "rope" }, data: { _id: "rope", name: "Rope", type: "loot", system: { description: "Rope, as found" } } },
      { op: "delete", ref: { actor: "bo", item: "knife" }, data: { _id: "knife", name: "Knife", type: "loot", system: { description: "Knife, as found" } } },
      { op: "create", ref: { actor: "ari", item: "knife" }, data: { _id: "knife", name: "Knife", type: "loot", system: { description: "Knife, as found" } } },
    ]);
    expect(o.log).toEqual([
      { key: "FACTIONS.Rounds.Log.GaveLoot", data: { from: "Ari", to: "Bo", loot: "Rope" } },
      { key: "FACTIONS.Rounds.Log.GaveLoot", data: { from: "Bo", to: "Ari", loot: "Knife" } },
      { key: "FACTIONS.Rounds.Log.GmRules.trade" },
    ]);
    expect(staleChanges(roundsWorld(s), o.changes)).toEqual([]);
    const after = applyToRoundsState(s, o.changes);
    expect(names(after, "ari")).toEqual(["Lamp", "Old Map", "dash", "Knife"]);
    expect(names(after, "bo")).toEqual(["Bo's Map", "Rope"]);
    // Undone, every hero holds what it held (item order is not kept: Foundry sorts items itself).
    const byId = (st: RoundsState) => Object.values(st.heroes).map((h) => ({ ...h, items: [...h.items].sort((a, b) => a.id.localeCompare(b.id)) }));
    expect(byId(revertOnRoundsState(after, o.changes))).toEqual(byId(s));
  });

  it("an item whose id the receiver already holds gets a fresh id there", () => {
    const s = scene();
    const o = value(tradeLoot(s, { hero: "ari", other: "bo", give: ["map", "map"], take: [] }, context()));
    expect(o.detail.moved).toEqual([{ item: "map", from: "ari", to: "bo", id: "new1" }]);
    const after = applyToRoundsState(s, o.changes);
    expect(after.heroes.bo!.items.map((i) => [i.id, i.name])).toEqual([
      ["knife", "Knife"],
      ["map", "Bo's Map"],
      ["new1", "Old Map"],
    ]);
  });

  it("a trade is the active team's, in the Free step, between two teammates on the map, with loot each one carries", () => {
    const s = scene();
    const t = (hero: string, other: string, give: string[], take: string[] = []) => reason(tradeLoot(s, { hero, other, give, take }, context()));
    expect(t("ari", "pax", ["rope"])).toBe("NotTeammate");
    expect(t("ari", "cy", ["rope"])).toBe("OffMap");
    expect(t("ari", "ari", ["rope"])).toBe("SameHero");
    expect(t("ari", "bo", [])).toBe("NothingToTrade");
    expect(t("ari", "bo", ["dash"])).toBe("NotLoot");
    expect(t("ari", "bo", ["knife"])).toBe("NotLoot");
    expect(t("ari", "bo", [], ["rope"])).toBe("NotLoot");
    expect(t("ari", "zed", ["rope"])).toBe("NoHero");
    expect(reason(tradeLoot(scene("action"), { hero: "ari", other: "bo", give: ["rope"], take: [] }, context()))).toBe("WrongStep");
    expect(reason(tradeLoot(scene("free", "psiclones"), { hero: "ari", other: "bo", give: ["rope"], take: [] }, context()))).toBe("InactiveTeam");
    // The GM may hand loot to anyone.
    const gm = value(tradeLoot(s, { hero: "ari", other: "pax", give: ["rope"], take: ["gem"] }, context(undefined, true)));
    expect(names(applyToRoundsState(s, gm.changes), "pax")).toEqual(["Rope"]);
  });

  it("picking up loot off the ground creates it on the hero; the ground's copy is named for the Foundry layer to remove", () => {
    const s = scene();
    const o = value(pickUpLoot(s, { hero: "bo", loot: { name: " Idol ", system: { description: "Heavy." } }, source: "Item.idol" }, context()));
    expect(o.changes).toEqual([{ op: "create", ref: { actor: "bo", item: "new1" }, data: { _id: "new1", name: "Idol", type: "loot", system: { description: "Heavy." } } }]);
    expect(o.detail).toEqual({ hero: "bo", item: "new1", source: "Item.idol" });
    expect(logKeys(o)).toEqual(["PickedUp", "GmRules.pickUp"]);
    expect(reason(pickUpLoot(s, { hero: "bo", loot: { name: "  ", system: { description: "" } }, source: "x" }, context()))).toBe("NoLootName");
    expect(reason(pickUpLoot(s, { hero: "pax", loot: { name: "Idol", system: { description: "" } }, source: "x" }, context()))).toBe("InactiveTeam");
    expect(reason(pickUpLoot(s, { hero: "cy", loot: { name: "Idol", system: { description: "" } }, source: "x" }, context()))).toBe("OffMap");
  });
});
