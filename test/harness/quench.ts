/**
 * A stand-in for the Quench module: `quench.registerBatch` records batches, and `runBatch` runs
 * one with a small Mocha-like runner and Chai's `assert` / `expect` (vitest ships Chai). Lets the
 * Quench batches of test/quench run against the in-memory Foundry, so they are known to work
 * before a real one.
 *
 * As Mocha does:
 * - `describe` / `it` / `before` / `after` / `beforeEach` / `afterEach`; a batch's function and each
 *   `describe` callback run with their suite as `this`; tests and hooks with a context offering
 *   `this.skip()` and `this.timeout(ms)`.
 * - Timeouts are enforced: a test or hook fails once it runs longer than its own timeout, else its
 *   suite's (set with `this.timeout(ms)` in the batch or a `describe`; the nearest suite's counts),
 *   else Mocha's default of 2 s. 0 means none.
 * - A skip in `before` skips the suite's tests; a failure in `before` fails it; its `after` hooks
 *   run either way (a batch's cleanup runs whether it passed or failed), and the first of them that
 *   fails stops the ones after it. A failing `beforeEach` or `afterEach` ends the suite: its other
 *   tests and child suites do not run.
 *
 * And as Quench in Foundry:
 * - The batch runs on the client of the user running it (the GM's, in these tests): the hooks it
 *   registers are that client's.
 * - Dialogs a batch answers by hand (its `renderDialogV2` hook fills and presses them, as on a real
 *   client) are let through the harness's scripted dialogs: each waits for the batch's press.
 * - `ui.combat` is a combat tracker (combat-tracker.ts; the harness has none otherwise).
 */
import { assert, expect } from "vitest";
import { clients } from "./clients";
import { CombatTracker } from "./combat-tracker";
import { dialogScript, type ScriptedDialog } from "./ui";

type Ctx = { skip(): never; timeout(ms?: number): number | undefined };
type Fn = (this: Ctx) => unknown;
type SuiteCtx = { timeout(ms?: number): number | undefined };

interface Suite {
  title: string;
  parent: Suite | null;
  suites: Suite[];
  tests: { title: string; fn?: Fn }[];
  before: Fn[];
  after: Fn[];
  beforeEach: Fn[];
  afterEach: Fn[];
  /** Set with `this.timeout(ms)` in the batch's function or the `describe` callback; null: the parent's. */
  timeout: number | null;
}

class Skip extends Error {}

/** Mocha's default timeout of a test or hook. */
export const DEFAULT_TIMEOUT = 2000;

const newSuite = (title: string, parent: Suite | null): Suite => ({ title, parent, suites: [], tests: [], before: [], after: [], beforeEach: [], afterEach: [], timeout: null });

const suiteTimeout = (suite: Suite | null): number => {
  for (let s = suite; s; s = s.parent) if (s.timeout !== null) return s.timeout;
  return DEFAULT_TIMEOUT;
};

export interface BatchResult {
  passed: string[];
  failed: { title: string; error: unknown }[];
  skipped: string[];
}

type BatchFn = (this: SuiteCtx, context: object) => void;

interface Globals {
  game: { user: { id: string | null; isGM: boolean } | null };
  ui: Record<string, unknown>;
  Hooks: { on(hook: string, fn: (...args: never[]) => unknown): number; off(hook: string, id: number): void };
}
const g = () => globalThis as unknown as Globals;

/** Run `fn` with a timer: it fails once it runs longer than its timeout (which it may change as it runs). */
function timed(fn: Fn, suite: Suite): Promise<void> {
  let own: number | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let fail: (error: Error) => void = () => undefined;
  const limit = () => own ?? suiteTimeout(suite);
  const arm = () => {
    clearTimeout(timer);
    const ms = limit();
    if (ms > 0) timer = setTimeout(() => fail(new Error(`Timeout of ${ms}ms exceeded`)), ms);
  };
  const ctx: Ctx = {
    skip(): never {
      throw new Skip("skipped");
    },
    timeout(ms?: number) {
      if (ms === undefined) return limit();
      own = ms;
      arm();
      return undefined;
    },
  };
  return new Promise<void>((resolve, reject) => {
    fail = reject;
    arm();
    Promise.resolve()
      .then(() => fn.call(ctx))
      .then(() => resolve(), reject)
      .finally(() => clearTimeout(timer));
  });
}

export class QuenchStandIn {
  readonly batches = new Map<string, { fn: BatchFn; options: { displayName?: string; preSelected?: boolean } }>();

  registerBatch(key: string, fn: BatchFn, options: { displayName?: string; preSelected?: boolean } = {}): void {
    if (this.batches.has(key)) throw new Error(`Quench batch "${key}" is registered twice`);
    this.batches.set(key, { fn, options });
  }

  /** Register a batch's suites and run them in order, on the client of the current user. */
  async runBatch(key: string): Promise<BatchResult> {
    const batch = this.batches.get(key);
    if (!batch) throw new Error(`no Quench batch "${key}"`);
    const restore = standInFoundry();
    try {
      return await clients.run(g().game.user, () => this.#run(batch));
    } finally {
      await restore();
    }
  }

  async #run(batch: { fn: BatchFn; options: { displayName?: string } }): Promise<BatchResult> {
    const root = newSuite(batch.options.displayName ?? "", null);
    let current = root;
    const suiteCtx = (suite: Suite): SuiteCtx => ({
      timeout(ms?: number) {
        if (ms === undefined) return suiteTimeout(suite);
        suite.timeout = ms;
        return undefined;
      },
    });
    const context = {
      describe: (title: string, body: (this: SuiteCtx) => void) => {
        const suite = newSuite(title, current);
        current.suites.push(suite);
        const parent = current;
        current = suite;
        try {
          body.call(suiteCtx(suite));
        } finally {
          current = parent;
        }
      },
      it: (title: string, fn?: Fn) => void current.tests.push({ title, fn }),
      before: (fn: Fn) => void current.before.push(fn),
      after: (fn: Fn) => void current.after.push(fn),
      beforeEach: (fn: Fn) => void current.beforeEach.push(fn),
      afterEach: (fn: Fn) => void current.afterEach.push(fn),
      assert,
      expect,
    };
    batch.fn.call(suiteCtx(root), context);
    const result: BatchResult = { passed: [], failed: [], skipped: [] };

    // Mocha's rule: the first `after` hook of a suite that fails stops the ones after it.
    const runAfters = async (suite: Suite, here: string[]) => {
      for (const fn of suite.after) {
        try {
          await timed(fn, suite);
        } catch (error) {
          result.failed.push({ title: `${here.join(" > ")} (after)`, error });
          return;
        }
      }
    };
    const skipAll = (suite: Suite, here: string[]) => {
      for (const test of suite.tests) result.skipped.push([...here, test.title].join(" > "));
      for (const child of suite.suites) skipAll(child, [...here, child.title]);
    };
    const run = async (suite: Suite, path: string[], eachBefore: { fn: Fn; suite: Suite }[], eachAfter: { fn: Fn; suite: Suite }[]): Promise<void> => {
      const here = [...path, suite.title];
      try {
        for (const fn of suite.before) await timed(fn, suite);
      } catch (error) {
        if (error instanceof Skip) skipAll(suite, here);
        else result.failed.push({ title: `${here.join(" > ")} (before)`, error });
        await runAfters(suite, here);
        return;
      }
      const befores = [...eachBefore, ...suite.beforeEach.map((fn) => ({ fn, suite }))];
      const afters = [...suite.afterEach.map((fn) => ({ fn, suite })), ...eachAfter];
      // Mocha's rule: a `beforeEach` or `afterEach` hook that fails ends the suite: its remaining
      // tests (and its child suites') do not run; its `after` hooks still do.
      let broken = false;
      for (const test of suite.tests) {
        const title = [...here, test.title].join(" > ");
        if (!test.fn || broken) {
          result.skipped.push(title);
          continue;
        }
        let before = true;
        try {
          for (const each of befores) await timed(each.fn, each.suite);
          before = false;
          await timed(test.fn, suite);
          result.passed.push(title);
        } catch (error) {
          if (error instanceof Skip) result.skipped.push(title);
          else if (before) {
            result.failed.push({ title: `${title} (beforeEach)`, error });
            broken = true;
          } else result.failed.push({ title, error });
        }
        for (const each of afters) {
          try {
            await timed(each.fn, each.suite);
          } catch (error) {
            result.failed.push({ title: `${title} (afterEach)`, error });
            broken = true;
            break;
          }
        }
      }
      for (const child of suite.suites) {
        if (broken) skipAll(child, [...here, child.title]);
        else await run(child, here, befores, afters);
      }
      await runAfters(suite, here);
    };
    await run(root, [], [], []);
    return result;
  }
}

/* -------------------------------------------- */
/*  What Quench's Foundry has and the harness not */
/* -------------------------------------------- */

/**
 * For a batch's run: the dialogs it presses itself let through, and a combat tracker as `ui.combat`.
 * Returns what takes them away again.
 */
function standInFoundry(): () => Promise<void> {
  const waiting = new Set<(typeof dialogScript.queue)[number]>();
  const seen = new WeakSet<object>();
  // Registered as no client's: a dialog a player's client opens (a batch's test query) is let through too.
  const hook = clients.run(null, () =>
    g().Hooks.on("renderDialogV2", (app: object) => {
      if (seen.has(app)) return;
      seen.add(app);
      const entry = { response: waitForPress };
      waiting.add(entry);
      dialogScript.queue.push(entry);
    }),
  );
  const ui = g().ui;
  const tracker = ui.combat ? null : new CombatTracker();
  if (tracker) ui.combat = tracker;
  // The sidebar, as far as showing a tab: v13's `ui.sidebar.expand()` and `changeTab(tab, group)`.
  const sidebar = ui.sidebar ? null : { expanded: false, tabGroups: { primary: "chat" } as Record<string, string>, expand() { this.expanded = true; }, changeTab(tab: string, group: string) { this.tabGroups[group] = tab; } };
  if (sidebar) ui.sidebar = sidebar;
  return async () => {
    g().Hooks.off("renderDialogV2", hook);
    // A dialog rendered other than by `wait` takes no answer: its entry goes.
    for (let i = dialogScript.queue.length - 1; i >= 0; i--) if (waiting.has(dialogScript.queue[i]!)) dialogScript.queue.splice(i, 1);
    if (tracker) {
      await tracker.close();
      delete ui.combat;
    }
    if (sidebar) delete ui.sidebar;
  };
}

/** A dialog's answer is the batch's press: wait until it closed (a batch that never presses times out). */
async function waitForPress(dialog: ScriptedDialog): Promise<undefined> {
  while (dialog.app.rendered) await new Promise((resolve) => setTimeout(resolve, 10));
  return undefined;
}
