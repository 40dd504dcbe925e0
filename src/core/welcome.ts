/**
 * The welcome (issue 27 §2): on a world's first start with this system, a GM's client opens the
 * welcome journal of the system's compendium, which leads to the five Adventures; Game Settings →
 * Factions opens it again. A world's first start is one whose data no GM has yet brought to a
 * schema version (the migration records it right after), so it shows once per world.
 */
import { SYSTEM_ID } from "./constants";

/** The welcome journal in the system's pack (tools/adventures/welcome.ts writes it with this id). */
export const WELCOME_UUID = `Compendium.${SYSTEM_ID}.welcome.JournalEntry.3PY8Q8O4Hs9jBAgO`;

/** Before the migration records a version: is this the world's first start with the system? */
export function isFirstStart(): boolean {
  return !!game.user?.isGM && game.settings!.get(SYSTEM_ID, "schemaVersion") === 0;
}

/** Open the welcome journal on this client; a clear warning if the compendium lost it. */
export async function openWelcome(): Promise<void> {
  const entry = await fromUuid(WELCOME_UUID);
  if (!(entry instanceof JournalEntry)) {
    ui.notifications?.warn(game.i18n!.localize("FACTIONS.Welcome.Missing"));
    return;
  }
  await entry.sheet?.render(true);
}

/** Game Settings → Factions: "Welcome to Factions" opens the journal. */
class WelcomeMenu extends foundry.applications.api.ApplicationV2 {
  override async render(): Promise<this> {
    await openWelcome();
    return this;
  }
}

export function registerWelcomeMenu(): void {
  game.settings!.registerMenu(SYSTEM_ID, "welcome", {
    name: "FACTIONS.Welcome.Menu.name",
    label: "FACTIONS.Welcome.Menu.label",
    hint: "FACTIONS.Welcome.Menu.hint",
    icon: "fa-solid fa-door-open",
    type: WelcomeMenu,
    restricted: true,
  });
}
