/**
 * Issue 18 §1, the rules' part of a Rounds act aimed at a hero on the map: what the seed says is
 * refused with the reason (Melee: one adjacent enemy, diagonals included; Slip Away: an enemy;
 * Shoot: an enemy on the map, its token on the scene), and the card headlines the target with the
 * distance the Foundry layer measured on the scene's grid (none measured: it says so).
 */
import { describe, expect, it } from "vitest";
import { melee, shoot, slipAway, useAbility, type RoundsState } from "../../../src/rulesets/rounds/rules";
import { ability, context, deepFreeze, hero, reason, state, track, value } from "./fixtures";

const LOG = "FACTIONS.Rounds.Log.";

/** Ari at (5,5); Pax diagonally next to her (6,6), Quill far off (12,5), Rook on the map with no token; Bo, her teammate, beside her. */
function field(step: "action" | "melee"): RoundsState {
  return deepFreeze(
    state(track(2, "skyhawks", step), [
      hero("ari", "skyhawks", { name: "Ari", square: { x: 5, y: 5 }, items: [ability("slam", "melee", { name: "Shield Slam" })] }),
      hero("bo", "skyhawks", { name: "Bo", square: { x: 4, y: 5 } }),
      hero("pax", "psiclones", { name: "Pax", square: { x: 6, y: 6 } }),
      hero("quill", "psiclones", { name: "Quill", square: { x: 12, y: 5 } }),
      hero("rook", "psiclones", { name: "Rook", square: null }),
      hero("sable", "psiclones", { name: "Sable", onMap: false, square: null }),
    ]),
  );
}

describe("what the seed says of an aimed act", () => {
  it("Melee: one adjacent enemy, diagonals included", () => {
    const s = field("melee");
    expect(reason(melee(s, { hero: "ari", target: "pax" }, context()))).toBe("");
    expect(reason(melee(s, { hero: "ari", target: "quill" }, context()))).toBe("NotAdjacent");
    expect(reason(melee(s, { hero: "ari", target: "bo" }, context()))).toBe("NotEnemy");
    expect(reason(melee(s, { hero: "ari", target: "" }, context()))).toBe("NoTarget");
    // A Melee ability is a melee attack all the same.
    expect(reason(useAbility(s, { hero: "ari", ability: "slam", target: "quill" }, context()))).toBe("NotAdjacent");
  });

  it("Slip Away: an enemy (on the map, to trade places with)", () => {
    const s = field("action");
    expect(reason(slipAway(s, { hero: "ari", target: "quill" }, context()))).toBe("");
    expect(reason(slipAway(s, { hero: "ari", target: "bo" }, context()))).toBe("NotEnemy");
    expect(reason(slipAway(s, { hero: "ari", target: "sable" }, context()))).toBe("TargetOffMap");
  });

  it("Shoot: an enemy on the map, at any distance; one brought in whose token is gone from the scene is not on it", () => {
    const s = field("action");
    expect(reason(shoot(s, { hero: "ari", target: "quill" }, context()))).toBe("");
    expect(reason(shoot(s, { hero: "ari", target: "bo" }, context()))).toBe("NotEnemy");
    expect(reason(shoot(s, { hero: "ari", target: "sable" }, context()))).toBe("TargetOffMap");
    expect(reason(shoot(s, { hero: "ari", target: "rook" }, context()))).toBe("TargetOffMap");
    expect(reason(shoot(s, { hero: "ari", target: "nobody" }, context()))).toBe("NoHero");
  });
});

describe("the card names the target and its distance on the scene's grid", () => {
  it("headlines the distance measured, in the grid's units; keeps it in the detail", () => {
    const s = field("action");
    const o = value(shoot(s, { hero: "ari", target: "quill", distance: { value: 35, units: "ft" } }, context()));
    expect(o.summary).toEqual([{ key: `${LOG}TargetAt`, data: { target: "Quill", distance: { key: "FACTIONS.Distance.Units", data: { n: 35, units: "ft" } } } }]);
    expect(o.detail).toMatchObject({ target: "quill", targetName: "Quill", distance: { value: 35, units: "ft" } });
    const near = value(melee(field("melee"), { hero: "ari", target: "pax", distance: { value: 1, units: "" } }, context()));
    expect(near.summary).toEqual([{ key: `${LOG}TargetAt`, data: { target: "Pax", distance: { key: "FACTIONS.Distance.SquaresOne", data: { n: 1 } } } }]);
    const aimed = value(useAbility(field("melee"), { hero: "ari", ability: "slam", target: "pax", distance: { value: 1.41421356, units: "m" } }, context()));
    expect(aimed.summary).toEqual([{ key: `${LOG}TargetAt`, data: { target: "Pax", distance: { key: "FACTIONS.Distance.Units", data: { n: 1.41, units: "m" } } } }]);
  });

  it("says when nothing could be measured; shows nothing of a distance it was not given, nor of one that is no number", () => {
    const s = field("action");
    const unmeasured = value(shoot(s, { hero: "ari", target: "quill", distance: null }, context()));
    expect(unmeasured.summary).toEqual([{ key: `${LOG}TargetUnmeasured`, data: { target: "Quill" } }]);
    expect(unmeasured.detail.distance).toBeNull();
    const none = value(shoot(s, { hero: "ari", target: "quill" }, context()));
    expect(none.summary).toBeUndefined();
    expect("distance" in none.detail).toBe(false);
    const bad = value(shoot(s, { hero: "ari", target: "quill", distance: { value: Number.NaN, units: "ft" } }, context()));
    expect(bad.summary).toBeUndefined();
  });

});
