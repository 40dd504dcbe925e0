/**
 * Test-only queries, for the Quench batches (test/quench): they let the GM's batch drive a
 * player's client, `CONFIG.queries["factions.test.<name>"]`. The handlers are the batches' own code,
 * handed in with `registerTestQuery` (on every client where Quench loads them); they are in
 * `CONFIG.queries` only while the world setting `factions.testQueries` is on, which only a GM can
 * write (a batch turns it on for its run and off after), and each refuses to run once it is off.
 *
 * Why this is safe in play: the setting is off (no client answers any of these queries), and when a
 * GM turns it on, a handler only makes its client act as its own user, through the same API,
 * documents and requests as its sheets: nothing its user could not do from its own console.
 */
import { SYSTEM_ID } from "./constants";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.testQueries": boolean;
  }
}

const PREFIX = `${SYSTEM_ID}.test.`;
type Handler = (data: unknown) => unknown;
const handlers = new Map<string, Handler>();
let registered = false;

const on = () => registered && game.settings!.get(SYSTEM_ID, "testQueries") === true;

/** Put the test queries in `CONFIG.queries` while the setting is on; take them out otherwise. */
function sync(): void {
  const queries = CONFIG.queries as unknown as Record<string, Handler>;
  for (const key of Object.keys(queries)) if (key.startsWith(PREFIX)) delete queries[key];
  if (!on()) return;
  for (const [name, handler] of handlers) {
    queries[`${PREFIX}${name}`] = (data) => {
      if (!on()) throw new Error(`${PREFIX}${name}: test queries are off`);
      return handler(data);
    };
  }
}

/** A test query this client answers while the GM's setting is on (test code only). */
export function registerTestQuery(name: string, handler: Handler): void {
  handlers.set(name, handler);
  sync();
}

Hooks.once("init", () => {
  game.settings!.register(SYSTEM_ID, "testQueries", { scope: "world", config: false, type: Boolean, default: false, onChange: sync });
  registered = true;
});
Hooks.once("ready", sync);
