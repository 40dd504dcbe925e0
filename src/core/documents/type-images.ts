/**
 * The image a new actor or item gets by its type, from Foundry's core icons, instead of the default
 * silhouette or bag. Each ruleset adds its types' images on `init`; the system's document classes
 * answer `getDefaultArtwork` from here (Foundry asks it for the image of a document created without
 * one).
 */
export type ImagedDocument = "Actor" | "Item";

const images: Record<ImagedDocument, Map<string, string>> = { Actor: new Map(), Item: new Map() };

export function registerTypeImages(document: ImagedDocument, byType: Record<string, string>): void {
  for (const [type, img] of Object.entries(byType)) images[document].set(type, img);
}

/** The image of a type, if its ruleset gave one. */
export function typeImage(document: ImagedDocument, type: unknown): string | undefined {
  return typeof type === "string" ? images[document].get(type) : undefined;
}
