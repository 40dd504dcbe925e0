/**
 * A distance on a scene's grid as the cards and dialogs say it: "9 squares" ("1 square") where the
 * grid counts squares (no unit, or one that names them, as the Adventures' scenes have), else the
 * number with the scene's own unit ("12 m"). At most two decimals.
 */
import { counted, type Phrase } from "./outcome";

/** Units that name the grid's squares: the Adventures' scenes and the usual abbreviations. */
const SQUARE_UNITS = new Set(["", "sq", "sq.", "square", "squares"]);

export function distancePhrase(distance: number, units: string): Phrase {
  const n = Math.round(distance * 100) / 100;
  const unit = units.trim();
  if (SQUARE_UNITS.has(unit.toLowerCase())) return { key: counted("FACTIONS.Distance.Squares", n), data: { n } };
  return { key: "FACTIONS.Distance.Units", data: { n, units: unit } };
}
