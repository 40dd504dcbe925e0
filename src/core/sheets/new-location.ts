/**
 * A sheet's "new place" button: the GM names a place, kept in the world's list of named places.
 * A dialog of its own, so the location helpers (../locations.ts) stay data and import no UI.
 */
import { promptAction } from "../actions/prompt";
import { SYSTEM_ID } from "../constants";
import { namedLocation } from "../locations";

/**
 * Ask the GM for a new named place, keep it in the world's list, and return its
 * reference ("" if cancelled). Players pick from the list; only a GM adds to it.
 */
export async function promptNamedLocation(): Promise<string> {
  const i18n = game.i18n!;
  if (!game.user?.isGM) {
    ui.notifications?.warn(i18n.localize("FACTIONS.Action.Error.GMOnly"));
    return "";
  }
  const values = await promptAction({
    title: i18n.localize("FACTIONS.Location.New"),
    fields: [{ kind: "text", name: "name", label: "FACTIONS.Location.Name", value: "" }],
    submit: "FACTIONS.Dialog.Confirm",
  });
  const name = String(values?.name ?? "").trim();
  if (!name) return "";
  const named = game.settings!.get(SYSTEM_ID, "locations");
  if (!named.includes(name)) await game.settings!.set(SYSTEM_ID, "locations", [...named, name].sort((a, b) => a.localeCompare(b)));
  return namedLocation(name);
}
