import { refuseGMFields } from "../data/gm-only";
import { typeImage } from "./type-images";

export class FactionsItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** A new item's image by its type: an asset's charter, a building, a unit. */
  static override getDefaultArtwork(itemData?: Item.CreateData): Item.GetDefaultArtworkReturn {
    const img = typeImage("Item", itemData?.type);
    return img ? { ...super.getDefaultArtwork(itemData), img } : super.getDefaultArtwork(itemData);
  }

  /** The GM's records on it (its model's GM_FIELDS) are the GM's to change: see core/data/gm-only.ts. */
  override async _preUpdate(...args: Parameters<Item<SubType>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    if (!refuseGMFields(this.system, args[0] as { system?: unknown }, args[2])) return false;
  }

  isAsset(): this is FactionsItem<"asset"> {
    return this.type === "asset";
  }
}
