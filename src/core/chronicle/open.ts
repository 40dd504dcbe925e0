/**
 * The chronicle's window as the rest of the system opens it: its code (./app.ts) loads the first
 * time it opens, so what Foundry loads at start-up stays small. The window reads its lines through
 * ./access.ts, which knows nothing of the window: the two depend one way.
 */
import type { ChronicleApp } from "./app";
import type { ChronicleOpenOptions } from "./entry";

/** The window's module, once it has loaded. */
let app: typeof import("./app") | null = null;

/**
 * Open the chronicle: the one window, brought to the front if it is open already, narrowed as
 * asked (`open({ ruleset: "operations", round: 2, actor: actor.uuid })`; nothing named: everything).
 */
export async function openChronicle(options: ChronicleOpenOptions = {}): Promise<ChronicleApp> {
  app ??= await import("./app");
  return app.showChronicle(options);
}

/** Redraw the chronicle if it is open (a record changed). */
export function refreshChronicle(): void {
  app?.refreshChronicle();
}
