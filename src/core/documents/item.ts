import { typeImage } from "./type-images";

export class FactionsItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  /** A new item's image by its type: an asset's charter, a building, a unit. */
  static override getDefaultArtwork(itemData?: Item.CreateData): Item.GetDefaultArtworkReturn {
    const img = typeImage("Item", itemData?.type);
    return img ? { ...super.getDefaultArtwork(itemData), img } : super.getDefaultArtwork(itemData);
  }

  isAsset(): this is FactionsItem<"asset"> {
    return this.type === "asset";
  }
}
