/**
 * Keyboard use of the sheets' own buttons. A name that opens its document is an
 * `<a role="button" tabindex="0" data-action="…">` (it keeps the look of a name): the Tab key
 * reaches it, but unlike a real button it does not answer Enter and Space by itself. One
 * delegated listener on the sheet's root makes both keys press it, as they press a button, so
 * its `data-action` runs as on a click.
 */

/** The keys that press a button. */
const PRESS_KEYS = new Set(["Enter", " "]);

/** Let Enter and Space press every `[role="button"]` of `root` that is not a real button. Listen once, on the sheet's root. */
export function pressWithKeys(root: HTMLElement): void {
  root.addEventListener("keydown", (event) => {
    if (event.defaultPrevented || !PRESS_KEYS.has(event.key) || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (!(target instanceof HTMLElement) || target.getAttribute("role") !== "button" || !root.contains(target)) return;
    // A real button, or a field, answers the keys itself.
    if (target.matches("button, input, select, textarea, summary, a[href]") || target.isContentEditable) return;
    // Space would scroll the sheet; Enter must not submit its form.
    event.preventDefault();
    target.click();
  });
}
