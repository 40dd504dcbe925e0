/** A tiny benchmark harness: the median wall time of a function, in milliseconds. */

export interface MeasureOptions {
  /** Untimed calls first (JIT, caches). Default 2. */
  warmup?: number;
  /**
   * Keep warming up until this many milliseconds have passed too (default 0). A call that takes a
   * millisecond needs hundreds of calls before the JIT has settled; a count alone cannot say that
   * for every size of a case.
   */
  warmupMs?: number;
  /** Timed calls. Default 10. */
  runs?: number;
}

/** A benchmark case: a file in bench/cases/ default-exports one (or an array of them). */
export interface BenchCase {
  /** Key in the JSON printed by `npm run bench`, e.g. "sheetRenderMs". */
  name: string;
  /** Returns the measured value, usually `median(...)` in ms. */
  run(): Promise<number> | number;
}

/** Median of `runs` timings of `fn` (awaited when it returns a promise), after the warm-up. */
export async function median(fn: () => unknown, { warmup = 2, warmupMs = 0, runs = 10 }: MeasureOptions = {}): Promise<number> {
  if (!(runs >= 1)) throw new Error("median: runs must be at least 1");
  const warmStart = performance.now();
  for (let i = 0; i < warmup || performance.now() - warmStart < warmupMs; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const mid = Math.floor(times.length / 2);
  return times.length % 2 ? times[mid]! : (times[mid - 1]! + times[mid]!) / 2;
}
