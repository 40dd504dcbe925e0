/**
 * Button handlers every sheet of the system shares: the item a row stands for,
 * opening its sheet, and picking a document's image; and the `data-action` handlers
 * built on them that the sheets put in their `DEFAULT_OPTIONS.actions`.
 */

/** The embedded item of the row a clicked element sits in (`data-item-id`). */
export function itemOfRow(actor: Actor.Implementation, target: HTMLElement): Item.Implementation | undefined {
  const id = target.closest<HTMLElement>("[data-item-id]")?.dataset.itemId;
  return id ? actor.items.get(id) : undefined;
}

/** Open a document's sheet and bring it to the front. */
export async function openSheet(document: { sheet: unknown } | undefined | null): Promise<void> {
  const sheet = document?.sheet;
  if (sheet instanceof foundry.applications.api.ApplicationV2) await sheet.render({ force: true });
}

/** Let the user pick a new image for `document`; the clicked `<img>` shows it at once. */
export async function pickImage(document: Actor.Implementation | Item.Implementation, target: HTMLElement): Promise<void> {
  await pickImagePath(document.img ?? "", target, (path) => document.update({ img: path }));
}

/** Let the user pick an image starting from `current`; the clicked `<img>` shows it at once, and `save` keeps it. */
export async function pickImagePath(current: string, target: HTMLElement, save: (path: string) => Promise<unknown>): Promise<void> {
  const FilePicker = foundry.applications.apps.FilePicker.implementation;
  const picker = new FilePicker({
    type: "image",
    current,
    callback: async (path: string) => {
      if (target instanceof HTMLImageElement) target.src = path;
      await save(path);
    },
  });
  await picker.browse();
}

/** The part of a document sheet the shared actions use. */
interface DocumentSheetPart<D> {
  document: D;
  isEditable: boolean;
}

/** The `openItem` and `deleteItem` actions of an actor sheet's item rows. */
export const ITEM_ROW_ACTIONS = {
  /** Open the sheet of the row's item. */
  async openItem(this: DocumentSheetPart<Actor.Implementation>, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    await openSheet(itemOfRow(this.document, target));
  },
  /** Delete the row's item after Foundry's confirmation, where the sheet is editable. */
  async deleteItem(this: DocumentSheetPart<Actor.Implementation>, event: PointerEvent, target: HTMLElement): Promise<void> {
    event.preventDefault();
    if (this.isEditable) await itemOfRow(this.document, target)?.deleteDialog();
  },
};

/** The `editImage` action: pick a new image for the sheet's document, where the sheet is editable. */
export async function editImage(this: DocumentSheetPart<Actor.Implementation | Item.Implementation>, event: PointerEvent, target: HTMLElement): Promise<void> {
  event.preventDefault();
  if (this.isEditable) await pickImage(this.document, target);
}
