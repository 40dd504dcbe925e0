/**
 * Row controls without per-row markup. A sheet part renders one `.factions-row-tools` element (hidden)
 * holding its rows' buttons; one delegated listener on the sheet moves it into the row under the
 * pointer or holding the focus. Its buttons' `data-action`s then act on that row through
 * `closest("[data-item-id]")`, as a control inside the row would.
 */

/** Move the part's `.row-tools` into the `rows` element the pointer or the focus enters. Listen once, on the sheet's root. */
export function followRows(root: HTMLElement, rows: string): void {
  const show = (event: Event) => {
    const row = event.target instanceof Element ? event.target.closest<HTMLElement>(rows) : null;
    if (!row || !root.contains(row)) return;
    const part = row.closest<HTMLElement>("[data-application-part]") ?? root;
    const tools = part.querySelector<HTMLElement>(".factions-row-tools");
    if (!tools || tools.parentElement === row) return;
    row.append(tools);
    tools.hidden = false;
  };
  root.addEventListener("pointerover", show);
  root.addEventListener("focusin", show);
}
