/**
 * The Rounds sheets: the hero (where a player acts: the acts of the current step, its loot and
 * abilities) and one item sheet for loot and abilities.
 */
import { templatePath } from "../../../core/constants";
import { FactionsActorSheet, FactionsItemSheet, type SheetBasics } from "../../../core/sheets/base";
import type { heroContext, itemContext } from "./context";

/** The sheets' contexts, loaded with the first Rounds sheet rendered. */
const contexts = () => import("./context");

/** The dialogs, loaded the first time one opens. */
const dialogs = () => import("../dialogs");

type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;

export interface HeroRenderContext extends ActorContext, SheetBasics, ReturnType<typeof heroContext> {
  gmEditable: boolean;
}
export interface RoundsItemRenderContext extends ItemContext, SheetBasics, ReturnType<typeof itemContext> {}

export const HERO_PARTS = { sheet: { template: templatePath("rounds/hero-sheet.hbs"), scrollable: [""] } };
export const ITEM_PARTS = { sheet: { template: templatePath("rounds/item-sheet.hbs"), scrollable: [""] } };

export class HeroSheet extends FactionsActorSheet<HeroRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-rounds", "factions-hero"],
    position: { width: 560, height: 680 },
    actions: { roundsAct: HeroSheet.#onAct, useAbility: HeroSheet.#onAct, createItem: HeroSheet.#onCreateItem },
  };

  static override PARTS = HERO_PARTS;

  protected override async sheetContext(): Promise<object> {
    // A hero's team and place are set by the GM (and by the actions the GM's client applies).
    return { ...(await contexts()).heroContext(this.actor), gmEditable: this.isEditable && !!game.user?.isGM };
  }

  /** An act's or an ability's Use button: the dialog module reads which (and ignores a disabled one). */
  static async #onAct(this: HeroSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    await (await dialogs()).actFromSheet(this.actor, target);
  }

  static async #onCreateItem(this: HeroSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const type = target.dataset.type === "ability" ? "ability" : "loot";
    await this.actor.createEmbeddedDocuments("Item", [{ type, name: game.i18n!.localize(`FACTIONS.Rounds.Sheet.New.${type}`) } as Item.CreateData]);
  }
}

export class RoundsItemSheet extends FactionsItemSheet<RoundsItemRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-rounds"],
    position: { width: 460, height: 520 },
  };

  static override PARTS = ITEM_PARTS;

  protected override async sheetContext(): Promise<object> {
    return (await contexts()).itemContext(this.item);
  }
}
