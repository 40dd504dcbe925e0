/**
 * The shapes of the Rounds choices (src/rulesets/rounds/choices.ts): every action has one, the
 * issue 17 example (a target that is not a string) is refused naming the field, a Bring-in square
 * is bounded to what a scene can be, and no well-shaped choice makes a pure rule throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { shapeRefusal, type Shape } from "../../../src/core/rules/shape";
import { ENCOUNTER_SHAPES, HERO_ACT_SHAPES, MAX_SQUARE } from "../../../src/rulesets/rounds/choices";
import { HERO_ACTS, type HeroAct } from "../../../src/rulesets/rounds/actions/ids";
import * as rules from "../../../src/rulesets/rounds/rules";
import type { Encounter, RoundsContext, RoundsState } from "../../../src/rulesets/rounds/rules";
import { seededDice } from "../dice";
import { wellShaped } from "../shape-arbitraries";
import { ability, context, deepFreeze, hero, loot, reason, state, track, trigger } from "./fixtures";

function refusedAt(shape: Record<string, Shape>, choice: object): string | null {
  const refusal = shapeRefusal(shape, choice);
  if (refusal) expect(refusal.key).toBe("FACTIONS.Action.Error.BadChoice");
  return refusal ? String(refusal.data?.field) : null;
}

/** Skyhawks Ari (on the map, loot and abilities) and Cy (off the map), Psiclone Pax next to Ari. */
function scene(step: rules.Step = "action"): RoundsState {
  return deepFreeze(
    state(track(2, "skyhawks", step), [
      hero("ari", "skyhawks", { name: "Ari", square: { x: 1, y: 1 }, items: [loot("rope"), ability("bolt", "action", { formula: "1d6" }), ability("slam", "melee"), trigger("rally", "end", "free")] }),
      hero("cy", "skyhawks", { name: "Cy", onMap: false, square: null }),
      hero("pax", "psiclones", { name: "Pax", square: { x: 2, y: 2 }, items: [loot("gem")] }),
    ]),
  );
}

describe("the shapes of the Rounds choices", () => {
  it("cover every action: each hero act (and its GM override) and the encounter's moves, order and events", () => {
    expect(Object.keys(HERO_ACT_SHAPES).sort()).toEqual([...HERO_ACTS].sort());
    expect(Object.keys(ENCOUNTER_SHAPES).sort()).toEqual(["back", "nextStep", "nextTurn", "order", "trigger"]);
  });

  it('a target that is not a string is refused for its type (not "There is no hero [object Object]")', () => {
    const shoot = { combat: "Combat.c", hero: "ari", target: { id: "pax" } };
    expect(refusedAt(HERO_ACT_SHAPES.shoot, shoot)).toBe("target");
    expect(refusedAt(HERO_ACT_SHAPES.ability, { combat: "Combat.c", hero: "ari", ability: "bolt", target: 7 })).toBe("target");
    expect(refusedAt(HERO_ACT_SHAPES.trade, { combat: "Combat.c", hero: "ari", other: "bo", give: [{}], take: [] })).toBe("give[0]");
    expect(refusedAt(ENCOUNTER_SHAPES.order, { combat: "Combat.c", hero: "ari", order: "a,b" })).toBe("order");
    // A blank reference is the rules' to refuse, saying what is missing.
    expect(refusedAt(HERO_ACT_SHAPES.shoot, { ...shoot, target: "" })).toBeNull();
    expect(reason(rules.shoot(scene(), { hero: "ari", target: "" }, context()))).toBe("NoTarget");
  });

  it(`a Bring-in square: whole numbers within ±${MAX_SQUARE}; null (none chosen) is the rule's NoSquare`, () => {
    const bring = (square: unknown) => refusedAt(HERO_ACT_SHAPES.reinforce, { combat: "Combat.c", hero: "cy", square });
    expect(bring({ x: 0, y: 0 })).toBeNull();
    expect(bring({ x: MAX_SQUARE, y: -MAX_SQUARE })).toBeNull();
    expect(bring({ x: -MAX_SQUARE - 1, y: 0 })).toBe("square.x");
    expect(bring({ x: 0, y: MAX_SQUARE + 1 })).toBe("square.y");
    expect(bring({ x: 1e21, y: 0 })).toBe("square.x");
    expect(bring({ x: 0.5, y: 0 })).toBe("square.x");
    expect(bring({ x: 0, y: Number.NaN })).toBe("square.y");
    expect(bring({ x: "0", y: 0 })).toBe("square.x");
    expect(bring(undefined)).toBe("square");
    expect(bring(null)).toBeNull();
    expect(reason(rules.bringIn(scene("reinforce"), { hero: "cy", square: null }, context(undefined, true)))).toBe("NoSquare");
    // The farthest squares are off any scene, and so is a negative one: the rule says so, with its column and row.
    for (const x of [MAX_SQUARE, -MAX_SQUARE, -1]) expect(reason(rules.bringIn(scene("reinforce"), { hero: "cy", square: { x, y: 0 } }, context(undefined, true)))).toBe("OutsideScene");
  });

  type Rule = (s: RoundsState, c: never, ctx: RoundsContext) => Result<Outcome<unknown>>;
  const ACT_RULES: Record<Exclude<HeroAct, "pickUp">, Rule> = {
    move: rules.move,
    slipAway: rules.slipAway,
    shoot: rules.shoot,
    unleash: (s, c: rules.UnleashChoice, ctx) => rules.unleash(s, { ...c, minion: c.minion ?? "" }, ctx),
    melee: rules.melee,
    challenge: rules.challenge,
    ability: rules.useAbility,
    trade: rules.tradeLoot,
    reinforce: rules.bringIn,
  };
  const POOL = ["ari", "cy", "pax", "rope", "gem", "bolt", "slam", "rally", "ari/rally", "Combat.c"];

  it.each(Object.keys(ACT_RULES) as (keyof typeof ACT_RULES)[])("%s: a well-shaped choice is refused or taken, never thrown", (act) => {
    fc.assert(
      fc.property(wellShaped({ kind: "object", fields: HERO_ACT_SHAPES[act] }, POOL), fc.boolean(), fc.constantFrom(...rules.STEPS), (choice, override, step) => {
        const result = ACT_RULES[act](scene(step), choice as never, context(seededDice(3), override));
        expect(typeof result.ok).toBe("boolean");
      }),
      { numRuns: 300, seed: 17 },
    );
  });

  it("order and fire: a well-shaped choice is refused or taken, never thrown", () => {
    const s = scene("action");
    const group = { edge: "end" as const, at: { round: 2, team: "skyhawks" as const, step: "free" as const }, team: "skyhawks" as const };
    const event = { key: "ari/rally", hero: "ari", ability: "rally", edge: "end" as const, step: "free" as const };
    const encounter = (ordered: boolean): Encounter => ({ id: "Combat.c", round: 2, pending: [{ ...group, events: [event], ordered }] });
    fc.assert(
      fc.property(wellShaped({ kind: "object", fields: ENCOUNTER_SHAPES.order }, POOL), fc.boolean(), (choice, ordered) => {
        const c = choice as rules.OrderChoice;
        expect(typeof rules.orderCard(s, encounter(ordered), c).ok).toBe("boolean");
      }),
      { numRuns: 300, seed: 17 },
    );
    fc.assert(
      fc.property(wellShaped({ kind: "object", fields: ENCOUNTER_SHAPES.trigger }, POOL), fc.boolean(), (choice, ordered) => {
        const c = choice as rules.FireChoice;
        expect(typeof rules.fireCard(s, encounter(ordered), c, context(seededDice(5))).ok).toBe("boolean");
      }),
      { numRuns: 300, seed: 17 },
    );
  });
});
