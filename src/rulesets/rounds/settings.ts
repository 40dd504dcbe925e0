import { SYSTEM_ID } from "../../core/constants";
import { OUTCOME, OUTCOME_DEFAULTS, outcomeList } from "./rules/outcomes";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.roundsOutcomes": string;
  }
}

/** The Rounds world settings: the outcomes the GM applies from an attack's card. */
export function registerRoundsSettings(): void {
  game.settings!.register(SYSTEM_ID, "roundsOutcomes", {
    name: `${OUTCOME}Setting.name`,
    hint: `${OUTCOME}Setting.hint`,
    scope: "world",
    config: true,
    type: String,
    // Blank is the built-in list, named in the table's language (the names are not known yet at init).
    default: "",
  });
}

/** The outcomes the GM may apply now: the setting's list, a built-in one named by its id or its name in the table's language. */
export function roundsOutcomes(): string[] {
  const names = Object.fromEntries(OUTCOME_DEFAULTS.map((id) => [id, game.i18n!.localize(`${OUTCOME}${id}`)]));
  const text = game.settings!.settings.has(`${SYSTEM_ID}.roundsOutcomes`) ? game.settings!.get(SYSTEM_ID, "roundsOutcomes") : "";
  return outcomeList(text, names);
}
