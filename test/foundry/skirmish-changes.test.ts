/**
 * How a Skirmish outcome becomes documents' changes (src/rulesets/skirmish/changes.ts): fallout as
 * Active Effects created, updated field by field and deleted; a budget as one change per counter
 * that moved, so two actions of a round never touch the same path unless they spend the same kind.
 */
import { describe, expect, it } from "vitest";
import { budgetChanges, effectChanges, storedBudget } from "../../src/rulesets/skirmish/changes";
import type { SkirmishCombatant } from "../../src/rulesets/skirmish/data/state";
import { newBudget, newEffect, spendAction, grantPush, type ActionBudget } from "../../src/rulesets/skirmish/rules";

const combatant = (budgets: Record<string, ActionBudget>): SkirmishCombatant =>
  ({ uuid: "Combat.c.Combatant.x", _source: { system: { budgets: Object.fromEntries(Object.entries(budgets).map(([k, b]) => [k, storedBudget(b)])) } } }) as unknown as SkirmishCombatant;
const spend = (b: ActionBudget, kind: "move" | "major" | "minor" | "free") => {
  const r = spendAction(b, kind, { freeActions: 1 });
  if (!r.ok) throw new Error(r.reason.key);
  return r.value.budget;
};

describe("fallout as Active Effect changes", () => {
  it("creates the effect's full source, updates only the fields that moved, deletes with its source", () => {
    const exhausted = newEffect("ExhaustedEffect0", "exhausted", 1);
    const fracture = newEffect("FractureEffect00", "boneFracture", 1);
    const dazed = newEffect("DazedEffect00000", "dazed", 1);
    const changes = effectChanges([
      { actor: "Actor.a", create: [dazed], update: [{ before: exhausted, after: { ...exhausted, stack: 3, roundsLeft: 10, roundsStill: 0 } }, { before: fracture, after: fracture }], delete: [] },
      { actor: "Actor.b", create: [], update: [], delete: [fracture] },
    ]);
    const ref = (actor: string, item: string) => ({ actor, embedded: "ActiveEffect", item });
    expect(changes).toEqual([
      {
        op: "create",
        ref: ref("Actor.a", "DazedEffect00000"),
        data: { _id: "DazedEffect00000", name: "FACTIONS.Skirmish.Status.dazed", type: "skirmish", img: "icons/svg/sleep.svg", statuses: ["dazed"], system: { kind: "dazed", stack: 1, roundsLeft: null, roundsStill: 0, member: "" } },
      },
      { op: "update", ref: ref("Actor.a", "ExhaustedEffect0"), path: "system.stack", from: 1, to: 3 },
      { op: "delete", ref: ref("Actor.b", "FractureEffect00"), data: expect.objectContaining({ _id: "FractureEffect00", type: "skirmish", statuses: ["boneFracture"] }) },
    ]);
  });
});

describe("a budget as Combatant changes", () => {
  it("changes one path per counter that moved, in the round's own entry", () => {
    const fresh = newBudget(2);
    const c = combatant({ "1": newBudget(1), "2": fresh });
    expect(budgetChanges(c, spend(fresh, "move"))).toEqual([{ op: "update", ref: { actor: "Combat.c.Combatant.x" }, path: "system.budgets.2.spent.move", from: 0, to: 1 }]);
    const pushed = grantPush(spend(fresh, "major"));
    expect(budgetChanges(c, pushed).map((ch) => ch.op === "update" && ch.path)).toEqual(["system.budgets.2.pushes", "system.budgets.2.spent.major"]);
  });

  it("two actions of different kinds touch different paths: undoing one never meets the other", () => {
    const fresh = newBudget(3);
    const c = combatant({ "3": fresh });
    const paths = (kind: "move" | "minor") => budgetChanges(c, spend(fresh, kind)).map((ch) => ch.op === "update" && ch.path);
    expect(paths("move")).not.toEqual(expect.arrayContaining(paths("minor")));
  });

  it("adds the round's whole entry when the round has none stored yet", () => {
    const c = combatant({ "1": newBudget(1) });
    const after = spend(newBudget(2), "free");
    const [change] = budgetChanges(c, after);
    expect(change).toEqual({ op: "update", ref: { actor: "Combat.c.Combatant.x" }, path: "system.budgets", from: { "1": storedBudget(newBudget(1)) }, to: { "1": storedBudget(newBudget(1)), "2": storedBudget(after) } });
  });
});
