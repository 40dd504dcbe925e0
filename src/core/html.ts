/**
 * Text as HTML. Handlebars escapes what a template prints into an attribute, but Foundry reads a
 * `data-tooltip` back as text and shows it as HTML: a tooltip must hold escaped text, or a
 * document named `<img src=x onerror=…>` runs its markup in every viewer's browser.
 */
const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}
