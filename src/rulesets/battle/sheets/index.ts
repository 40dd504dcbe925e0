import { SYSTEM_ID } from "../../../core/constants";
import { BATTLE_WINDOW_TEMPLATES } from "../apps/parts";
import { ITEM_TYPES } from "../rules/state";
import { CHARACTER_CARD_PARTS, CharacterCardSheet } from "./character-card-sheet";
import { BATTLE_ITEM_SHEET_PARTS, BattleItemSheet } from "./item-sheet";
import { REALM_MORE_ROWS, REALM_SHEET_PARTS, RealmSheet } from "./realm-sheet";
import { STATS_PARTIAL } from "./stats";

export { BattleItemSheet } from "./item-sheet";
export { CharacterCardSheet } from "./character-card-sheet";
export { RealmSheet } from "./realm-sheet";

/** Every template of the Battle sheets and the battle window, for preloading. */
export const BATTLE_TEMPLATES: string[] = [
  ...Object.values(REALM_SHEET_PARTS).map((p) => p.template),
  REALM_MORE_ROWS,
  STATS_PARTIAL,
  ...Object.values(BATTLE_ITEM_SHEET_PARTS).map((p) => p.template),
  ...Object.values(CHARACTER_CARD_PARTS).map((p) => p.template),
  ...BATTLE_WINDOW_TEMPLATES,
];

/** Register the realm sheet, the Battle item sheet and the character card sheet as the defaults of their types (on `init`). */
export function registerBattleSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, RealmSheet, { types: ["realm"], makeDefault: true, label: "FACTIONS.Battle.Sheet.Realm" });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, BattleItemSheet, {
    types: Object.values(ITEM_TYPES),
    makeDefault: true,
    label: "FACTIONS.Battle.Sheet.Item",
  });
  DocumentSheetConfig.registerSheet(Card, SYSTEM_ID, CharacterCardSheet, {
    types: ["character"],
    makeDefault: true,
    label: "FACTIONS.Battle.Sheet.CharacterCard",
  });
}
