/**
 * One sheet for the six Battle item types, driven by the item's schema: each field of `system`
 * gets its input (numbers with the schema's bounds, checkboxes, references to the realm's
 * locations, realms and cards as selects); the unit a card makes is its own fields, switched on
 * and off; a range and requirements are typed as the card prints them and parsed.
 */
import { templatePath } from "../../../core/constants";
import { parseRange } from "../rules";
import type { ItemSheetContext } from "./item-sheet-context";
import { descriptionView, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";

type BaseRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

export type BattleItemSheetRenderContext = BaseRenderContext & SheetBasics & ItemSheetContext;

export const BATTLE_ITEM_SHEET_PARTS = {
  sheet: { template: templatePath("battle/item-sheet.hbs"), scrollable: [".factions-item-body"] },
};

export class BattleItemSheet extends FactionsItemSheet<BattleItemSheetRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-battle-item"],
    position: { width: 480, height: 620 },
  };

  static override PARTS = BATTLE_ITEM_SHEET_PARTS;
  /** The item's context builds its description (where its type has one) with the rest. */
  static override DESCRIPTION_PART = null;

  protected override async sheetContext(): Promise<object> {
    const item = this.item;
    const i18n = game.i18n!;
    const description = await descriptionView(item);
    // Both load with the first Battle item sheet rendered, not at start-up.
    const [{ itemSheetContext }, { itemFields }] = await Promise.all([import("./item-sheet-context"), import("./item-sheet-fields")]);
    const sheet = itemSheetContext({
      uuid: item.uuid,
      name: item.name,
      img: item.img ?? "",
      typeLabel: i18n.localize(CONFIG.Item.typeLabels?.[item.type] ?? item.type),
      realmName: item.actor?.name ?? "",
      fields: itemFields(item),
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
