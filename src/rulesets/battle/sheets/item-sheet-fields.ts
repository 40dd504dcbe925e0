/**
 * The Battle item sheet's inputs, read from the item's schema: each field of `system` as the input
 * it gets (numbers with the schema's bounds, checkboxes, lists, the realm's locations, realms and
 * cards as selects, a unit's own fields). Loaded with the first Battle item sheet rendered.
 */
import { battleState, isRealm } from "../data/state";
import type { FieldInput, FieldKind } from "./item-sheet-context";

const { ArrayField, BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;

interface FieldLike {
  label?: string;
  hint?: string;
  min?: number;
  max?: number;
}

/** The item's system fields as the sheet shows them. */
export function itemFields(item: Item.Implementation): FieldInput[] {
  const system = item.system as unknown as { schema: { fields: Record<string, unknown> } };
  const source = item._source.system as unknown as Record<string, unknown>;
  const realm = item.actor && isRealm(item.actor) ? item.actor : null;
  const state = battleState();
  const out: FieldInput[] = [];
  for (const [key, field] of Object.entries(system.schema.fields)) {
    if (field instanceof HTMLField) continue;
    const f = field as FieldLike;
    let kind: FieldKind = "text";
    let options: FieldInput["options"];
    if (field instanceof NumberField) kind = "number";
    else if (field instanceof BooleanField) kind = "boolean";
    else if (field instanceof ArrayField) kind = "list";
    else if (field instanceof SchemaField && key === "unit") {
      out.push({ key, kind: "unit", label: f.label || key, hint: f.hint ?? "", value: source[key], fields: unitFields(field) });
      continue;
    } else if (field instanceof SchemaField) kind = key === "range" ? "range" : "resources";
    else if (field instanceof StringField) {
      if (key === "text") kind = "textarea";
      else if (key === "owner" && item.type === "location") {
        kind = "select";
        options = [{ value: "", label: game.i18n!.localize("FACTIONS.Battle.Sheet.HolderControls") }, ...Object.values(state.realms).filter((r) => r.id !== realm?.uuid).map((r) => ({ value: r.id, label: r.name }))];
      } else if (key === "location" && item.type === "fortification") {
        kind = "select";
        options = [{ value: "", label: game.i18n!.localize("FACTIONS.Battle.Sheet.NoLocation") }];
        for (const r of Object.values(state.realms)) for (const it of r.items) if (it.type === "location") options.push({ value: it.id, label: `${it.name} (${r.name})` });
      } else if (key === "source" && item.type === "unitCounter") {
        kind = "select";
        options = [{ value: "", label: game.i18n!.localize("FACTIONS.Battle.Sheet.NoSource") }];
        for (const it of realm?.items ?? []) if (it.type === "building" || it.type === "technology") options.push({ value: it.id ?? "", label: it.name });
      }
    }
    out.push({ key, kind, label: f.label || key, hint: f.hint ?? "", value: source[key], min: f.min, max: f.max, options });
  }
  return out;
}

/** A unit's own fields (name, cost, A, D, S, support), as the schema describes them. */
function unitFields(unit: InstanceType<typeof SchemaField>): FieldInput[] {
  return Object.entries(unit.fields as Record<string, unknown>).map(([key, field]) => {
    const f = field as FieldLike;
    const kind: FieldKind = field instanceof NumberField ? "number" : field instanceof SchemaField ? "resources" : "text";
    return { key, kind, label: f.label || key, hint: f.hint ?? "", value: undefined, min: f.min, max: f.max };
  });
}
