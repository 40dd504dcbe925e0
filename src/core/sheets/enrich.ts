/**
 * A document's rich text as its sheet shows it: enriched relative to the document, with its
 * secret blocks shown only to its owners.
 */
export function enrichFor(doc: Actor.Implementation | Item.Implementation, html: string): Promise<string> {
  return foundry.applications.ux.TextEditor.implementation.enrichHTML(html, { secrets: doc.isOwner, relativeTo: doc });
}
