/**
 * A client's start (Foundry's "ready"): the GM brings the world's data up to this release, the GM
 * fields are kept from then on, and a world's first start opens the welcome.
 */
import { startKeeping } from "./data/keeping";
import { migrateWorld } from "./migrations";
import { isFirstStart, openWelcome } from "./welcome";

export async function startClient(): Promise<void> {
  // Asked before the migration records this release's version in the world.
  const firstStart = isFirstStart();
  await migrateWorld();
  // The GM fields are kept from what the migration moved, so it comes first.
  await startKeeping();
  if (firstStart) await openWelcome();
}
