/**
 * The sheet of a character card in a Discipline Deck (a `Card` of type `character`): its name,
 * image and the character it puts into a realm when played (cost, A/D/S, unit type, rules text).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { pickImage } from "../../../core/sheets/handlers";

const { DocumentSheetV2, HandlebarsApplicationMixin } = foundry.applications.api;

type BaseRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Card.Implementation>;

export interface CharacterCardRenderContext extends BaseRenderContext {
  card: { name: string; img: string; stats: string };
  systemFields: unknown;
  system: unknown;
  editable: boolean;
}

export const CHARACTER_CARD_PARTS = {
  sheet: { template: templatePath("battle/character-card-sheet.hbs") },
};

export class CharacterCardSheet<
  RenderContext extends CharacterCardRenderContext = CharacterCardRenderContext,
  Configuration extends foundry.applications.api.DocumentSheetV2.Configuration<Card.Implementation> = foundry.applications.api.DocumentSheetV2.Configuration<Card.Implementation>,
  RenderOptions extends foundry.applications.api.DocumentSheetV2.RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(DocumentSheetV2)<Card.Implementation, RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "card", "character-card"],
    position: { width: 420, height: "auto" as const },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editImage: CharacterCardSheet.#onEditImage },
  };

  static override PARTS = CHARACTER_CARD_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const card = this.document;
    const system = card.system as unknown as { a: number; d: number; s: number; schema: { fields: unknown } };
    return {
      ...base,
      card: { name: card.name, img: card.img ?? "icons/svg/card-joker.svg", stats: `${system.a}/${system.d}/${system.s}` },
      systemFields: system.schema.fields,
      system: card._source.system,
      editable: this.isEditable,
    } as RenderContext;
  }

  static async #onEditImage(this: CharacterCardSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (this.isEditable) await pickImage(this.document, target);
  }
}
