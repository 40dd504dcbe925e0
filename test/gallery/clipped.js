/*
 * The gallery's clipped-text check, run in Chromium by gallery.test.ts (plain browser JavaScript,
 * added to a gallery page with a <script> tag). window.__galleryClipped() returns, for every
 * sample shown at its own width ([data-sample] without [data-narrow]), the text it cuts off:
 *  - an element whose content is wider (or taller) than it and that hides the rest: overflow
 *    hidden, clip, scroll or auto, or an ellipsis (scrollWidth > clientWidth);
 *  - an element whose text spills past its own edge over what stands beside it;
 *  - an input whose value is wider than its box;
 *  - a select whose selected option's text is wider than the select's content box (measured as
 *    the width the browser gives the same select holding only that option).
 * A clipped text is named by the element holding it (and the element clipping it, if another).
 *
 * window.__galleryWindowsAt(px) sets every window (sheet or dialog) shown at its own width to
 * `px` wide, for the check at a narrower width than the default.
 */
(() => {
  const CLIPPING = new Set(["hidden", "clip", "scroll", "auto"]);
  const FIELDS = new Set(["INPUT", "SELECT", "TEXTAREA"]);

  const visible = (el) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) &&
    el.getClientRects().length > 0;

  function describe(el) {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    const cls = [...el.classList].slice(0, 3).join(".");
    if (cls) s += `.${cls}`;
    for (const attr of ["name", "data-action", "type"]) if (el.hasAttribute(attr)) s += `[${attr}="${el.getAttribute(attr)}"]`;
    return s;
  }

  const short = (text) => {
    const t = String(text ?? "").replace(/\s+/g, " ").trim();
    return t.length > 60 ? `${t.slice(0, 57)}…` : t;
  };

  /** The width the browser gives this select when it holds only its selected option, at auto width. */
  function neededSelectWidth(select, text) {
    const probe = select.cloneNode(false);
    probe.removeAttribute("id");
    probe.removeAttribute("name");
    const option = document.createElement("option");
    option.textContent = text;
    probe.append(option);
    for (const [prop, value] of [
      ["width", "auto"],
      ["min-width", "0"],
      ["max-width", "none"],
      ["flex", "none"],
      ["position", "absolute"],
      ["visibility", "hidden"],
    ])
      probe.style.setProperty(prop, value, "important");
    select.after(probe);
    const width = probe.getBoundingClientRect().width;
    probe.remove();
    return width;
  }

  /** The nearest ancestor of a node laid out as a box of its own (not inline). */
  function boxOf(node) {
    let el = node.parentElement;
    while (el && ["inline", "contents"].includes(getComputedStyle(el).display)) el = el.parentElement;
    return el;
  }

  /** An element's own text (its text and its inline children's, not its boxes') reaches past its edges. */
  function ownTextSpills(el) {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if (!node.nodeValue.trim() || boxOf(node) !== el) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0 && (r.right > box.right + 1 || r.left < box.left - 1)) return true;
    }
    return false;
  }

  const SKIP = "script, style, template, option, optgroup, .editor-content, prose-mirror";

  /**
   * What a clipping element hides: each text (or field) inside it reaching past its visible box,
   * named by the element holding it.
   */
  function hiddenBy(el, horizontal, add) {
    const r = el.getBoundingClientRect();
    const left = r.left + el.clientLeft;
    const top = r.top + el.clientTop;
    const right = left + el.clientWidth;
    const bottom = top + el.clientHeight;
    const past = (q) => (horizontal ? q.right > right + 1 || q.left < left - 1 : q.bottom > bottom + 1 || q.top < top - 1);
    const what = (holder) => (holder === el ? "" : ` by ${describe(el)}`);
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const holder = node.parentElement;
      if (!holder || !node.nodeValue.trim() || holder.closest(SKIP) || !visible(holder)) continue;
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some((q) => q.width > 0 && q.height > 0 && past(q))) {
        add(holder, `${describe(holder)} "${short(holder.textContent)}" is cut off${horizontal ? "" : " below"}${what(holder)} (${horizontal ? `${el.scrollWidth}px wide in ${el.clientWidth}px` : `${el.scrollHeight}px tall in ${el.clientHeight}px`}${el.contains(holder) && getComputedStyle(el).textOverflow === "ellipsis" ? ", with an ellipsis" : ""})`);
      }
    }
    for (const field of el.querySelectorAll("input, select, textarea")) {
      if (field.type === "hidden" || !visible(field)) continue;
      if (past(field.getBoundingClientRect())) add(field, `${describe(field)} is cut off${what(field)}`);
    }
  }

  /** The clipped text in one sample's box, one message per element. */
  function clippedIn(box) {
    const found = new Map();
    const add = (el, message) => {
      if (!found.has(el)) found.set(el, message);
    };
    for (const el of [box, ...box.querySelectorAll("*")]) {
      if (el.closest(SKIP)) continue;
      if (!visible(el)) continue;
      const style = getComputedStyle(el);
      if (el.tagName === "SELECT") {
        const option = el.selectedOptions[0];
        const text = option?.textContent?.trim();
        if (!text || el.multiple) continue;
        const needed = neededSelectWidth(el, option.textContent);
        const width = el.getBoundingClientRect().width;
        if (needed > width + 1) add(el, `${describe(el)} cuts off its value "${short(text)}" (needs ${Math.ceil(needed)}px, has ${Math.round(width)}px)`);
        continue;
      }
      if (el.tagName === "INPUT") {
        if (["hidden", "checkbox", "radio", "range", "color", "file", "image"].includes(el.type)) continue;
        const text = el.value || el.placeholder;
        if (text && el.scrollWidth > el.clientWidth + 1) add(el, `${describe(el)} cuts off its ${el.value ? "value" : "placeholder"} "${short(text)}" (${el.scrollWidth}px in ${el.clientWidth}px)`);
        continue;
      }
      if (FIELDS.has(el.tagName) || style.display === "inline" || style.display === "contents") continue;
      if (!(el.textContent ?? "").trim() && !el.querySelector("input, select, textarea")) continue;
      const hidesX = CLIPPING.has(style.overflowX) || style.textOverflow === "ellipsis";
      // A box that scrolls up and down shows all of its content; one that clips hides it.
      const hidesY = style.overflowY === "hidden" || style.overflowY === "clip";
      if (hidesX && el.scrollWidth > el.clientWidth + 1) hiddenBy(el, true, add);
      if (hidesY && el.scrollHeight > el.clientHeight + 1) hiddenBy(el, false, add);
      if (!hidesX && ownTextSpills(el)) add(el, `${describe(el)} "${short(el.textContent)}": its text is wider than the element and spills out`);
    }
    return [...found.values()];
  }

  window.__galleryClipped = () =>
    [...document.querySelectorAll("[data-sample]:not([data-narrow])")].map((sample) => ({
      id: sample.dataset.sample,
      theme: sample.dataset.theme,
      kind: sample.dataset.kind,
      width: Math.round((sample.querySelector(".application, .chat-sidebar") ?? sample).getBoundingClientRect().width),
      clipped: clippedIn(sample.querySelector("[data-gallery-box]") ?? sample),
    }));

  window.__galleryWindowsAt = (px) => {
    for (const app of document.querySelectorAll("[data-sample]:not([data-narrow]) > .application")) app.style.width = `${px}px`;
  };
})();
