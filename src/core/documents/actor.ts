import { refuseGMFields } from "../data/gm-only";
import { typeImage } from "./type-images";

/**
 * The system's Actor class. It stays thin: rules live in the rulesets, and
 * the type guards here let code narrow `system` by type.
 */
export class FactionsActor<out SubType extends Actor.SubType = Actor.SubType> extends Actor<SubType> {
  /** A new actor's image (and its token's) by its type: a faction's banner, a realm's castle. */
  static override getDefaultArtwork(actorData?: Actor.CreateData): Actor.GetDefaultArtworkReturn {
    const img = typeImage("Actor", actorData?.type);
    const artwork = super.getDefaultArtwork(actorData);
    return img ? { ...artwork, img, texture: { ...artwork.texture, src: img } } : artwork;
  }

  /** The GM's records on it (its model's GM_FIELDS) are the GM's to change: see core/data/gm-only.ts. */
  override async _preUpdate(...args: Parameters<Actor<SubType>["_preUpdate"]>): Promise<boolean | void> {
    if ((await super._preUpdate(...args)) === false) return false;
    if (!refuseGMFields(this.system, args[0] as { system?: unknown }, args[2])) return false;
  }

  /**
   * The name the table knows it by: an unlinked token's actor goes by its token's name (three
   * squads of one actor on the map are Red 1, Red 2 and Red 3), any other actor by its own.
   */
  get displayName(): string {
    return (this.isToken ? this.token?.name : null) || this.name;
  }

  isFaction(): this is FactionsActor<"faction"> {
    return this.type === "faction";
  }
}
