/**
 * The shapes of the Operations choices (src/rulesets/operations/choices.ts): every action has one,
 * each bound refuses a choice just over it and takes one at it, the examples of issue 17 are
 * refusals naming the field, and no well-shaped choice makes a rule throw.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import { shapeRefusal, type Shape } from "../../../src/core/rules/shape";
import { CHOICE_SHAPES, MAX_ASSET_LEVEL, MAX_PRICE, MAX_REQUIRED } from "../../../src/rulesets/operations/choices";
import * as rules from "../../../src/rulesets/operations/rules";
import {
  ACTIONS,
  type ActionName,
  type OperationsContext,
  type OperationsState,
  type PurchaseChoice,
  type ResearchMagicChoice,
  type SellItemChoice,
  type TrainMinionChoice,
} from "../../../src/rulesets/operations/rules";
import { seededDice } from "../dice";
import { wellShaped } from "../shape-arbitraries";
import { context, lt, reason, world } from "./fixtures";
import { scene } from "./scene";

/** The field a choice is refused at, or null if its shape takes it. */
function refusedAt(name: ActionName, choice: object): string | null {
  const refusal = shapeRefusal(CHOICE_SHAPES[name], choice);
  if (refusal) expect(refusal.key).toBe("FACTIONS.Action.Error.BadChoice");
  return refusal ? String(refusal.data?.field) : null;
}

/** Run a rule on seeded dice: its result and the formulas it rolled. */
function run<C>(rule: (s: OperationsState, c: C, ctx: OperationsContext) => Result<Outcome<unknown>>, state: OperationsState, choice: C) {
  const dice = seededDice(17);
  const result = rule(state, choice, context(dice));
  return { result, formulas: dice.history.map((h) => h.formula) };
}

/** The scene, with A rich enough for any price a shape takes. */
function rich(): OperationsState {
  const s = scene();
  s.organizations.A!.system.capital = 10_000;
  return s;
}

describe("the shapes of the Operations choices", () => {
  it("cover every action", () => {
    expect(Object.keys(CHOICE_SHAPES).sort()).toEqual(Object.keys(ACTIONS).sort());
  });

  const unit = (level: number, upkeep = 1): PurchaseChoice => ({
    lieutenant: "la",
    thing: { kind: "unit", name: "Sellswords", level, competency: "force", upkeep },
    price: 9,
  });

  it(`a purchased asset's level: ${MAX_ASSET_LEVEL} is taken (1d10 + ${MAX_ASSET_LEVEL} opposes), ${MAX_ASSET_LEVEL + 1} and 1e21 refused`, () => {
    expect(refusedAt("purchase", unit(MAX_ASSET_LEVEL))).toBeNull();
    const { result, formulas } = run(rules.purchase, rich(), unit(MAX_ASSET_LEVEL));
    expect(result.ok).toBe(true);
    expect(formulas).toContain(`1d10 + ${MAX_ASSET_LEVEL}`);
    expect(refusedAt("purchase", unit(MAX_ASSET_LEVEL + 1))).toBe("thing.level");
    expect(refusedAt("purchase", unit(1e21))).toBe("thing.level");
    expect(refusedAt("purchase", { ...unit(1), thing: { kind: "item", name: "Map", level: MAX_ASSET_LEVEL + 1 } })).toBe("thing.level");
    expect(refusedAt("purchase", unit(-1))).toBe("thing.level");
  });

  it(`a purchase price and a bought unit's upkeep: ${MAX_PRICE} is taken, ${MAX_PRICE + 1} and 1e21 refused`, () => {
    expect(refusedAt("purchase", { ...unit(3), price: MAX_PRICE })).toBeNull();
    expect(run(rules.purchase, rich(), { ...unit(3), price: MAX_PRICE }).result.ok).toBe(true);
    expect(refusedAt("purchase", { ...unit(3), price: MAX_PRICE + 1 })).toBe("price");
    expect(refusedAt("purchase", { ...unit(3), price: 1e21 })).toBe("price");
    expect(refusedAt("purchase", unit(3, MAX_PRICE))).toBeNull();
    expect(refusedAt("purchase", unit(3, MAX_PRICE + 1))).toBe("thing.upkeep");
  });

  it(`a sale price: ${MAX_PRICE} is taken (1d10 + ${MAX_PRICE} opposes), ${MAX_PRICE + 1} and 1e21 refused`, () => {
    const sell = (price: number): SellItemChoice => ({ lieutenant: "la", thing: { kind: "other", name: "Jade Idol", price } });
    expect(refusedAt("sellItem", sell(MAX_PRICE))).toBeNull();
    const { result, formulas } = run(rules.sellItem, scene(), sell(MAX_PRICE));
    expect(result.ok).toBe(true);
    expect(formulas).toContain(`1d10 + ${MAX_PRICE}`);
    expect(refusedAt("sellItem", sell(MAX_PRICE + 1))).toBe("thing.price");
    expect(refusedAt("sellItem", sell(1e21))).toBe("thing.price");
  });

  it(`an outside trainer's fee: ${MAX_PRICE} is taken, ${MAX_PRICE + 1} refused; its rating keeps the rules' ±20`, () => {
    const train = (cost: number, rating = 3): TrainMinionChoice => ({
      lieutenant: "la",
      start: { target: "la", training: "level", stat: "force" },
      outsideTrainer: { cost, rating },
    });
    expect(refusedAt("trainMinion", train(MAX_PRICE))).toBeNull();
    expect(run(rules.trainMinion, rich(), train(MAX_PRICE)).result.ok).toBe(true);
    expect(refusedAt("trainMinion", train(MAX_PRICE + 1))).toBe("outsideTrainer.cost");
    expect(refusedAt("trainMinion", train(5, 21))).toBeNull();
    expect(reason(run(rules.trainMinion, rich(), train(5, 21)).result)).toBe("BadModifier");
    expect(run(rules.trainMinion, rich(), train(5, 20)).result.ok).toBe(true);
    expect(refusedAt("trainMinion", train(5, 1e21))).toBe("outsideTrainer.rating");
  });

  it(`a project's required successes: ${MAX_REQUIRED} is taken, ${MAX_REQUIRED + 1} and 0 refused`, () => {
    const research = (required: number): ResearchMagicChoice => ({ lieutenant: "la", start: { name: "Ward", required } });
    expect(refusedAt("researchMagic", research(MAX_REQUIRED))).toBeNull();
    expect(run(rules.researchMagic, scene(), research(MAX_REQUIRED)).result.ok).toBe(true);
    expect(refusedAt("researchMagic", research(MAX_REQUIRED + 1))).toBe("start.required");
    expect(refusedAt("researchMagic", research(0))).toBe("start.required");
    // A trainer of higher level than the trainee.
    const s = scene();
    s.lieutenants.lc = lt("lc", "A", { name: "Pip", level: 1 });
    const train = (required: number): TrainMinionChoice => ({ lieutenant: "la", start: { target: "lc", training: "level", stat: "sneak", required } });
    expect(refusedAt("trainMinion", train(MAX_REQUIRED))).toBeNull();
    expect(run(rules.trainMinion, s, train(MAX_REQUIRED)).result.ok).toBe(true);
    expect(refusedAt("trainMinion", train(MAX_REQUIRED + 1))).toBe("start.required");
  });

  it("a situational modifier: any safe whole number reaches the rules, which take ±20 and refuse ±21 by name; 1e21 is malformed", () => {
    const attack = (modifier: number) => ({ lieutenant: "la", target: "B", location: "town", units: ["a1"], modifier });
    for (const m of [20, -20]) {
      expect(refusedAt("aggressiveAttack", attack(m))).toBeNull();
      expect(run(rules.aggressiveAttack, scene(), attack(m)).result.ok).toBe(true);
    }
    for (const m of [21, -21]) {
      expect(refusedAt("aggressiveAttack", attack(m))).toBeNull();
      expect(reason(run(rules.aggressiveAttack, scene(), attack(m)).result)).toBe("BadModifier");
    }
    expect(refusedAt("aggressiveAttack", attack(1e21))).toBe("modifier");
    expect(refusedAt("aggressiveAttack", attack(0.5))).toBe("modifier");
  });

  it("'ids is not iterable' and reading `kind` or `level` of undefined are refusals naming the field", () => {
    expect(refusedAt("hireOut", { lieutenant: "la" })).toBe("units");
    expect(refusedAt("aggressiveAttack", { lieutenant: "la", target: "B", location: "town" })).toBe("units");
    expect(refusedAt("moveMinion", { lieutenant: "la", units: "a1" })).toBe("units");
    expect(refusedAt("moveMinion", { lieutenant: "la", units: [{ unit: "a1" }] })).toBe("units[0].to");
    expect(refusedAt("ambush", { lieutenant: "la", strategy: "aggressive", units: [] })).toBe("factions");
    expect(refusedAt("stanceTrigger", { stance: "lb", mover: { organization: "A" }, location: "town" })).toBe("mover.units");
    expect(refusedAt("purchase", { lieutenant: "la", price: 3 })).toBe("thing");
    expect(refusedAt("purchase", { lieutenant: "la", price: 3, thing: { kind: "unit", name: "X", competency: "force", upkeep: 1 } })).toBe("thing.level");
    expect(refusedAt("conceal", { lieutenant: "la" })).toBe("target");
    expect(refusedAt("raid", { lieutenant: "la", target: "B", location: "town", units: [], acquire: { kind: "gold" } })).toBe("acquire.kind");
    expect(refusedAt("upkeep", { organization: "A", kind: "unit", id: "a1", owner: "A", decision: "sell" })).toBe("decision");
  });
});

type AnyRule = (s: OperationsState, c: never, ctx: OperationsContext) => Result<Outcome<unknown>>;

/** Every action's pure rule, by name. */
const RULES: Record<ActionName, AnyRule> = {
  aggressiveAttack: rules.aggressiveAttack,
  cautiousAttack: rules.cautiousAttack,
  raid: rules.raid,
  conceal: rules.conceal,
  steal: rules.steal,
  surveil: rules.surveil,
  purchase: rules.purchase,
  investigate: rules.investigate,
  recruit: rules.recruit,
  sellItem: rules.sellItem,
  researchMagic: rules.researchMagic,
  moveMinion: rules.moveMinion,
  trainMinion: rules.trainMinion,
  hireOut: rules.hireOut,
  ambush: rules.ambush,
  blockRoute: rules.blockRoute,
  gainInfluence: rules.gainInfluence,
  ally: rules.ally,
  claim: rules.claim,
  rally: rules.rally,
  stanceTrigger: rules.triggerStance,
  startRound: rules.startRound,
  upkeep: rules.decideUpkeep,
};

describe("a well-shaped choice", () => {
  /** The scene with a stance, a recruited lieutenant and one locale, so choices reach deep into the rules. */
  function deep(): OperationsState {
    const s = scene();
    s.lieutenants.lb!.system.stance = { kind: "ambush", factions: ["A"], strategy: "aggressive", units: ["b1"] };
    s.lieutenants.lc = lt("lc", "B", { name: "Pip", level: 1, recruiter: "A" });
    return world(Object.values(s.organizations), Object.values(s.lieutenants), { town: "city", port: "city" });
  }
  const POOL = ["A", "B", "N", "la", "lb", "lc", "a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4", "town", "port"];

  /** Actions taken where the acting lieutenant stands (Vex is in town). */
  const AT_HAND = new Set<ActionName>(["aggressiveAttack", "cautiousAttack", "raid", "steal"]);
  /** The field naming the acting actor, and who acts: Vex of A, Mara holding the stance, A for its round. */
  const ACTING: Partial<Record<ActionName, [string, string]>> = { stanceTrigger: ["stance", "lb"], startRound: ["organization", "A"], upkeep: ["organization", "A"] };

  it.each(Object.keys(ACTIONS) as ActionName[])("%s: is refused or resolved by its rule, never thrown", (name) => {
    const shape: Shape = { kind: "object", fields: CHOICE_SHAPES[name] };
    const [field, actor] = ACTING[name] ?? ["lieutenant", "la"];
    fc.assert(
      fc.property(wellShaped(shape, POOL), fc.integer({ min: 1, max: 1_000_000 }), (choice, seed) => {
        const acting: Record<string, unknown> = { ...(choice as Record<string, unknown>), [field]: actor };
        // Mostly for the actor's own organization, and into the stance's way, so the rules go past their first refusals.
        if (field === "lieutenant" && acting.organization !== "B") delete acting.organization;
        if (AT_HAND.has(name)) acting.location = "town";
        if (name === "stanceTrigger") acting.mover = { ...(acting.mover as object), organization: "A" };
        expect(() => RULES[name](deep(), acting as never, context(seededDice(seed)))).not.toThrow();
      }),
      { numRuns: 500, seed: name.length * 31 },
    );
  });
});
