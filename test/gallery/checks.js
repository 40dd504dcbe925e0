/*
 * In-page checks of the gallery, run in Chromium by gallery.test.ts (plain browser JavaScript:
 * it is injected with a <script> tag, not bundled). window.__galleryCheck() returns, for every
 * element with [data-sample], the problems found in it:
 *  - overflow: the box ([data-gallery-box]) or any element in it wider than its box, or an
 *    element sticking out of the box, or content clipped/scrolled horizontally inside it;
 *  - i18n: visible text or user-facing attributes with an unresolved `FACTIONS.` key, or text
 *    such as "undefined", "NaN", "[object Object]";
 *  - name: a button, input, select or textarea without an accessible name;
 *  - contrast: visible text below 3:1 against its effective background;
 *  - wrap: a word broken across two lines ("Cunnin|g"), which only a too narrow box does (a line
 *    may break between words or at a hyphen, never inside a word);
 *  - minimum: a window shown at its narrowest ([data-narrow]) whose own CSS sets no minimum width;
 *  - icon: an image that is Foundry's default silhouette or bag (build.ts keeps a core icon's path
 *    in `data-icon`), where a fitting icon belongs.
 */
(() => {
  const MIN_CONTRAST = 3;
  /** Foundry's own minimum width of any window (foundry-base.css): a window must set a larger one. */
  const CORE_MIN_WIDTH = 200;
  /** A word: letters and digits (a hyphen or a space between two is a legitimate break). */
  const WORD = /[\p{L}\p{N}\u2019']+/gu;
  const MAX_PER_KIND = 15;
  const KEY = /\bFACTIONS\.[A-Za-z_][\w-]*(?:\.[\w-]+)*/;
  const SUSPICIOUS = /\[object Object\]|\bundefined\b|\bNaN\b/;
  const USER_ATTRIBUTES = ["placeholder", "title", "aria-label", "alt", "data-tooltip"];

  const canvas = document.createElement("canvas");
  canvas.width = canvas.height = 1;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  const colorCache = new Map();

  /** Any CSS color → [r, g, b, a] with r, g, b in 0..255 and a in 0..1. */
  function parseColor(text) {
    if (colorCache.has(text)) return colorCache.get(text);
    let out = null;
    const rgb = text.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)(?:\s*[,/]\s*([\d.]+)(%?))?\s*\)$/);
    const srgb = text.match(/^color\(srgb\s+([\d.e-]+)\s+([\d.e-]+)\s+([\d.e-]+)(?:\s*\/\s*([\d.]+)(%?))?\s*\)$/);
    if (rgb) {
      const a = rgb[4] === undefined ? 1 : Number(rgb[4]) / (rgb[5] ? 100 : 1);
      out = [Number(rgb[1]), Number(rgb[2]), Number(rgb[3]), a];
    } else if (srgb) {
      const a = srgb[4] === undefined ? 1 : Number(srgb[4]) / (srgb[5] ? 100 : 1);
      out = [Number(srgb[1]) * 255, Number(srgb[2]) * 255, Number(srgb[3]) * 255, a];
    } else {
      ctx.clearRect(0, 0, 1, 1);
      ctx.fillStyle = "rgba(0, 0, 0, 0)";
      ctx.fillStyle = text;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
      out = [r, g, b, a / 255];
    }
    colorCache.set(text, out);
    return out;
  }

  /** `top` painted over an opaque `bottom`. */
  const blend = (top, bottom) => {
    const a = top[3];
    return [0, 1, 2].map((i) => top[i] * a + bottom[i] * (1 - a)).concat(1);
  };

  const luminance = ([r, g, b]) => {
    const lin = (c) => {
      c /= 255;
      return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const contrast = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return (hi + 0.05) / (lo + 0.05);
  };
  const css = (c) => `rgb(${c.slice(0, 3).map(Math.round).join(", ")})`;

  const GRADIENT_COLOR = /rgba?\([^)]*\)|color\([^)]*\)|#[0-9a-fA-F]{3,8}\b/g;

  /**
   * The possible backgrounds behind an element: several when a gradient is in the way (each of its
   * colors), null when an image (url) is, since its pixels are unknown.
   */
  function backgrounds(el) {
    const layers = [];
    for (let node = el; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      const layer = [];
      const image = style.backgroundImage;
      if (image && image !== "none") {
        if (/url\(/.test(image)) return null;
        for (const m of image.match(GRADIENT_COLOR) ?? []) layer.push(parseColor(m));
      }
      const color = parseColor(style.backgroundColor);
      if (layer.length === 0 && color[3] === 0) continue;
      layers.push({ color, gradient: layer });
      if (color[3] >= 1 && layer.length === 0) break;
    }
    // Compose from the outermost layer inwards over the page's white canvas.
    let candidates = [[255, 255, 255, 1]];
    for (const { color, gradient } of layers.reverse()) {
      candidates = candidates.map((c) => blend(color, c));
      if (gradient.length) candidates = candidates.flatMap((c) => gradient.map((g) => blend(g, c)));
      if (candidates.length > 32) candidates = candidates.slice(0, 32);
    }
    return candidates;
  }

  function opacity(el) {
    let o = 1;
    for (let node = el; node; node = node.parentElement) o *= Number(getComputedStyle(node).opacity);
    return o;
  }

  function describe(el) {
    let s = el.tagName.toLowerCase();
    if (el.id) s += `#${el.id}`;
    const cls = [...el.classList].slice(0, 3).join(".");
    if (cls) s += `.${cls}`;
    for (const attr of ["name", "data-action", "type"]) if (el.hasAttribute(attr)) s += `[${attr}="${el.getAttribute(attr)}"]`;
    return s;
  }

  const short = (text) => {
    const t = text.replace(/\s+/g, " ").trim();
    return t.length > 60 ? `${t.slice(0, 57)}…` : t;
  };

  const visible = (el) =>
    el.checkVisibility({ opacityProperty: true, visibilityProperty: true, contentVisibilityAuto: true }) &&
    el.getClientRects().length > 0;

  function textRect(node) {
    const range = document.createRange();
    range.selectNodeContents(node);
    const rects = [...range.getClientRects()].filter((r) => r.width * r.height >= 2);
    return rects;
  }

  function accessibleName(el) {
    const ids = el.getAttribute("aria-labelledby");
    if (ids) {
      const text = ids
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent ?? "")
        .join(" ")
        .trim();
      if (text) return text;
    }
    const aria = el.getAttribute("aria-label");
    if (aria && aria.trim()) return aria.trim();
    if (el.labels && el.labels.length) {
      const text = [...el.labels].map((l) => l.textContent).join(" ").trim();
      if (text) return text;
    }
    const tag = el.tagName;
    if (tag === "BUTTON" || el.getAttribute("role") === "button") {
      const text = el.textContent.trim();
      if (text) return text;
      const alt = [...el.querySelectorAll("img[alt]")].map((i) => i.alt).join(" ").trim();
      if (alt) return alt;
    }
    if (tag === "INPUT" && ["button", "submit", "reset"].includes(el.type) && el.value.trim()) return el.value.trim();
    if (tag === "INPUT" && el.type === "image" && el.alt.trim()) return el.alt.trim();
    const title = el.getAttribute("title");
    if (title && title.trim()) return title.trim();
    return "";
  }

  /** An element's own text (not its children's) reaches past its right edge. */
  function ownTextSpills(el) {
    const box = el.getBoundingClientRect();
    const range = document.createRange();
    for (const node of el.childNodes) {
      if (node.nodeType !== Node.TEXT_NODE || !node.nodeValue.trim()) continue;
      range.selectNodeContents(node);
      for (const r of range.getClientRects()) if (r.width > 0 && r.right > box.right + 1) return true;
    }
    return false;
  }

  /** The part of an element's rectangle not clipped by an ancestor inside the box. */
  function clippedRect(el, box) {
    const r = el.getBoundingClientRect();
    let { left, right } = r;
    for (let node = el.parentElement; node && node !== box; node = node.parentElement) {
      const ox = getComputedStyle(node).overflowX;
      if (ox !== "visible") {
        const c = node.getBoundingClientRect();
        left = Math.max(left, c.left);
        right = Math.min(right, c.right);
      }
    }
    return { left, right };
  }

  /** Words of visible text that a line break cuts in two (free prose in an editor is the user's own). */
  function brokenWords(root, add) {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const range = document.createRange();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest("script, style, template, option, optgroup, select, textarea, .editor-content, prose-mirror")) continue;
      if (!visible(el)) continue;
      const text = node.nodeValue ?? "";
      for (const m of text.matchAll(WORD)) {
        if (m[0].length < 2) continue;
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        const rects = [...range.getClientRects()].filter((r) => r.width > 0 && r.height > 0);
        if (rects.some((r) => Math.abs(r.top - rects[0].top) > r.height / 2)) add("wrap", `"${m[0]}" is broken mid-word in ${describe(el)} ("${short(text)}")`);
      }
    }
  }

  function checkSample(sample) {
    const issues = { overflow: [], i18n: [], name: [], contrast: [], wrap: [], minimum: [], icon: [] };
    const add = (kind, message) => {
      if (issues[kind].length < MAX_PER_KIND) issues[kind].push(message);
      else if (issues[kind].length === MAX_PER_KIND) issues[kind].push("… (more not listed)");
    };
    const box = sample.querySelector("[data-gallery-box]") ?? sample;
    const boxRect = box.getBoundingClientRect();

    // Overflow.
    for (const el of [box, ...box.querySelectorAll(".message-content")]) {
      if (el.scrollWidth > el.clientWidth + 1) {
        add("overflow", `${describe(el)}: content is ${el.scrollWidth - el.clientWidth}px wider than the box (scrollWidth ${el.scrollWidth} > clientWidth ${el.clientWidth})`);
      }
    }
    const reported = new Set();
    for (const el of box.querySelectorAll("*")) {
      if (!visible(el)) continue;
      if ([...reported].some((r) => r.contains(el))) continue;
      const { left, right } = clippedRect(el, box);
      if (right <= left) continue;
      const out = Math.max(right - boxRect.right, boxRect.left - left);
      if (out > 1) {
        add("overflow", `${describe(el)} "${short(el.textContent ?? "")}" sticks out of the box by ${Math.round(out)}px`);
        reported.add(el);
        continue;
      }
      if (["INPUT", "SELECT", "TEXTAREA"].includes(el.tagName)) continue;
      const style = getComputedStyle(el);
      if (style.overflowX !== "visible" && style.textOverflow !== "ellipsis" && el.scrollWidth > el.clientWidth + 1) {
        add("overflow", `${describe(el)}: content is ${el.scrollWidth - el.clientWidth}px wider than this ${style.overflowX === "hidden" || style.overflowX === "clip" ? "clipping" : "scrolling"} element`);
        reported.add(el);
      } else if (style.overflowX === "visible" && style.display !== "inline" && ownTextSpills(el)) {
        // A label squeezed narrower than its words: they spill over what stands beside it.
        add("overflow", `${describe(el)} "${short(el.textContent ?? "")}": its text is wider than the element and spills out`);
        reported.add(el);
      }
    }

    // Text: unresolved keys, suspicious values, contrast.
    const walker = document.createTreeWalker(sample, NodeFilter.SHOW_TEXT);
    const contrastSeen = new Set();
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.nodeValue ?? "";
      if (!text.trim()) continue;
      const el = node.parentElement;
      if (!el || ["SCRIPT", "STYLE", "TEMPLATE"].includes(el.tagName)) continue;
      const inOption = el.closest("option, optgroup") !== null;
      if (!inOption && (!visible(el) || textRect(node).length === 0)) continue;
      const key = text.match(KEY);
      if (key) add("i18n", `unresolved i18n key "${key[0]}" in ${describe(el)}: "${short(text)}"`);
      const odd = text.match(SUSPICIOUS);
      if (odd) add("i18n", `"${odd[0]}" shown in ${describe(el)}: "${short(text)}"`);
      if (inOption || contrastSeen.has(el) || el.closest(":disabled")) continue;
      contrastSeen.add(el);
      checkContrast(el, `"${short(text)}" in ${describe(el)}`, add);
    }
    for (const el of sample.querySelectorAll("*")) {
      for (const attr of USER_ATTRIBUTES) {
        const value = el.getAttribute(attr);
        if (!value) continue;
        const key = value.match(KEY);
        if (key) add("i18n", `unresolved i18n key "${key[0]}" in ${attr} of ${describe(el)}`);
      }
      if ((el.tagName === "INPUT" && !["hidden", "checkbox", "radio"].includes(el.type)) || el.tagName === "TEXTAREA") {
        const value = el.value ?? "";
        const key = value.match(KEY);
        if (key) add("i18n", `unresolved i18n key "${key[0]}" as the value of ${describe(el)}`);
        const odd = value.match(SUSPICIOUS);
        if (odd) add("i18n", `"${odd[0]}" as the value of ${describe(el)}`);
        if (value.trim() && visible(el) && !el.disabled) checkContrast(el, `value "${short(value)}" of ${describe(el)}`, add);
      }
    }

    // Default images where a fitting icon belongs.
    for (const img of sample.querySelectorAll("img[data-icon]")) {
      const path = img.getAttribute("data-icon");
      if (/\/(mystery-man|item-bag)\.svg$/.test(path)) add("icon", `${describe(img)} shows Foundry's default image ${path}`);
    }

    // Words cut in two, and a window's own minimum width.
    brokenWords(box, add);
    if (sample.hasAttribute("data-narrow")) {
      const app = sample.querySelector(".application");
      const min = app ? parseFloat(getComputedStyle(app).minWidth) || 0 : 0;
      if (min <= CORE_MIN_WIDTH) add("minimum", `${app ? describe(app) : "the window"} sets no minimum width of its own (min-width ${min}px)`);
    }

    // Accessible names.
    for (const el of sample.querySelectorAll('button, input:not([type="hidden"]), select, textarea, [role="button"]')) {
      if (!accessibleName(el)) {
        add("name", `${describe(el)} has no accessible name (give it text, aria-label, title or a <label for>; data-tooltip is not a name)`);
      }
    }
    return Object.entries(issues).flatMap(([kind, list]) => list.map((message) => `${kind}: ${message}`));
  }

  function checkContrast(el, what, add) {
    const style = getComputedStyle(el);
    const fg = parseColor(style.color).slice();
    fg[3] *= opacity(el);
    if (fg[3] === 0) return;
    const bgs = backgrounds(el);
    if (!bgs) return; // over an image: not measurable
    let worst = null;
    for (const bg of bgs) {
      const ratio = contrast(blend(fg, bg), bg);
      if (!worst || ratio < worst.ratio) worst = { ratio, bg };
    }
    if (worst && worst.ratio < MIN_CONTRAST) {
      add("contrast", `${worst.ratio.toFixed(2)}:1 (< ${MIN_CONTRAST}:1) for ${what}: ${css(blend(fg, worst.bg))} on ${css(worst.bg)}`);
    }
  }

  window.__galleryCheck = () =>
    [...document.querySelectorAll("[data-sample]")].map((sample) => ({
      id: sample.dataset.sample,
      theme: sample.dataset.theme,
      issues: checkSample(sample),
    }));
})();
