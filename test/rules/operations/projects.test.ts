import { describe, expect, it } from "vitest";
import { applyToState, researchMagic, trainMinion } from "../../../src/rulesets/operations/rules";
import { scriptedDice } from "../dice";
import { context, deepFreeze, logKeys, lt, noDice, org, project, reason, TIERS, tierRolls, unit, updated, value, world } from "./fixtures";
import { scene } from "./scene";

describe("Research Magic (Project(8): Lore vs 6)", () => {
  it.each(TIERS)("%s", (tier) => {
    const s = deepFreeze(scene());
    // Vex level 3 + Lore 1 vs 6.
    const o = value(researchMagic(s, { lieutenant: "la", start: { name: "Ward of Ash" } }, context(scriptedDice(tierRolls(4, 6, tier)))));
    expect(o.checks[0]!.check.opposition.rating).toBe(6);
    const after = applyToState(s, o.changes);
    const p = after.organizations.A!.projects[0]!;
    expect(p).toMatchObject({ id: "new1", name: "Ward of Ash" });
    expect(p.system).toEqual({
      kind: "research",
      required: 8,
      progress: { completeFailure: 0, failure: 0, success: 1, completeSuccess: 2 }[tier],
      blocked: tier === "completeFailure",
      target: "",
      training: "",
      stat: "",
    });
    expect(o.detail.created).toBe(true);
  });

  it("completes at the required number (never past it); a blocked or done project is refused", () => {
    const base = world([org("A", {}, [], [project("p", { progress: 7 }), project("b", { blocked: true }), project("d", { progress: 8 })])], [lt("l", "A", { level: 3, lore: 3 })]);
    const o = value(researchMagic(base, { lieutenant: "l", project: "p" }, context(scriptedDice(tierRolls(6, 6, "completeSuccess")))));
    expect(o.detail.report).toEqual({ project: "p", added: 1, progress: 8, required: 8, done: true, blocked: false });
    expect(logKeys(o)).toContain("ProjectDone");
    expect(reason(researchMagic(base, { lieutenant: "l", project: "b" }, context(noDice)))).toBe("ProjectBlocked");
    expect(reason(researchMagic(base, { lieutenant: "l", project: "d" }, context(noDice)))).toBe("ProjectDone");
    expect(reason(researchMagic(base, { lieutenant: "l" }, context(noDice)))).toBe("NoProjectChosen");
    expect(reason(researchMagic(base, { lieutenant: "l", project: "zz" }, context(noDice)))).toBe("NoProject");
    const big = value(researchMagic(base, { lieutenant: "l", start: { name: "Great Rite", required: 20 } }, context(scriptedDice(tierRolls(6, 6, "success")))));
    expect(applyToState(base, big.changes).organizations.A!.projects.at(-1)!.system.required).toBe(20);
  });
});

describe("Train Minion (Project(6): Straight variable)", () => {
  const w = () =>
    world(
      [org("A", { capital: 10 }, [unit("u", { name: "Scouts", level: 2, competency: "sneak" })])],
      [lt("t", "A", { name: "Trainer", level: 4, force: 1, sneak: 3, charm: 2, lore: 0 }), lt("s", "A", { name: "Squire", level: 3, force: 3, sneak: 1, charm: 0, lore: 0 })],
    );

  it.each(TIERS)("%s: a unit's level, rolled by the trainer's stat matching its competency (Sneak) vs 0", (tier) => {
    const s = deepFreeze(w());
    const o = value(trainMinion(s, { lieutenant: "t", start: { target: "u", training: "level" } }, context(scriptedDice(tierRolls(7, 0, tier)))));
    expect(o.checks[0]!.check.opposition.formula).toBe("1d10");
    const p = applyToState(s, o.changes).organizations.A!.projects[0]!;
    expect(p.system).toMatchObject({ kind: "training", required: 6, target: "u", training: "level", blocked: tier === "completeFailure" });
    expect(p.system.progress).toBe({ completeFailure: 0, failure: 0, success: 1, completeSuccess: 2 }[tier]);
    expect(o.detail.trained).toBe(false);
  });

  it("on completion a unit gains a level, or a new type", () => {
    const s = w();
    const A = { ...s.organizations.A!, projects: [project("p", { kind: "training", required: 6, progress: 5, target: "u", training: "level" })] };
    const o = value(trainMinion({ ...s, organizations: { A } }, { lieutenant: "t", project: "p" }, context(scriptedDice(tierRolls(7, 0, "success")))));
    expect(updated(o, "A", "system.level", "u")).toBe(3);
    expect(logKeys(o)).toEqual(expect.arrayContaining(["TrainedLevel", "UpkeepMayRise"]));
    const B = { ...s.organizations.A!, projects: [project("q", { kind: "training", required: 6, progress: 4, target: "u", training: "type", stat: "force" })] };
    // A type change rolls the new competency's stat: Trainer 4 + Force 1.
    const t = value(trainMinion({ ...s, organizations: { A: B } }, { lieutenant: "t", project: "q" }, context(scriptedDice(tierRolls(5, 0, "completeSuccess")))));
    expect(updated(t, "A", "system.competency", "u")).toBe("force");
  });

  it("a lieutenant: a different, higher-level trainer; its core competency; on completion a level and a stat", () => {
    const s = w();
    // Squire's core competency is Force: Trainer 4 + 1.
    const o = value(trainMinion(s, { lieutenant: "t", start: { target: "s", training: "level", stat: "sneak", required: 1 } }, context(scriptedDice(tierRolls(5, 0, "success")))));
    expect(updated(o, "s", "system.level")).toBe(4);
    expect(updated(o, "s", "system.sneak")).toBe(2);
    expect(logKeys(o)).toContain("TrainedLieutenant.sneak");
    expect(reason(trainMinion(s, { lieutenant: "s", start: { target: "t", training: "level", stat: "lore" } }, context(noDice)))).toBe("TrainerLevel");
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "t", training: "level", stat: "lore" } }, context(noDice)))).toBe("TrainerIsTrainee");
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "s", training: "level" } }, context(noDice)))).toBe("NeedStat");
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "s", training: "type", stat: "lore" } }, context(noDice)))).toBe("LieutenantType");
  });

  it("an outside trainer for a lieutenant: the trainee acts and pays", () => {
    const s = w();
    const o = value(trainMinion(s, { lieutenant: "t", start: { target: "t", training: "level", stat: "lore" }, outsideTrainer: { cost: 8, rating: 6 } }, context(scriptedDice(tierRolls(6, 0, "success")))));
    expect(updated(o, "A", "system.capital")).toBe(2);
    expect(o.detail.paid).toBe(8);
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "t", training: "level", stat: "lore" }, outsideTrainer: { cost: 11, rating: 6 } }, context(noDice)))).toBe("CapitalShort");
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "s", training: "level", stat: "lore" }, outsideTrainer: { cost: 1, rating: 6 } }, context(noDice)))).toBe("OutsideTraineeActs");
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "u", training: "level" }, outsideTrainer: { cost: 1, rating: 6 } }, context(noDice)))).toBe("OutsideForLieutenants");
  });

  it("trainer requirements for units: higher level for a level, same or higher for a type", () => {
    const s = world([org("A", {}, [unit("u", { level: 4, competency: "force" })])], [lt("t", "A", { level: 4, force: 2, lore: 1 })]);
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "u", training: "level" } }, context(noDice)))).toBe("TrainerLevel");
    value(trainMinion(s, { lieutenant: "t", start: { target: "u", training: "type", stat: "lore" } }, context(scriptedDice(tierRolls(5, 0, "failure")))));
    expect(reason(trainMinion(s, { lieutenant: "t", start: { target: "u", training: "type", stat: "force" } }, context(noDice)))).toBe("SameType");
    const max = world([org("A")], [lt("t", "A", { level: 10 }), lt("x", "A", { level: 10 })]);
    expect(reason(trainMinion(max, { lieutenant: "t", start: { target: "x", training: "level", stat: "lore" } }, context(noDice)))).toBe("MaxLevel");
  });
});
