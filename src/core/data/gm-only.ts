/**
 * Fields of a player's own document that only a GM sets: the record of what the GM's client
 * applied (a faction's turn, a lieutenant's and a unit's acted flags, a realm's turn and attacks
 * left, a fighter's budget, a hero's team, place and uses). An owner edits the rest of their sheet,
 * as in any Foundry system. A data model names its GM fields in `static GM_FIELDS` (top-level keys
 * of its `system`):
 * - the system's Actor and Item classes (and the Skirmish combatant's model) refuse, whole and with a
 *   message, an update by someone not a GM that would change one (`refuseGMFields`), so sheets
 *   and macros cannot rewrite them by mistake;
 * - the active GM's client puts back at once whatever another client wrote into them anyway
 *   (./gm-records.ts), since a modified client can skip its own `_preUpdate`.
 */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Would merging `change` over `stored` change it? (Foundry's `-=`/`==` keys always do.) */
function differs(change: unknown, stored: unknown): boolean {
  if (!isObject(change) || !isObject(stored)) return JSON.stringify(change) !== JSON.stringify(stored);
  return Object.entries(change).some(([key, value]) => key.startsWith("-=") || key.startsWith("==") || differs(value, stored[key]));
}

/** Does this update (its `system` part) change any of these top-level keys of the stored `system`? */
export function changesAny(system: unknown, changes: { system?: unknown }, keys: readonly string[]): boolean {
  const update = changes.system;
  if (!isObject(update) || !isObject(system)) return false;
  return Object.entries(update).some(([raw, value]) => {
    const key = raw.replace(/^(-=|==)/, "");
    return keys.includes(key) && (raw !== key || differs(value, system[key]));
  });
}

/** A data model class that names the GM's fields of its `system`. */
interface WithGMFields {
  GM_FIELDS?: readonly string[];
}

/** The GM's fields of a document's `system` (none for a model that names none). */
export function gmFieldsOf(system: unknown): readonly string[] {
  const cls = isObject(system) ? (system.constructor as WithGMFields) : undefined;
  return cls?.GM_FIELDS ?? [];
}

/**
 * The types of Active Effect on an actor that are wholly the GM's (an actor model's static
 * `GM_EFFECTS`: what applied cards made, such as Skirmish fallout): ./gm-records.ts keeps them
 * with the actor's GM fields and puts back any a player's client made, changed or deleted.
 */
export function gmEffectTypesOf(system: unknown): readonly string[] {
  const cls = isObject(system) ? (system.constructor as { GM_EFFECTS?: readonly string[] }) : undefined;
  return cls?.GM_EFFECTS ?? [];
}

/**
 * In a document's `_preUpdate`, given its `system` model: false (and a warning to the user) when a
 * user who is not a GM would change one of the model's GM fields.
 */
export function refuseGMFields(model: unknown, changes: { system?: unknown }, user: User.Implementation): boolean {
  const keys = gmFieldsOf(model);
  if (user.isGM || !keys.length || !changesAny((model as { _source?: unknown })._source, changes, keys)) return true;
  ui.notifications?.warn(game.i18n!.localize("FACTIONS.Action.Error.GMRecord"));
  return false;
}
