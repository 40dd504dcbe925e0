export class FactionsItem<out SubType extends Item.SubType = Item.SubType> extends Item<SubType> {
  isAsset(): this is FactionsItem<"asset"> {
    return this.type === "asset";
  }
}
