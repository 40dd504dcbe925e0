/**
 * The class-name convention of styles/factions.scss: every class a template or a stylesheet of
 * the system names starts with `factions-`, except Foundry's own classes (which Foundry sets or
 * expects), so core's CSS (`.hidden`, `.units`, `.tag`…) never reaches the system's markup.
 * It holds for the core and all five rulesets (AREAS).
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../harness/handlebars";

/** Foundry's classes the system uses as Foundry means them. */
const FOUNDRY = new Set(["factions", "form-group", "form-fields", "hint", "stacked", "tab", "tabs", "sheet-tabs", "active", "content-link", "editor-content", "sheet", "actor", "item", "card", "window-content", "chat-message", "theme-light", "theme-dark", "minimized", "minimizing", "maximizing"]);
/** The chronicle's state class, named before the convention (the chronicle is left as it is). */
const EXCEPTIONS = new Set(["is-undone"]);
const allowed = (name: string) => FOUNDRY.has(name) || EXCEPTIONS.has(name) || name.startsWith("factions-") || name.startsWith("fa-");

/** The folders (under templates/ and styles/) held to the convention. */
const AREAS = ["core", "faction-turn", "operations", "battle", "skirmish", "rounds"];

function files(root: string, ext: string): { file: string; text: string }[] {
  return AREAS.flatMap((area) => inFolder(path.join(root, area), ext));
}

function inFolder(dir: string, ext: string): { file: string; text: string }[] {
  return fs
    .readdirSync(path.join(ROOT, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && e.name.endsWith(ext))
    .map((e) => {
      const full = path.join(e.parentPath, e.name);
      return { file: path.relative(ROOT, full), text: fs.readFileSync(full, "utf8") };
    });
}

/** Class names written literally in a template's class attributes (mustache parts left out). */
function templateClasses(text: string): string[] {
  const out: string[] = [];
  for (const [, value] of text.matchAll(/class="([^"]*)"/g)) {
    for (const part of value!.split(/\{\{[^}]*\}\}/)) out.push(...(part.match(/[A-Za-z][\w-]*/g) ?? []));
  }
  return out;
}

/** Class selectors of a stylesheet (comments left out). */
function styleClasses(text: string): string[] {
  const code = text.replace(/\/\/.*$/gm, "").replace(/\/\*[^]*?\*\//g, "");
  // A class selector: a dot after a selector boundary, not a decimal nor a Sass module call (`color.adjust`).
  return [...code.matchAll(/(?<![\w-]|\d)\.([A-Za-z_][\w-]*)|(?<=[\w)\]-])\.([A-Za-z_][\w-]*)(?=[\s,.:{[>)])/g)]
    .filter((m) => !/\b(color|math|string|list|map|meta)$/.test(code.slice(Math.max(0, m.index - 6), m.index)))
    .map((m) => (m[1] ?? m[2])!);
}

describe("class names", () => {
  it("templates name only factions- classes and Foundry's own", () => {
    const stray = files("templates", ".hbs").flatMap(({ file, text }) => templateClasses(text).filter((c) => !allowed(c)).map((c) => `${file}: ${c}`));
    expect(stray).toEqual([]);
  });

  it("stylesheets style only factions- classes and Foundry's own", () => {
    const stray = [...files("styles", ".scss"), { file: "styles/factions.scss", text: fs.readFileSync(path.join(ROOT, "styles", "factions.scss"), "utf8") }].flatMap(({ file, text }) => styleClasses(text).filter((c) => !allowed(c)).map((c) => `${file}: .${c}`));
    expect(stray).toEqual([]);
  });

  it("finds a bare class when there is one", () => {
    expect(templateClasses(`<span class="tag hidden{{#if x}} current{{/if}}">`)).toEqual(["tag", "hidden", "current"]);
    expect(styleClasses(`.factions .units { width: 0.5rem; color: color.adjust($a, $lightness: 3%); } .a.b:hover {}`)).toEqual(["factions", "units", "a", "b"]);
  });
});
