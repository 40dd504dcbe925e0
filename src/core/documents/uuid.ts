/**
 * The world's document a UUID names, or null. References come from choices, cards and forms any
 * client may write, so a reference is only ever looked up here: never a compendium's document
 * (Foundry's `fromUuidSync` gives a pack's index entry for one not loaded, and throws for one
 * embedded in it: its issue 11717, pf2e issue 6291), never an error for a malformed one.
 */
export function worldDocument(uuid: unknown): foundry.abstract.Document.Any | null {
  if (typeof uuid !== "string" || !uuid || uuid.startsWith("Compendium.")) return null;
  try {
    const doc = foundry.utils.fromUuidSync(uuid as `Actor.${string}`, { strict: false }) as unknown;
    return doc instanceof foundry.abstract.Document ? (doc as foundry.abstract.Document.Any) : null;
  } catch {
    return null;
  }
}
