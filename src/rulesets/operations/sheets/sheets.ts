/**
 * The Operations sheets: the Lieutenant (where a player acts), the
 * Organization (Cohesion, Capital, standings, lieutenants, units, projects)
 * and one item sheet for units and projects.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { OPERATIONS_ACTIONS, takeOperationsAction, type OperationsActionName } from "../actions";
import { itemContext, lieutenantContext, organizationContext } from "./context";
import { editImage, ITEM_ROW_ACTIONS, openSheet } from "../../../core/sheets/handlers";
import { followRows } from "../../../core/sheets/row-tools";
import { pressWithKeys } from "../../../core/sheets/keyboard";
import { enrichFor } from "../../../core/sheets/enrich";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ActorConfig = foundry.applications.sheets.ActorSheetV2.Configuration;
type ActorRender = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type ItemConfig = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type ItemRender = foundry.applications.api.DocumentSheetV2.RenderOptions;

/** A description as the sheets show it: Foundry's editor for those who may edit, the enriched text for others. */
export interface DescriptionView {
  field: string;
  source: string;
  enriched: string;
}

export interface LieutenantRenderContext extends ActorContext, ReturnType<typeof lieutenantContext> {
  systemFields: unknown;
  description: DescriptionView;
  editable: boolean;
}
export interface OrganizationRenderContext extends ActorContext, ReturnType<typeof organizationContext> {
  systemFields: unknown;
  description: DescriptionView;
  editable: boolean;
  isGM: boolean;
}
export interface ItemRenderContext extends ItemContext, ReturnType<typeof itemContext> {
  systemFields: unknown;
  description: DescriptionView;
  editable: boolean;
}

export const LIEUTENANT_PARTS = { sheet: { template: templatePath("operations/lieutenant-sheet.hbs"), scrollable: [""] } };
export const ORGANIZATION_PARTS = { sheet: { template: templatePath("operations/organization-sheet.hbs"), scrollable: [""] } };
export const ITEM_PARTS = { sheet: { template: templatePath("operations/item-sheet.hbs"), scrollable: [""] } };

const isAction = (id: string | undefined): id is OperationsActionName => (OPERATIONS_ACTIONS as string[]).includes(id ?? "");
/** The document's `system.description`, for the editor and as enriched HTML. */
async function description(doc: Actor.Implementation | Item.Implementation): Promise<DescriptionView> {
  const source = String((doc._source.system as { description?: unknown }).description ?? "");
  const enriched = await enrichFor(doc, source);
  return { field: "system.description", source, enriched };
}

export class LieutenantSheet<
  RenderContext extends LieutenantRenderContext = LieutenantRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-operations", "factions-lieutenant"],
    position: { width: 640, height: 720 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { operationsAction: LieutenantSheet.#onAction, editImage },
  };

  static override PARTS = LIEUTENANT_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system as unknown as { schema: { fields: unknown } };
    return {
      ...base,
      ...lieutenantContext(actor),
      systemFields: system.schema.fields,
      description: await description(actor),
      editable: this.isEditable,
    } as RenderContext;
  }

  static async #onAction(this: LieutenantSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.operationsAction;
    if (isAction(id)) await takeOperationsAction(this.actor, id);
  }
}

export class OrganizationSheet<
  RenderContext extends OrganizationRenderContext = OrganizationRenderContext,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor", "factions-operations", "factions-organization"],
    position: { width: 720, height: 760 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: {
      ...ITEM_ROW_ACTIONS,
      openLieutenant: OrganizationSheet.#onOpenLieutenant,
      clearBlock: OrganizationSheet.#onClearBlock,
      editImage,
    },
  };

  static override PARTS = ORGANIZATION_PARTS;

  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    // Open and Delete follow the pointer and the focus from row to row (one listener for every unit and project).
    followRows(this.element, ".factions-ops-unit, .factions-ops-project");
    // Enter and Space open a unit, a project or a lieutenant from its name.
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const actor = this.actor;
    const system = actor.system as unknown as { schema: { fields: unknown } };
    return {
      ...base,
      ...organizationContext(actor),
      systemFields: system.schema.fields,
      description: await description(actor),
      editable: this.isEditable,
      isGM: !!game.user?.isGM,
    } as RenderContext;
  }

  static async #onOpenLieutenant(this: OrganizationSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const actor = foundry.utils.fromUuidSync((target.dataset.uuid ?? "") as `Actor.${string}`, { strict: false }) as Actor.Implementation | null;
    await openSheet(actor);
  }

  /** GM only: the thing a blocked project needed was found. */
  static async #onClearBlock(this: OrganizationSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (!game.user?.isGM) return;
    await this.actor.updateEmbeddedDocuments("Item", [{ _id: target.dataset.itemId ?? "", "system.blocked": false } as Item.UpdateData]);
  }
}

export class OperationsItemSheet<
  RenderContext extends ItemRenderContext = ItemRenderContext,
  Configuration extends ItemConfig = ItemConfig,
  RenderOptions extends ItemRender = ItemRender,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "item", "factions-operations"],
    position: { width: 480, height: 600 },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage },
  };

  static override PARTS = ITEM_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const item = this.item;
    const system = item.system as unknown as { schema: { fields: unknown } };
    return { ...base, ...itemContext(item), systemFields: system.schema.fields, description: await description(item), editable: this.isEditable } as RenderContext;
  }
}
