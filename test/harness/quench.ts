/**
 * A stand-in for the Quench module: `quench.registerBatch` records batches, and `runBatch` runs
 * one with a small Mocha-like runner (describe / it / before / after / beforeEach / afterEach,
 * `this.skip()`) and Chai's `assert` / `expect` (vitest ships Chai). Lets the Quench batches of
 * test/quench run against the in-memory Foundry, so they are known to work before a real one.
 */
import { assert, expect } from "vitest";

type Fn = (this: { skip(): never }) => unknown;

interface Suite {
  title: string;
  suites: Suite[];
  tests: { title: string; fn: Fn }[];
  before: Fn[];
  after: Fn[];
  beforeEach: Fn[];
  afterEach: Fn[];
}

class Skip extends Error {}

const newSuite = (title: string): Suite => ({ title, suites: [], tests: [], before: [], after: [], beforeEach: [], afterEach: [] });

export interface BatchResult {
  passed: string[];
  failed: { title: string; error: unknown }[];
  skipped: string[];
}

export class QuenchStandIn {
  readonly batches = new Map<string, { fn: (context: object) => void; options: { displayName?: string } }>();

  registerBatch(key: string, fn: (context: object) => void, options: { displayName?: string } = {}): void {
    if (this.batches.has(key)) throw new Error(`Quench batch "${key}" is registered twice`);
    this.batches.set(key, { fn, options });
  }

  /** Register a batch's suites and run them in order. */
  async runBatch(key: string): Promise<BatchResult> {
    const batch = this.batches.get(key);
    if (!batch) throw new Error(`no Quench batch "${key}"`);
    const root = newSuite(batch.options.displayName ?? key);
    let current = root;
    const context = {
      describe: (title: string, body: () => void) => {
        const suite = newSuite(title);
        current.suites.push(suite);
        const parent = current;
        current = suite;
        try {
          body();
        } finally {
          current = parent;
        }
      },
      it: (title: string, fn: Fn) => void current.tests.push({ title, fn }),
      before: (fn: Fn) => void current.before.push(fn),
      after: (fn: Fn) => void current.after.push(fn),
      beforeEach: (fn: Fn) => void current.beforeEach.push(fn),
      afterEach: (fn: Fn) => void current.afterEach.push(fn),
      assert,
      expect,
    };
    batch.fn(context);
    const result: BatchResult = { passed: [], failed: [], skipped: [] };
    const self = {
      skip(): never {
        throw new Skip("skipped");
      },
    };
    const call = async (fn: Fn) => fn.call(self);
    const run = async (suite: Suite, path: string[], eachBefore: Fn[], eachAfter: Fn[]): Promise<void> => {
      const here = [...path, suite.title];
      try {
        for (const fn of suite.before) await call(fn);
      } catch (error) {
        if (error instanceof Skip) result.skipped.push(here.join(" > "));
        else result.failed.push({ title: `${here.join(" > ")} (before)`, error });
        return;
      }
      const befores = [...eachBefore, ...suite.beforeEach];
      const afters = [...suite.afterEach, ...eachAfter];
      for (const test of suite.tests) {
        const title = [...here, test.title].join(" > ");
        try {
          for (const fn of befores) await call(fn);
          await call(test.fn);
          result.passed.push(title);
        } catch (error) {
          if (error instanceof Skip) result.skipped.push(title);
          else result.failed.push({ title, error });
        } finally {
          for (const fn of afters) {
            try {
              await call(fn);
            } catch (error) {
              result.failed.push({ title: `${title} (afterEach)`, error });
            }
          }
        }
      }
      for (const child of suite.suites) await run(child, here, befores, afters);
      for (const fn of suite.after) {
        try {
          await call(fn);
        } catch (error) {
          result.failed.push({ title: `${here.join(" > ")} (after)`, error });
        }
      }
    };
    await run(root, [], [], []);
    return result;
  }
}
