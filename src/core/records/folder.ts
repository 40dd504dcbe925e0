/**
 * The records' folder: every journal entry the system keeps its records in sits in one folder of
 * the Journal, which the Journal sidebar never shows (as modules that keep their data in journal
 * entries do, e.g. Forien's Quest Log and Simple Calendar). GMs and players read records through
 * the cards and the chronicle, not as journal entries.
 */
import { SYSTEM_ID } from "../constants";

const FLAG = "records";

declare module "fvtt-types/configuration" {
  interface FlagConfig {
    Folder: {
      factions: {
        /** This folder holds the system's records. */
        records: boolean;
      };
    };
  }
}

/** The records' folder, if the world has one. */
export function findRecordsFolder(): Folder.Implementation | undefined {
  return game.folders?.find((f) => f.type === "JournalEntry" && f.getFlag(SYSTEM_ID, FLAG) === true);
}

let making: Promise<Folder.Implementation> | null = null;

/** The records' folder, made first if the world has none (only a GM may make it). */
export async function recordsFolder(): Promise<Folder.Implementation> {
  const found = findRecordsFolder();
  if (found) return found;
  making ??= (async () => {
    const folder = await Folder.implementation.create({
      name: game.i18n!.localize("FACTIONS.Records.Folder"),
      type: "JournalEntry",
      flags: { [SYSTEM_ID]: { [FLAG]: true } },
    } as Folder.CreateData);
    if (!folder) throw new Error("The records folder was not created");
    return folder as Folder.Implementation;
  })().finally(() => (making = null));
  return making;
}

/** Take the records' folder out of the Journal sidebar as it renders. */
export function hideRecordsFolder(html: HTMLElement): void {
  const id = findRecordsFolder()?.id;
  if (!id) return;
  for (const el of html.querySelectorAll(`[data-folder-id="${CSS.escape(id)}"]`)) (el.closest("li") ?? el).remove();
}
