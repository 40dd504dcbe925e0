import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  actionsLeft,
  applyOutcome,
  move,
  push,
  undoOutcome,
  type SkirmishState,
  budgetForRound,
  canSpend,
  grantPush,
  movedThisRound,
  newBudget,
  refundAction,
  roundAdvanced,
  spendAction,
  type ActionBudget,
  type ActionKind,
  type Spend,
} from "../../../src/rulesets/skirmish/rules";
import { scriptedDice } from "../dice";
import { context, noDice, scene } from "./fixtures";

const one = { freeActions: 1 };

/** Spend and expect it to go through; returns the new budget, the spend and the key of its entry. */
function spend(b: ActionBudget, kind: ActionKind, settings = one, gm = false): { b: ActionBudget; s: Spend; e: string } {
  const r = spendAction(b, kind, settings, gm);
  if (!r.ok) throw new Error(`refused: ${r.reason.key}`);
  return { b: r.value.budget, s: r.value.spend, e: r.value.entry };
}

/** Undo one entry and expect it to go through. */
function refund(b: ActionBudget, entry: string): ActionBudget {
  const r = refundAction(b, entry, one);
  if (!r.ok) throw new Error(`refused: ${r.reason.key}`);
  return r.value;
}

function refused(b: ActionBudget, kind: ActionKind, settings = one): string {
  const r = spendAction(b, kind, settings);
  expect(r.ok).toBe(false);
  return r.ok ? "" : r.reason.key;
}

describe("the action budget", () => {
  it("has 1 move, 1 major, 1 minor and 1 free action a round; a second is refused with the reason", () => {
    let b = newBudget(1);
    for (const kind of ["move", "major", "minor", "free"] as const) {
      const r = spend(b, kind);
      expect(r.s).toEqual({ round: 1, kind, source: "own" });
      b = r.b;
      expect(refused(b, kind)).toBe(`FACTIONS.Skirmish.Reject.UsedUp.${kind}`);
    }
    expect(b.spent).toEqual({ move: 1, major: 1, minor: 1, free: 1 });
  });

  it("free actions a round follow the world setting", () => {
    const two = { freeActions: 2 };
    let b = spend(newBudget(1), "free", two).b;
    b = spend(b, "free", two).b;
    refused(b, "free", two);
    refused(newBudget(1), "free", { freeActions: 0 });
  });

  it("the GM's override lets a used-up action through, recorded as past the budget", () => {
    const b = spend(newBudget(3), "major").b;
    const r = spend(b, "major", one, true);
    expect(r.s).toEqual({ round: 3, kind: "major", source: "override" });
    expect(r.b.overridden.major).toBe(1);
    expect(r.b.spent.major).toBe(1);
    // With an action left, the override flag changes nothing: the own action is spent.
    expect(spend(newBudget(3), "minor", one, true).s.source).toBe("own");
  });

  it("pushing grants one more major action, spent only after the own one", () => {
    let b = grantPush(newBudget(1));
    let r = spend(b, "major");
    expect(r.s.source).toBe("own");
    r = spend(r.b, "major");
    expect(r.s.source).toBe("pushed");
    expect(r.b.pushed.major).toBe(1);
    b = r.b;
    refused(b, "major");
  });

  it("a pushed major converts into exactly 2 minor actions, own minor first, and then no move", () => {
    let b = grantPush(newBudget(1));
    const sources: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = spend(b, "minor");
      sources.push(r.s.source);
      b = r.b;
    }
    expect(sources).toEqual(["own", "pushed", "pushed"]);
    refused(b, "minor");
    // The own move is still there; the converted push gives no move.
    const m = spend(b, "move");
    expect(m.s.source).toBe("own");
    refused(m.b, "move");
    // Nor a pushed major: only the own one is left.
    const major = spend(m.b, "major");
    expect(major.s.source).toBe("own");
    refused(major.b, "major");
  });

  it("never one of each: a push with one minor half spent gives no move, and is no major any more", () => {
    let b = spend(spend(spend(newBudget(1), "move").b, "minor").b, "major").b; // own actions spent
    b = grantPush(b);
    b = spend(b, "minor").b; // converts the push into minor actions
    expect(refused(b, "move")).toBe("FACTIONS.Skirmish.Reject.UsedUp.move");
    refused(b, "major");
    expect(spend(b, "minor").s.source).toBe("pushed");
  });

  it("two pushes: one can become moves and the other minors", () => {
    let b = spend(spend(spend(newBudget(1), "move").b, "minor").b, "major").b;
    b = grantPush(grantPush(b));
    for (const kind of ["minor", "move", "minor", "move"] as const) b = spend(b, kind).b;
    expect(b.pushed).toEqual({ major: 0, minor: 2, move: 2 });
    refused(b, "minor");
    refused(b, "move");
    refused(b, "major");
  });

  it("a refund gives back exactly that spend, a converted half included", () => {
    let b = spend(spend(newBudget(1), "minor").b, "major").b;
    b = grantPush(b);
    const first = spend(b, "minor");
    const second = spend(first.b, "minor");
    // One half back: the push stays converted into minors (a minor left, no major, no... move is own here).
    const back1 = refund(second.b, second.e);
    expect(back1).toEqual(first.b);
    expect(canSpend(back1, "major", one)).toBe(false);
    expect(spend(back1, "minor").s.source).toBe("pushed");
    // Both halves back: the push is a whole major again.
    const back2 = refund(back1, first.e);
    expect(back2).toEqual(b);
    expect(spend(back2, "major").s.source).toBe("pushed");
    // An own spend and an override spend come back to where they were taken from.
    const own = spend(newBudget(1), "move");
    expect(refund(own.b, own.e)).toEqual(newBudget(1));
    const over = spend(own.b, "move", one, true);
    expect(refund(over.b, over.e)).toEqual(own.b);
  });

  it("an entry the budget does not have gives nothing back", () => {
    const now = spend(newBudget(2), "major").b;
    expect(refund(now, "9")).toBe(now);
    expect(refund(newBudget(1), "1")).toEqual(newBudget(1));
  });

  it("resets only when the round goes forward; unspent pushed actions are lost", () => {
    let b = grantPush(spend(newBudget(3), "major").b);
    expect(roundAdvanced(3, 4)).toBe(true);
    expect(roundAdvanced(3, 3)).toBe(false);
    expect(roundAdvanced(3, 2)).toBe(false);
    expect(budgetForRound(b, 3)).toBe(b);
    expect(budgetForRound(b, 2)).toBe(b);
    b = budgetForRound(b, 4);
    expect(b).toEqual(newBudget(4));
    expect(b.pushes).toBe(0);
  });

  it("a push can be taken back only while one pushed action is unspent", () => {
    const b = grantPush(newBudget(2));
    expect(refund(b, "1")).toEqual(newBudget(2));
    const used = spend(spend(b, "major").b, "major").b;
    const r = refundAction(used, "1", one);
    expect(r.ok ? "" : r.reason.key).toBe("FACTIONS.Skirmish.Reject.PushSpent");
    // Of two pushes made before the spend, either goes while one is whole: the spend takes the other.
    const two = spend(spend(grantPush(grantPush(newBudget(2))), "major").b, "major").b;
    expect(refund(two, "1")).toMatchObject({ pushes: 1, pushed: { major: 1 } });
    // A push made after the spend is not what it took.
    expect(refundAction(grantPush(used), "1", one).ok).toBe(false);
  });

  it("says what is left for the pips, and whether it moved", () => {
    let b = grantPush(grantPush(newBudget(1)));
    expect(actionsLeft(b, { freeActions: 2 })).toEqual({ move: 1, major: 1, minor: 1, free: 2, pushedMajor: 2, pushedMinor: 0, pushedMove: 0 });
    b = spend(spend(b, "minor").b, "minor").b;
    expect(actionsLeft(b, one)).toEqual({ move: 1, major: 1, minor: 0, free: 1, pushedMajor: 1, pushedMinor: 1, pushedMove: 0 });
    expect(movedThisRound(b)).toBe(false);
    b = spend(spend(b, "move").b, "move").b;
    expect(actionsLeft(b, one)).toEqual({ move: 0, major: 1, minor: 0, free: 1, pushedMajor: 0, pushedMinor: 1, pushedMove: 1 });
    expect(movedThisRound(b)).toBe(true);
  });
});

describe("undo replays the round's other cards in order (RULES §5)", () => {
  const ctx = context(noDice);
  const done = <T>(r: Result<Outcome<T>>): Outcome<T> => {
    if (!r.ok) throw new Error(r.reason.key);
    return r.value;
  };
  const pushAda = (s: SkirmishState) => done(push(s, { actor: "ada" }, context(scriptedDice([["3d6", 8]]))));

  it("move, push, move: undoing the first move makes the second the own move, and the pushed major is whole again", () => {
    const first = done(move(scene(), { actor: "ada" }, ctx));
    let s = applyOutcome(scene(), first);
    const pushed = pushAda(s);
    s = applyOutcome(s, pushed);
    const second = done(move(s, { actor: "ada" }, ctx));
    expect(second.detail.economy!.spend!.source).toBe("pushed");
    s = applyOutcome(s, second);
    const back = undoOutcome(s, first);
    if (!back.ok) throw new Error(back.reason.key);
    const budget = back.value.combatants.ada!;
    expect(budget).toMatchObject({ spent: { move: 1 }, pushes: 1, pushed: { major: 0, minor: 0, move: 0 } });
    expect(actionsLeft(budget, one)).toMatchObject({ move: 0, pushedMajor: 1, pushedMove: 0 });
    // Nothing is taken from the push now: it can be undone, and the own move stays spent.
    const noPush = undoOutcome(back.value, pushed);
    if (!noPush.ok) throw new Error(noPush.reason.key);
    expect(noPush.value.combatants.ada).toMatchObject({ spent: { move: 1 }, pushes: 0, pushed: { move: 0 } });
  });

  it("a push is refused while something is taken from its extra major, and can go once that card is undone", () => {
    let s = applyOutcome(scene(), done(move(scene(), { actor: "ada" }, ctx)));
    const pushed = pushAda(s);
    s = applyOutcome(s, pushed);
    const second = done(move(s, { actor: "ada" }, ctx));
    s = applyOutcome(s, second);
    const refused = undoOutcome(s, pushed);
    expect(refused.ok ? "" : refused.reason.key).toBe("FACTIONS.Skirmish.Reject.PushSpent");
    const back = undoOutcome(s, second);
    if (!back.ok) throw new Error(back.reason.key);
    expect(undoOutcome(back.value, pushed).ok).toBe(true);
  });
});
