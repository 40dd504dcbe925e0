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

  isFaction(): this is FactionsActor<"faction"> {
    return this.type === "faction";
  }
}
