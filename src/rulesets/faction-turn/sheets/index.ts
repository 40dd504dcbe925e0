import { SYSTEM_ID, templatePath } from "../../../core/constants";
import { AssetSheet, ASSET_SHEET_PARTS } from "./asset-sheet";
import { FactionSheet, FACTION_SHEET_PARTS } from "./faction-sheet";

export { AssetSheet } from "./asset-sheet";
export { FactionSheet } from "./faction-sheet";

/** Every template the Faction Turn sheets and the shared card/odds partials use, for preloading. */
export const FACTION_TURN_TEMPLATES: string[] = [
  ...Object.values(FACTION_SHEET_PARTS).map((p) => p.template),
  ...Object.values(ASSET_SHEET_PARTS).map((p) => p.template),
  templatePath("core/action-card.hbs"),
  templatePath("core/odds.hbs"),
];

/** Register the faction and asset sheets as the defaults of their types (call on `init`). */
export function registerFactionTurnSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, FactionSheet, {
    types: ["faction"],
    makeDefault: true,
    label: "FACTIONS.FactionTurn.Sheet.Faction",
  });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, AssetSheet, {
    types: ["asset"],
    makeDefault: true,
    label: "FACTIONS.FactionTurn.Sheet.Asset",
  });
}
