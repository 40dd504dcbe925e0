/**
 * One sheet for the six Battle item types, driven by the item's schema: each field of `system`
 * gets its input (numbers with the schema's bounds, checkboxes, references to the realm's
 * locations, realms and cards as selects); the unit a card makes is its own fields, switched on
 * and off; a range and requirements are typed as the card prints them and parsed.
 */
import { templatePath } from "../../../core/constants";
import { parseRange } from "../rules";
import { battleState, isRealm } from "../data/state";
import type { FieldInput, FieldKind, ItemSheetContext } from "./item-sheet-context";
import { descriptionView, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";

const { ArrayField, BooleanField, HTMLField, NumberField, SchemaField, StringField } = foundry.data.fields;

type BaseRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

export type BattleItemSheetRenderContext = BaseRenderContext & SheetBasics & ItemSheetContext;

export const BATTLE_ITEM_SHEET_PARTS = {
  sheet: { template: templatePath("battle/item-sheet.hbs"), scrollable: [".factions-item-body"] },
};

interface FieldLike {
  label?: string;
  hint?: string;
  min?: number;
  max?: number;
}

export class BattleItemSheet extends FactionsItemSheet<BattleItemSheetRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-battle-item"],
    position: { width: 480, height: 620 },
  };

  static override PARTS = BATTLE_ITEM_SHEET_PARTS;
  /** The item's context builds its description (where its type has one) with the rest. */
  static override DESCRIPTION_PART = null;

  /** The item's system fields as the sheet shows them. */
  #fields(): FieldInput[] {
    const item = this.item;
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
        out.push({ key, kind: "unit", label: f.label || key, hint: f.hint ?? "", value: source[key], fields: this.#unitFields(field) });
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
  #unitFields(unit: InstanceType<typeof SchemaField>): FieldInput[] {
    return Object.entries(unit.fields as Record<string, unknown>).map(([key, field]) => {
      const f = field as FieldLike;
      const kind: FieldKind = field instanceof NumberField ? "number" : field instanceof SchemaField ? "resources" : "text";
      return { key, kind, label: f.label || key, hint: f.hint ?? "", value: undefined, min: f.min, max: f.max };
    });
  }

  protected override async sheetContext(): Promise<object> {
    const item = this.item;
    const i18n = game.i18n!;
    const description = await descriptionView(item);
    const { itemSheetContext } = await import("./item-sheet-context");
    const sheet = itemSheetContext({
      uuid: item.uuid,
      name: item.name,
      img: item.img ?? "",
      typeLabel: i18n.localize(CONFIG.Item.typeLabels?.[item.type] ?? item.type),
      realmName: item.actor?.name ?? "",
      fields: this.#fields(),
      resourceLabels: {
        gold: i18n.localize("FACTIONS.Battle.Realm.FIELDS.resources.gold.label"),
        wood: i18n.localize("FACTIONS.Battle.Realm.FIELDS.resources.wood.label"),
        stone: i18n.localize("FACTIONS.Battle.Realm.FIELDS.resources.stone.label"),
      },
      description: description && { source: description.source, enriched: description.enriched },
      editable: this.isEditable,
      i18n,
    });
    return sheet;
  }

  /** The sheet's own controls (a typed range or list, the unit switch) are handled here, not submitted with the form. */
  protected override _onChangeForm(formConfig: foundry.applications.api.ApplicationV2.FormConfiguration, event: Event): void {
    const target = event.target as HTMLElement | null;
    const parsed = target?.closest<HTMLInputElement>("input[data-parse]");
    const toggle = target?.closest<HTMLInputElement>("input[data-toggle='unit']");
    if (parsed) void this.#parseField(parsed);
    else if (toggle) void this.#toggleUnit(toggle.checked);
    else super._onChangeForm(formConfig, event);
  }

  /** The card makes a unit (a new one, to be filled in) or no longer does. */
  async #toggleUnit(on: boolean): Promise<void> {
    if (!this.isEditable) return;
    const has = (this.item._source.system as { unit?: unknown }).unit != null;
    if (on === has) return;
    const unit = on ? { name: game.i18n!.localize("FACTIONS.Battle.Sheet.NewUnit"), cost: { gold: 0, wood: 0, stone: 0 }, a: 1, d: 1, s: 1, support: -1 } : null;
    await this.item.update({ "system.unit": unit } as Item.UpdateData);
  }

  /** A range or a list of requirements was typed: parse it, or say what reads. */
  async #parseField(input: HTMLInputElement): Promise<void> {
    if (!this.isEditable) return;
    const key = input.dataset.key ?? "";
    const text = input.value.trim();
    let value: unknown;
    if (input.dataset.parse === "list") value = text.split(",").map((s) => s.trim()).filter(Boolean);
    else if (text === "") value = null;
    else value = parseRange(text);
    if (value === null && text !== "") {
      ui.notifications?.warn(game.i18n!.format(`FACTIONS.Battle.Sheet.Unreadable.${input.dataset.parse}`, { text }));
      return;
    }
    await this.item.update({ [`system.${key}`]: value } as Item.UpdateData);
  }
}
