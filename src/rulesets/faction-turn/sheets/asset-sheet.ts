/**
 * The asset item's sheet: every field from the schema, and, for an asset of a
 * faction the viewer owns, buttons that start that faction's actions on it.
 */
import { templatePath } from "../../../core/constants";
import { locationOptions } from "../../../core/locations";
import { promptNamedLocation } from "../../../core/sheets/new-location";
import { FACTION_ACTIONS, takeFactionAction, type FactionActionId } from "../actions";
import type { AssetSystem } from "../rules/state";
import type { AssetSheetContext } from "./asset-sheet-context";
import type { ActionView, SheetAssetInput } from "./faction-sheet-context";
import { descriptionView, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";

type BaseRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type AssetFields = ReturnType<typeof assetFields>;
const assetFields = (item: Item.Implementation) => (item.isAsset() ? item.system.schema.fields : null);

export type AssetSheetRenderContext = BaseRenderContext & SheetBasics & AssetSheetContext<AssetFields>;

export const ASSET_SHEET_PARTS = {
  sheet: { template: templatePath("faction-turn/asset-sheet.hbs"), scrollable: [".factions-asset-body"] },
};

const isActionId = (id: string | undefined): id is FactionActionId => (FACTION_ACTIONS as readonly string[]).includes(id ?? "");

export class AssetSheet extends FactionsItemSheet<AssetSheetRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-asset"],
    position: { width: 520, height: 680 },
    actions: { factionAction: AssetSheet.#onFactionAction, newLocation: AssetSheet.#onNewLocation },
  };

  static override PARTS = ASSET_SHEET_PARTS;
  /** The asset's context builds its description with the rest. */
  static override DESCRIPTION_PART = null;

  protected override async sheetContext(): Promise<object> {
    const item = this.item;
    if (!item.isAsset()) throw new Error(`AssetSheet: ${item.uuid} is not an asset`);
    const source = item._source.system as unknown as AssetSystem;
    const actor = item.actor;
    let faction: (ActionView & { name: string }) | null = null;
    if (actor?.isFaction()) {
      const assets: Pick<SheetAssetInput, "system">[] = [];
      for (const other of actor.items) if (other.isAsset()) assets.push({ system: other.system as unknown as AssetSystem });
      faction = { name: actor.name, owner: actor.isOwner, system: actor.system as unknown as ActionView["system"], assets };
    }
    // The context's code loads with the first asset sheet rendered, not at start-up.
    const { assetSheetContext } = await import("./asset-sheet-context");
    const sheet = assetSheetContext({
      uuid: item.uuid,
      id: item.id ?? "",
      name: item.name,
      img: item.img ?? "",
      system: source,
      systemFields: assetFields(item),
      editable: this.isEditable,
      faction,
      locations: locationOptions([source.location]),
      description: { enriched: (await descriptionView(item))?.enriched ?? "" },
      i18n: game.i18n!,
    });
    return { ...sheet, canAddLocation: this.isEditable && !!game.user?.isGM };
  }

  static async #onFactionAction(this: AssetSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.factionAction;
    const actor = this.item.actor;
    if (!isActionId(id) || !actor?.isFaction() || !this.item.id) return;
    await takeFactionAction(actor, id, { asset: this.item.id });
  }

  /** GM only: name a new place and put the asset there. */
  static async #onNewLocation(this: AssetSheet, event: PointerEvent): Promise<void> {
    event.preventDefault();
    const ref = await promptNamedLocation();
    if (ref) await this.item.update({ "system.location": ref } as Item.UpdateData);
  }
}
