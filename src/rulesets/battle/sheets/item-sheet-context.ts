/**
 * The Battle item sheet's context, from a plain description of the item's schema fields (one
 * generic sheet for the six item types). Costs show as three numbers; a unit, a range and a list
 * of requirements are edited as the card prints them ("Man at Arms: 1, T: 1/1/2, -1 support",
 * "2.4", "Blacksmith, Stable") and parsed back.
 */
import type { Localizer } from "../../../core/sheets/text";
import { RESOURCES, type Range, type Resources, type UnitSpec } from "../rules";

export type FieldKind = "number" | "boolean" | "text" | "textarea" | "select" | "resources" | "unit" | "range" | "list";

/** One top-level field of the item's `system`, as the sheet reads it from the schema. */
export interface FieldInput {
  /** Key in `system`. */
  key: string;
  kind: FieldKind;
  label: string;
  hint: string;
  value: unknown;
  min?: number;
  max?: number;
  options?: { value: string; label: string }[];
}

export interface ItemSheetInput {
  uuid: string;
  name: string;
  img: string;
  typeLabel: string;
  /** The realm holding the item, if any. */
  realmName: string;
  fields: FieldInput[];
  /** Labels of the cost's resources. */
  resourceLabels: Record<keyof Resources, string>;
  description: { source: string; enriched: string } | null;
  editable: boolean;
  i18n: Localizer;
}

export interface FieldRow {
  key: string;
  kind: FieldKind;
  id: string;
  /** The form name (`system.<key>`), or "" for the fields the sheet parses itself. */
  name: string;
  label: string;
  hint: string;
  value: string | number;
  checked: boolean;
  min?: number;
  max?: number;
  options: { value: string; label: string; selected: boolean }[];
  /** unit / range / list: parsed on change. */
  parse: string;
  placeholder: string;
  resources: { name: string; label: string; value: number }[];
}

export interface ItemSheetContext {
  uuid: string;
  name: string;
  img: string;
  editable: boolean;
  subtitle: string;
  rows: FieldRow[];
  description: { field: string; source: string; enriched: string } | null;
  labels: Record<"name" | "editImage" | "description" | "details", string>;
}

/** A cost as a card prints it: "3 and 1 wood" (a bare number is gold), "0" for none. */
export function formatCost(cost: Resources): string {
  const parts: string[] = [];
  if (cost.gold) parts.push(String(cost.gold));
  if (cost.wood) parts.push(`${cost.wood} wood`);
  if (cost.stone) parts.push(`${cost.stone} stone`);
  return parts.length ? parts.join(" and ") : "0";
}

/** A unit line as `parseUnitLine` reads it back. */
export function formatUnitLine(unit: UnitSpec | null): string {
  if (!unit) return "";
  const support = unit.support === 0 ? "" : `, ${unit.support > 0 ? "+" : ""}${unit.support} support`;
  return `${unit.name}: ${formatCost(unit.cost)}, T: ${unit.a}/${unit.d}/${unit.s}${support}`;
}

export function formatRange(range: Range | null): string {
  return range ? `${range.x}.${range.y}` : "";
}

export function itemSheetContext(input: ItemSheetInput): ItemSheetContext {
  const { i18n } = input;
  const S = "FACTIONS.Battle.Sheet";
  const rows = input.fields.map((f): FieldRow => {
    const row: FieldRow = {
      key: f.key,
      kind: f.kind,
      id: `${input.uuid.replaceAll(".", "-")}-${f.key}`,
      name: `system.${f.key}`,
      label: f.label,
      hint: f.hint,
      value: "",
      checked: false,
      min: f.min,
      max: f.max,
      options: [],
      parse: "",
      placeholder: "",
      resources: [],
    };
    switch (f.kind) {
      case "number":
        row.value = Number(f.value ?? 0);
        break;
      case "boolean":
        row.checked = Boolean(f.value);
        break;
      case "select":
        row.value = String(f.value ?? "");
        row.options = (f.options ?? []).map((o) => ({ ...o, selected: o.value === row.value }));
        if (row.value && !row.options.some((o) => o.selected)) row.options.push({ value: row.value, label: i18n.localize(`${S}.Unknown`), selected: true });
        break;
      case "resources": {
        const cost = (f.value ?? {}) as Resources;
        row.resources = RESOURCES.map((r) => ({ name: `system.${f.key}.${r}`, label: input.resourceLabels[r], value: cost[r] ?? 0 }));
        break;
      }
      case "unit":
        row.name = "";
        row.parse = "unit";
        row.value = formatUnitLine(f.value as UnitSpec | null);
        row.placeholder = "Man at Arms: 1, T: 1/1/2, -1 support";
        break;
      case "range":
        row.name = "";
        row.parse = "range";
        row.value = formatRange(f.value as Range | null);
        row.placeholder = "2.4";
        break;
      case "list":
        row.name = "";
        row.parse = "list";
        row.value = ((f.value as string[] | undefined) ?? []).join(", ");
        break;
      default:
        row.value = String(f.value ?? "");
    }
    return row;
  });
  return {
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    editable: input.editable,
    subtitle: input.realmName ? i18n.format(`${S}.ItemOf`, { type: input.typeLabel, realm: input.realmName }) : input.typeLabel,
    rows,
    description: input.description ? { field: "system.description", ...input.description } : null,
    labels: {
      name: i18n.localize(`${S}.Name`),
      editImage: i18n.localize(`${S}.EditImage`),
      description: i18n.localize(`${S}.Description`),
      details: i18n.localize(`${S}.Details`),
    },
  };
}
