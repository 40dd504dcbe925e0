import { SYSTEM_ID } from "../../../core/constants";
import { ITEM_PARTS, LIEUTENANT_PARTS, LieutenantSheet, ORGANIZATION_PARTS, OperationsItemSheet, OrganizationSheet } from "./sheets";

export { LieutenantSheet, OperationsItemSheet, OrganizationSheet } from "./sheets";

export const OPERATIONS_TEMPLATES: string[] = [LIEUTENANT_PARTS, ORGANIZATION_PARTS, ITEM_PARTS].map((p) => p.sheet.template);

/** Register the Operations sheets as the defaults of their types (call on `init`). */
export function registerOperationsSheets(): void {
  const { DocumentSheetConfig } = foundry.applications.apps;
  const S = "FACTIONS.Operations.Sheet.";
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, LieutenantSheet, { types: ["lieutenant"], makeDefault: true, label: `${S}Lieutenant` });
  DocumentSheetConfig.registerSheet(Actor, SYSTEM_ID, OrganizationSheet, { types: ["organization"], makeDefault: true, label: `${S}Organization` });
  DocumentSheetConfig.registerSheet(Item, SYSTEM_ID, OperationsItemSheet, { types: ["unit", "project"], makeDefault: true, label: `${S}Unit` });
}
