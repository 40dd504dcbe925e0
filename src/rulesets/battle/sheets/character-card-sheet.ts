/**
 * The sheet of a character card in a Discipline Deck (a `Card` of type `character`): its name,
 * the images of its face and its back (a card has no image of its own: each side has one), and
 * the character it puts into a realm when played (cost, A/D/S, unit type, rules text).
 */
import type { DeepPartial } from "fvtt-types/utils";
import { templatePath } from "../../../core/constants";
import { pickImagePath } from "../../../core/sheets/handlers";
import { STATS_PARTIAL, statsLabeler, type StatsView } from "./stats";

const { DocumentSheetV2, HandlebarsApplicationMixin } = foundry.applications.api;

type BaseRenderContext = foundry.applications.api.DocumentSheetV2.RenderContext<Card.Implementation>;

export interface CharacterCardRenderContext extends BaseRenderContext {
  card: { name: string; face: string; back: string; stats: StatsView };
  systemFields: unknown;
  system: unknown;
  editable: boolean;
}

export const CHARACTER_CARD_PARTS = {
  sheet: { template: templatePath("battle/character-card-sheet.hbs"), templates: [STATS_PARTIAL] },
};

const NO_FACE = "icons/svg/card-joker.svg";
const NO_BACK = "icons/svg/card-hand.svg";

type Face = { name: string; text: string; img: string | null };

/** The side edited as the card's face: the face shown (its first when it lies face down). */
function faceIndex(card: Card.Implementation): number {
  return card.face ?? 0;
}

export class CharacterCardSheet<
  RenderContext extends CharacterCardRenderContext = CharacterCardRenderContext,
  Configuration extends foundry.applications.api.DocumentSheetV2.Configuration<Card.Implementation> = foundry.applications.api.DocumentSheetV2.Configuration<Card.Implementation>,
  RenderOptions extends foundry.applications.api.DocumentSheetV2.RenderOptions = foundry.applications.api.DocumentSheetV2.RenderOptions,
> extends HandlebarsApplicationMixin(DocumentSheetV2)<Card.Implementation, RenderContext, Configuration, RenderOptions> {
  static override DEFAULT_OPTIONS = {
    classes: ["factions", "sheet", "card", "factions-character-card"],
    position: { width: 420, height: "auto" as const },
    window: { resizable: true },
    form: { submitOnChange: true },
    actions: { editFace: CharacterCardSheet.#onEditFace, editBack: CharacterCardSheet.#onEditBack },
  };

  static override PARTS = CHARACTER_CARD_PARTS;

  protected override async _prepareContext(options: DeepPartial<RenderOptions> & { isFirstRender: boolean }): Promise<RenderContext> {
    const base = await super._prepareContext(options);
    const card = this.document;
    const source = card.toObject() as unknown as { faces: Face[]; back: Face };
    const system = card.system as unknown as { a: number; d: number; s: number; schema: { fields: unknown } };
    return {
      ...base,
      card: {
        name: card.name,
        face: source.faces[faceIndex(card)]?.img || NO_FACE,
        back: source.back.img || NO_BACK,
        stats: statsLabeler(game.i18n!)(system),
      },
      systemFields: system.schema.fields,
      system: card._source.system,
      editable: this.isEditable,
    } as RenderContext;
  }

  /** A new image for the card's face (a card with no face yet gets one, named after it). */
  static async #onEditFace(this: CharacterCardSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (!this.isEditable) return;
    const card = this.document;
    const faces = (card.toObject() as unknown as { faces: Face[] }).faces;
    const index = Math.min(faceIndex(card), faces.length);
    await pickImagePath(faces[index]?.img ?? "", target, (path) => {
      faces[index] = { ...(faces[index] ?? { name: card.name, text: "" }), img: path };
      return card.update({ faces } as Card.UpdateData);
    });
  }

  static async #onEditBack(this: CharacterCardSheet, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (!this.isEditable) return;
    const card = this.document;
    await pickImagePath(card.back.img ?? "", target, (path) => card.update({ "back.img": path } as Card.UpdateData));
  }
}
