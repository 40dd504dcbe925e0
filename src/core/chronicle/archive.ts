/**
 * The GM archives the records before a round or a date, from the chronicle or the macro API:
 * archived cards can no longer be undone, the chronicle keeps their lines.
 */
import { promptAction } from "../actions/prompt";
import { warn } from "../actions/errors";
import { archiveRecords } from "../actions/pipeline";
import { archiveDue, type ArchiveCutoff } from "../records/archive";
import { recordSummaries } from "../records/pack";

/** How many records the cutoff would archive (on a GM's client, which reads the records' index). */
async function dueCount(cutoff: ArchiveCutoff): Promise<number> {
  return (await recordSummaries()).filter((s) => archiveDue(s, cutoff)).length;
}

/** Archive the records the cutoff names; the number archived (null if refused: the reason is shown). */
export async function archiveChronicle(cutoff: ArchiveCutoff): Promise<number | null> {
  const i18n = game.i18n!;
  try {
    const count = game.user!.isGM ? await dueCount(cutoff) : 0;
    await archiveRecords(cutoff);
    ui.notifications?.info(count ? i18n.format("FACTIONS.Chronicle.ArchiveDone", { count: String(count) }) : i18n.localize("FACTIONS.Chronicle.ArchiveNone"));
    return count;
  } catch (error) {
    warn(error);
    return null;
  }
}

/** "2026-11-20" as the start of that day on this client's clock; NaN if it is no date. */
function startOfDay(text: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text.trim());
  return match ? new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3])).getTime() : Number.NaN;
}

/** Ask the GM for the cutoff (a round, a date or both), then archive. */
export async function promptArchive(): Promise<number | null> {
  const values = await promptAction({
    title: game.i18n!.localize("FACTIONS.Chronicle.ArchiveTitle"),
    fields: [
      { kind: "info", text: game.i18n!.localize("FACTIONS.Chronicle.ArchiveHint") },
      { kind: "number", name: "round", label: "FACTIONS.Chronicle.BeforeRound", value: 0, min: 0, hint: "FACTIONS.Chronicle.BeforeRoundHint" },
      { kind: "text", name: "date", label: "FACTIONS.Chronicle.BeforeDate", value: "", input: "date" },
    ],
    submit: "FACTIONS.Chronicle.Archive",
  });
  if (!values) return null;
  const cutoff: ArchiveCutoff = {};
  const round = Number(values.round);
  if (round > 0) cutoff.beforeRound = round;
  const date = String(values.date ?? "");
  if (date) cutoff.before = startOfDay(date);
  return archiveChronicle(cutoff);
}
