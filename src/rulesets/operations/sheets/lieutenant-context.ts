/**
 * The lieutenant sheet's render context from plain data (no Foundry), so the sheet, its tests and
 * the gallery build the same thing. Everything the template prints is localized here.
 */
import { escapeHtml } from "../../../core/html";
import type { Localizer } from "../../../core/sheets/text";
import { ACTION_GROUPS, ICONS } from "../action-list";
import { CONDITIONS, type LieutenantSystem } from "../rules/state";

const S = "FACTIONS.Operations.Sheet.";

/** A select's entry, as Foundry's select inputs take them (`options=` of `{{formField}}`). */
export interface Option {
  value: string;
  label: string;
  group?: string;
}

export interface LieutenantSheetInput {
  /** The stored (source) values the inputs show. */
  system: LieutenantSystem;
  organizationName: string;
  locationName: string;
  stance: { kind: string; text: string };
  /** The viewer owns the lieutenant: it acts with it. */
  owner: boolean;
  /** Why it cannot act now, as text ("" if it can). */
  actionReason: string;
  /** The viewer is a GM: the condition is theirs to set. */
  gm: boolean;
  locationChoices: Option[];
  organizationChoices: Option[];
  i18n: Localizer;
}

/** The action buttons by group, each disabled with the same reason ("" when the lieutenant may act). */
export function actionGroups(reason: string, i18n: Localizer) {
  const tooltip = escapeHtml(reason);
  return Object.entries(ACTION_GROUPS).map(([group, names]) => ({
    group,
    label: i18n.localize(`${S}Groups.${group}`),
    actions: names.map((id) => ({ id, label: i18n.localize(`FACTIONS.Operations.Action.${id}`), icon: ICONS[id], disabled: reason !== "", reason, tooltip })),
  }));
}

/** The labels of the selects' blank entries. */
export const blankLabels = (i18n: Localizer) => ({ location: i18n.localize(`${S}Nowhere`), organization: i18n.localize(`${S}NoOrganization`), none: "—" });

export function lieutenantSheetContext(input: LieutenantSheetInput) {
  const { system, i18n } = input;
  const L = (key: string) => i18n.localize(key);
  return {
    system,
    ladder: CONDITIONS.map((c) => ({ key: c, label: L(`${S}Condition.${c}`), current: c === system.condition })),
    // The condition is the GM's to set: players read the ladder.
    conditionEditable: input.gm,
    conditionHint: input.gm ? "" : L(`${S}ConditionByGM`),
    organizationName: input.organizationName,
    locationName: input.locationName,
    hidingText: system.hiding > 0 ? i18n.format(`${S}Hidden`, { level: String(system.hiding) }) : L(`${S}NotHidden`),
    actedText: L(`${S}${system.acted ? "Acted" : "Ready"}`),
    stance: input.stance,
    // Only its owners act with it (a GM owns every lieutenant).
    groups: input.owner ? actionGroups(input.actionReason, i18n) : [],
    actionReason: input.owner ? input.actionReason : "",
    locationChoices: input.locationChoices,
    organizationChoices: input.organizationChoices,
    blanks: blankLabels(i18n),
    labels: {
      name: L(`${S}Name`),
      editImage: L(`${S}EditImage`),
      condition: L("FACTIONS.Operations.Lieutenant.FIELDS.condition.label"),
      stance: L(`${S}Stance`),
      actions: L(`${S}Actions`),
      description: L(`${S}Description`),
    },
  };
}
