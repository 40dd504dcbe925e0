/**
 * How a Skirmish outcome becomes documents' changes (src/rulesets/skirmish/changes.ts): fallout as
 * Active Effects created, updated field by field and deleted; a card's budget entry as one path of
 * its own in its encounter, so undoing one card never meets another card's entry.
 */
import { describe, expect, it } from "vitest";
import type { Outcome } from "../../src/core/rules/outcome";
import { budgetChange, effectChanges, freshRound } from "../../src/rulesets/skirmish/changes";
import { grantPush, newBudget, newEffect, pushFor, spendFor, type ActionBudget, type EconomyDetail, type SkirmishDetail } from "../../src/rulesets/skirmish/rules";

const combat = { uuid: "Combat.c" } as unknown as Combat.Implementation;
const ADA = "Actor.ada";
const outcome = (economy: EconomyDetail): Outcome<SkirmishDetail> => ({ action: "x", actor: ADA, checks: [], rolls: [], changes: [], log: [], detail: { economy, effects: [] } });
const spend = (b: ActionBudget, kind: "move" | "major" | "minor" | "free"): EconomyDetail => {
  const r = spendFor(ADA, b, kind, { tie: "defender", completeMargin: 5, die: "1d10", freeActions: 1 }, false);
  if (!("after" in r)) throw new Error(r.key);
  return r;
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

describe("a card's budget entry as a change of its encounter", () => {
  it("is one path of its own, in its fighter's record of the round, added from nothing", () => {
    const moved = spend(newBudget(2), "move");
    expect(budgetChange(combat, outcome(moved))).toEqual([
      { op: "update", ref: { actor: "Combat.c" }, path: "flags.factions.budgets.Actor_ada.2.entries.1", from: null, to: { use: "move", override: false } },
    ]);
    const pushed = pushFor(ADA, moved.after);
    expect(budgetChange(combat, outcome(pushed))).toEqual([
      { op: "update", ref: { actor: "Combat.c" }, path: "flags.factions.budgets.Actor_ada.2.entries.2", from: null, to: { use: "push", override: false } },
    ]);
  });

  it("two cards of a round touch different paths, whatever they spend: undoing one never meets the other", () => {
    const first = spend(grantPush(newBudget(3)), "major");
    const second = spend(first.after, "major");
    const path = (e: EconomyDetail) => budgetChange(combat, outcome(e)).map((ch) => ch.op === "update" && ch.path);
    expect(path(first)).not.toEqual(path(second));
  });

  it("the round's start gives a fighter a fresh record of the round", () => {
    expect(freshRound(combat, ADA, 4)).toEqual({ op: "update", ref: { actor: "Combat.c" }, path: "flags.factions.budgets.Actor_ada.4", from: null, to: { moved: false, entries: {} } });
  });
});
