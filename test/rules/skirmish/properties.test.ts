import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Outcome, Result } from "../../../src/core/rules/outcome";
import {
  applyOutcome,
  attack,
  deploy,
  freeAction,
  grantPush,
  move,
  newBudget,
  noneLeft,
  push,
  refundAction,
  reload,
  scan,
  speedOf,
  spendAction,
  undoOutcome,
  type ActionBudget,
  type ActionKind,
  type SkirmishContext,
  type SkirmishDetail,
  type SkirmishState,
} from "../../../src/rulesets/skirmish/rules";
import { seededDice } from "../dice";
import { ada, aim, context, effect, infantry, scene } from "./fixtures";

const settings = { freeActions: 1 };
const KINDS: ActionKind[] = ["move", "major", "minor", "free"];

type Step = { op: "push" } | { op: "spend"; kind: ActionKind };
const step = fc.oneof(fc.constant<Step>({ op: "push" }), fc.constantFrom(...KINDS).map<Step>((kind) => ({ op: "spend", kind })));

/**
 * The rule written the long way: each pushed major is its own record,
 * unspent, spent as a major, or converted into 2 minor or 2 move actions.
 */
class Model {
  own: Record<ActionKind, number> = { move: 1, major: 1, minor: 1, free: 1 };
  pushes: { as: "" | "major" | "minor" | "move"; used: number }[] = [];
  spend(kind: ActionKind): boolean {
    if (this.own[kind] > 0) {
      this.own[kind]--;
      return true;
    }
    if (kind === "free") return false;
    if (kind !== "major") {
      const half = this.pushes.find((p) => p.as === kind && p.used < 2);
      if (half) {
        half.used++;
        return true;
      }
    }
    const fresh = this.pushes.find((p) => p.as === "");
    if (!fresh) return false;
    fresh.as = kind;
    fresh.used = 1;
    return true;
  }
}

describe("the action budget (properties)", () => {
  it("accepts and refuses exactly as one record per pushed major would", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), (steps) => {
        const model = new Model();
        let b = newBudget(1);
        for (const s of steps) {
          if (s.op === "push") {
            model.pushes.push({ as: "", used: 0 });
            b = grantPush(b);
            continue;
          }
          const r = spendAction(b, s.kind, settings);
          expect(r.ok).toBe(model.spend(s.kind));
          if (r.ok) b = r.value.budget;
        }
      }),
    );
  });

  it("refunding every spend, last first, gives the budget back as it was before them", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 30 }), fc.boolean(), (steps, gm) => {
        let b = newBudget(4);
        const history: { before: ActionBudget; entry: string }[] = [];
        for (const s of steps) {
          if (s.op === "push") {
            b = grantPush(b);
            continue;
          }
          const r = spendAction(b, s.kind, settings, gm);
          if (!r.ok) continue;
          history.push({ before: b, entry: r.value.entry });
          b = r.value.budget;
        }
        // Refund the spends only (pushes stay granted), newest first: each lands on the budget before it, pushes aside.
        const pushesAside = (x: ActionBudget) => ({ ...x, pushes: 0, entries: Object.fromEntries(Object.entries(x.entries).filter(([, e]) => e.use !== "push")) });
        for (let i = history.length - 1; i >= 0; i--) {
          const r = refundAction(b, history[i]!.entry, settings);
          if (!r.ok) throw new Error(r.reason.key);
          b = r.value;
          expect(pushesAside(b)).toEqual(pushesAside(history[i]!.before));
        }
      }),
    );
  });

  it("undoing any one card leaves the budget of replaying the others in order", () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 20 }), fc.boolean(), fc.nat(), (steps, gm, pick) => {
        let b = newBudget(1);
        for (const s of steps) {
          if (s.op === "push") b = grantPush(b);
          else {
            const r = spendAction(b, s.kind, settings, gm);
            if (r.ok) b = r.value.budget;
          }
        }
        const keys = Object.keys(b.entries);
        if (!keys.length) return;
        const undone = keys[pick % keys.length]!;
        const r = refundAction(b, undone, settings);
        // Replaying the other cards from a fresh budget, in order.
        let replay = newBudget(1);
        for (const key of keys.filter((k) => k !== undone)) {
          const e = b.entries[key]!;
          if (e.use === "push") replay = grantPush(replay);
          else {
            const s = spendAction(replay, e.use, settings, e.override);
            if (!s.ok) {
              // A card the replay could not take: the undo is refused instead.
              expect(r.ok).toBe(false);
              return;
            }
            replay = s.value.budget;
          }
        }
        if (!r.ok) return;
        const counters = (x: ActionBudget) => ({ spent: x.spent, pushes: x.pushes, pushed: x.pushed, overridden: x.overridden });
        expect(counters(r.value)).toEqual(counters(replay));
      }),
    );
  });
});

type Act = (s: SkirmishState, ctx: SkirmishContext, gm: boolean) => Result<Outcome<SkirmishDetail>>;
const ACTS: Record<string, Act> = {
  pushAda: (s, ctx) => push(s, { actor: "ada" }, ctx),
  pushRed: (s, ctx) => push(s, { actor: "red", members: ["m3"] }, ctx),
  pushRhino: (s, ctx) => push(s, { actor: "rhino" }, ctx),
  moveRed: (s, ctx, gm) => move(s, { actor: "red", gmOverride: gm }, ctx),
  volley: (s, ctx, gm) => attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax"], gmOverride: gm }), ctx),
  cannon: (s, ctx, gm) => attack(s, aim({ actor: "rhino", weapons: ["cannon"], gmOverride: gm }), ctx),
  reloadMg: (s, ctx, gm) => reload(s, { actor: "red", weapon: "mg", gmOverride: gm }, ctx),
  deployAda: (s, ctx, gm) => deploy(s, { actor: "ada", gmOverride: gm }, ctx),
  scanAda: (s, ctx, gm) => scan(s, { actor: "ada", gmOverride: gm }, ctx),
  freeAda: (s, ctx, gm) => freeAction(s, { actor: "ada", text: "grins", gmOverride: gm }, ctx),
};

describe("actions (properties)", () => {
  it("undoing every applied action, last first, gives the encounter back exactly", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom(...Object.keys(ACTS)), fc.integer({ min: 1, max: 1_000_000 }), fc.boolean()), { maxLength: 20 }),
        (acts) => {
          const start = scene({ ada: ada([effect("x", "exhausted", 1, { roundsStill: 2 }), effect("b", "boneFracture")]) });
          let s = start;
          // One id sequence for the whole run, as Foundry's ids never repeat.
          let n = 0;
          const newId = () => `id${++n}`;
          const done: Outcome<SkirmishDetail>[] = [];
          for (const [name, seed, gm] of acts) {
            const r = ACTS[name]!(s, { ...context(seededDice(seed)), newId }, gm);
            if (!r.ok) continue;
            s = applyOutcome(s, r.value);
            done.push(r.value);
          }
          for (let i = done.length - 1; i >= 0; i--) {
            const back = undoOutcome(s, done[i]!);
            if (!back.ok) throw new Error(back.reason.key);
            s = back.value;
          }
          expect(s).toEqual(start);
        },
      ),
      { numRuns: 200 },
    );
  });

  it("reloads never go below 0 and speed is never raised, whatever the pushes roll", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 1, max: 1_000_000 }), { maxLength: 25 }), (seeds) => {
        let s = scene();
        for (const seed of seeds) {
          for (const actor of ["red", "ada"]) {
            const r = push(s, { actor }, context(seededDice(seed)));
            if (r.ok) s = applyOutcome(s, r.value);
          }
        }
        for (const id of ["red", "ada"]) {
          const a = infantry(s, id);
          for (const w of a.weapons) expect(w.system.reloads.value).toBeGreaterThanOrEqual(0);
          expect(speedOf(s, a).value).toBeLessThanOrEqual(a.system.speed);
          // Halved at worst, unless no member of the squad is left in the fight (then 0).
          expect(speedOf(s, a).value).toBeGreaterThanOrEqual(noneLeft(a) ? 0 : Math.floor(a.system.speed / 2));
        }
      }),
      { numRuns: 100 },
    );
  });
});
