/**
 * The Operations sheets: the Lieutenant (where a player acts), the
 * Organization (Cohesion, Capital, standings, lieutenants, units, projects)
 * and one item sheet for units and projects.
 */
import { templatePath } from "../../../core/constants";
import { FactionsActorSheet, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";
import { openSheet } from "../../../core/sheets/handlers";
import { OPERATIONS_ACTIONS, takeOperationsAction, type OperationsActionName } from "../actions";
import type { itemContext, lieutenantContext, organizationContext } from "./context";
import { worldDocument } from "../../../core/documents/uuid";

/** The sheets' contexts, loaded with the first Operations sheet rendered. */
const contexts = () => import("./context");

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

export type { DescriptionView } from "../../../core/sheets/base";
export interface LieutenantRenderContext extends ActorContext, SheetBasics, ReturnType<typeof lieutenantContext> {}
export interface OrganizationRenderContext extends ActorContext, SheetBasics, ReturnType<typeof organizationContext> {}
export interface ItemRenderContext extends ItemContext, SheetBasics, ReturnType<typeof itemContext> {}

export const LIEUTENANT_PARTS = { sheet: { template: templatePath("operations/lieutenant-sheet.hbs"), scrollable: [""] } };
export const ORGANIZATION_PARTS = { sheet: { template: templatePath("operations/organization-sheet.hbs"), scrollable: [""] } };
export const ITEM_PARTS = { sheet: { template: templatePath("operations/item-sheet.hbs"), scrollable: [""] } };

const isAction = (id: string | undefined): id is OperationsActionName => (OPERATIONS_ACTIONS as string[]).includes(id ?? "");

export class LieutenantSheet extends FactionsActorSheet<LieutenantRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-operations", "factions-lieutenant"],
    position: { width: 640, height: 720 },
    actions: { operationsAction: LieutenantSheet.#onAction },
  };

  static override PARTS = LIEUTENANT_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).lieutenantContext(this.actor);
  }

  static async #onAction(this: LieutenantSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.operationsAction;
    if (isAction(id)) await takeOperationsAction(this.actor, id);
  }
}

export class OrganizationSheet extends FactionsActorSheet<OrganizationRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-operations", "factions-organization"],
    position: { width: 720, height: 760 },
    actions: { openLieutenant: OrganizationSheet.#onOpenLieutenant, clearBlock: OrganizationSheet.#onClearBlock },
  };

  static override PARTS = ORGANIZATION_PARTS;
  static override ROWS = ".factions-ops-unit, .factions-ops-project";

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).organizationContext(this.actor);
  }

  static async #onOpenLieutenant(this: OrganizationSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const actor = worldDocument((target.dataset.uuid ?? "")) as Actor.Implementation | null;
    await openSheet(actor);
  }

  /** GM only: the thing a blocked project needed was found. */
  static async #onClearBlock(this: OrganizationSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (!game.user?.isGM) return;
    await this.actor.updateEmbeddedDocuments("Item", [{ _id: target.dataset.itemId ?? "", "system.blocked": false } as Item.UpdateData]);
  }
}

export class OperationsItemSheet extends FactionsItemSheet<ItemRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-operations"],
    position: { width: 480, height: 600 },
  };

  static override PARTS = ITEM_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).itemContext(this.item);
  }
}
