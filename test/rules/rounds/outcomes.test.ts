/**
 * Issue 18, Rounds: a Shoot and a Melee roll the hero's own formula (when the GM set one; blank,
 * nothing is rolled and the card says so), and the GM applies an outcome of the attack to its
 * target from a short list (by default Wounded and Defeated). Defeated takes the hero off the map,
 * on its team still, and a hero brought back at Reinforce is Defeated no more.
 */
import { describe, expect, it } from "vitest";
import {
  applyOutcome,
  applyToRoundsState,
  bringIn,
  melee,
  outcomeList,
  revertOnRoundsState,
  shoot,
  slipAway,
  waveOf,
  type RoundsState,
} from "../../../src/rulesets/rounds/rules";
import { scriptedDice } from "../dice";
import { ability, context, deepFreeze, entry, hero, logKeys, reason, state, track, updated, value } from "./fixtures";

/** Round 2: Ari (Shoot 1d8+1, Melee 1d6) at (2,2), Pax next to her at (3,3) with no formulas, Rook far off, Cato off the map. */
function scene(step: Parameters<typeof track>[2], team: "skyhawks" | "psiclones" = "skyhawks"): RoundsState {
  return deepFreeze(
    state(track(2, team, step), [
      hero("ari", "skyhawks", {
        name: "Ari",
        square: { x: 2, y: 2 },
        shootFormula: "1d8+1",
        meleeFormula: "1d6",
        items: [ability("aim", "action", { name: "Aimed Shot", formula: "1d4" })],
      }),
      hero("cato", "skyhawks", { name: "Cato", onMap: false, square: null }),
      hero("pax", "psiclones", { name: "Pax", square: { x: 3, y: 3 } }),
      hero("rook", "psiclones", { name: "Rook", square: { x: 9, y: 9 }, shootFormula: "lots" }),
    ]),
  );
}

describe("a Shoot or a Melee rolls the hero's own formula", () => {
  it("shoot: the hero's roll is shown, then the ability's that adds to it; the GM applies what it does", () => {
    const s = scene("action");
    const o = value(shoot(s, { hero: "ari", target: "rook", ability: "aim" }, context(scriptedDice([["1d8+1", 7], ["1d4", 3]]))));
    expect(o.rolls).toEqual([
      { label: { key: "FACTIONS.Rounds.Log.AttackRollOf", data: { hero: "Ari", act: "FACTIONS.Rounds.Attack.shoot" } }, formula: "1d8+1", total: 7 },
      { label: { key: "FACTIONS.Rounds.Log.RollOf", data: { ability: "Aimed Shot" } }, formula: "1d4", total: 3 },
    ]);
    expect(o.log).toEqual([
      { key: "FACTIONS.Rounds.Log.Shot", data: { hero: "Ari", target: "Rook" } },
      { key: "FACTIONS.Rounds.Log.AttackRolled", data: { hero: "Ari", act: "FACTIONS.Rounds.Attack.shoot", formula: "1d8+1", total: 7 }, repeatsRoll: true },
      { key: "FACTIONS.Rounds.Log.Rolled", data: { ability: "Aimed Shot", formula: "1d4", total: 3 }, repeatsRoll: true },
      { key: "FACTIONS.Rounds.Log.OutcomeToApply", data: { target: "Rook" } },
    ]);
    expect(o.detail).toMatchObject({ act: "shoot", target: "rook", attack: { formula: "1d8+1", total: 7 }, formula: "1d4", total: 3 });
    // Nothing else changes: the roll is the GM's to rule on.
    expect(o.changes.map((c) => (c.op === "update" ? c.path : c.op))).toEqual(["system.used"]);
  });

  it("melee rolls the Melee formula; a hero with none rolls nothing and the card says so", () => {
    const s = scene("melee", "psiclones");
    const ari = value(melee(s, { hero: "ari", target: "pax" }, context(scriptedDice([["1d6", 6]]))));
    expect(ari.rolls.map((r) => [r.formula, r.total])).toEqual([["1d6", 6]]);
    expect(ari.detail.attack).toEqual({ formula: "1d6", total: 6 });
    expect(logKeys(ari)).toEqual(["Struck", "AttackRolled", "OutcomeToApply"]);
    // Pax has no Melee formula: the (throwing) dice are never asked.
    const pax = value(melee(s, { hero: "pax", target: "ari" }, context()));
    expect(pax.rolls).toEqual([]);
    expect(pax.detail.attack).toBeNull();
    expect(pax.log[1]).toEqual({ key: "FACTIONS.Rounds.Log.NoAttackFormula", data: { hero: "Pax", act: "FACTIONS.Rounds.Attack.melee" } });
  });

  it("a formula the dice cannot read is refused before anything is rolled; other acts never roll the attack formulas", () => {
    const s = scene("reaction", "skyhawks");
    expect(reason(shoot(s, { hero: "rook", target: "ari" }, context()))).toBe("BadAttackFormula");
    const slip = value(slipAway(scene("action"), { hero: "ari", target: "pax" }, context()));
    expect(slip.rolls).toEqual([]);
    expect(slip.detail.attack).toBeNull();
    expect(logKeys(slip)).toEqual(["SlippedAway"]);
  });
});

describe("the outcome of an attack", () => {
  it("Wounded: the target bears it, once; undo takes it away", () => {
    const s = scene("action");
    const o = value(applyOutcome(s, { hero: "pax", outcome: "wounded", card: "attack1" }));
    expect(o.action).toBe("rounds.outcome");
    expect(o.actor).toBe("pax");
    expect(o.changes).toEqual([{ op: "update", ref: { actor: "pax" }, path: "system.outcomes", from: [], to: ["wounded"] }]);
    expect(o.log).toEqual([{ key: "FACTIONS.Rounds.Log.OutcomeApplied", data: { hero: "Pax", outcome: "FACTIONS.Rounds.Outcome.wounded" } }]);
    expect(o.detail).toEqual({ hero: "pax", outcome: "wounded", card: "attack1", defeated: false });
    const after = applyToRoundsState(s, o.changes);
    expect(reason(applyOutcome(after, { hero: "pax", outcome: "wounded", card: "attack2" }))).toBe("AlreadyBears");
    expect(revertOnRoundsState(after, o.changes)).toEqual(s);
  });

  it("Defeated: the hero leaves the map, stays on its team, and is owed in a wave again", () => {
    const s = scene("action");
    const wounded = applyToRoundsState(s, value(applyOutcome(s, { hero: "pax", outcome: "wounded", card: "a" })).changes);
    const o = value(applyOutcome(wounded, { hero: "pax", outcome: "defeated", card: "b" }));
    expect(updated(o, "pax", "system.outcomes")).toEqual(["wounded", "defeated"]);
    expect(updated(o, "pax", "system.onMap")).toBe(false);
    expect(logKeys(o)).toEqual(["OutcomeApplied", "DefeatedOffMap"]);
    expect(o.detail.defeated).toBe(true);
    const after = applyToRoundsState(wounded, o.changes);
    expect(after.heroes.pax!.system).toMatchObject({ team: "psiclones", onMap: false });
    // Off the map, no outcome reaches it.
    expect(reason(applyOutcome(after, { hero: "pax", outcome: "wounded", card: "c" }))).toBe("OutcomeOffMap");
    expect(waveOf(Object.values(after.heroes), "psiclones", 2).owed).toBe(1);
  });

  it("a GM's own outcome is a name; a blank one, an unknown hero or one off the map is refused", () => {
    const s = scene("action");
    expect(value(applyOutcome(s, { hero: "ari", outcome: "Stunned", card: "a" })).log[0]).toEqual({ key: "FACTIONS.Rounds.Log.OutcomeApplied", data: { hero: "Ari", outcome: "Stunned" } });
    expect(reason(applyOutcome(s, { hero: "ari", outcome: " ", card: "a" }))).toBe("NoOutcome");
    expect(reason(applyOutcome(s, { hero: "ari", outcome: "x".repeat(61), card: "a" }))).toBe("NoOutcome");
    expect(reason(applyOutcome(s, { hero: "zed", outcome: "wounded", card: "a" }))).toBe("NoHero");
    expect(reason(applyOutcome(s, { hero: "cato", outcome: "wounded", card: "a" }))).toBe("OutcomeOffMap");
  });

  it("a Defeated hero brought back in at Reinforce is Defeated no more; its other outcomes stay", () => {
    const base = scene("reinforce", "psiclones");
    const out = applyToRoundsState(base, [
      { op: "update", ref: { actor: "pax" }, path: "system.outcomes", from: [], to: ["wounded", "defeated"] },
      { op: "update", ref: { actor: "pax" }, path: "system.onMap", from: true, to: false },
    ]);
    const o = value(bringIn(out, { hero: "pax", square: entry("psiclones") }, context()));
    expect(updated(o, "pax", "system.outcomes")).toEqual(["wounded"]);
    expect(updated(o, "pax", "system.onMap")).toBe(true);
    // One never defeated keeps its record as it is.
    const cato = value(bringIn(scene("reinforce"), { hero: "cato", square: entry("skyhawks") }, context()));
    expect(updated(cato, "cato", "system.outcomes")).toBeUndefined();
  });
});

describe("the GM's list of outcomes", () => {
  const names = { wounded: "Wounded", defeated: "Defeated" };
  it("is Wounded and Defeated when blank; a built-in one is named by its id or its name in the table's language", () => {
    expect(outcomeList("", names)).toEqual(["wounded", "defeated"]);
    expect(outcomeList(" , \n ", names)).toEqual(["wounded", "defeated"]);
    expect(outcomeList("Stunned, defeated", names)).toEqual(["Stunned", "defeated"]);
    expect(outcomeList("Blessé, Vaincu, Étourdi", { wounded: "Blessé", defeated: "Vaincu" })).toEqual(["wounded", "defeated", "Étourdi"]);
  });

  it("keeps each once, trims and caps names, and holds at most twelve", () => {
    expect(outcomeList("  Knocked   out ,wounded, WOUNDED,Knocked out", names)).toEqual(["Knocked out", "wounded"]);
    expect(outcomeList("y".repeat(80), names)).toEqual(["y".repeat(60)]);
    expect(outcomeList(Array.from({ length: 20 }, (_, i) => `S${i}`).join(","), names)).toHaveLength(12);
  });
});
