/**
 * The realm actor's sheet. Its context comes from `realm-sheet-context.ts` (pure); this class
 * feeds it the world and handles the buttons.
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { takeBattleAction } from "../actions";
import { warn } from "../../../core/actions/errors";
import { drawCard, handCards, notOwned, realmDecks, setUpStacks } from "../cards";
import { battleState, isBattleItem, isRealm } from "../data/state";
import { isRealmList, ROWS_SHOWN, type RealmList } from "./realm-lists";
import type { RealmActionId, RealmSheetContext } from "./realm-sheet-context";
import { FactionsActorSheet, type SheetBasics } from "../../../core/sheets/base";

type BaseRenderContext = foundry.applications.sheets.ActorSheetV2.RenderContext;
type RenderOptions = foundry.applications.sheets.ActorSheetV2.RenderOptions;

export type RealmSheetRenderContext = BaseRenderContext & SheetBasics & RealmSheetContext;

export const REALM_SHEET_TABS = [
  { id: "realm", icon: "fa-solid fa-flag" },
  { id: "city", icon: "fa-solid fa-city" },
  { id: "description", icon: "fa-solid fa-book-open" },
] as const;
export const REALM_SHEET_TAB_PREFIX = "FACTIONS.Battle.Sheet.Tab";

/** The end of a list that does not show every row (a partial of the realm and city tabs). */
export const REALM_MORE_ROWS = templatePath("battle/realm-sheet/more-rows.hbs");

export const REALM_SHEET_PARTS = {
  header: { template: templatePath("battle/realm-sheet/header.hbs") },
  actions: { template: templatePath("battle/realm-sheet/actions.hbs") },
  tabs: { template: templatePath("core/sheet-tabs.hbs") },
  realm: { template: templatePath("battle/realm-sheet/realm.hbs"), templates: [REALM_MORE_ROWS], scrollable: [""] },
  city: { template: templatePath("battle/realm-sheet/city.hbs"), templates: [REALM_MORE_ROWS], scrollable: [""] },
  description: { template: templatePath("battle/realm-sheet/description.hbs"), scrollable: [""] },
};

/** The tab (part) each list is on. */
const LIST_PART: Record<RealmList, "realm" | "city"> = {
  locations: "realm",
  units: "realm",
  characters: "realm",
  buildings: "city",
  technologies: "city",
  fortifications: "city",
};

const ACTIONS: readonly RealmActionId[] = ["startTurn", "endTurn", "attack", "attackCitadel", "reinforce", "playCharacter", "draw", "citadelLoss"];

export class RealmSheet extends FactionsActorSheet<RealmSheetRenderContext> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions-realm"],
    position: { width: 760, height: 780 },
    actions: {
      realmAction: RealmSheet.#onRealmAction,
      useItem: RealmSheet.#onUseItem,
      setUpStacks: RealmSheet.#onSetUpStacks,
      showMore: RealmSheet.#onShowRows,
      showAll: RealmSheet.#onShowRows,
    },
  };

  static override PARTS = REALM_SHEET_PARTS;
  static override DESCRIPTION_PART = "description";
  // Delete follows the pointer and the focus from row to row; locations have none.
  static override ROWS = ".factions-realm-row:not(.factions-location-row), .factions-unit-row";

  static override TABS = {
    primary: { tabs: REALM_SHEET_TABS.map((t) => ({ ...t, cssClass: "" })), initial: "realm", labelPrefix: REALM_SHEET_TAB_PREFIX },
  };

  /** Rows shown of each long list, as this viewer asked ("Show more", "Show all"); kept while the sheet lives. */
  #shown: Partial<Record<RealmList, number>> = {};

  /** Hooks that re-render the sheet when another realm's location changes hands or control. */
  #hooks: ["createItem" | "updateItem" | "deleteItem", number][] = [];

  protected override async _onFirstRender(context: DeepPartial<RealmSheetRenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    // The sheet lists locations this realm captured from others: their items live on the other realm.
    const refresh = (item: Item.Implementation) => {
      if (this.rendered && item.type === "location" && item.parent !== this.actor) void this.render();
    };
    for (const hook of ["createItem", "updateItem", "deleteItem"] as const) this.#hooks.push([hook, Hooks.on(hook, refresh)]);
  }

  protected override _onClose(options: DeepPartial<RenderOptions>): void {
    super._onClose(options);
    for (const [hook, id] of this.#hooks) Hooks.off(hook, id);
    this.#hooks = [];
  }

  protected override async sheetContext(): Promise<object> {
    const actor = this.actor;
    if (!isRealm(actor)) throw new Error(`RealmSheet: ${actor.uuid} is not a realm`);
    const i18n = game.i18n!;
    const state = battleState();
    const decks = realmDecks(actor);
    const images: Record<string, string> = {};
    // Locations it captured are other realms' items: their images too (its own items win an id they share).
    for (const other of game.actors ?? []) {
      if (other !== actor && isRealm(other)) for (const item of other.items) if (item.type === "location" && item.id) images[item.id] = item.img ?? "";
    }
    for (const item of actor.items) if (item.id) images[item.id] = item.img ?? "";
    const source = actor.system.description;
    // The context's code loads with the first realm sheet rendered, not at start-up.
    const { realmSheetContext } = await import("./realm-sheet-context");
    const sheet = realmSheetContext({
      state,
      realm: actor.uuid,
      img: actor.img ?? "",
      images,
      description: source,
      decks: {
        ...actor.system.decks,
        stacks: (game.cards?.contents ?? []).map((c) => ({ id: c.id ?? "", name: c.name, type: c.type })),
        deckLeft: decks.deck?.availableCards.length ?? 0,
        foreign: { deck: notOwned(decks.deck)?.name ?? "", hand: notOwned(decks.hand)?.name ?? "", pile: notOwned(decks.pile)?.name ?? "" },
        inHand: handCards(actor).length,
        inPile: decks.pile?.cards.size ?? 0,
      },
      owner: actor.isOwner,
      editable: this.isEditable,
      gm: !!game.user?.isGM,
      i18n,
      shown: this.#shown,
    });
    return { ...sheet, rootId: this.id };
  }

  /** Only Battle items join a realm (from the world, another realm or a compendium). */
  protected async _onDropItem(event: DragEvent, item: Item.Implementation): Promise<Item.Implementation | null> {
    void event;
    return this.adoptItem(item, isBattleItem, "FACTIONS.Battle.Sheet.OnlyBattleItems");
  }

  static async #onRealmAction(this: RealmSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const id = target.dataset.realmAction as RealmActionId | undefined;
    const actor = this.actor;
    if (!id || !ACTIONS.includes(id) || !isRealm(actor)) return;
    if (id === "draw") {
      await drawCard(actor);
      await this.render();
      return;
    }
    await takeBattleAction(actor, id);
  }

  static async #onUseItem(this: RealmSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const item = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
    const actor = this.actor;
    if (item && isRealm(actor)) await takeBattleAction(actor, "useBuilding", { item });
  }

  /** GM: create the realm's missing deck, hand and discard pile. */
  static async #onSetUpStacks(this: RealmSheet, event: PointerEvent): Promise<void> {
    event.preventDefault();
    const actor = this.actor;
    if (!isRealm(actor)) return;
    try {
      await setUpStacks(actor);
    } catch (error) {
      warn(error);
    }
    await this.render();
  }

  /** Show a page more of a list, or all of it, re-rendering its tab only. */
  static async #onShowRows(this: RealmSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    const list = target.closest<HTMLElement>("[data-list]")?.dataset.list;
    if (!isRealmList(list)) return;
    const before = this.#shown[list] ?? ROWS_SHOWN;
    this.#shown[list] = target.dataset.action === "showAll" ? Infinity : before + ROWS_SHOWN;
    await this.render({ parts: [LIST_PART[list]] });
    // The button is gone with the old tab: the focus goes on to the first row that was not shown.
    this.element.querySelectorAll<HTMLElement>(`.factions-${list} [data-item-id] .factions-row-name`)[before]?.focus();
  }
}
