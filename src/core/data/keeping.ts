/**
 * The GM records of the documents' GM fields (./gm-records.ts) as start-up registers them: their
 * hooks, at `init`, in the order they always ran, and the start of the keeping. Their work loads on
 * the client that is the active GM's, the first time it is: a player's client never loads it, and
 * until it has loaded there is nothing to keep on this one.
 */
import type { Keeper } from "./gm-records";

/** The keeping's code, once this client has loaded it. */
let kept: typeof import("./gm-records") | null = null;

/** Start or stop keeping as this client is the active GM's or not; the first time, once the code has loaded. */
async function follow(): Promise<void> {
  if (!kept && !game.users?.activeGM?.isSelf) return;
  kept ??= await import("./gm-records");
  await kept.follow();
}

/** Start keeping, on a GM's client once the world is migrated (at `ready`). */
export const startKeeping = follow;

export function registerGMRecords(): void {
  Hooks.on("userConnected", () => void follow().catch((e: unknown) => console.error(e)));
  for (const hook of ["createActor", "createCombatant"] as const) Hooks.on(hook, (doc: Keeper) => kept?.onCreate(doc));
  Hooks.on("createItem", (doc: Keeper, _options: unknown, userId: string) => kept?.onCreateItem(doc, userId));
  for (const hook of ["deleteActor", "deleteItem", "deleteCombatant"] as const) Hooks.on(hook, (doc: Keeper) => kept?.onDelete(doc));
  Hooks.on("createToken", (token) => kept?.onToken(token, true));
  Hooks.on("deleteToken", (token) => kept?.onToken(token, false));
  Hooks.on("deleteScene", (scene) => kept?.onDeleteScene(scene as Scene.Implementation));
  Hooks.on("deleteCombat", (combat: Combat.Implementation) => kept?.onDeleteCombat(combat));
  for (const hook of ["updateActor", "updateItem", "updateCombatant"] as const) {
    Hooks.on(hook, (doc: Keeper, changes: { system?: unknown }, _options: unknown, userId: string) => kept?.onUpdate(doc, changes, userId));
  }
  Hooks.on("createActiveEffect", (effect, _options, userId) => kept?.onEffect(effect as ActiveEffect.Implementation, userId));
  Hooks.on("updateActiveEffect", (effect, _changes, _options, userId) => kept?.onEffect(effect as ActiveEffect.Implementation, userId));
  Hooks.on("deleteActiveEffect", (effect, _options, userId) => kept?.onEffect(effect as ActiveEffect.Implementation, userId));
}
