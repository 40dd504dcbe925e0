import { SYSTEM_ID } from "../../../core/constants";
import { HERO_PARTS, HeroSheet, ITEM_PARTS, RoundsItemSheet } from "./sheets";

export { HeroSheet, RoundsItemSheet } from "./sheets";

export const ROUNDS_SHEET_TEMPLATES: string[] = [HERO_PARTS.sheet.template, ITEM_PARTS.sheet.template];

/** Register the hero sheet and the loot/ability sheet as the defaults of their types (on `init`). */
export function registerRoundsSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, HeroSheet, { types: ["hero"], makeDefault: true, label: "FACTIONS.Rounds.Sheet.Hero" });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, RoundsItemSheet, { types: ["loot", "ability"], makeDefault: true, label: "FACTIONS.Rounds.Sheet.Item" });
}
