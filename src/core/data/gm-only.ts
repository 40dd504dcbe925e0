/**
 * Fields of a player's own document that only a GM sets: the record of what the GM's client
 * applied (a faction's turn, a lieutenant's acted flags, a realm's turn and attacks left, a
 * fighter's budget, a hero's team and place). An owner edits the rest of their sheet, as in any
 * Foundry system; an update of theirs that would change one of these is refused, whole, with a
 * message. The GM's client never reads privileges from these anyway (see core/actions/authority.ts);
 * this keeps an honest player's sheet and macros from rewriting them by mistake.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Would merging `change` over `stored` change it? (Foundry's `-=`/`==` keys always do.) */
function differs(change: unknown, stored: unknown): boolean {
  if (!isObject(change) || !isObject(stored)) return JSON.stringify(change) !== JSON.stringify(stored);
  return Object.entries(change).some(([key, value]) => key.startsWith("-=") || key.startsWith("==") || differs(value, stored[key]));
}

const at = (data: unknown, path: string): unknown => path.split(".").reduce<unknown>((v, key) => (isObject(v) ? v[key] : undefined), data);

/** Does this update of a document's `system` (its `changes.system`) change any of these paths of its stored `system`? */
export function changesAny(system: unknown, changes: { system?: unknown }, paths: readonly string[]): boolean {
  const update = changes.system;
  if (!isObject(update)) return false;
  if (Object.keys(update).some((k) => k.startsWith("=="))) return true;
  return paths.some((path) => {
    const change = at(update, path);
    return change !== undefined && differs(change, at(system, path));
  });
}

/**
 * In a data model's `_preUpdate`: false (and a warning to the user) when a user who is not a GM
 * would change one of the GM's fields.
 */
export function refuseGMFields(system: unknown, changes: { system?: unknown }, user: User.Implementation, paths: readonly string[]): boolean {
  if (user.isGM || !changesAny(system, changes, paths)) return true;
  ui.notifications?.warn(game.i18n!.localize("FACTIONS.Action.Error.GMRecord"));
  return false;
}
