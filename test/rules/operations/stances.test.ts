import { describe, expect, it } from "vitest";
import { ambush, applyToState, blockRoute, stanceOptions, triggerStance, type OperationsState } from "../../../src/rulesets/operations/rules";
import { scriptedDice } from "../dice";
import { context, deepFreeze, expectOutcomeLocalized, logKeys, lt, noDice, reason, TIERS, tierRolls, updated, value } from "./fixtures";
import { scene } from "./scene";

function withStance(kind: "ambush" | "block"): OperationsState {
  const s = scene();
  const lb = lt("lb", "B", { name: "Mara", level: 2, force: 3, sneak: 1, charm: 1, lore: 0, stance: { kind, factions: ["A"], strategy: "cautious", units: ["b1"] } });
  return deepFreeze({ ...s, lieutenants: { ...s.lieutenants, lb } });
}

const mover = { organization: "A", lieutenant: "la", units: ["a1", "a2"] };

describe("setting a stance", () => {
  it("Ambush names the factions and Aggressive or Cautious; it stays on the lieutenant", () => {
    const s = scene();
    const o = value(ambush(s, { lieutenant: "lb", factions: ["A"], strategy: "cautious", units: ["b1"] }, context(noDice)));
    expect(updated(o, "lb", "system.stance")).toEqual({ kind: "ambush", factions: ["A"], strategy: "cautious", units: ["b1"] });
    expect(o.detail.tier).toBeNull();
    expect(logKeys(o)).toContain("Ambush.cautious");
    const b = value(blockRoute(s, { lieutenant: "lb", factions: ["A", "N"], units: [] }, context(noDice)));
    expect(updated(b, "lb", "system.stance")).toEqual({ kind: "block", factions: ["A", "N"], strategy: "aggressive", units: [] });
    // It carries over rounds; another action ends it.
    const after = applyToState(s, o.changes);
    expect(after.lieutenants.lb!.system.stance.kind).toBe("ambush");
    expect(reason(ambush(s, { lieutenant: "lb", factions: [], strategy: "cautious", units: [] }, context(noDice)))).toBe("NoFactions");
    expect(reason(ambush(s, { lieutenant: "lb", factions: ["B"], strategy: "cautious", units: [] }, context(noDice)))).toBe("SameOrganization");
    expect(reason(ambush(s, { lieutenant: "lb", factions: ["A"], strategy: "sneaky" as never, units: [] }, context(noDice)))).toBe("BadStrategy");
    expect(reason(ambush(s, { lieutenant: "lb", factions: ["A"], strategy: "cautious", units: ["b4"] }, context(noDice)))).toBe("UnitNotThere");
  });
});

describe("Ambush triggered (Sneak vs Sneak)", () => {
  it.each(TIERS)("%s", (tier) => {
    const s = withStance("ambush");
    // Mara 2 + 1 vs the mover's best Sneak: Vex 3 + 3.
    const o = value(triggerStance(s, { stance: "lb", mover }, context(scriptedDice(tierRolls(3, 6, tier)))));
    expectOutcomeLocalized(o);
    expect(o.changes).toEqual([]);
    expect(o.detail).toMatchObject({ kind: "ambush", tier, mover: "A", organization: "B" });
    const want = {
      completeFailure: { mustStop: false, mayBypass: true, moverMayAttack: true, moverAttackBonus: 2, ambush: null },
      failure: { mustStop: true, mayBypass: false, moverMayAttack: true, moverAttackBonus: 0, ambush: null },
      success: { mustStop: true, mayBypass: false, moverMayAttack: false, ambush: { strategy: "cautious", bonus: 0 } },
      completeSuccess: { mustStop: true, mayBypass: false, moverMayAttack: false, ambush: { strategy: "cautious", bonus: 2 } },
    }[tier];
    expect(o.detail.options).toMatchObject(want);
    expect(logKeys(o)).toContain(`Tier.ambush.${tier}`);
  });
});

describe("Block Route triggered (Force vs Sneak: the sentence wins over the heading)", () => {
  it.each(TIERS)("%s", (tier) => {
    const s = withStance("block");
    // Mara 2 + Force 3 + Guards 3 vs Vex's 6.
    const o = value(triggerStance(s, { stance: "lb", mover }, context(scriptedDice(tierRolls(8, 6, tier)))));
    const want = {
      completeFailure: { mustStop: false, mayBypass: true, moverMayAttack: true, informed: false, defenseBonus: 0 },
      failure: { mustStop: false, mayBypass: true, moverMayAttack: true, informed: true, defenseBonus: 0 },
      success: { mustStop: true, mayBypass: false, moverMayAttack: true, informed: true, defenseBonus: 0 },
      completeSuccess: { mustStop: true, mayBypass: false, moverMayAttack: true, informed: true, defenseBonus: 2 },
    }[tier];
    expect(o.detail.options).toMatchObject({ ...want, ambush: null, moverAttackBonus: 0 });
    expect(o.detail.unnoticed).toBe(tier === "completeFailure");
  });

  it("is refused for a faction it does not name, without a stance, or when defeated", () => {
    const s = withStance("block");
    expect(reason(triggerStance(s, { stance: "lb", mover: { organization: "N", units: [] } }, context(noDice)))).toBe("NotTargeted");
    expect(reason(triggerStance(scene(), { stance: "lb", mover }, context(noDice)))).toBe("NoStance");
    const beaten = { ...s, lieutenants: { ...s.lieutenants, lb: { ...s.lieutenants.lb!, system: { ...s.lieutenants.lb!.system, condition: "defeated" as const } } } };
    expect(reason(triggerStance(beaten, { stance: "lb", mover }, context(noDice)))).toBe("CannotAct");
    expect(reason(triggerStance(s, { stance: "lb", mover: { organization: "A", units: [] } }, context(noDice)))).toBe("NothingChosen");
  });

  it("options table", () => {
    expect(stanceOptions("block", "completeSuccess", "aggressive").defenseBonus).toBe(2);
    expect(stanceOptions("ambush", "completeSuccess", "aggressive").ambush).toEqual({ strategy: "aggressive", bonus: 2 });
  });
});
