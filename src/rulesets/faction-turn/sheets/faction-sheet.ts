/**
 * The faction actor's sheet. Context building lives in `faction-sheet-context.ts`
 * (pure, no Foundry); this class feeds it the actor and handles the buttons.
 */
import { templatePath } from "../../../core/constants";
import { locationLabel } from "../../../core/locations";
import { FACTION_ACTIONS, takeFactionAction, type FactionActionId } from "../actions";
import type { AssetSystem } from "../rules/state";
import type { factionSheetContext, FactionSheetContext, SheetAssetInput } from "./faction-sheet-context";
import { FACTION_SHEET_TAB_PREFIX, FACTION_SHEET_TABS } from "./tabs";
import { FactionsActorSheet, type SheetBasics } from "../../../core/sheets/base";
import { ITEM_ROW_ACTIONS } from "../../../core/sheets/handlers";

type BaseRenderContext = foundry.applications.sheets.ActorSheetV2.RenderContext;

export interface FactionSheetRenderContext extends BaseRenderContext, SheetBasics, FactionSheetContext {}

export const FACTION_SHEET_PARTS = {
  header: { template: templatePath("faction-turn/faction-sheet/header.hbs") },
  actions: { template: templatePath("faction-turn/faction-sheet/actions.hbs") },
  tabs: { template: templatePath("core/sheet-tabs.hbs") },
  assets: { template: templatePath("faction-turn/faction-sheet/assets.hbs"), scrollable: [""] },
  description: { template: templatePath("faction-turn/faction-sheet/description.hbs"), scrollable: [""] },
};

const isActionId = (id: string | undefined): id is FactionActionId => (FACTION_ACTIONS as readonly string[]).includes(id ?? "");

export class FactionSheet extends FactionsActorSheet<FactionSheetRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-faction"],
    position: { width: 720, height: 760 },
    actions: { factionAction: FactionSheet.#onFactionAction, openAsset: ITEM_ROW_ACTIONS.openItem, deleteAsset: ITEM_ROW_ACTIONS.deleteItem },
  };

  static override PARTS = FACTION_SHEET_PARTS;
  static override DESCRIPTION_PART = "description";
  static override ROWS = ".factions-asset-row";

  static override TABS = {
    primary: {
      tabs: FACTION_SHEET_TABS.map((t) => ({ ...t, cssClass: "" })),
      initial: "assets",
      labelPrefix: FACTION_SHEET_TAB_PREFIX,
    },
  };

  /* -------------------------------------------- */
  /*  Context                                     */
  /* -------------------------------------------- */

  protected override async sheetContext(): Promise<object> {
    const actor = this.actor;
    const i18n = game.i18n!;
    // Prepared data, read in place: no toObject per asset.
    const assets: SheetAssetInput[] = [];
    for (const item of actor.items) {
      if (item.isAsset()) assets.push({ id: item.id ?? "", name: item.name, img: item.img ?? "", system: item.system as unknown as AssetSystem });
    }
    const system = actor.isFaction() ? actor.system : null;
    if (!system) throw new Error(`FactionSheet: ${actor.uuid} is not a faction`);
    const labels = new Map<string, string>();
    // The context's code loads with the first faction sheet rendered, not at start-up.
    const { factionSheetContext } = await import("./faction-sheet-context");
    return factionSheetContext({
      uuid: actor.uuid,
      name: actor.name,
      img: actor.img ?? "",
      system: system as unknown as FactionSheetContextSystem,
      assets,
      owner: actor.isOwner,
      editable: this.isEditable,
      locationLabel: (ref) => labels.get(ref) ?? labels.set(ref, locationLabel(ref)).get(ref)!,
      i18n,
    });
  }

  /* -------------------------------------------- */
  /*  Drop                                        */
  /* -------------------------------------------- */

  /**
   * ActorSheetV2 resolves the dropped Item (from the world, another actor or a
   * compendium) and hands it here; only assets may join a faction.
   */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    void event;
    return this.adoptItem(item, (i) => i.isAsset(), "FACTIONS.FactionTurn.Sheet.OnlyAssets");
  }

  /* -------------------------------------------- */
  /*  Actions                                     */
  /* -------------------------------------------- */

  static async #onFactionAction(this: FactionSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.factionAction;
    if (!isActionId(id) || !this.actor.isFaction()) return;
    const asset = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    await takeFactionAction(this.actor, id, asset ? { asset } : {});
  }

}

type FactionSheetContextSystem = Parameters<typeof factionSheetContext>[0]["system"];
