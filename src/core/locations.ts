/**
 * Where things are. A location reference is a document UUID (a Scene, a
 * JournalEntry or a JournalEntryPage the world already has) or a named place
 * `name:<Place>` kept in the `locations` world setting. Rules compare the
 * reference strings only; this file turns them into names and pick-lists.
 */
import { SYSTEM_ID } from "./constants";
import { worldDocument } from "./documents/uuid";

const NAMED = "name:";

export interface LocationOption {
  value: string;
  label: string;
  group: string;
}

export function namedLocation(name: string): string {
  return `${NAMED}${name.trim()}`;
}

/** Is this string a location reference (a named place or a Scene/JournalEntry UUID)? */
export function isLocationRef(value: string): boolean {
  return value.startsWith(NAMED) || /^(Scene|JournalEntry)\.[A-Za-z0-9]{16}(\.JournalEntryPage\.[A-Za-z0-9]{16})?$/.test(value);
}

/** The display name of a location reference ("" → "Nowhere"). */
export function locationLabel(ref: string): string {
  if (!ref) return game.i18n?.localize("FACTIONS.Location.None") ?? "";
  if (ref.startsWith(NAMED)) return ref.slice(NAMED.length);
  const doc = worldDocument(ref) as { name?: string } | null;
  return doc?.name ?? game.i18n?.localize("FACTIONS.Location.Missing") ?? ref;
}

/** Every place a location can be picked from: named places, scenes, journal entries and their pages. */
export function locationOptions(extra: string[] = []): LocationOption[] {
  const i18n = game.i18n!;
  const options: LocationOption[] = [];
  const named = game.settings!.get(SYSTEM_ID, "locations");
  for (const name of named) options.push({ value: namedLocation(name), label: name, group: i18n.localize("FACTIONS.Location.Named") });
  for (const scene of game.scenes ?? []) options.push({ value: scene.uuid, label: scene.name, group: i18n.localize("DOCUMENT.Scenes") });
  for (const entry of game.journal ?? []) {
    // An entry this user cannot see is not offered.
    if (!entry.visible) continue;
    options.push({ value: entry.uuid, label: entry.name, group: i18n.localize("DOCUMENT.JournalEntries") });
    for (const page of entry.pages) {
      options.push({ value: page.uuid, label: `${entry.name}: ${page.name}`, group: i18n.localize("DOCUMENT.JournalEntries") });
    }
  }
  // Keep references already in use even if their place is gone, so a select never drops them.
  for (const ref of extra) {
    if (ref && !options.some((o) => o.value === ref)) options.push({ value: ref, label: locationLabel(ref), group: "" });
  }
  return options;
}
