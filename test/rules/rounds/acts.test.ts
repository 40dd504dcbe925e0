import { describe, expect, it } from "vitest";
import { applyToRoundsState, challenge, melee, move, shoot, slipAway, unleash, useAbility, type RoundsState } from "../../../src/rulesets/rounds/rules";
import { scriptedDice } from "../dice";
import { ability, context, deepFreeze, hero, logKeys, reason, state, track, updated, value } from "./fixtures";

/** Skyhawk Ari at (2,2) on the Ruins, Psiclones Pax next to her at (3,3) and Rook far off at (9,9); Skyhawk Bo. */
function scene(step: Parameters<typeof track>[2], team: "skyhawks" | "psiclones" = "skyhawks"): RoundsState {
  return deepFreeze(
    state(track(2, team, step), [
      hero("ari", "skyhawks", {
        name: "Ari",
        square: { x: 2, y: 2 },
        adventure: "Ruins",
        items: [
          ability("bolt", "action", { name: "Arc Bolt", formula: "2d6+1", text: "A bolt of lightning." }),
          ability("parry", "reaction", { name: "Parry" }),
          ability("dash", "free", { name: "Dash", text: "Move 1 square." }),
          ability("broken", "action", { name: "Broken", formula: "lots" }),
          ability("echo", "start", { step: "melee", name: "Echo" }),
          ability("slam", "melee", { name: "Shield Slam", formula: "1d6" }),
        ],
      }),
      hero("bo", "skyhawks", { name: "Bo", square: { x: 1, y: 1 } }),
      hero("pax", "psiclones", { name: "Pax", square: { x: 3, y: 3 }, items: [ability("grip", "melee", { name: "Iron Grip", formula: "1d8" })] }),
      hero("rook", "psiclones", { name: "Rook", square: { x: 9, y: 9 } }),
    ]),
  );
}

describe("the acts whose rules pages the seed leaves out", () => {
  it("shoot: the hero, the target, the ability's formula rolled through the dice, and the outcome left to the GM; it spends the action", () => {
    const s = scene("action");
    const dice = scriptedDice([["2d6+1", 9]]);
    const o = value(shoot(s, { hero: "ari", target: "rook", ability: "bolt" }, context(dice)));
    expect(o.action).toBe("rounds.shoot");
    expect(o.actor).toBe("ari");
    expect(o.detail).toEqual({
      hero: "ari",
      act: "shoot",
      at: { round: 2, team: "skyhawks", step: "action" },
      target: "rook",
      targetName: "Rook",
      ability: "bolt",
      formula: "2d6+1",
      total: 9,
      attack: null,
    });
    expect(o.rolls).toEqual([{ label: { key: "FACTIONS.Rounds.Log.RollOf", data: { ability: "Arc Bolt" } }, formula: "2d6+1", total: 9 }]);
    expect(o.log).toEqual([
      { key: "FACTIONS.Rounds.Log.Shot", data: { hero: "Ari", target: "Rook" } },
      // Ari has no Shoot formula of her own: the card says nothing of hers is rolled.
      { key: "FACTIONS.Rounds.Log.NoAttackFormula", data: { hero: "Ari", act: "FACTIONS.Rounds.Attack.shoot" } },
      // The roll is the card's header: the line repeating it is the chronicle's, not the card's list.
      { key: "FACTIONS.Rounds.Log.Rolled", data: { ability: "Arc Bolt", formula: "2d6+1", total: 9 }, repeatsRoll: true },
      { key: "FACTIONS.Rounds.Log.OutcomeToApply", data: { target: "Rook" } },
    ]);
    expect(updated(o, "ari", "system.used")).toEqual([{ at: "2:skyhawks:action", acts: ["shoot"] }]);
    // The one use is shared by every act of the step.
    const after = applyToRoundsState(s, o.changes);
    expect(reason(move(after, { hero: "ari" }, context()))).toBe("UsedAction");
    expect(reason(shoot(after, { hero: "ari", target: "rook" }, context()))).toBe("UsedAction");
    expect(reason(useAbility(after, { hero: "ari", ability: "bolt" }, context()))).toBe("UsedAction");
    expect(value(move(after, { hero: "bo" }, context())).detail.act).toBe("move");
  });

  it("an act without an ability rolls nothing; an ability must be the hero's, tagged with the step, with a formula the dice read", () => {
    const s = scene("action");
    const o = value(shoot(s, { hero: "ari", target: "pax" }, context()));
    expect(o.rolls).toEqual([]);
    expect(o.detail).toMatchObject({ ability: "", formula: "", total: null });
    expect(logKeys(o)).toEqual(["Shot", "NoAttackFormula", "OutcomeToApply"]);
    expect(reason(shoot(s, { hero: "ari", target: "pax", ability: "parry" }, context()))).toBe("AbilityWrongStep");
    expect(reason(shoot(s, { hero: "ari", target: "pax", ability: "echo" }, context()))).toBe("AbilityTriggered");
    expect(reason(shoot(s, { hero: "ari", target: "pax", ability: "grip" }, context()))).toBe("NoAbility");
    expect(reason(shoot(s, { hero: "ari", target: "pax", ability: "broken" }, context()))).toBe("BadFormula");
    expect(reason(shoot(s, { hero: "ari", target: "" }, context()))).toBe("NoTarget");
    expect(reason(shoot(s, { hero: "ari", target: "bo" }, context()))).toBe("NotEnemy");
    expect(reason(shoot(s, { hero: "zed", target: "pax" }, context()))).toBe("NoHero");
  });

  it("Reaction: the inactive team shoots or uses a Reaction ability, one reaction each", () => {
    const s = scene("reaction", "psiclones");
    const o = value(shoot(s, { hero: "ari", target: "pax" }, context()));
    expect(updated(o, "ari", "system.used")).toEqual([{ at: "2:psiclones:reaction", acts: ["shoot"] }]);
    expect(reason(useAbility(applyToRoundsState(s, o.changes), { hero: "ari", ability: "parry" }, context()))).toBe("UsedReaction");
    expect(logKeys(value(useAbility(s, { hero: "ari", ability: "parry", target: "pax" }, context())))).toEqual(["UsedAbilityOn", "GmRules.ability"]);
    expect(reason(shoot(s, { hero: "pax", target: "ari" }, context()))).toBe("ActiveInReaction");
  });

  it("melee: both teams, one attack each, against an adjacent enemy", () => {
    const s = scene("melee", "psiclones");
    const o = value(melee(s, { hero: "pax", target: "ari", ability: "grip" }, context(scriptedDice([["1d8", 5]]))));
    expect(o.detail).toMatchObject({ act: "melee", target: "ari", formula: "1d8", total: 5 });
    expect(logKeys(o)).toEqual(["Struck", "NoAttackFormula", "Rolled", "OutcomeToApply"]);
    expect(value(melee(s, { hero: "ari", target: "pax" }, context())).detail.targetName).toBe("Pax");
    expect(reason(melee(s, { hero: "ari", target: "rook" }, context()))).toBe("NotAdjacent");
    expect(reason(melee(applyToRoundsState(s, o.changes), { hero: "pax", target: "ari" }, context()))).toBe("UsedMelee");
  });

  it("slip away and unleash are Action-step acts with their own lines", () => {
    const s = scene("action");
    const slip = value(slipAway(s, { hero: "ari", target: "pax" }, context()));
    expect(slip.log[0]).toEqual({ key: "FACTIONS.Rounds.Log.SlippedAway", data: { hero: "Ari", target: "Pax" } });
    expect(slip.detail).toMatchObject({ act: "slipAway", target: "pax" });
    // The swap is done on the map (the Foundry layer moves both tokens): nothing is left to the GM.
    expect(logKeys(slip)).toEqual(["SlippedAway"]);
    const named = value(unleash(s, { hero: "bo", minion: " Hound " }, context()));
    expect(named.log[0]).toEqual({ key: "FACTIONS.Rounds.Log.Unleashed", data: { hero: "Bo", minion: "Hound" } });
    expect(named.detail).toMatchObject({ act: "unleash", target: "Hound", targetName: "Hound" });
    expect(logKeys(value(unleash(s, { hero: "bo", minion: "" }, context())))).toEqual(["UnleashedMinion", "GmRules.unleash"]);
    expect(reason(unleash(scene("free"), { hero: "bo", minion: "Hound" }, context()))).toBe("WrongStep");
  });

  it("challenge: the adventure space the hero stands on is the target", () => {
    const s = scene("adventure");
    const o = value(challenge(s, { hero: "ari" }, context()));
    expect(o.detail).toMatchObject({ act: "challenge", target: "region-Ruins", targetName: "Ruins" });
    expect(o.log[0]).toEqual({ key: "FACTIONS.Rounds.Log.Challenged", data: { hero: "Ari", adventure: "Ruins" } });
    expect(reason(challenge(s, { hero: "bo" }, context()))).toBe("NotOnAdventure");
    expect(reason(challenge(applyToRoundsState(s, o.changes), { hero: "ari" }, context()))).toBe("UsedAdventure");
  });

  it("abilities: a Free one is unlimited and spends nothing; an Action one is the hero's action", () => {
    const free = scene("free");
    const dash = value(useAbility(free, { hero: "ari", ability: "dash" }, context()));
    expect(dash.changes).toEqual([]);
    expect(dash.log).toEqual([
      { key: "FACTIONS.Rounds.Log.UsedAbility", data: { hero: "Ari", ability: "Dash" } },
      { key: "FACTIONS.Rounds.Log.AbilityText", data: { ability: "Dash", text: "Move 1 square." } },
      { key: "FACTIONS.Rounds.Log.GmRules.ability" },
    ]);
    expect(value(useAbility(applyToRoundsState(free, dash.changes), { hero: "ari", ability: "dash" }, context())).detail.act).toBe("ability");
    const action = scene("action");
    const bolt = value(useAbility(action, { hero: "ari", ability: "bolt" }, context(scriptedDice([["2d6+1", 4]]))));
    expect(updated(bolt, "ari", "system.used")).toEqual([{ at: "2:skyhawks:action", acts: ["ability"] }]);
    expect(reason(move(applyToRoundsState(action, bolt.changes), { hero: "ari" }, context()))).toBe("UsedAction");
    expect(reason(useAbility(action, { hero: "ari", ability: "echo" }, context()))).toBe("AbilityTriggered");
    expect(reason(useAbility(action, { hero: "ari", ability: "nope" }, context()))).toBe("NoAbility");
  });

  it("a GM's override lets any hero act anywhere, and the use is still recorded", () => {
    const s = scene("free");
    const o = value(melee(s, { hero: "ari", target: "rook" }, context(undefined, true)));
    expect(o.detail).toMatchObject({ act: "melee", target: "rook" });
    expect(o.changes).toEqual([]);
    const inAction = value(move(scene("action", "psiclones"), { hero: "ari" }, context(undefined, true)));
    expect(updated(inAction, "ari", "system.used")).toEqual([{ at: "2:psiclones:action", acts: ["move"] }]);
  });
});

describe("issue 17: a Melee ability is a melee attack", () => {
  it("needs one adjacent enemy as its target (diagonals count), and is the hero's melee use", () => {
    const s = scene("melee", "psiclones");
    // No target, a far enemy, an enemy two squares away, a teammate: refused, each saying why.
    expect(reason(useAbility(s, { hero: "ari", ability: "slam" }, context()))).toBe("NoTarget");
    expect(reason(useAbility(s, { hero: "ari", ability: "slam", target: "" }, context()))).toBe("NoTarget");
    expect(reason(useAbility(s, { hero: "ari", ability: "slam", target: "rook" }, context()))).toBe("NotAdjacent");
    const twoAway = deepFreeze({ ...s, heroes: { ...s.heroes, pax: { ...s.heroes.pax!, square: { x: 4, y: 4 } } } });
    expect(reason(useAbility(twoAway, { hero: "ari", ability: "slam", target: "pax" }, context()))).toBe("NotAdjacent");
    expect(reason(useAbility(s, { hero: "ari", ability: "slam", target: "bo" }, context()))).toBe("NotEnemy");
    const offMap = deepFreeze({ ...s, heroes: { ...s.heroes, pax: { ...s.heroes.pax!, system: { ...s.heroes.pax!.system, onMap: false } } } });
    expect(reason(useAbility(offMap, { hero: "ari", ability: "slam", target: "pax" }, context()))).toBe("TargetOffMap");
    // Pax stands diagonally next to Ari: the ability strikes him and spends Ari's melee use.
    const o = value(useAbility(s, { hero: "ari", ability: "slam", target: "pax" }, context(scriptedDice([["1d6", 4]]))));
    expect(o.detail).toMatchObject({ act: "ability", target: "pax", targetName: "Pax", ability: "slam", total: 4 });
    expect(logKeys(o)[0]).toBe("UsedAbilityOn");
    const after = applyToRoundsState(s, o.changes);
    expect(reason(melee(after, { hero: "ari", target: "pax" }, context()))).toBe("UsedMelee");
    expect(reason(useAbility(after, { hero: "ari", ability: "slam", target: "pax" }, context()))).toBe("UsedMelee");
    // A melee attack first spends the ability's use too.
    const struck = applyToRoundsState(s, value(melee(s, { hero: "ari", target: "pax" }, context())).changes);
    expect(reason(useAbility(struck, { hero: "ari", ability: "slam", target: "pax" }, context()))).toBe("UsedMelee");
    // The GM's override lets it reach further, like a melee act's, but it still names its target.
    expect(reason(useAbility(s, { hero: "ari", ability: "slam" }, context(undefined, true)))).toBe("NoTarget");
    expect(value(useAbility(s, { hero: "ari", ability: "slam", target: "rook" }, context(scriptedDice([["1d6", 2]]), true))).detail.target).toBe("rook");
  });
});

describe("issue 17: the GM's override after the game has ended", () => {
  it("never acts: every act is refused once the game is over", () => {
    const over = deepFreeze({ ...scene("reinforce", "psiclones"), track: track(3, "psiclones", "reinforce", 3, true) });
    const gm = context(undefined, true);
    expect(reason(move(over, { hero: "ari" }, gm))).toBe("GameOver");
    expect(reason(melee(over, { hero: "ari", target: "pax" }, gm))).toBe("GameOver");
    expect(reason(useAbility(over, { hero: "ari", ability: "dash" }, gm))).toBe("GameOver");
    expect(reason(challenge(over, { hero: "ari" }, gm))).toBe("GameOver");
  });
});

describe("acts on the map: a dragged Move and Slip Away's swap", () => {
  it("a Move to a square names where the hero goes, from where, and spends the action", () => {
    const s = scene("action");
    const o = value(move(s, { hero: "ari", to: { x: 5, y: 2 } }, context()));
    expect(o.detail.moves).toEqual([{ hero: "ari", from: { x: 2, y: 2 }, to: { x: 5, y: 2 } }]);
    // Squares are counted from 1 as players read the map (the fixture's map starts at 0, 0).
    expect(o.log).toEqual([{ key: "FACTIONS.Rounds.Log.MovedTo", data: { hero: "Ari", column: 6, row: 3 } }]);
    expect(updated(o, "ari", "system.used")).toEqual([{ at: "2:skyhawks:action", acts: ["move"] }]);
    // A Move with no square is the GM's to rule on, as before.
    expect(value(move(s, { hero: "ari" }, context())).detail.moves).toBeUndefined();
  });

  it("a Move is refused off the map, onto its own square, with a malformed square, or when the hero may not move (that reason first)", () => {
    const s = scene("action");
    expect(reason(move(s, { hero: "ari", to: { x: 20, y: 0 } }, context()))).toBe("OutsideScene");
    expect(reason(move(s, { hero: "ari", to: { x: -1, y: 3 } }, context()))).toBe("OutsideScene");
    expect(reason(move(s, { hero: "ari", to: { x: 2, y: 2 } }, context()))).toBe("SameSquare");
    expect(reason(move(s, { hero: "ari", to: { x: 1.5, y: 2 } }, context()))).toBe("NoSquare");
    expect(reason(move(scene("melee"), { hero: "ari", to: { x: 20, y: 0 } }, context()))).toBe("WrongStep");
    expect(reason(move(scene("action", "psiclones"), { hero: "ari", to: { x: 3, y: 2 } }, context()))).toBe("InactiveTeam");
    const off = deepFreeze({ ...s, heroes: { ...s.heroes, bo: { ...s.heroes.bo!, square: null } } });
    expect(reason(move(off, { hero: "bo", to: { x: 3, y: 2 } }, context()))).toBe("NoToken");
  });

  it("Slip Away trades the two heroes' squares; the hero may then step one square (diagonals too) from the square it took", () => {
    const s = scene("action");
    const stay = value(slipAway(s, { hero: "ari", target: "pax" }, context()));
    expect(stay.detail.moves).toEqual([
      { hero: "ari", from: { x: 2, y: 2 }, to: { x: 3, y: 3 } },
      { hero: "pax", from: { x: 3, y: 3 }, to: { x: 2, y: 2 } },
    ]);
    const stepped = value(slipAway(s, { hero: "ari", target: "pax", step: { x: 4, y: 4 } }, context()));
    expect(stepped.detail.moves![0]).toEqual({ hero: "ari", from: { x: 2, y: 2 }, to: { x: 4, y: 4 } });
    expect(stepped.detail.moves![1]).toEqual({ hero: "pax", from: { x: 3, y: 3 }, to: { x: 2, y: 2 } });
    expect(stepped.log).toEqual([
      { key: "FACTIONS.Rounds.Log.SlippedAway", data: { hero: "Ari", target: "Pax" } },
      { key: "FACTIONS.Rounds.Log.SteppedTo", data: { hero: "Ari", column: 5, row: 5 } },
    ]);
    // Stepping "to" the enemy's old square is staying: no second line.
    expect(logKeys(value(slipAway(s, { hero: "ari", target: "pax", step: { x: 3, y: 3 } }, context())))).toEqual(["SlippedAway"]);
  });

  it("Slip Away's step: at most one square from the taken square, on the map, never onto the enemy's new square", () => {
    const s = scene("action");
    expect(reason(slipAway(s, { hero: "ari", target: "pax", step: { x: 5, y: 3 } }, context()))).toBe("StepTooFar");
    expect(reason(slipAway(s, { hero: "ari", target: "pax", step: { x: 2, y: 2 } }, context()))).toBe("StepOntoEnemy");
    expect(reason(slipAway(s, { hero: "ari", target: "pax", step: { x: "4", y: 4 } }, context()))).toBe("NoSquare");
    const edge = deepFreeze({ ...s, heroes: { ...s.heroes, pax: { ...s.heroes.pax!, square: { x: 0, y: 0 } } } });
    expect(reason(slipAway(edge, { hero: "ari", target: "pax", step: { x: -1, y: 0 } }, context()))).toBe("OutsideScene");
    expect(reason(slipAway(s, { hero: "ari", target: "bo" }, context()))).toBe("NotEnemy");
    const away = deepFreeze({ ...s, heroes: { ...s.heroes, pax: { ...s.heroes.pax!, square: null } } });
    expect(reason(slipAway(away, { hero: "ari", target: "pax" }, context()))).toBe("TargetOffMap");
  });
});
