/**
 * The one base of every sheet of the system. It holds what the five rulesets' sheets share: the
 * window and form options, the item rows' and image's actions, keyboard use, the tabs, the
 * description editor, and the fields every template reads (`systemFields`, `editable`, `isGM`,
 * `uuid`). A ruleset's sheet declares only what differs: its classes, size, parts, own actions,
 * and its context (`sheetContext`).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { enrichFor } from "./enrich";
import { editImage, ITEM_ROW_ACTIONS } from "./handlers";
import { pressWithKeys } from "./keyboard";
import { followRows } from "./row-tools";
import { navTabs, type NavTab } from "./tabs";

const { HandlebarsApplicationMixin } = foundry.applications.api;
const { ActorSheetV2, ItemSheetV2 } = foundry.applications.sheets;

type Tab = foundry.applications.api.ApplicationV2.Tab;
type PartOptions = foundry.applications.api.HandlebarsApplicationMixin.RenderOptions;
type ActorContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type ActorConfig = foundry.applications.sheets.ActorSheetV2.Configuration;
type ActorRender = foundry.applications.sheets.ActorSheetV2.RenderOptions;
type ItemContext = foundry.applications.api.DocumentSheetV2.RenderContext<Item.Implementation>;
type ItemConfig = foundry.applications.api.DocumentSheetV2.Configuration<Item.Implementation>;
type ItemRender = foundry.applications.api.DocumentSheetV2.RenderOptions;
type SheetDocument = Actor.Implementation | Item.Implementation;

/** A description as the sheets show it (templates/core/description.hbs): its field, its stored text, and that text enriched. */
export interface DescriptionView {
  field: string;
  source: string;
  enriched: string;
}

/** What every sheet's templates read besides the sheet's own context. */
export interface SheetBasics {
  /** The system data's fields, for `{{formField}}`. */
  systemFields: unknown;
  editable: boolean;
  isGM: boolean;
  uuid: string;
  /** Set on the part that shows the description (see `DESCRIPTION_PART`). */
  description?: DescriptionView | null;
  /** Set when the sheet has tabs: Foundry's, and the same localized for the sheet's own tab bar. */
  navTabs?: NavTab[];
  /** The tab a part stands for, on a tabbed sheet's tab parts. */
  tab?: Tab;
}

/** What the statics of a sheet class say about it. */
interface SheetStatics {
  TABS: Record<string, unknown>;
  DESCRIPTION_PART: string | null;
  ROWS?: string | null;
}

/** The document's stored description, enriched for the viewer; null where its type has none. */
export async function descriptionView(doc: SheetDocument): Promise<DescriptionView | null> {
  const source = (doc._source.system as { description?: unknown }).description;
  if (typeof source !== "string") return null;
  return { field: "system.description", source, enriched: await enrichFor(doc, source) };
}

/** The basics of `sheet`'s context, and its tabs when it has any. */
function basics(sheet: { document: SheetDocument; isEditable: boolean }): SheetBasics {
  const system = sheet.document.system as unknown as { schema: { fields: unknown } };
  return { systemFields: system.schema.fields, editable: sheet.isEditable, isGM: !!game.user?.isGM, uuid: sheet.document.uuid };
}

/** The statics of an instance's class. */
const staticsOf = (sheet: object) => sheet.constructor as unknown as SheetStatics;

/** Foundry's tabs of the sheet's primary group (when it has one), and the same for the sheet's tab bar. */
function tabsOf(statics: SheetStatics, prepareTabs: (group: string) => Record<string, Tab>): { tabs?: Record<string, Tab>; navTabs?: NavTab[] } {
  if (!statics.TABS.primary) return {};
  const tabs = prepareTabs("primary");
  return { tabs, navTabs: navTabs(tabs, game.i18n!) };
}

/** A part's own context: its tab, and the description where the part shows it. */
async function partExtras(sheet: object & { document: SheetDocument }, partId: string, part: SheetBasics & { tabs?: Record<string, Tab> }): Promise<void> {
  const statics = staticsOf(sheet);
  const tab = part.tabs?.[partId];
  if (tab) part.tab = tab;
  if (partId === statics.DESCRIPTION_PART) part.description = await descriptionView(sheet.document);
}

/** Every actor sheet of the system. */
export class FactionsActorSheet<
  RenderContext extends ActorContext & SheetBasics = ActorContext & SheetBasics,
  Configuration extends ActorConfig = ActorConfig,
  RenderOptions extends ActorRender = ActorRender,
> extends HandlebarsApplicationMixin(ActorSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: typeof ActorSheetV2.DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "actor"],
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { ...ITEM_ROW_ACTIONS, editImage },
  };

  /** The part that shows the description, which only its render pays to enrich; null where the sheet builds its own. */
  static DESCRIPTION_PART: string | null = "sheet";

  /** Rows whose Open and Delete controls follow the pointer and the focus (core/sheets/row-tools.ts), if any. */
  static ROWS: string | null = null;

  /** What this sheet shows of its actor, beyond the basics. */
  protected sheetContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): object | Promise<object> {
    void options;
    return {};
  }

  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    const rows = staticsOf(this).ROWS;
    if (rows) followRows(this.element, rows);
    // Enter and Space open a row's document from its name and press the row tools.
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...basics(this), ...tabsOf(staticsOf(this), (group) => this._prepareTabs(group)), ...(await this.sheetContext(options)) } as RenderContext;
  }

  protected override async _preparePartContext(partId: string, context: RenderContext, options: PartOptions): Promise<RenderContext> {
    const part = await super._preparePartContext(partId, context, options);
    await partExtras(this, partId, part);
    return part;
  }

  /**
   * Take in an item dropped from the world, another actor or a compendium, where `accepts` it;
   * otherwise say why (`refusal`, given the item's name and type) and take nothing.
   */
  protected async adoptItem(item: Item.Implementation, accepts: (item: Item.Implementation) => boolean, refusal: string): Promise<Item.Implementation | null> {
    if (!this.actor.isOwner) return null;
    if (!accepts(item)) {
      const type = game.i18n!.localize(CONFIG.Item.typeLabels?.[item.type] ?? item.type);
      ui.notifications?.warn(game.i18n!.format(refusal, { name: item.name, type }));
      return null;
    }
    if (item.parent?.uuid === this.actor.uuid) return null; // Already here.
    // From a compendium: the world's own import (records the compendium source, drops folder and ownership).
    const data = item.pack && game.items ? game.items.fromCompendium(item, { keepId: true }) : item.toObject();
    const keepId = !this.actor.items.has(data._id ?? "");
    return (await Item.implementation.create(data, { parent: this.actor, keepId })) ?? null;
  }
}

/** Every item sheet of the system. */
export class FactionsItemSheet<
  RenderContext extends ItemContext & SheetBasics = ItemContext & SheetBasics,
  Configuration extends ItemConfig = ItemConfig,
  RenderOptions extends ItemRender = ItemRender,
> extends HandlebarsApplicationMixin(ItemSheetV2)<RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS: typeof ItemSheetV2.DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "item"],
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage },
  };

  /** As on the actor sheets. */
  static DESCRIPTION_PART: string | null = "sheet";

  /** What this sheet shows of its item, beyond the basics. */
  protected sheetContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): object | Promise<object> {
    void options;
    return {};
  }

  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    pressWithKeys(this.element);
  }

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    return { ...base, ...basics(this), ...tabsOf(staticsOf(this), (group) => this._prepareTabs(group)), ...(await this.sheetContext(options)) } as RenderContext;
  }

  protected override async _preparePartContext(partId: string, context: RenderContext, options: PartOptions): Promise<RenderContext> {
    const part = await super._preparePartContext(partId, context, options);
    await partExtras(this, partId, part);
    return part;
  }
}
