/**
 * Fixes to the test DOM (happy-dom), not imitations of Foundry: where happy-dom departs from what
 * browsers do in a way the system's code depends on.
 *
 * - `<select>` with a `selected` option after the first: browsers select that option; happy-dom 21's
 *   selectedness algorithm keeps the option at the COUNT of selected options instead
 *   (`options[i] === i === selected.length - 1`), so a parsed `<select>` whose third option is
 *   `selected` reports the second one as its value. Here the last selected option wins, as in the
 *   HTML standard's selectedness setting algorithm.
 */
export function fixHappyDom(): void {
  const Select = (globalThis as unknown as { HTMLSelectElement?: { prototype: object } }).HTMLSelectElement;
  if (!Select) return;
  const proto = Select.prototype as Record<symbol, unknown>;
  const update = Object.getOwnPropertySymbols(proto).find((s) => s.description === "updateSelectedness");
  if (!update || (proto[update] as { fixed?: boolean }).fixed) return;
  const original = proto[update] as (this: HTMLSelectElement, selected?: HTMLOptionElement | null) => void;
  const symbol = (target: object, name: string) => Object.getOwnPropertySymbols(target).find((s) => s.description === name);
  const fixed = function (this: HTMLSelectElement, selectedOption?: HTMLOptionElement | null): void {
    if (this.multiple || selectedOption) return original.call(this, selectedOption);
    const options = Array.from(this.querySelectorAll("option"));
    const selectedness = options[0] && symbol(options[0], "selectedness");
    const selectedIndex = symbol(this, "selectedIndex");
    if (!selectedness || !selectedIndex) return original.call(this, selectedOption);
    const rec = (o: HTMLOptionElement) => o as unknown as Record<symbol, boolean>;
    const chosen = options.filter((o) => rec(o)[selectedness]);
    if (chosen.length < 2) return original.call(this, selectedOption);
    const last = chosen[chosen.length - 1]!;
    for (const o of options) rec(o)[selectedness] = o === last;
    (this as unknown as Record<symbol, number>)[selectedIndex] = options.indexOf(last);
  };
  (fixed as { fixed?: boolean }).fixed = true;
  proto[update] = fixed;
}
