/**
 * A Handlebars environment that behaves like the one Foundry VTT v13 gives to templates: the same
 * helper names, the same argument conventions, similar markup, templates addressed by their
 * Foundry path (`systems/factions/templates/...`) and prototype access allowed at render time.
 *
 * Only helpers Foundry itself provides are registered, so a template that renders here does not
 * lean on a helper that is missing in Foundry. Helpers are re-implemented from their documented
 * behaviour; Foundry's own source is not used.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Handlebars from "handlebars";

type HandlebarsEnv = typeof Handlebars;
type HelperOptions = Handlebars.HelperOptions;
type Hash = Record<string, unknown>;

/** Repository root. */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
/** Where Foundry serves the files of this system. */
export const SYSTEM_PREFIX = "systems/factions/";
const DEFAULT_LANG = path.join(ROOT, "lang", "en.json");

const { escapeExpression, SafeString } = Handlebars;
const esc = (value: unknown): string => escapeExpression(value == null ? "" : String(value));

/* -------------------------------------------- */
/*  i18n                                         */
/* -------------------------------------------- */

export type Translations = { [key: string]: string | Translations };

/** Merge a translation object whose keys may be dotted (`"FACTIONS.A.B"`) into a nested one, as Foundry does. */
export function expandTranslations(source: Record<string, unknown>): Translations {
  const out: Translations = {};
  for (const [key, value] of Object.entries(source)) {
    const parts = key.split(".");
    let node = out;
    for (const part of parts.slice(0, -1)) {
      const next = node[part];
      if (typeof next !== "object" || next === null) node[part] = {};
      node = node[part] as Translations;
    }
    const last = parts[parts.length - 1]!;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      const existing = node[last];
      const expanded = expandTranslations(value as Record<string, unknown>);
      node[last] = typeof existing === "object" ? deepMerge(existing, expanded) : expanded;
    } else node[last] = String(value);
  }
  return out;
}

function deepMerge(a: Translations, b: Translations): Translations {
  const out: Translations = { ...a };
  for (const [k, v] of Object.entries(b)) {
    const prev = out[k];
    out[k] = typeof prev === "object" && typeof v === "object" ? deepMerge(prev, v) : v;
  }
  return out;
}

/** Read a language file (default `lang/en.json`); a missing file gives no translations. */
export function loadTranslations(file: string = DEFAULT_LANG): Translations {
  if (!fs.existsSync(file)) return {};
  return expandTranslations(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>);
}

/** The part of `game.i18n` templates reach through `{{localize}}`. */
export class I18n {
  constructor(readonly translations: Translations) {}

  /** Whether a key resolves to a string. */
  has(key: string): boolean {
    return typeof this.#lookup(key) === "string";
  }

  /** The translation of a key, or the key itself when it has none (as Foundry does). */
  localize(key: string): string {
    const found = this.#lookup(key);
    return typeof found === "string" ? found : key;
  }

  /** Localize, then replace `{name}` placeholders from `data`; a placeholder without data stays as is. */
  format(key: string, data: Record<string, unknown> = {}): string {
    return this.localize(key).replace(/{[^}]+}/g, (match) => {
      const value = data[match.slice(1, -1)];
      return value === undefined || value === null ? match : String(value);
    });
  }

  #lookup(key: string): unknown {
    if (typeof key !== "string" || !key) return undefined;
    let node: unknown = this.translations;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
      node = (node as Record<string, unknown>)[part];
    }
    return node;
  }
}

/* -------------------------------------------- */
/*  Form fields                                  */
/* -------------------------------------------- */

/** A choice list as Foundry accepts it: `{value: label}`, `{value: {label, group}}`, or an array. */
export type Choices = Record<string, unknown> | unknown[];

/**
 * A plain stand-in for a Foundry `DataField` as the form helpers use it. `name` is the full
 * field path of the input (e.g. `system.force`), as `DataField#fieldPath` is in Foundry.
 */
export interface FieldLike {
  name?: string;
  fieldPath?: string;
  label?: string;
  hint?: string;
  choices?: Choices | (() => Choices);
  min?: number;
  max?: number;
  step?: number;
  integer?: boolean;
  required?: boolean;
  initial?: unknown;
  /** Input kind when it cannot be inferred: "string" | "number" | "boolean" | "text" (textarea) | "html" (editor). */
  type?: "string" | "number" | "boolean" | "text" | "html";
}

interface SelectOption {
  value: string;
  label: string;
  group?: string;
  disabled?: boolean;
  selected?: boolean;
}

function attrs(map: Record<string, unknown>): string {
  let out = "";
  for (const [key, value] of Object.entries(map)) {
    if (value === undefined || value === null || value === false) continue;
    out += value === true ? ` ${key}` : ` ${key}="${esc(value)}"`;
  }
  return out;
}

/** Pass-through attributes of a helper hash: `data-*` and `aria-*`. */
function passThrough(hash: Hash): Record<string, unknown> {
  return Object.fromEntries(Object.entries(hash).filter(([k]) => k.startsWith("data-") || k.startsWith("aria-")));
}

function toOptions(
  choices: Choices,
  { valueAttr, labelAttr, inverted = false }: { valueAttr?: string; labelAttr?: string; inverted?: boolean },
): SelectOption[] {
  const fromObject = (value: string, entry: unknown): SelectOption => {
    if (entry !== null && typeof entry === "object") {
      const o = entry as Record<string, unknown>;
      return {
        value: String(valueAttr ? o[valueAttr] : value),
        label: String(o[labelAttr ?? "label"] ?? value),
        group: typeof o.group === "string" ? o.group : undefined,
        disabled: Boolean(o.disabled),
      };
    }
    return inverted ? { value: String(entry), label: value } : { value, label: String(entry) };
  };
  if (Array.isArray(choices)) {
    return choices.map((entry) => {
      if (entry !== null && typeof entry === "object") {
        const o = entry as Record<string, unknown>;
        return {
          value: String(o[valueAttr ?? "value"] ?? ""),
          label: String(o[labelAttr ?? "label"] ?? o[valueAttr ?? "value"] ?? ""),
          group: typeof o.group === "string" ? o.group : undefined,
          disabled: Boolean(o.disabled),
        };
      }
      return { value: String(entry), label: String(entry) };
    });
  }
  return Object.entries(choices).map(([k, v]) => fromObject(k, v));
}

function renderOptions(options: SelectOption[], blank: unknown): string {
  let html = "";
  if (typeof blank === "string") html += `<option value="">${esc(blank)}</option>`;
  const groups = new Map<string | undefined, SelectOption[]>();
  for (const option of options) {
    const list = groups.get(option.group) ?? [];
    list.push(option);
    groups.set(option.group, list);
  }
  const one = (o: SelectOption) =>
    `<option${attrs({ value: o.value, selected: Boolean(o.selected), disabled: Boolean(o.disabled) })}>${esc(o.label)}</option>`;
  for (const [group, list] of groups) {
    if (group === undefined) html += list.map(one).join("");
    else html += `<optgroup label="${esc(group)}">${list.map(one).join("")}</optgroup>`;
  }
  return html;
}

function selectedSet(selected: unknown): Set<string> {
  if (selected === undefined || selected === null) return new Set();
  if (Array.isArray(selected) || selected instanceof Set) return new Set([...selected].map(String));
  return new Set([String(selected)]);
}

function inputKind(field: FieldLike, value: unknown, hash: Hash): "select" | "number" | "checkbox" | "textarea" | "editor" | "text" {
  if (field.type === "html") return "editor";
  if (field.type === "text") return "textarea";
  if (hash.options !== undefined || hash.choices !== undefined || field.choices) return "select";
  if (field.type === "boolean" || (field.type === undefined && typeof value === "boolean")) return "checkbox";
  if (field.type === "number") return "number";
  if (field.type === undefined && (typeof value === "number" || field.min !== undefined || field.max !== undefined || field.step !== undefined || field.integer)) {
    return "number";
  }
  return "text";
}

/**
 * The `options=` of a form helper, as Foundry's select input takes it: an array of
 * `{value, label, group?, disabled?}` (a `{rule: true}` entry is a separator). Foundry iterates
 * it, so anything else (a `{value: label}` object) does not give a usable select: refused here.
 */
function selectOptionsArray(options: unknown): unknown[] {
  if (!Array.isArray(options)) {
    throw new Error(`formField/formInput: options= must be an array of {value, label} as Foundry's select input takes it, got ${options === null ? "null" : typeof options}`);
  }
  return options.filter((o) => !(o !== null && typeof o === "object" && (o as Record<string, unknown>).rule === true));
}

/* -------------------------------------------- */
/*  Environment                                  */
/* -------------------------------------------- */

export interface CreateHandlebarsOptions {
  /** Translations to use instead of `lang/en.json`. */
  translations?: Translations | Record<string, unknown>;
  /** Language file to read (default `lang/en.json`). */
  langFile?: string;
}

const i18nOfEnv = new WeakMap<HandlebarsEnv, I18n>();

/** The i18n a given environment localizes with. */
export function i18nOf(hbs: HandlebarsEnv): I18n {
  const i18n = i18nOfEnv.get(hbs);
  if (!i18n) throw new Error("not an environment made by createHandlebars()");
  return i18n;
}

/** A fresh, isolated Handlebars environment with the helpers Foundry v13 registers. */
export function createHandlebars(options: CreateHandlebarsOptions = {}): HandlebarsEnv {
  const hbs = Handlebars.create();
  const i18n = new I18n(
    options.translations ? expandTranslations(options.translations as Record<string, unknown>) : loadTranslations(options.langFile),
  );
  i18nOfEnv.set(hbs, i18n);
  const t = (value: unknown, localize: unknown) => (localize ? i18n.localize(String(value)) : String(value));

  const selectOptionsHtml = (choices: Choices | undefined, hash: Hash): string => {
    const list = toOptions(choices ?? {}, {
      valueAttr: hash.valueAttr as string | undefined,
      labelAttr: hash.labelAttr as string | undefined,
      inverted: Boolean(hash.inverted),
    });
    const selected = selectedSet(hash.selected);
    for (const o of list) {
      o.label = t(o.label, hash.localize);
      if (o.group) o.group = t(o.group, hash.localize);
      o.selected = selected.has(o.value);
    }
    if (hash.sort) list.sort((a, b) => a.label.localeCompare(b.label));
    const blank = typeof hash.blank === "string" ? t(hash.blank, hash.localize) : undefined;
    return renderOptions(list, blank);
  };

  /** `DataField#toInput` for a plain field: the input element alone. */
  const fieldInput = (field: FieldLike, hash: Hash): string => {
    const value = "value" in hash ? hash.value : field.initial;
    const name = (hash.name as string | undefined) ?? field.fieldPath ?? field.name;
    const common = {
      name,
      id: hash.id,
      class: hash.classes ?? hash.class,
      disabled: Boolean(hash.disabled),
      readonly: Boolean(hash.readonly),
      required: Boolean(hash.required ?? field.required),
      autofocus: Boolean(hash.autofocus),
      placeholder: hash.placeholder,
      ...passThrough(hash),
    };
    switch (inputKind(field, value, hash)) {
      case "select": {
        // `options=` (an array) wins over `choices=` and the field's own choices, as in Foundry.
        const raw = (hash.options !== undefined ? selectOptionsArray(hash.options) : (hash.choices ?? field.choices)) as Choices | (() => Choices);
        const choices = typeof raw === "function" ? raw() : raw;
        const { valueAttr: _v, labelAttr: _l, ...rest } = hash;
        const opts = selectOptionsHtml(choices, { ...(hash.options !== undefined ? rest : hash), selected: value });
        const { placeholder: _placeholder, readonly: _readonly, ...selectAttrs } = common;
        return `<select${attrs(selectAttrs)}>${opts}</select>`;
      }
      case "checkbox":
        return `<input type="checkbox"${attrs({ ...common, placeholder: undefined, checked: Boolean(value) })}>`;
      case "number": {
        const step = hash.step ?? field.step ?? (field.integer ? 1 : "any");
        return `<input type="number"${attrs({ ...common, value: value ?? "", min: hash.min ?? field.min, max: hash.max ?? field.max, step })}>`;
      }
      case "textarea":
        return `<textarea${attrs(common)}>${esc(value)}</textarea>`;
      case "editor":
        return `<prose-mirror${attrs({ name, id: hash.id, class: hash.classes, ...passThrough(hash) })}>${String(value ?? "")}</prose-mirror>`;
      default:
        return `<input type="text"${attrs({ ...common, value: value ?? "" })}>`;
    }
  };

  const fieldArg = (field: unknown, hash: Hash): FieldLike => {
    const f = (field ?? hash.field) as FieldLike | undefined;
    if (!f || typeof f !== "object") throw new Error("formGroup/formInput: the first argument must be a field");
    return f;
  };

  const formGroup = function (...args: unknown[]) {
    const options = args.pop() as HelperOptions;
    const field = args[0];
    const hash = { ...options.hash } as Hash;
    const f = fieldArg(field, hash);
    delete hash.field;
    // The group's label and hint are always localized; `localize` itself goes on to the input (choice labels).
    const { classes, label, hint, rootId, stacked, units, widget: _widget, ...inputHash } = hash;
    const name = (inputHash.name as string | undefined) ?? f.fieldPath ?? f.name ?? "";
    if (rootId && inputHash.id === undefined && name) inputHash.id = `${rootId}-${name}`;
    else if (rootId && inputHash.id !== undefined) inputHash.id = `${rootId}-${inputHash.id}`;
    const input = fieldInput(f, inputHash);
    const groupClass = ["form-group", stacked ? "stacked" : "", ...(typeof classes === "string" ? classes.split(/\s+/) : [])]
      .filter(Boolean)
      .join(" ");
    const labelText = t(label ?? f.label ?? name, true);
    const hintText = hint ?? f.hint;
    const unitsHtml = units ? ` <span class="units">(${esc(t(units, true))})</span>` : "";
    const html =
      `<div class="${esc(groupClass)}">` +
      `<label${attrs({ for: inputHash.id })}>${esc(labelText)}${unitsHtml}</label>` +
      `<div class="form-fields">${input}</div>` +
      (hintText ? `<p class="hint">${esc(t(hintText, true))}</p>` : "") +
      `</div>`;
    return new SafeString(html);
  };

  const helpers: Record<string, Handlebars.HelperDelegate> = {
    localize(value: unknown, options: HelperOptions) {
      const key = value instanceof SafeString ? value.toString() : String(value ?? "");
      const data = options?.hash ?? {};
      return Object.keys(data).length ? i18n.format(key, data) : i18n.localize(key);
    },

    numberFormat(value: unknown, options: HelperOptions) {
      const decimals = Number(options.hash.decimals ?? 0);
      const sign = Boolean(options.hash.sign);
      const number = typeof value === "number" ? value : parseFloat(String(value));
      const text = number.toFixed(decimals);
      return sign && number >= 0 ? `+${text}` : text;
    },

    selectOptions(choices: Choices, options: HelperOptions) {
      return new SafeString(selectOptionsHtml(choices, options.hash as Hash));
    },

    radioBoxes(name: string, choices: Choices, options: HelperOptions) {
      const checked = selectedSet(options.hash.checked);
      const html = toOptions(choices, {})
        .map((o) => {
          const label = t(o.label, options.hash.localize);
          return `<label class="checkbox"><input type="radio"${attrs({ name, value: o.value, checked: checked.has(o.value) })}> ${esc(label)}</label>`;
        })
        .join("\n");
      return new SafeString(html);
    },

    numberInput(value: unknown, options: HelperOptions) {
      const h = options.hash as Hash;
      return new SafeString(
        `<input type="number"${attrs({ name: h.name, value: value ?? "", step: h.step ?? "any", min: h.min, max: h.max, class: h.class, placeholder: h.placeholder, disabled: Boolean(h.disabled), readonly: Boolean(h.readonly), ...passThrough(h) })}>`,
      );
    },

    checked: (value: unknown) => (value ? "checked" : ""),
    disabled: (value: unknown) => (value ? "disabled" : ""),
    ifThen: (criteria: unknown, ifTrue: unknown, ifFalse: unknown) => (criteria ? ifTrue : ifFalse),

    concat(...args: unknown[]) {
      const options = args.pop() as HelperOptions;
      const join = (options?.hash?.join as string | undefined) ?? "";
      return new SafeString(args.map((a) => (a == null ? "" : String(a))).join(join));
    },

    eq: (a: unknown, b: unknown) => a === b,
    ne: (a: unknown, b: unknown) => a !== b,
    lt: (a: unknown, b: unknown) => (a as number) < (b as number),
    gt: (a: unknown, b: unknown) => (a as number) > (b as number),
    lte: (a: unknown, b: unknown) => (a as number) <= (b as number),
    gte: (a: unknown, b: unknown) => (a as number) >= (b as number),
    and: (...args: unknown[]) => args.slice(0, -1).every(Boolean),
    or: (...args: unknown[]) => args.slice(0, -1).some(Boolean),
    not: (value: unknown) => !value,
    json: (value: unknown) => JSON.stringify(value),

    editor(content: unknown, options: HelperOptions) {
      const h = options.hash as Hash;
      const cls = ["editor", h.class].filter(Boolean).join(" ");
      return new SafeString(
        `<div class="${esc(cls)}"><div class="editor-content"${attrs({ "data-edit": h.target })}>${content == null ? "" : String(content)}</div></div>`,
      );
    },

    formGroup,
    formField: formGroup,

    formInput(...args: unknown[]) {
      const options = args.pop() as HelperOptions;
      const field = args[0];
      const hash = { ...options.hash } as Hash;
      const f = fieldArg(field, hash);
      delete hash.field;
      return new SafeString(fieldInput(f, hash));
    },
  };
  hbs.registerHelper(helpers);
  return hbs;
}

/* -------------------------------------------- */
/*  Templates and partials                       */
/* -------------------------------------------- */

/** The file behind a Foundry path (`systems/factions/x` → `<root>/x`); other relative paths are from the root. */
export function templateFile(foundryPath: string): string {
  if (path.isAbsolute(foundryPath)) return foundryPath;
  const rel = foundryPath.startsWith(SYSTEM_PREFIX) ? foundryPath.slice(SYSTEM_PREFIX.length) : foundryPath;
  return path.join(ROOT, rel);
}

/** The Foundry path of a file of this repository (`<root>/templates/x.hbs` → `systems/factions/templates/x.hbs`). */
export function foundryPath(file: string): string {
  return SYSTEM_PREFIX + path.relative(ROOT, path.resolve(file)).split(path.sep).join("/");
}

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith(".hbs") || e.name.endsWith(".html") ? [path.join(dir, e.name)] : []))
    .sort();
}

let shared: HandlebarsEnv | undefined;

/** A shared environment with every template registered as a partial; made on first use. */
export function getHandlebars(): HandlebarsEnv {
  if (!shared) {
    shared = createHandlebars();
    registerPartials(undefined, shared);
  }
  return shared;
}

/** Forget the shared environment (e.g. after changing lang/en.json or templates in a test). */
export function resetHandlebars(): void {
  shared = undefined;
}

/**
 * Register every `.hbs` file under `dir` (default `templates/`) as a partial named by its Foundry
 * path, as `foundry.applications.handlebars.loadTemplates` does: `{{> "systems/factions/templates/x.hbs"}}`.
 * @returns the registered names
 */
export function registerPartials(dir: string = path.join(ROOT, "templates"), hbs: HandlebarsEnv = getHandlebars()): string[] {
  const names: string[] = [];
  for (const file of walk(path.resolve(ROOT, dir))) {
    const name = foundryPath(file);
    hbs.registerPartial(name, hbs.compile(fs.readFileSync(file, "utf8")));
    names.push(name);
  }
  return names;
}

const compiled = new WeakMap<HandlebarsEnv, Map<string, { mtime: number; template: Handlebars.TemplateDelegate }>>();

/**
 * Render a template by its Foundry path (`systems/factions/templates/x.hbs` reads `templates/x.hbs`)
 * with the runtime options Foundry uses (prototype properties and methods allowed).
 */
export function renderTemplate(templatePath: string, context: object = {}, hbs: HandlebarsEnv = getHandlebars()): string {
  const file = templateFile(templatePath);
  if (!fs.existsSync(file)) throw new Error(`template not found: ${templatePath} (${file})`);
  const mtime = fs.statSync(file).mtimeMs;
  let cache = compiled.get(hbs);
  if (!cache) compiled.set(hbs, (cache = new Map()));
  let entry = cache.get(file);
  if (!entry || entry.mtime !== mtime) {
    entry = { mtime, template: hbs.compile(fs.readFileSync(file, "utf8")) };
    cache.set(file, entry);
  }
  return entry.template(context, { allowProtoMethodsByDefault: true, allowProtoPropertiesByDefault: true });
}
