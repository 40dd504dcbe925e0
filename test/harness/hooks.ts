/**
 * Foundry's `Hooks`: named events with `on`/`once`/`off`, `call` (stops at the first handler that
 * returns `false`, and returns `false` then) and `callAll` (runs every handler, returns `true`).
 * As in Foundry, an error thrown by a handler is reported and does not stop the others; the
 * harness keeps the errors so a test can fail on them.
 *
 * Each Foundry client has its own hooks. A handler registered by code running as a client (an
 * application a user opened registers its own) is that client's and runs only when its client
 * hears the hook; handlers registered by the system at start-up, or by a test, run on every client.
 */
import { clients } from "./clients";

type HookFn = (...args: never[]) => unknown;

interface Entry {
  id: number;
  fn: HookFn;
  once: boolean;
  /** Id of the user whose client registered it; null: every client's. */
  client: string | null;
}

/** Id of the user of the client running now (null outside any client, e.g. a test itself). */
function clientId(): string | null {
  const user = clients.current?.user as { id?: string | null } | null | undefined;
  return user?.id ?? null;
}

/** The user whose client hears a hook called now: the running client's, else the test's current user. */
function hearingId(): string | null {
  const user = (globalThis as unknown as { game?: { user?: { id?: string | null } | null } }).game?.user;
  return user?.id ?? null;
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
    list.push({ id, fn, once, client: clientId() });
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
    const here = hearingId();
    const list = (this.#events.get(hook) ?? []).filter((e) => e.client === null || e.client === here);
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
