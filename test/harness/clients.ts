/**
 * Which simulated client code is running on. Foundry runs one client per connected user, each
 * with its own `game.user`; the harness runs them all in one process. Code started as a client
 * (its hook handlers after a change, a query's handler, `harness.as`) keeps that client's
 * `game.user` through every `await` that follows, as it would on its own machine, however the
 * other clients' code interleaves with it.
 */
import { AsyncLocalStorage } from "node:async_hooks";

interface Client {
  user: unknown;
}

const running = new AsyncLocalStorage<Client>();

export const clients = {
  /** Run `fn` (and everything it starts) as `user`'s client. */
  run<T>(user: unknown, fn: () => T): T {
    return running.run({ user }, fn);
  },

  /** The client of the code running now, if it was started as one. */
  get current(): Client | undefined {
    return running.getStore();
  },
};
