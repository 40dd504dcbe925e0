/**
 * Foundry's `Hooks`: named events with `on`/`once`/`off`, `call` (stops at the first handler that
 * returns `false`, and returns `false` then) and `callAll` (runs every handler, returns `true`).
 * As in Foundry, an error thrown by a handler is reported and does not stop the others; the
 * harness keeps the errors so a test can fail on them.
 */

type HookFn = (...args: never[]) => unknown;

interface Entry {
  id: number;
  fn: HookFn;
  once: boolean;
}

export class HooksImpl {
  #events = new Map<string, Entry[]>();
  #nextId = 1;
  /** Errors thrown by handlers, in order (the harness checks this after each test). */
  readonly errors: { hook: string; error: unknown }[] = [];
  /** Every hook called, in order, with its arguments (for assertions on what fired). */
  readonly log: { hook: string; args: unknown[] }[] = [];

  get events(): Record<string, Entry[]> {
    return Object.fromEntries(this.#events);
  }

  on(hook: string, fn: HookFn, { once = false }: { once?: boolean } = {}): number {
    const id = this.#nextId++;
    const list = this.#events.get(hook) ?? [];
    list.push({ id, fn, once });
    this.#events.set(hook, list);
    return id;
  }

  once(hook: string, fn: HookFn): number {
    return this.on(hook, fn, { once: true });
  }

  off(hook: string, fn: HookFn | number): void {
    const list = this.#events.get(hook);
    if (!list) return;
    this.#events.set(
      hook,
      list.filter((e) => (typeof fn === "number" ? e.id !== fn : e.fn !== fn)),
    );
  }

  #run(hook: string, args: unknown[], stopOnFalse: boolean): boolean {
    this.log.push({ hook, args });
    const list = [...(this.#events.get(hook) ?? [])];
    for (const entry of list) {
      if (entry.once) this.off(hook, entry.id);
      let result: unknown;
      try {
        result = (entry.fn as (...a: unknown[]) => unknown)(...args);
      } catch (error) {
        this.errors.push({ hook, error });
        console.error(`Error thrown in hooked function for hook "${hook}"`, error);
        continue;
      }
      if (stopOnFalse && result === false) return false;
    }
    return true;
  }

  /** Call handlers in order; the first returning `false` stops the rest and the call returns `false`. */
  call(hook: string, ...args: unknown[]): boolean {
    return this.#run(hook, args, true);
  }

  /** Call every handler, whatever they return. */
  callAll(hook: string, ...args: unknown[]): true {
    this.#run(hook, args, false);
    return true;
  }

  /** Remove every handler (between test files the harness starts anew anyway). */
  reset(): void {
    this.#events.clear();
    this.errors.length = 0;
    this.log.length = 0;
  }

  onError(location: string, error: unknown): void {
    this.errors.push({ hook: location, error });
  }
}
