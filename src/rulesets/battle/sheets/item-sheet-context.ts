/**
 * The Battle item sheet's context, from a plain description of the item's schema fields (one
 * generic sheet for the six item types). Costs show as three numbers; the unit a building or a
 * technology makes is its own fields (name, cost, A/D/S, support) behind a "makes a unit" switch;
 * a range and a list of requirements are typed as the card prints them ("2.4", "Blacksmith,
 * Stable") and parsed back.
 */
import type { Localizer } from "../../../core/sheets/text";
import { RESOURCES, type Range, type Resources } from "../rules";

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
  /** A unit's own fields (its name, cost, A, D, S and support), keyed within the unit. */
  fields?: FieldInput[];
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
  /** The form name (`system.<key>`), or "" for the fields the sheet parses or switches itself. */
  name: string;
  label: string;
  hint: string;
  value: string | number;
  checked: boolean;
  min?: number;
  max?: number;
  options: { value: string; label: string; selected: boolean }[];
  /** range / list: parsed on change. */
  parse: string;
  placeholder: string;
  resources: { name: string; label: string; value: number }[];
  /** A unit: whether the card makes one (the switch), and its fields when it does. */
  unit: { on: boolean; rows: FieldRow[] } | null;
}

export interface ItemSheetContext {
  uuid: string;
  name: string;
  img: string;
  editable: boolean;
  subtitle: string;
  rows: FieldRow[];
  /** The unit a building or a technology makes (its own fieldset), if the item type has one. */
  unit: FieldRow | null;
  description: { field: string; source: string; enriched: string } | null;
  labels: Record<"name" | "editImage" | "description" | "details", string>;
}

export function formatRange(range: Range | null): string {
  return range ? `${range.x}.${range.y}` : "";
}

export function itemSheetContext(input: ItemSheetInput): ItemSheetContext {
  const { i18n } = input;
  const S = "FACTIONS.Battle.Sheet";
  const idOf = (path: string) => `${input.uuid.replaceAll(".", "-")}-${path.replaceAll(".", "-")}`;
  /** One field's row; `path` is its place in `system` ("a", or "unit.a" for a unit's). */
  const toRow = (f: FieldInput, path: string): FieldRow => {
    const row: FieldRow = {
      key: f.key,
      kind: f.kind,
      id: idOf(path),
      name: `system.${path}`,
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
      unit: null,
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
        row.resources = RESOURCES.map((r) => ({ name: `system.${path}.${r}`, label: input.resourceLabels[r], value: cost[r] ?? 0 }));
        break;
      }
      case "unit": {
        // Switched on and off by the sheet (null: it makes no unit); its fields are the form's.
        row.name = "";
        const unit = (f.value ?? null) as Record<string, unknown> | null;
        row.unit = { on: unit !== null, rows: unit ? (f.fields ?? []).map((sub) => toRow({ ...sub, value: unit[sub.key] }, `${path}.${sub.key}`)) : [] };
        break;
      }
      case "range":
        row.name = "";
        row.parse = "range";
        row.value = formatRange(f.value as Range | null);
        row.placeholder = i18n.localize(`${S}.NoRange`);
        break;
      case "list":
        row.name = "";
        row.parse = "list";
        row.value = ((f.value as string[] | undefined) ?? []).join(", ");
        row.placeholder = i18n.localize(`${S}.NoRequirements`);
        break;
      default:
        row.value = String(f.value ?? "");
    }
    return row;
  };
  const rows = input.fields.map((f) => toRow(f, f.key));
  return {
    uuid: input.uuid,
    name: input.name,
    img: input.img,
    editable: input.editable,
    subtitle: input.realmName ? i18n.format(`${S}.ItemOf`, { type: input.typeLabel, realm: input.realmName }) : input.typeLabel,
    rows: rows.filter((r) => r.kind !== "unit"),
    unit: rows.find((r) => r.kind === "unit") ?? null,
    description: input.description ? { field: "system.description", ...input.description } : null,
    labels: {
      name: i18n.localize(`${S}.Name`),
      editImage: i18n.localize(`${S}.EditImage`),
      description: i18n.localize(`${S}.Description`),
      details: i18n.localize(`${S}.Details`),
    },
  };
}
