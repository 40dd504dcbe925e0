/**
 * The Rounds sheets: the hero (where a player acts: the acts of the current step, its loot and
 * abilities) and one item sheet for loot and abilities.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { editImage, ITEM_ROW_ACTIONS, itemOfRow } from "../../../core/sheets/handlers";
import { HERO_ACTS, type HeroAct } from "../actions/ids";
import { heroContext, itemContext } from "./context";
import { enrichFor } from "../../../core/sheets/enrich";
import { pressWithKeys } from "../../../core/sheets/keyboard";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

/** The dialogs, loaded the first time one opens. */
const dialogs = () => import("../dialogs");

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ActorConfig = foundry.applications.sheets.ActorSheetV2.Configuration;
type ActorRender = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type ItemConfig = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type ItemRender = foundry.applications.api.DocumentSheetV2.RenderOptions;

export interface HeroRenderContext extends ActorContext, ReturnType<typeof heroContext> {
  systemFields: unknown;
  enrichedDescription: string;
  editable: boolean;
  gmEditable: boolean;
  uuid: string;
}
export interface RoundsItemRenderContext extends ItemContext, ReturnType<typeof itemContext> {
  systemFields: unknown;
  enrichedDescription: string;
  editable: boolean;
  uuid: string;
}

export const HERO_PARTS = { sheet: { template: templatePath("rounds/hero-sheet.hbs"), scrollable: [""] } };
export const ITEM_PARTS = { sheet: { template: templatePath("rounds/item-sheet.hbs"), scrollable: [""] } };

const isAct = (id: string | undefined): id is HeroAct => (HERO_ACTS as readonly string[]).includes(id ?? "");

export class HeroSheet<
  RenderContext extends HeroRenderContext = HeroRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-rounds", "factions-hero"],
    position: { width: 560, height: 680 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      roundsAct: HeroSheet.#onAct,
      useAbility: HeroSheet.#onUseAbility,
      ...ITEM_ROW_ACTIONS,
      createItem: HeroSheet.#onCreateItem,
      editImage,
    },
  };

  static override PARTS = HERO_PARTS;

  /** Enter and Space open an ability or a loot from its name. */
  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system as unknown as { schema: { fields: unknown }; description: string };
    return {
      ...base,
      ...heroContext(actor),
      systemFields: system.schema.fields,
      enrichedDescription: await enrichFor(actor, system.description),
      editable: this.isEditable,
      // A hero's team and place are set by the GM (and by the actions the GM's client applies).
      gmEditable: this.isEditable && !!game.user?.isGM,
      uuid: actor.uuid,
    } as RenderContext;
  }

  static async #onAct(this: HeroSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const act = target.dataset.act;
    if (isAct(act)) await (await dialogs()).takeRoundsAct(this.actor, act);
  }

  static async #onUseAbility(this: HeroSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const item = itemOfRow(this.actor, target);
    if (item) await (await dialogs()).takeRoundsAct(this.actor, "ability", { ability: item.id! });
  }

  static async #onCreateItem(this: HeroSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const type = target.dataset.type === "ability" ? "ability" : "loot";
    await this.actor.createEmbeddedDocuments("Item", [{ type, name: game.i18n!.localize(`FACTIONS.Rounds.Sheet.New.${type}`) } as Item.CreateData]);
  }
}

export class RoundsItemSheet<
  RenderContext extends RoundsItemRenderContext = RoundsItemRenderContext,
  Configuration extends ItemConfig = ItemConfig,
  RenderOptions extends ItemRender = ItemRender,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "item", "factions-rounds"],
    position: { width: 460, height: 520 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage },
  };

  static override PARTS = ITEM_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const item = this.item;
    const system = item.system as unknown as { schema: { fields: unknown }; description?: string };
    return {
      ...base,
      ...itemContext(item),
      systemFields: system.schema.fields,
      enrichedDescription: await enrichFor(item, system.description ?? ""),
      editable: this.isEditable,
      uuid: item.uuid,
    } as RenderContext;
  }
}
