/**
 * The shapes of the Battle actions' choices (src/rulesets/battle/choices.ts): every choice the
 * battle window and the dialogs build fits, and every well-shaped choice, its strings drawn from the
 * state's own ids, is refused or taken by the rules with a localized message, never thrown. (The
 * fuzz through the pipeline is test/foundry/malformed-battle.ts; this one reaches deeper into a
 * battle, its pool being only the ids a battle reads.)
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { shapeRefusal, type Shape } from "../../../src/core/rules/shape";
import { applyControl, autoSelection, choiceOf, initialSelection } from "../../../src/rulesets/battle/apps/battle-window-context";
import { CHOICE_SHAPES } from "../../../src/rulesets/battle/choices";
import {
  CITADEL,
  chooseCitadelLoss,
  endRealmTurn,
  resolveBattle,
  startRealmTurn,
  useBuilding,
  type BattleChoice,
  type BattleState,
  type CitadelLossChoice,
  type UseBuildingChoice,
} from "../../../src/rulesets/battle/rules";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { langString } from "../lang";
import { wellShaped } from "../shape-arbitraries";
import { building, character, context, cost, deepFreeze, fortification, location, manAtArms, realm, technology, unit, world } from "./fixtures";

const spec = (name: string, a: number, d: number, s: number) => ({ name, cost: cost(1), a, d, s, support: -1 });

/** Two realms at war: units of two types, characters with and without a unit type, a fortified town, a citadel. */
function state(): BattleState {
  return world(
    realm("A", [
      manAtArms("a1"),
      manAtArms("a2"),
      unit("a3", "Archer", 1, 1, 4),
      character("ah", "Hero", 3, 4, 2),
      character("ac", "Charioteer", 2, 3, 4, { unitType: "Archer" }),
      building("ab", "Infantry Barracks", { military: true, subtype: "Barracks", unit: spec("Man at Arms", 1, 1, 2) }),
      building("as", "Blacksmith"),
      technology("at", "Archery", "Barracks", spec("Archer", 1, 1, 4), { requires: ["Blacksmith"] }),
      location("al", 1, 3, { owner: "" }),
    ]),
    realm(
      "D",
      [
        manAtArms("d1"),
        unit("d2", "Archer", 1, 2, 4),
        character("dh", "Warden", 2, 4, 3),
        location("town", 3, 5),
        fortification("tower", "Guard Tower", 0, 5, 0, "town", { range: { x: 2, y: 4 } }),
        fortification("wall", "Wall", 1, 6, 1, "town"),
        building("dc", "Citadel", { citadel: true }),
        building("db", "Infantry Barracks", { military: true, unit: spec("Man at Arms", 1, 1, 2) }),
        manAtArms("d3", { source: "db" }),
      ],
      { buildingsToDestroy: 1 },
    ),
  );
}

const POOL = ["A", "D", "", CITADEL, "Man at Arms", "Archer", "Archers", "a1", "a2", "a3", "ah", "ac", "ab", "as", "at", "al", "d1", "d2", "dh", "town", "tower", "wall", "dc", "db", "d3"];

/** Every refusal is a localized message (no rule throws). */
function expectRefusedOrTaken(r: Result<Outcome>, choice: unknown): void {
  if (r.ok) return;
  expect(langString(r.reason.key), `${r.reason.key} for ${JSON.stringify(choice)}`).toBeDefined();
}

function samples<T>(shape: Record<string, Shape>, n: number, seed: number): T[] {
  return fc.sample(wellShaped({ kind: "object", fields: shape }, POOL), { numRuns: n, seed }) as T[];
}

describe("the shapes of the Battle choices", () => {
  it("fit every choice the battle window builds, as it builds them", () => {
    const s = deepFreeze(state());
    for (const mode of ["attack", "citadel", "reinforce"] as const) {
      let sel = initialSelection(s, "A", mode);
      const key = mode === "reinforce" ? "reinforce" : "attack";
      expect(shapeRefusal(CHOICE_SHAPES[key], choiceOf(sel)), mode).toBeNull();
      sel = autoSelection(s, autoSelection(s, sel, "attacker"), "defender");
      sel = applyControl(s, mode, sel, "protect.ah", "Archer");
      sel = applyControl(s, mode, sel, "ranged.tower", false);
      expect(shapeRefusal(CHOICE_SHAPES[key], choiceOf(sel)), mode).toBeNull();
    }
    // A window with no target yet: its choice names no location, which the rules refuse.
    expect(shapeRefusal(CHOICE_SHAPES.attack, choiceOf({ ...initialSelection(s, "A", "attack"), target: null }))).toBeNull();
  });

  it("fit the dialogs' choices, and refuse a malformed one naming the field", () => {
    expect(shapeRefusal(CHOICE_SHAPES.startTurn, { realm: "A" })).toBeNull();
    expect(shapeRefusal(CHOICE_SHAPES.useBuilding, { realm: "A", building: "ab" })).toBeNull();
    expect(shapeRefusal(CHOICE_SHAPES.useBuilding, { realm: "A", building: "ab", technology: "at" })).toBeNull();
    expect(shapeRefusal(CHOICE_SHAPES.playCharacter, { realm: "A", card: "Cards.x.Card.y", pile: "" })).toBeNull();
    expect(shapeRefusal(CHOICE_SHAPES.citadelLoss, { realm: "D", building: "db" })).toBeNull();
    const attack = { attacker: "A", defender: "D", target: { kind: "location", id: "town" }, attackers: ["a1"], defenders: [] };
    expect(shapeRefusal(CHOICE_SHAPES.attack, attack)).toBeNull();
    expect(shapeRefusal(CHOICE_SHAPES.attack, { ...attack, target: { kind: "city" } })?.data).toEqual({ field: "target.kind" });
    expect(shapeRefusal(CHOICE_SHAPES.attack, { ...attack, defenders: undefined })?.data).toEqual({ field: "defenders" });
    expect(shapeRefusal(CHOICE_SHAPES.attack, { ...attack, assignments: [{ step: 2.5, from: "a1", to: "town" }] })?.data).toEqual({ field: "assignments[0].step" });
    expect(shapeRefusal(CHOICE_SHAPES.attack, { ...attack, ranged: { tower: "yes" } })?.data).toEqual({ field: "ranged.tower" });
  });
});

describe("a well-shaped choice at random", () => {
  it("attack or reinforce: the rules refuse it or fight it, never throw", () => {
    const s = deepFreeze(state());
    let fought = 0;
    // Mostly the two realms and their own fighters, so that most choices reach the battle itself.
    const sides = fc.record({ own: fc.boolean(), attackers: fc.subarray(["a1", "a2", "a3", "ah", "ac"], { minLength: 1 }), defenders: fc.subarray(["d1", "d2", "dh", "d3"]) });
    const arb = fc.tuple(wellShaped({ kind: "object", fields: CHOICE_SHAPES.attack }, POOL) as fc.Arbitrary<BattleChoice>, sides);
    for (const [choice, own] of fc.sample(arb, { numRuns: 4000, seed: 17 })) {
      const c: BattleChoice = { ...choice, attacker: choice.attacker === "D" ? "D" : "A", defender: choice.defender === "A" ? "A" : "D" };
      if (own.own) Object.assign(c, { attackers: own.attackers, defenders: c.defender === "A" ? [] : own.defenders });
      const r = resolveBattle(s, c);
      if (r.ok) fought++;
      expectRefusedOrTaken(r, c);
    }
    expect(fought).toBeGreaterThan(0);
  });

  it("the other actions: the rules refuse or take it, never throw", () => {
    const s = deepFreeze(state());
    for (const c of samples<{ realm: string }>(CHOICE_SHAPES.startTurn, 300, 3)) expectRefusedOrTaken(startRealmTurn(s, c), c);
    for (const c of samples<{ realm: string }>(CHOICE_SHAPES.endTurn, 300, 5)) expectRefusedOrTaken(endRealmTurn(s, c), c);
    for (const c of samples<UseBuildingChoice>(CHOICE_SHAPES.useBuilding, 1000, 7)) expectRefusedOrTaken(useBuilding(s, c, context()), c);
    for (const c of samples<CitadelLossChoice>(CHOICE_SHAPES.citadelLoss, 1000, 11)) expectRefusedOrTaken(chooseCitadelLoss(s, c), c);
  });
});
