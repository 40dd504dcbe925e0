/**
 * Builds the gallery: every registered sample rendered with the Foundry-like Handlebars
 * environment, inside a Foundry-like window or chat card, styled by the real `styles/factions.scss`
 * over an approximation of Foundry's core stylesheet, under the light and the dark theme.
 *
 * Writes to test-results/gallery/:
 *   index.html   both themes on one page (for people)
 *   light.html   the light theme alone (<body class="theme-light">), checked by gallery.test.ts
 *   dark.html    the dark theme alone (<body class="theme-dark">), checked by gallery.test.ts
 *
 * Run alone with `npm run gallery`.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as sass from "sass";
import { ROOT, createHandlebars, registerPartials, renderTemplate } from "../harness/handlebars";
import { type GallerySample, loadSamples } from "./samples";

export const THEMES = ["light", "dark"] as const;
export type Theme = (typeof THEMES)[number];

const here = path.dirname(fileURLToPath(import.meta.url));
export const GALLERY_DIR = path.join(ROOT, "test-results", "gallery");
export const STYLES_ENTRY = path.join(ROOT, "styles", "factions.scss");

export interface RenderedSample {
  sample: GallerySample;
  html: string;
  error?: string;
}

export interface GalleryBuild {
  dir: string;
  /** Path of each written page. */
  pages: { index: string } & Record<Theme, string>;
  rendered: RenderedSample[];
  /** The compiled system stylesheet. */
  css: string;
  /** Why styles/factions.scss did not compile, if it did not. */
  cssError?: string;
}

const esc = (s: unknown) =>
  String(s ?? "").replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

/** Compile the system stylesheet with the same sass the build uses. */
export function compileStyles(entry: string = STYLES_ENTRY): { css: string; error?: string } {
  if (!fs.existsSync(entry)) return { css: "", error: `${path.relative(ROOT, entry)} does not exist` };
  try {
    const result = sass.compile(entry, { style: "expanded", loadPaths: [path.dirname(entry), path.join(ROOT, "node_modules")] });
    return { css: result.css };
  } catch (err) {
    return { css: "", error: err instanceof Error ? err.message : String(err) };
  }
}

/** Render every sample; a template error is kept with the sample instead of stopping the build. */
export function renderSamples(list: readonly GallerySample[]): RenderedSample[] {
  const hbs = createHandlebars();
  registerPartials(undefined, hbs);
  return list.map((sample) => {
    try {
      return { sample, html: renderTemplate(sample.template, sample.context, hbs) };
    } catch (err) {
      return { sample, html: "", error: err instanceof Error ? err.message : String(err) };
    }
  });
}

/**
 * Foundry's core icons (`icons/…`) are not here: each shows as a tile of its own colour with its
 * file's name, so the gallery shows which icon every image is. The path stays in `data-icon`.
 */
export function iconStandIn(path: string): string {
  const name = path.split("/").pop()!.replace(/\.(svg|webp|png)$/, "");
  let hash = 0;
  for (const c of name) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  const words = name.split("-").slice(0, 3);
  const text = words.map((w, i) => `<text x='32' y='${24 + i * 12 - (words.length - 1) * 6 + 6}' font-size='10' text-anchor='middle' fill='white' font-family='DejaVu Sans, sans-serif'>${w.slice(0, 10)}</text>`).join("");
  const svg = `<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 64 64'><rect width='64' height='64' rx='6' fill='hsl(${hash % 360} 40% 32%)'/>${text}</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

const withIcons = (html: string) => html.replace(/\bsrc="(icons\/[^"]+)"/g, (_m, path: string) => `src="${iconStandIn(path)}" data-icon="${path}"`);

/** Windows (sheets and dialogs) are also shown at their narrowest: the minimum width their own CSS sets. */
export const hasNarrow = (sample: GallerySample) => sample.kind !== "card" && sample.narrow !== false;

/** The id of a sample's narrowest render. */
export const narrowId = (id: string) => `${id}--narrow`;

/**
 * One sample in its Foundry frame; `[data-sample]` is the checked element, `[data-gallery-box]` its
 * box. A narrow frame asks for a 1 px window: the window's CSS `min-width` decides its width, as
 * when a user shrinks the window in Foundry.
 */
export function frame({ sample, html, error }: RenderedSample, theme: Theme, narrow = false): string {
  // The narrow copy shares the page with the sample itself: its ids (and the labels naming them) get their own.
  const suffix = `${sample.idSuffix ? `--${sample.idSuffix}` : ""}${narrow ? "--narrow" : ""}`;
  const own = suffix ? html.replace(/\b(id|for|aria-labelledby)="([^"]+)"/g, (_m, attr: string, ids: string) => `${attr}="${ids.split(/\s+/).map((i) => `${i}${suffix}`).join(" ")}"`) : html;
  const body = error ? `<pre class="gallery-error">${esc(error)}</pre>` : withIcons(own);
  const extra = sample.wrapperClass ? ` ${esc(sample.wrapperClass)}` : "";
  const data = `data-sample="${esc(narrow ? narrowId(sample.id) : sample.id)}" data-theme="${theme}" data-kind="${sample.kind}"${narrow ? " data-narrow" : ""}`;
  if (sample.kind === "card") {
    return (
      `<div class="gallery-frame" ${data}>` +
      `<section class="chat-sidebar themed theme-${theme}" style="width: ${sample.width}px">` +
      `<ol class="chat-log">` +
      `<li class="chat-message message flexcol${extra}" data-message-id="gallery${esc(sample.id)}" data-gallery-box>` +
      `<header class="message-header"><h4 class="message-sender">Gamemaster</h4>` +
      `<span class="message-metadata"><time class="message-timestamp">Now</time></span></header>` +
      `<div class="message-content">${body}</div>` +
      `</li></ol></section></div>`
    );
  }
  // ApplicationV2 document sheets are <form> elements; dialogs are <dialog> in Foundry (a div here, to
  // avoid the browser's own dialog positioning).
  const tag = sample.kind === "sheet" ? "form" : "div";
  const role = sample.kind === "dialog" ? ` role="dialog" aria-label="${esc(sample.title)}"` : "";
  return (
    `<div class="gallery-frame" ${data}>` +
    `<${tag} class="application ${sample.kind}${extra} themed theme-${theme}" style="width: ${narrow ? 1 : sample.width}px"${role}>` +
    `<header class="window-header"><i class="window-icon fa-fw fa-solid fa-user" inert></i>` +
    `<h1 class="window-title">${esc(sample.title)}</h1>` +
    `<button type="button" class="header-control icon fa-solid fa-xmark" data-action="close" aria-label="Close Window"></button>` +
    `</header>` +
    `<section class="window-content" data-gallery-box>${body}</section>` +
    `</${tag}></div>`
  );
}

const GALLERY_CSS = `
body.gallery { background: #3a3d42; padding: 16px 24px 48px; }
.gallery-title { color: #f2f2f2; font-size: 20px; margin: 0 0 4px; }
.gallery-note { color: #d8d8d8; margin: 0 0 16px; font-size: 13px; }
.gallery-half { padding: 16px; margin: 0 0 24px; border-radius: 8px; background: #2c2e33; }
.gallery-half > h2 { color: #f2f2f2; font-size: 16px; margin: 0 0 12px; }
.gallery-grid { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 24px; }
.gallery-item { margin: 0; }
.gallery-item > figcaption { color: #e6e6e6; font: 12px/1.4 "DejaVu Sans Mono", monospace; margin: 0 0 6px; }
.gallery-error { white-space: pre-wrap; color: #fff; background: #8b1e1e; padding: 8px; margin: 0; font-size: 12px; }
`;

function half(rendered: readonly RenderedSample[], theme: Theme, heading: boolean): string {
  const items = rendered
    .map(
      (r) =>
        `<figure class="gallery-item" id="${theme}-${esc(r.sample.id)}">` +
        `<figcaption>${esc(r.sample.id)} · ${r.sample.kind} · ${r.sample.width}px · ${esc(r.sample.template)}</figcaption>` +
        frame(r, theme) +
        `</figure>` +
        (hasNarrow(r.sample)
          ? `<figure class="gallery-item" id="${theme}-${esc(narrowId(r.sample.id))}">` +
            `<figcaption>${esc(r.sample.id)} · at its narrowest</figcaption>` +
            frame(r, theme, true) +
            `</figure>`
          : ""),
    )
    .join("\n");
  return (
    `<section class="gallery-half" data-gallery-theme="${theme}">` +
    (heading ? `<h2>${theme === "light" ? "Light" : "Dark"} theme</h2>` : "") +
    `<div class="gallery-grid">\n${items}\n</div></section>`
  );
}

/** A full page with the given themes (the body takes the first theme's class, as Foundry's does). */
export function renderPage(rendered: readonly RenderedSample[], themes: readonly Theme[], systemCss: string, title = "Factions gallery"): string {
  const base = fs.readFileSync(path.join(here, "foundry-base.css"), "utf8");
  const script = fs.readFileSync(path.join(here, "checks.js"), "utf8");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${esc(title)}</title>
<style id="foundry-base">\n${base}\n</style>
<style id="factions">\n${systemCss}\n</style>
<style id="gallery">${GALLERY_CSS}</style>
</head>
<body class="gallery theme-${themes[0]}">
<h1 class="gallery-title">${esc(title)}</h1>
<p class="gallery-note">${rendered.length} samples · ${themes.join(" and ")} theme · generated ${esc(new Date().toISOString())}</p>
${themes.map((t) => half(rendered, t, themes.length > 1)).join("\n")}
<script>\n${script}\n</script>
</body>
</html>
`;
}

/** Load the samples, render them, compile the styles and write the pages. */
export async function buildGallery(dir: string = GALLERY_DIR): Promise<GalleryBuild> {
  const list = await loadSamples();
  const rendered = renderSamples(list);
  const { css, error: cssError } = compileStyles();
  fs.mkdirSync(dir, { recursive: true });
  const pages = {
    index: path.join(dir, "index.html"),
    light: path.join(dir, "light.html"),
    dark: path.join(dir, "dark.html"),
  };
  fs.writeFileSync(pages.index, renderPage(rendered, THEMES, css));
  for (const theme of THEMES) fs.writeFileSync(pages[theme], renderPage(rendered, [theme], css, `Factions gallery (${theme})`));
  return { dir, pages, rendered, css, cssError };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = await buildGallery();
  for (const r of result.rendered) if (r.error) console.error(`sample ${r.sample.id}: ${r.error}`);
  if (result.cssError) console.error(`styles: ${result.cssError}`);
  console.log(`gallery: ${result.rendered.length} samples → ${path.relative(process.cwd(), result.pages.index)}`);
  if (result.cssError || result.rendered.some((r) => r.error)) process.exitCode = 1;
}
