/**
 * The faction actor's sheet. Context building lives in `faction-sheet-context.ts`
 * (pure, no Foundry); this class feeds it the actor and handles the buttons.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { locationLabel } from "../../../core/locations";
import { FACTION_ACTIONS, takeFactionAction, type FactionActionId } from "../actions";
import type { AssetSystem } from "../rules/state";
import type { factionSheetContext, FactionSheetContext, SheetAssetInput } from "./faction-sheet-context";
import { FACTION_SHEET_TAB_PREFIX, FACTION_SHEET_TABS, navTabs, type NavTab } from "./tabs";
import { editImage, ITEM_ROW_ACTIONS } from "../../../core/sheets/handlers";
import { followRows } from "../../../core/sheets/row-tools";
import { pressWithKeys } from "../../../core/sheets/keyboard";
import { enrichFor } from "../../../core/sheets/enrich";


const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2 } = foundry.applications.sheets;

type BaseRenderContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type Tab = foundry.applications.api.ApplicationV2.Tab;

export interface FactionSheetRenderContext extends BaseRenderContext, FactionSheetContext {
  navTabs: NavTab[];
  /** The tab of the part being rendered (assets, description). */
  tab?: Tab;
  description?: { field: string; source: string; enriched: string };
}

export const FACTION_SHEET_PARTS = {
  header: { template: templatePath("faction-turn/faction-sheet/header.hbs") },
  actions: { template: templatePath("faction-turn/faction-sheet/actions.hbs") },
  tabs: { template: templatePath("faction-turn/faction-sheet/tabs.hbs") },
  assets: { template: templatePath("faction-turn/faction-sheet/assets.hbs"), scrollable: [""] },
  description: { template: templatePath("faction-turn/faction-sheet/description.hbs"), scrollable: [""] },
};

const isActionId = (id: string | undefined): id is FactionActionId => (FACTION_ACTIONS as readonly string[]).includes(id ?? "");

export class FactionSheet<
  RenderContext extends FactionSheetRenderContext = FactionSheetRenderContext,
  Configuration extends foundry.applications.sheets.ActorSheetV2.Configuration = foundry.applications.sheets.ActorSheetV2.Configuration,
  RenderOptions extends foundry.applications.sheets.ActorSheetV2.RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-faction"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      factionAction: FactionSheet.#onFactionAction,
      openAsset: ITEM_ROW_ACTIONS.openItem,
      deleteAsset: ITEM_ROW_ACTIONS.deleteItem,
      editImage,
    },
  };

  static override PARTS = FACTION_SHEET_PARTS;

  static override TABS = {
    primary: {
      tabs: FACTION_SHEET_TABS.map((t) => ({ ...t, cssClass: "" })),
      initial: "assets",
      labelPrefix: FACTION_SHEET_TAB_PREFIX,
    },
  };

  /** The asset rows' Open and Delete controls follow the pointer and the focus (one listener for every row). */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    followRows(this.element, ".factions-asset-row");
    // Enter and Space open an asset from its name and press the row tools.
    pressWithKeys(this.element);
  }

  /* -------------------------------------------- */
  /*  Context                                     */
  /* -------------------------------------------- */

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
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
    const sheet = factionSheetContext({
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
    const tabs = this._prepareTabs("primary");
    return { ...base, ...sheet, tabs, navTabs: navTabs(tabs, i18n) } as RenderContext;
  }

  protected override async _preparePartContext(
    partId: string,
    context: RenderContext,
    options: foundry.applications.api.HandlebarsApplicationMixin.RenderOptions,
  ): Promise<RenderContext> {
    const part = await super._preparePartContext(partId, context, options);
    if (partId === "assets" || partId === "description") part.tab = part.tabs?.[partId];
    if (partId === "description" && this.actor.isFaction()) {
      const source = this.actor.system.description;
      part.description = {
        field: "system.description",
        source,
        enriched: await enrichFor(this.actor, source),
      };
    }
    return part;
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
    if (!this.actor.isOwner) return null;
    if (!item.isAsset()) {
      const type = game.i18n!.localize(CONFIG.Item.typeLabels?.[item.type] ?? item.type);
      ui.notifications?.warn(game.i18n!.format("FACTIONS.FactionTurn.Sheet.OnlyAssets", { name: item.name, type }));
      return null;
    }
    if (item.parent?.uuid === this.actor.uuid) return null; // Already here.
    // From a compendium: the world's own import (records the compendium source, drops folder and ownership).
    const data = item.pack && game.items ? game.items.fromCompendium(item, { keepId: true }) : item.toObject();
    const keepId = !this.actor.items.has(data._id ?? "");
    const created = await Item.implementation.create(data, { parent: this.actor, keepId });
    return created ?? null;
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
