import { describe, expect, it } from "vitest";
import {
  applyEffectPlan,
  EFFECT_KINDS,
  EFFECT_RULES,
  EffectEditor,
  effectModifiers,
  invertEffectPlan,
  newEffect,
  tickEffect,
  tickEffects,
  type EffectRecord,
} from "../../../src/rulesets/skirmish/rules";
import { effect } from "./fixtures";

/** Rounds an effect taken now stays, ticking with the given movement each round (the round it is taken counts as the first). */
function roundsActive(e: EffectRecord, moved: (round: number) => boolean, limit = 50): number {
  let cur: EffectRecord | null = e;
  let rounds = 0;
  while (cur && rounds < limit) {
    rounds++;
    cur = tickEffect(cur, moved(rounds));
  }
  return rounds;
}

const ids = () => {
  let n = 0;
  return () => `n${++n}`;
};

describe("effect durations", () => {
  it("Exhausted lasts 10 rounds when it moves every round", () => {
    expect(roundsActive(newEffect("x", "exhausted", 1), () => true)).toBe(10);
  });

  it("Exhausted ends after 5 rounds in a row without moving", () => {
    expect(roundsActive(newEffect("x", "exhausted", 1), () => false)).toBe(5);
  });

  it("a round with movement sets the rounds without moving back to 0", () => {
    // Still in rounds 1–3, moves in round 4, then still: the 5th still round in a row is round 9.
    expect(roundsActive(newEffect("x", "exhausted", 2), (r) => r === 4)).toBe(9);
    let e: EffectRecord | null = newEffect("x", "exhausted", 2);
    for (const moved of [false, false, false]) e = tickEffect(e!, moved);
    expect(e).toMatchObject({ roundsLeft: 7, roundsStill: 3 });
    e = tickEffect(e!, true);
    expect(e).toMatchObject({ roundsLeft: 6, roundsStill: 0 });
  });

  it("Hyped and Morale last 3 rounds, Disoriented 1, moving or not", () => {
    for (const kind of ["hyped", "morale"] as const) {
      expect(roundsActive(newEffect("x", kind, 1), () => false)).toBe(3);
      expect(roundsActive(newEffect("x", kind, 1), () => true)).toBe(3);
    }
    expect(roundsActive(newEffect("x", "disoriented"), () => false)).toBe(1);
    // Rounds without moving count only for Exhausted.
    expect(tickEffect(newEffect("x", "hyped", 1), false)).toMatchObject({ roundsLeft: 2, roundsStill: 0 });
  });

  it("the rest of the fight and until the GM removes it: rounds never end them", () => {
    for (const kind of EFFECT_KINDS) {
      if (EFFECT_RULES[kind].lasts === "rounds") continue;
      const e = newEffect("x", kind);
      expect(e.roundsLeft, kind).toBeNull();
      expect(roundsActive(e, () => false, 30), kind).toBe(30);
    }
    expect(EFFECT_RULES.muscleTremors.lasts).toBe("fight");
    expect(EFFECT_RULES.boneFracture.lasts).toBe("fight");
    for (const kind of ["ankleSprain", "memberSlowed", "goneProne", "concussion", "dazed", "panic", "commsBreakdown"] as const) expect(EFFECT_RULES[kind].lasts, kind).toBe("gm");
  });

  it("one tick lists the effects whose counts change and those that end, and no others", () => {
    const list = [newEffect("ex", "exhausted", 1), newEffect("hy", "hyped", 1), newEffect("di", "disoriented"), newEffect("bf", "boneFracture")];
    const tick = tickEffects(list, false);
    expect(tick.ended.map((e) => e.id)).toEqual(["di"]);
    expect(tick.update).toEqual([
      { before: list[0], after: { ...list[0], roundsLeft: 9, roundsStill: 1 } },
      { before: list[1], after: { ...list[1], roundsLeft: 2 } },
    ]);
  });
});

describe("stacking", () => {
  it("a new Exhausted adds its number to the one there and resets both counts", () => {
    const ed = new EffectEditor("ada", [effect("ex", "exhausted", 1, { roundsLeft: 4, roundsStill: 3 })]);
    const e = ed.add("exhausted", 2, ids());
    expect(e).toEqual({ id: "ex", kind: "exhausted", stack: 3, roundsLeft: 10, roundsStill: 0, member: "" });
    expect(ed.result()).toEqual({
      actor: "ada",
      create: [],
      update: [{ before: effect("ex", "exhausted", 1, { roundsLeft: 4, roundsStill: 3 }), after: e }],
      delete: [],
    });
  });

  it("Hyped and Morale stack and reset the same way", () => {
    for (const kind of ["hyped", "morale"] as const) {
      const ed = new EffectEditor("a", [effect("h", kind, 1, { roundsLeft: 1 })]);
      expect(ed.add(kind, 2, ids())).toMatchObject({ id: "h", stack: 3, roundsLeft: 3 });
      expect(ed.effects).toHaveLength(1);
    }
  });

  it("any other result taken twice counts twice: two Bone fractures give −2 to Body", () => {
    const ed = new EffectEditor("a", []);
    const next = ids();
    ed.add("boneFracture", 1, next);
    ed.add("boneFracture", 1, next);
    expect(ed.effects.map((e) => e.id)).toEqual(["n1", "n2"]);
    const body = effectModifiers(ed.effects, "body");
    expect(body).toEqual([
      { label: "FACTIONS.Skirmish.Modifier.boneFracture", value: -1 },
      { label: "FACTIONS.Skirmish.Modifier.boneFracture", value: -1 },
    ]);
    expect(effectModifiers(ed.effects, "nerves")).toEqual([]);
  });

  it("Worsened Condition makes each penalty 1 worse and leaves durations alone", () => {
    const list = [
      effect("ex", "exhausted", 2, { roundsLeft: 6, roundsStill: 2 }),
      effect("mt", "muscleTremors"),
      effect("b1", "boneFracture"),
      effect("b2", "boneFracture", 2),
      effect("hy", "hyped", 1, { roundsLeft: 2 }),
      effect("sp", "ankleSprain"),
    ];
    const ed = new EffectEditor("a", list);
    expect(ed.worsen().map((e) => `${e.id} ${e.stack}`)).toEqual(["ex 3", "mt 2", "b1 2", "b2 3"]);
    expect(ed.effects).toEqual([
      effect("ex", "exhausted", 3, { roundsLeft: 6, roundsStill: 2 }),
      effect("mt", "muscleTremors", 2),
      effect("b1", "boneFracture", 2),
      effect("b2", "boneFracture", 3),
      list[4],
      list[5],
    ]);
    expect(effectModifiers(ed.effects, "nerves").map((m) => m.value)).toEqual([-3, -2, 1]);
  });

  it("Worsened Condition with no penalties does nothing", () => {
    const ed = new EffectEditor("a", [effect("hy", "hyped", 2), effect("pr", "goneProne")]);
    expect(ed.worsen()).toEqual([]);
    expect(ed.result()).toEqual({ actor: "a", create: [], update: [], delete: [] });
  });
});

describe("roll modifiers", () => {
  it("Exhausted −N, Hyped +N, Morale +N to every roll; Muscle tremors to Nerves, Bone fracture to Body", () => {
    const list = [effect("ex", "exhausted", 2), effect("hy", "hyped", 1), effect("mo", "morale", 3), effect("mt", "muscleTremors"), effect("bf", "boneFracture"), effect("dz", "dazed")];
    const M = "FACTIONS.Skirmish.Modifier.";
    expect(effectModifiers(list, "body")).toEqual([
      { label: `${M}exhausted`, value: -2 },
      { label: `${M}hyped`, value: 1 },
      { label: `${M}morale`, value: 3 },
      { label: `${M}boneFracture`, value: -1 },
    ]);
    expect(effectModifiers(list, "nerves").map((m) => m.label)).toEqual([`${M}exhausted`, `${M}hyped`, `${M}morale`, `${M}muscleTremors`]);
  });
});

describe("effect plans", () => {
  it("an update of an effect created in the same plan folds into its creation; deleting it drops it", () => {
    const ed = new EffectEditor("a", [effect("old", "hyped", 1)]);
    const next = ids();
    ed.add("exhausted", 1, next);
    ed.add("exhausted", 2, next);
    ed.add("dazed", 1, next);
    ed.delete("n2");
    expect(ed.result().create).toEqual([newEffect("n1", "exhausted", 3)]);
  });

  it("deleting an effect updated in the same plan deletes it as it was", () => {
    const before = effect("ex", "exhausted", 1, { roundsLeft: 5 });
    const ed = new EffectEditor("a", [before]);
    ed.worsen();
    ed.delete("ex");
    expect(ed.result()).toEqual({ actor: "a", create: [], update: [], delete: [before] });
  });

  it("a plan applied then inverted gives the effects back", () => {
    const list = [effect("ex", "exhausted", 1, { roundsLeft: 4 }), effect("dz", "dazed"), effect("bf", "boneFracture")];
    const ed = new EffectEditor("a", list);
    ed.add("exhausted", 1, ids());
    ed.worsen();
    ed.delete("dz");
    ed.add("panic", 1, ids());
    const plan = ed.result();
    const after = applyEffectPlan(list, plan);
    expect(after).toEqual(ed.effects);
    const back = applyEffectPlan(after, invertEffectPlan(plan));
    expect([...back].sort((x, y) => x.id.localeCompare(y.id))).toEqual([...list].sort((x, y) => x.id.localeCompare(y.id)));
  });
});
