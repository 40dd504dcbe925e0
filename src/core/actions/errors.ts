import { shownNumber } from "../format";
import { isLocationRef, locationLabel } from "../locations";
import type { Line, LineValue, Phrase } from "../rules/outcome";

/** A refusal to show the user: an i18n key and its data. Nothing was changed. */
export class ActionError extends Error {
  constructor(
    readonly key: string,
    readonly data: Line["data"] = {},
  ) {
    super(key);
  }
}

/** Localize a line of the rules or of an error. */
export function localizeLine(line: Line): string {
  const i18n = game.i18n!;
  return line.data ? i18n.format(line.key, localizeData(line.data)) : i18n.localize(line.key);
}

/** A phrase of a line ("9 squares") in words. */
export function phraseText(phrase: Phrase): string {
  return game.i18n!.format(phrase.key, localizeData(phrase.data));
}

/** Values that are i18n keys (attribute names…) or location references are shown by name; a negative number with the minus sign. */
function localizeData(data: NonNullable<Line["data"]>): Record<string, string> {
  const i18n = game.i18n!;
  const shown = (v: LineValue): string => {
    if (typeof v === "object") return phraseText(v);
    if (typeof v !== "string") return shownNumber(v);
    if (v.startsWith("FACTIONS.")) return i18n.localize(v);
    return isLocationRef(v) ? locationLabel(v) : v;
  };
  return Object.fromEntries(Object.entries(data).map(([k, v]) => [k, shown(v)]));
}

/** Not refused: still being done elsewhere (the GM's client took the request up and has not finished). */
export class ActionPending extends ActionError {}

/** Tell the user why nothing happened (or that it is still happening). */
export function warn(error: unknown): void {
  if (error instanceof ActionPending) ui.notifications?.info(localizeLine(error));
  else if (error instanceof ActionError) ui.notifications?.warn(localizeLine(error));
  else {
    console.error(error);
    ui.notifications?.error(game.i18n!.localize("FACTIONS.Action.Error.Unexpected"));
  }
}
