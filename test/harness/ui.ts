/**
 * The user-facing parts of Foundry the system uses: `ui.notifications`, templates
 * (`foundry.applications.handlebars`), ApplicationV2 with the Handlebars mixin, document sheets,
 * `DialogV2` (whose answers a test scripts), `DocumentSheetConfig`, `TextEditor` and `FilePicker`.
 *
 * Mirrors of Foundry behaviour, as documented:
 * - ApplicationV2 merges `DEFAULT_OPTIONS` down the class chain (classes accumulate), renders
 *   `_prepareContext` → each part's `_preparePartContext` → its template, each part must be ONE
 *   element, and a click on `[data-action]` calls `options.actions[action]` with `this` = the app.
 * - Document sheets are `<form>`s; with `submitOnChange` a change submits the form data as an update.
 * - `ActorSheetV2#_onDrop` reads the drag data, resolves the document and calls `_onDropItem`.
 * - `DialogV2.wait` renders `content` in a `<form>` with one button per `buttons` entry; a button's
 *   callback gets `(event, button, dialog)` and its return value (else the action) resolves `wait`;
 *   closing resolves `null` (or rejects with `rejectClose`).
 */
import { createHandlebars, registerPartials, renderTemplate as renderFile, templateFile, type Translations } from "./handlebars";
import { ClientDocument, OWNERSHIP } from "./documents";
import { deepClone, expandObject, isPlainObject, mergeObject, type AnyObject } from "./utils";
import fs from "node:fs";
import type Handlebars from "handlebars";

/* -------------------------------------------- */
/*  Pending work (for the harness to settle)     */
/* -------------------------------------------- */

/** Promises started by DOM handlers that nobody awaits (Foundry does not await them either). */
export const work = {
  pending: new Set<Promise<unknown>>(),
  errors: [] as unknown[],
  track<T>(promise: Promise<T> | T): void {
    if (!(promise instanceof Promise)) return;
    const p = promise.catch((error: unknown) => {
      this.errors.push(error);
      console.error(error);
    });
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  },
  /** Count a promise as work in progress without reporting its rejection (its caller handles it). */
  hold(promise: Promise<unknown>): void {
    const p = promise.then(
      () => undefined,
      () => undefined,
    );
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  },
};

/* -------------------------------------------- */
/*  Notifications                                 */
/* -------------------------------------------- */

export interface Notice {
  type: "info" | "warning" | "error" | "success";
  message: string;
  /** Name of the user whose client showed it. */
  user: string | null;
}

export class Notifications {
  readonly list: Notice[] = [];

  #push(type: Notice["type"], message: string): Notice {
    const user = (globalThis as unknown as { game?: { user?: { name?: string } | null } }).game?.user?.name ?? null;
    const notice = { type, message: String(message), user };
    this.list.push(notice);
    return notice;
  }

  notify(message: string, type: Notice["type"] = "info"): Notice {
    return this.#push(type, message);
  }

  info(message: string): Notice {
    return this.#push("info", message);
  }

  warn(message: string): Notice {
    return this.#push("warning", message);
  }

  error(message: string): Notice {
    return this.#push("error", message);
  }

  success(message: string): Notice {
    return this.#push("success", message);
  }

  clear(): void {
    this.list.length = 0;
  }

  /** Messages of one type (all types if omitted). */
  messages(type?: Notice["type"]): string[] {
    return this.list.filter((n) => !type || n.type === type).map((n) => n.message);
  }
}

/* -------------------------------------------- */
/*  Templates                                     */
/* -------------------------------------------- */

let env: typeof Handlebars | undefined;
let envTranslations: Translations | undefined;

/** Use the same translations in templates as in `game.i18n`. */
export function setTemplateTranslations(translations: Translations): void {
  envTranslations = translations;
  env = undefined;
}

function handlebarsEnv(): typeof Handlebars {
  if (!env) {
    env = createHandlebars(envTranslations ? { translations: envTranslations } : {});
    registerPartials(undefined, env);
  }
  return env;
}

/** Templates rendered, in order (path and context), for assertions. */
export const renderedTemplates: { path: string; context: unknown }[] = [];

export async function renderTemplate(path: string, data: object = {}): Promise<string> {
  await Promise.resolve();
  renderedTemplates.push({ path, context: data });
  return renderFile(path, data, handlebarsEnv());
}

/** Register templates as partials, by path or by `{name: path}`; a missing file is an error, as a failed fetch is. */
export async function loadTemplates(paths: string[] | Record<string, string>): Promise<unknown[]> {
  const hbs = handlebarsEnv();
  const entries = Array.isArray(paths) ? paths.map((p) => [p, p] as const) : Object.entries(paths);
  return entries.map(([name, path]) => {
    const file = templateFile(path);
    if (!fs.existsSync(file)) throw new Error(`Failed to load template ${path}`);
    const template = hbs.compile(fs.readFileSync(file, "utf8"));
    hbs.registerPartial(name, template);
    return template;
  });
}

/* -------------------------------------------- */
/*  Forms                                         */
/* -------------------------------------------- */

/** FormDataExtended: named controls to values (checkbox → boolean, number → number or null), expanded. */
export function formData(form: HTMLElement): AnyObject {
  const out: AnyObject = {};
  for (const el of Array.from(form.querySelectorAll<HTMLElement>("[name]"))) {
    const name = el.getAttribute("name")!;
    if ((el as HTMLInputElement).disabled) continue;
    if (el instanceof HTMLInputElement) {
      if (el.type === "checkbox") out[name] = el.checked;
      else if (el.type === "radio") {
        if (el.checked) out[name] = el.value;
      } else if (el.type === "number" || el.type === "range") out[name] = el.value === "" ? null : Number(el.value);
      else out[name] = el.value;
    } else if (el instanceof HTMLSelectElement) {
      out[name] = el.multiple ? Array.from(el.selectedOptions).map((o) => o.value) : el.value;
    } else if (el instanceof HTMLTextAreaElement) out[name] = el.value;
    else out[name] = el.getAttribute("value") ?? el.innerHTML;
  }
  return expandObject(out);
}

/* -------------------------------------------- */
/*  ApplicationV2                                 */
/* -------------------------------------------- */

type ActionHandler = (this: ApplicationV2, event: Event, target: HTMLElement) => unknown;
type Ctor = abstract new (...args: never[]) => object;

export interface TabConfig {
  tabs: { id: string; icon?: string; label?: string; cssClass?: string }[];
  initial?: string;
  labelPrefix?: string;
}

/**
 * One control of a window's header menu (the ⋮ button), as v13 takes them from `_getHeaderControls`
 * and the `getHeaderControls<ClassName>` hooks: a menu item that runs its `onClick`, else the
 * application's action of that name; shown while `visible` (a value or a function of the app) holds.
 * Public v13 code shows it: the-metalworks/cosmere-rpg overrides `_getHeaderControls()` on top of
 * `super._getHeaderControls()` (src/system/applications/component-system/mixin.ts), and modules push
 * `{ action, icon, label, visible, onClick }` onto the list `getHeaderControlsActorSheetV2` (or
 * `…ApplicationV2`) hands them, the menu opening from the header's three-dot button. Stricter
 * where unsure: the menu is built only when it opens, so a control is clicked only after that.
 */
export interface HeaderControl {
  action: string;
  icon?: string;
  label: string;
  visible?: boolean | ((this: ApplicationV2) => boolean);
  onClick?: (event: Event) => unknown;
}

let appIds = 0;
/** Every application rendered, by id. */
export const instances = new Map<string, ApplicationV2>();

export class ApplicationV2 {
  static DEFAULT_OPTIONS: AnyObject = {
    id: "app-{id}",
    classes: [],
    tag: "div",
    window: { frame: true, positioned: true, title: "", icon: false, controls: [], minimizable: true, resizable: false },
    actions: {
      // Core's own actions: switching tabs and closing.
      tab(this: ApplicationV2, _event: Event, target: HTMLElement) {
        this.changeTab(target.dataset.tab ?? "", target.dataset.group ?? "");
      },
      close(this: ApplicationV2) {
        return this.close();
      },
      toggleControls(this: ApplicationV2) {
        this.toggleControls();
      },
    },
    form: undefined,
    position: {},
  };

  static TABS: Record<string, TabConfig> = {};

  static RENDER_STATES = { ERROR: -3, CLOSING: -2, CLOSED: -1, NONE: 0, RENDERING: 1, RENDERED: 2 };

  static get implementation(): typeof ApplicationV2 {
    return this;
  }

  readonly options: AnyObject & { id: string; classes: string[]; actions: Record<string, ActionHandler | { handler: ActionHandler; buttons?: number[] }>; window: AnyObject; form?: AnyObject; tag: string };
  tabGroups: Record<string, string> = {};
  position: AnyObject;
  /** Id of the user whose client opened it: an application lives on one client only. */
  readonly client: string | null;
  #element: HTMLElement | null = null;
  #state = 0;
  /** The header menu's controls as they were when it was last opened. */
  #headerControls: HeaderControl[] = [];

  constructor(options: AnyObject = {}) {
    this.client = (globalThis as unknown as { game?: { user?: { id?: string | null } | null } }).game?.user?.id ?? null;
    this.options = this._initializeApplicationOptions(options) as ApplicationV2["options"];
    this.position = deepClone((this.options.position as AnyObject) ?? {});
    for (const [group, config] of Object.entries((this.constructor as typeof ApplicationV2).TABS)) {
      this.tabGroups[group] = config.initial ?? config.tabs[0]?.id ?? "";
    }
  }

  _initializeApplicationOptions(options: AnyObject): AnyObject {
    const chain: (typeof ApplicationV2)[] = [];
    for (let c = this.constructor as typeof ApplicationV2 | null; c && c !== (Object as unknown); c = Object.getPrototypeOf(c) as typeof ApplicationV2) {
      if (Object.prototype.hasOwnProperty.call(c, "DEFAULT_OPTIONS")) chain.unshift(c);
    }
    const merged: AnyObject = {};
    const classes: string[] = [];
    for (const cls of chain) {
      const defaults = { ...cls.DEFAULT_OPTIONS };
      classes.push(...((defaults.classes as string[] | undefined) ?? []));
      mergeObject(merged, cloneOptions(defaults));
    }
    mergeObject(merged, cloneOptions(options));
    merged.classes = [...new Set([...classes, ...((options.classes as string[] | undefined) ?? [])])];
    const uniqueId = String(++appIds);
    merged.uniqueId = uniqueId;
    merged.id = String(merged.id ?? "app-{id}").replace("{id}", uniqueId);
    return merged;
  }

  get id(): string {
    return this.options.id;
  }

  get title(): string {
    const i18n = (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n;
    return i18n.localize(String(this.options.window.title ?? ""));
  }

  get element(): HTMLElement {
    return this.#element as HTMLElement;
  }

  get form(): HTMLFormElement | null {
    return this.#element instanceof HTMLFormElement ? this.#element : (this.#element?.querySelector("form") ?? null);
  }

  get rendered(): boolean {
    return this.#state === ApplicationV2.RENDER_STATES.RENDERED;
  }

  get state(): number {
    return this.#state;
  }

  async render(options: AnyObject | boolean = {}, _legacy?: AnyObject): Promise<this> {
    const opts: AnyObject = typeof options === "boolean" ? { force: options } : { ...options };
    // As in Foundry: an application that is not open renders only when forced.
    if (!this.#element && !opts.force) return this;
    const first = !this.#element;
    opts.isFirstRender = first;
    this._configureRenderOptions(opts);
    await this._preRender({}, opts);
    const context = await this._prepareContext(opts);
    const result = await this._renderHTML(context, opts);
    // Closed while this render was under way: nothing left to draw into.
    if (!first && !this.#element) return this;
    if (first) {
      this.#element = this._renderFrame(opts);
      document.body.append(this.#element);
      this._attachFrameListeners();
    }
    const content = this.#element!.querySelector<HTMLElement>(".window-content") ?? this.#element!;
    this._replaceHTML(result, content, opts);
    this.#state = ApplicationV2.RENDER_STATES.RENDERED;
    instances.set(this.id, this);
    if (first) await this._onFirstRender(context, opts);
    await this._onRender(context, opts);
    // `render<ClassName>` for each class of the chain, most specific first, as Foundry does.
    const hooks = (globalThis as unknown as { Hooks: { callAll(h: string, ...a: unknown[]): void } }).Hooks;
    for (let c = this.constructor as typeof ApplicationV2; c?.name; c = Object.getPrototypeOf(c) as typeof ApplicationV2) {
      hooks.callAll(`render${c.name}`, this, this.#element, context, opts);
      if (c === ApplicationV2) break;
    }
    return this;
  }

  _configureRenderOptions(_options: AnyObject): void {}
  async _preRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
  async _prepareContext(_options: AnyObject): Promise<AnyObject> {
    return {};
  }

  async _renderHTML(_context: AnyObject, _options: AnyObject): Promise<unknown> {
    throw new Error("ApplicationV2#_renderHTML must be implemented by a subclass or mixin");
  }

  _replaceHTML(result: unknown, content: HTMLElement, _options: AnyObject): void {
    if (typeof result === "string") content.innerHTML = result;
    else if (result instanceof HTMLElement) content.replaceChildren(result);
  }

  async _onFirstRender(_context: AnyObject, _options: AnyObject): Promise<void> {}
  async _onRender(_context: AnyObject, _options: AnyObject): Promise<void> {}

  _renderFrame(_options: AnyObject): HTMLElement {
    const tag = this.options.tag ?? "div";
    const el = document.createElement(tag);
    el.id = this.id;
    el.classList.add("application", ...this.options.classes);
    const header = document.createElement("header");
    header.className = "window-header";
    const title = document.createElement("h1");
    title.className = "window-title";
    title.textContent = this.title;
    header.append(title);
    if (this.options.window?.frame !== false) {
      // v13's frame: the ⋮ button opens the header menu, built from the controls when it opens.
      const toggle = document.createElement("button");
      toggle.type = "button";
      toggle.className = "header-control icon fa-solid fa-ellipsis-vertical";
      toggle.dataset.action = "toggleControls";
      toggle.setAttribute("aria-label", "Toggle Controls");
      const menu = document.createElement("menu");
      menu.className = "controls-dropdown";
      header.append(toggle, menu);
    }
    const content = document.createElement("section");
    content.className = "window-content";
    el.append(header, content);
    return el;
  }

  _attachFrameListeners(): void {
    const el = this.#element!;
    el.addEventListener("click", (event) => this.#onClick(event as MouseEvent));
    if (this.options.form) {
      el.addEventListener("change", (event) => work.track(this._onChangeForm(this.options.form!, event)));
      el.addEventListener("submit", (event) => {
        event.preventDefault();
        work.track(this.submit());
      });
    }
  }

  #onClick(event: MouseEvent): void {
    const target = (event.target as HTMLElement | null)?.closest<HTMLElement>("[data-action]");
    if (!target || !this.#element?.contains(target)) return;
    const action = target.dataset.action!;
    if (target.closest(".controls-dropdown")) return this.#onClickControl(event, action);
    let handler = this.options.actions[action];
    let buttons = [0];
    if (handler && typeof handler === "object") {
      buttons = handler.buttons ?? [0];
      handler = handler.handler;
    }
    if (typeof handler === "function") {
      if (buttons.includes(event.button ?? 0)) work.track(handler.call(this, event, target));
    } else work.track(this._onClickAction(event, target));
  }

  _onClickAction(_event: Event, _target: HTMLElement): unknown {
    return undefined;
  }

  /** The header menu's controls: the window's own (`window.controls`), to which the hooks add. */
  _getHeaderControls(): HeaderControl[] {
    return [...((this.options.window.controls as HeaderControl[] | undefined) ?? [])];
  }

  /**
   * Open (or close) the header menu. Opening asks `_getHeaderControls`, then the
   * `getHeaderControls<ClassName>` hooks of the class chain (most specific first) with the list,
   * and shows the controls visible now, each a button in the menu.
   */
  toggleControls(expanded?: boolean): void {
    const menu = this.#element?.querySelector<HTMLElement>(".window-header > .controls-dropdown");
    if (!menu) return;
    const open = expanded ?? !menu.classList.contains("expanded");
    menu.classList.toggle("expanded", open);
    if (!open) return void menu.replaceChildren();
    const controls = this._getHeaderControls();
    const hooks = (globalThis as unknown as { Hooks: { callAll(h: string, ...a: unknown[]): void } }).Hooks;
    for (let c = this.constructor as typeof ApplicationV2; c?.name; c = Object.getPrototypeOf(c) as typeof ApplicationV2) {
      hooks.callAll(`getHeaderControls${c.name}`, this, controls);
      if (c === ApplicationV2) break;
    }
    this.#headerControls = controls.filter((c) => (typeof c.visible === "function" ? c.visible.call(this) : (c.visible ?? true)));
    const i18n = (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n;
    menu.replaceChildren(
      ...this.#headerControls.map((c) => {
        const li = document.createElement("li");
        li.className = "header-control";
        const button = document.createElement("button");
        button.type = "button";
        button.className = "control";
        button.dataset.action = c.action;
        const icon = document.createElement("i");
        icon.className = `control-icon ${c.icon ?? ""}`;
        icon.setAttribute("inert", "");
        const label = document.createElement("span");
        label.className = "control-label";
        label.textContent = i18n.localize(c.label);
        button.append(icon, label);
        li.append(button);
        return li;
      }),
    );
  }

  /** A header menu control was clicked: its `onClick`, else the action of its name; the menu closes. */
  #onClickControl(event: MouseEvent, action: string): void {
    const control = this.#headerControls.find((c) => c.action === action);
    this.toggleControls(false);
    if (!control) return;
    if (control.onClick) return void work.track(control.onClick.call(this, event) as Promise<unknown>);
    const handler = this.options.actions[action];
    const fn = typeof handler === "object" ? handler.handler : handler;
    if (typeof fn === "function") work.track(fn.call(this, event, event.target as HTMLElement));
  }

  async _onChangeForm(formConfig: AnyObject, _event: Event): Promise<void> {
    if (formConfig.submitOnChange) await this.submit();
  }

  /** Submit the form through `options.form.handler`. */
  async submit(): Promise<void> {
    const handler = this.options.form?.handler as ((this: ApplicationV2, event: Event, form: HTMLElement, data: { object: AnyObject }) => unknown) | undefined;
    const form = this.form ?? this.#element!;
    await handler?.call(this, new Event("submit"), form, { object: formData(form) });
  }

  _prepareTabs(group: string): Record<string, { id: string; group: string; icon?: string; label?: string; active: boolean; cssClass: string }> {
    const config = (this.constructor as typeof ApplicationV2).TABS[group];
    if (!config) return {};
    const active = this.tabGroups[group] ?? config.initial;
    return Object.fromEntries(
      config.tabs.map((t) => {
        const isActive = t.id === active;
        const label = t.label ?? (config.labelPrefix ? `${config.labelPrefix}.${t.id}` : t.id);
        return [t.id, { ...t, group, label, active: isActive, cssClass: [t.cssClass, isActive ? "active" : ""].filter(Boolean).join(" ") }];
      }),
    );
  }

  changeTab(tab: string, group: string): void {
    this.tabGroups[group] = tab;
    for (const el of Array.from(this.#element?.querySelectorAll<HTMLElement>(`[data-group="${group}"][data-tab]`) ?? [])) {
      el.classList.toggle("active", el.dataset.tab === tab);
    }
  }

  /** As Foundry: `_preClose`, the element removed, `_onClose`, then the `close<ClassName>` hooks. */
  async close(options: AnyObject = {}): Promise<this> {
    if (!this.#element) return this;
    await this._preClose(options);
    const element = this.#element;
    this.#element?.remove();
    this.#element = null;
    this.#state = ApplicationV2.RENDER_STATES.CLOSED;
    instances.delete(this.id);
    this._onClose(options);
    const hooks = (globalThis as unknown as { Hooks: { callAll(h: string, ...a: unknown[]): void } }).Hooks;
    for (let c = this.constructor as typeof ApplicationV2; c?.name; c = Object.getPrototypeOf(c) as typeof ApplicationV2) {
      hooks.callAll(`close${c.name}`, this, element);
      if (c === ApplicationV2) break;
    }
    return this;
  }

  async _preClose(_options: AnyObject): Promise<void> {}
  _onClose(_options: AnyObject): void {}

  /** The harness's new world: this window is gone with the old one's page (no hooks, as at a reload). */
  _forget(): void {
    this.#element = null;
    this.#state = ApplicationV2.RENDER_STATES.CLOSED;
    instances.delete(this.id);
  }

  setPosition(position: AnyObject = {}): AnyObject {
    Object.assign(this.position, position);
    return this.position;
  }

  bringToFront(): void {}
  minimize(): Promise<void> {
    return Promise.resolve();
  }
}

/** Options are cloned except documents and functions, which are kept by reference. */
function cloneOptions(options: AnyObject): AnyObject {
  const out: AnyObject = {};
  for (const [k, v] of Object.entries(options)) out[k] = isPlainObject(v) ? cloneOptions(v) : Array.isArray(v) ? [...v] : v;
  return out;
}

/* -------------------------------------------- */
/*  Handlebars mixin                              */
/* -------------------------------------------- */

export interface PartConfig {
  template: string;
  id?: string;
  classes?: string[];
  templates?: string[];
  scrollable?: string[];
  root?: boolean;
}

export function HandlebarsApplicationMixin<B extends Ctor>(Base: B) {
  abstract class HandlebarsApplication extends (Base as unknown as typeof ApplicationV2) {
    static PARTS: Record<string, PartConfig> = {};
    parts: Record<string, HTMLElement> = {};

    override _configureRenderOptions(options: AnyObject): void {
      super._configureRenderOptions(options);
      const all = Object.keys((this.constructor as unknown as { PARTS: Record<string, PartConfig> }).PARTS);
      options.parts = Array.isArray(options.parts) ? (options.parts as string[]).filter((p) => all.includes(p)) : all;
    }

    async _preparePartContext(partId: string, context: AnyObject, _options: AnyObject): Promise<AnyObject> {
      context.partId = `${this.id}-${partId}`;
      return context;
    }

    override async _renderHTML(context: AnyObject, options: AnyObject): Promise<Record<string, HTMLElement>> {
      const PARTS = (this.constructor as unknown as { PARTS: Record<string, PartConfig> }).PARTS;
      const rendered: Record<string, HTMLElement> = {};
      for (const partId of options.parts as string[]) {
        const part = PARTS[partId];
        if (!part) throw new Error(`Part "${partId}" is not a registered template part`);
        const partContext = await this._preparePartContext(partId, { ...context }, options);
        const html = await renderTemplate(part.template, partContext);
        const template = document.createElement("template");
        template.innerHTML = html.trim();
        const elements = Array.from(template.content.children);
        if (elements.length !== 1) throw new Error(`Template part "${partId}" must render a single HTML element (rendered ${elements.length}).`);
        const el = elements[0] as HTMLElement;
        el.dataset.applicationPart = partId;
        if (part.classes) el.classList.add(...part.classes);
        rendered[partId] = el;
      }
      return rendered;
    }

    override _replaceHTML(result: unknown, content: HTMLElement, _options: AnyObject): void {
      for (const [partId, el] of Object.entries(result as Record<string, HTMLElement>)) {
        const existing = this.parts[partId];
        if (existing?.isConnected) existing.replaceWith(el);
        else content.append(el);
        this.parts[partId] = el;
      }
    }
  }
  return HandlebarsApplication as unknown as B & typeof HandlebarsApplication;
}

/* -------------------------------------------- */
/*  Document sheets                               */
/* -------------------------------------------- */

export class DocumentSheetV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "{id}",
    classes: ["sheet"],
    tag: "form",
    document: null,
    viewPermission: OWNERSHIP.LIMITED,
    editPermission: OWNERSHIP.OWNER,
    sheetConfig: true,
    actions: {},
    form: { handler: DocumentSheetV2.#onSubmitDocumentForm, submitOnChange: false, closeOnSubmit: false },
  };

  constructor(options: AnyObject = {}) {
    if (!(options.document instanceof ClientDocument)) throw new Error("A DocumentSheetV2 needs a document");
    super(options);
    const doc = options.document;
    (this.options as AnyObject).id = `${this.constructor.name}-${doc.uuid.replaceAll(".", "-")}`;
  }

  get document(): ClientDocument {
    return this.options.document as ClientDocument;
  }

  override get title(): string {
    return `${this.document.name ?? ""}`;
  }

  /** Editable: the user may update the document (a locked compendium's are not). */
  get isEditable(): boolean {
    if (this.options.editable === false) return false;
    const user = (globalThis as unknown as { game: { user: Parameters<ClientDocument["canUserModify"]>[0] } }).game.user;
    return this.document.canUserModify(user, "update");
  }

  override async render(options: AnyObject | boolean = {}, legacy?: AnyObject): Promise<this> {
    this.document.apps[this.id] = this;
    return super.render(options, legacy);
  }

  override async close(options: AnyObject = {}): Promise<this> {
    delete this.document.apps[this.id];
    return super.close(options);
  }

  override async _prepareContext(options: AnyObject): Promise<AnyObject> {
    const base = await super._prepareContext(options);
    const game = (globalThis as unknown as { game: { user: unknown } }).game;
    return {
      ...base,
      document: this.document,
      source: this.document._source,
      fields: this.document.schema.fields,
      editable: this.isEditable,
      user: game.user,
      rootId: this.id,
    };
  }

  /** The update a form submission makes. */
  _prepareSubmitData(_event: Event, _form: HTMLElement, data: { object: AnyObject }): AnyObject {
    return data.object;
  }

  async _processSubmitData(_event: Event, _form: HTMLElement, submitData: AnyObject): Promise<void> {
    await this.document.update(submitData);
  }

  static async #onSubmitDocumentForm(this: DocumentSheetV2, event: Event, form: HTMLElement, data: { object: AnyObject }): Promise<void> {
    if (!this.isEditable) return;
    const submitData = this._prepareSubmitData(event, form, data);
    await this._processSubmitData(event, form, submitData);
  }
}

export const TextEditor = {
  get implementation() {
    return TextEditor;
  },

  /** Enrich HTML; secret sections are removed unless `secrets` is true. */
  async enrichHTML(content: string, { secrets = false }: { secrets?: boolean; relativeTo?: unknown; rollData?: unknown } = {}): Promise<string> {
    await Promise.resolve();
    const template = document.createElement("template");
    template.innerHTML = content ?? "";
    if (!secrets) for (const el of Array.from(template.content.querySelectorAll("section.secret"))) el.remove();
    return template.innerHTML;
  },

  getDragEventData(event: DragEvent): AnyObject {
    const raw = event.dataTransfer?.getData("text/plain") ?? "";
    try {
      return JSON.parse(raw) as AnyObject;
    } catch {
      return {};
    }
  },
};

export class ActorSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { classes: ["actor"], position: { width: 600 }, form: { submitOnChange: true } };

  get actor(): ClientDocument {
    return this.document;
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("dragover", (event) => event.preventDefault());
    this.element.addEventListener("drop", (event) => work.track(this._onDrop(event as DragEvent)));
  }

  /** Read the drop, resolve its document, and hand it to `_onDropItem` (or the others). */
  async _onDrop(event: DragEvent): Promise<unknown> {
    const data = TextEditor.getDragEventData(event);
    const hooks = (globalThis as unknown as { Hooks: { call(h: string, ...a: unknown[]): boolean } }).Hooks;
    if (hooks.call("dropActorSheetData", this.actor, this, data) === false) return null;
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { documentClass?: typeof ClientDocument }> }).CONFIG;
    const type = String(data.type ?? "");
    if (type === "Folder") return this._onDropFolder(event, data);
    const cls = CONFIG[type]?.documentClass;
    if (!cls) return null;
    const doc = await cls.fromDropData(data);
    if (!doc) return null;
    const self = this as unknown as Record<string, ((e: DragEvent, d: ClientDocument) => Promise<unknown>) | undefined>;
    if (type === "Item") return self._onDropItem?.(event, doc);
    if (type === "Actor") return self._onDropActor?.(event, doc);
    if (type === "ActiveEffect") return self._onDropActiveEffect?.(event, doc);
    return null;
  }

  async _onDropFolder(_event: DragEvent, _data: AnyObject): Promise<unknown> {
    return null;
  }

  async _onDropActor(_event: DragEvent, _actor: ClientDocument): Promise<unknown> {
    return null;
  }
}

/** Base behaviour of dropping an item on an actor sheet: the owner gets a copy. */
Object.defineProperty(ActorSheetV2.prototype, "_onDropItem", {
  value: async function (this: ActorSheetV2, _event: DragEvent, item: ClientDocument) {
    if (!this.actor.isOwner) return null;
    if (item.parent === this.actor) return null;
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { documentClass: typeof ClientDocument }> }).CONFIG;
    return CONFIG.Item!.documentClass.create(item.toObject(), { parent: this.actor });
  },
  writable: true,
  configurable: true,
});

export class ItemSheetV2 extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { classes: ["item"], position: { width: 480 }, form: { submitOnChange: true } };

  get item(): ClientDocument {
    return this.document;
  }

  get actor(): ClientDocument | null {
    return (this.document.parent as ClientDocument | null) ?? null;
  }
}

/** Build a drop event carrying `data` as Foundry's drag data. */
export function dropEvent(data: AnyObject): DragEvent {
  const event = new Event("drop", { bubbles: true, cancelable: true }) as DragEvent;
  const payload = JSON.stringify(data);
  Object.defineProperty(event, "dataTransfer", { value: { getData: (type: string) => (type === "text/plain" ? payload : ""), types: ["text/plain"] } });
  return event;
}

/* -------------------------------------------- */
/*  Sheet registration                            */
/* -------------------------------------------- */

export interface SheetRegistration {
  documentName: string;
  scope: string;
  sheetClass: new (options: AnyObject) => unknown;
  types: string[];
  makeDefault: boolean;
  label: string;
}

export const DocumentSheetConfig = {
  registrations: [] as SheetRegistration[],

  registerSheet(
    documentClass: { documentName: string },
    scope: string,
    sheetClass: new (options: AnyObject) => unknown,
    { types, label, makeDefault = false }: { types?: string[]; label?: string | (() => string); makeDefault?: boolean; canBeDefault?: boolean; canConfigure?: boolean; themes?: unknown } = {},
  ): void {
    const documentName = documentClass.documentName;
    const game = (globalThis as unknown as { game: { documentTypes: Record<string, string[]> } }).game;
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { sheetClasses: Record<string, AnyObject> }> }).CONFIG;
    const config = CONFIG[documentName];
    if (!config) throw new Error(`No CONFIG.${documentName}`);
    const list = types ?? game.documentTypes[documentName] ?? ["base"];
    const id = `${scope}.${sheetClass.name}`;
    const text = typeof label === "function" ? label() : (label ?? id);
    for (const type of list) {
      config.sheetClasses[type] ??= {};
      if (makeDefault) for (const entry of Object.values(config.sheetClasses[type]!)) (entry as AnyObject).default = false;
      config.sheetClasses[type]![id] = { id, cls: sheetClass, default: makeDefault, label: text };
    }
    this.registrations.push({ documentName, scope, sheetClass, types: list, makeDefault, label: text });
  },

  unregisterSheet(documentClass: { documentName: string }, scope: string, sheetClass: { name: string }, { types }: { types?: string[] } = {}): void {
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { sheetClasses: Record<string, AnyObject> }> }).CONFIG;
    const config = CONFIG[documentClass.documentName];
    const id = `${scope}.${sheetClass.name}`;
    for (const [type, sheets] of Object.entries(config?.sheetClasses ?? {})) if (!types || types.includes(type)) delete sheets[id];
  },
};

/* -------------------------------------------- */
/*  Dialogs                                       */
/* -------------------------------------------- */

export interface DialogButton {
  action: string;
  label: string;
  icon?: string;
  default?: boolean;
  type?: string;
  class?: string | string[];
  callback?: (event: Event, button: HTMLButtonElement, dialog: DialogV2) => unknown;
}

/** What a test answers a dialog with: form values (then the default button), `null` (close it), or a function. */
export type DialogResponse = Record<string, unknown> | null | ((dialog: ScriptedDialog) => unknown);

/** A dialog being answered by a test: read it, fill it, submit it or close it. */
export class ScriptedDialog {
  /** The dialog's element (kept after the dialog closed, for assertions). */
  readonly element: HTMLElement;

  constructor(
    readonly app: DialogV2,
    readonly title: string,
  ) {
    this.element = app.element;
  }

  get form(): HTMLFormElement {
    return this.element.querySelector("form")!;
  }

  /** Values of a select's options (throws if there is no such select). */
  options(name: string): string[] {
    const select = this.form.querySelector<HTMLSelectElement>(`select[name="${CSS.escape(name)}"]`);
    if (!select) throw new Error(`dialog "${this.title}" has no select "${name}"`);
    return Array.from(select.options).map((o) => o.value);
  }

  /** Option values of a group of checkboxes named `name.<value>`. */
  checkboxes(name: string): string[] {
    return Array.from(this.form.querySelectorAll<HTMLInputElement>(`input[type="checkbox"]`))
      .map((b) => b.name)
      .filter((n) => n.startsWith(`${name}.`))
      .map((n) => n.slice(name.length + 1));
  }

  /**
   * Fill the form as a user would: an array checks exactly those boxes of the group `name.*`;
   * other values go into the control named so (a select must offer the value). Each filled control
   * fires a `change` event.
   */
  fill(values: Record<string, unknown>): this {
    for (const [name, value] of Object.entries(values)) {
      if (Array.isArray(value)) {
        const options = this.checkboxes(name);
        if (!options.length) throw new Error(`dialog "${this.title}" has no checkboxes "${name}.*"`);
        for (const v of value) if (!options.includes(String(v))) throw new Error(`dialog "${this.title}" offers no "${name}.${String(v)}" (offers ${options.join(", ")})`);
        for (const option of options) {
          const box = this.form.querySelector<HTMLInputElement>(`input[name="${CSS.escape(`${name}.${option}`)}"]`)!;
          box.checked = value.map(String).includes(option);
          box.dispatchEvent(new Event("change", { bubbles: true }));
        }
        continue;
      }
      const el = this.form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
      if (!el) throw new Error(`dialog "${this.title}" has no field "${name}"`);
      if (el instanceof HTMLSelectElement) {
        const offered = Array.from(el.options).map((o) => o.value);
        if (!offered.includes(String(value))) throw new Error(`dialog "${this.title}": "${name}" offers no "${String(value)}" (offers ${offered.join(", ")})`);
        el.value = String(value);
      } else if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = Boolean(value);
      else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.value = String(value);
      else throw new Error(`dialog "${this.title}": "${name}" is not a form control`);
      el.dispatchEvent(new Event("change", { bubbles: true }));
    }
    return this;
  }

  /** Click a button (the default one if none is named). */
  async submit(action?: string): Promise<void> {
    const selector = action ? `button[data-action="${CSS.escape(action)}"]` : "button.default, button[type=submit]";
    const button = this.element.querySelector<HTMLButtonElement>(selector);
    if (!button) throw new Error(`dialog "${this.title}" has no button ${action ?? "(default)"}`);
    await this.app.press(button);
  }

  /** Close the dialog without pressing a button. */
  async cancel(): Promise<void> {
    await this.app.dismiss();
  }
}

/** The answers tests script for the dialogs the code opens, and the dialogs shown. */
export const dialogScript = {
  queue: [] as { response: DialogResponse; title?: string | RegExp }[],
  shown: [] as ScriptedDialog[],
  unexpected: [] as string[],

  /** Answer the next dialog (optionally only if its title matches). */
  next(response: DialogResponse, { title }: { title?: string | RegExp } = {}): void {
    this.queue.push({ response, title });
  },

  reset(): void {
    this.queue.length = 0;
    this.shown.length = 0;
    this.unexpected.length = 0;
  },
};

export class DialogV2 extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = {
    id: "dialog-{id}",
    classes: ["dialog"],
    tag: "dialog",
    window: { frame: true, positioned: true, minimizable: false },
    buttons: [],
    content: "",
    modal: false,
    rejectClose: false,
  };

  #settle: ((value: unknown) => void) | null = null;
  #fail: ((error: unknown) => void) | null = null;
  #done = false;

  get buttons(): DialogButton[] {
    return (this.options.buttons as DialogButton[] | undefined) ?? [];
  }

  override async _renderHTML(_context: AnyObject, _options: AnyObject): Promise<HTMLElement> {
    const i18n = (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n;
    const form = document.createElement("form");
    form.className = "dialog-form standard-form";
    const content = document.createElement("div");
    content.className = "dialog-content standard-form";
    content.innerHTML = String(this.options.content ?? "");
    const footer = document.createElement("footer");
    footer.className = "form-footer";
    for (const b of this.buttons) {
      const button = document.createElement("button");
      button.type = (b.type ?? "submit") as "submit" | "button";
      button.dataset.action = b.action;
      if (b.default) button.classList.add("default");
      button.innerHTML = `${b.icon ? `<i class="${b.icon}"></i>` : ""}<span>${i18n.localize(b.label)}</span>`;
      footer.append(button);
    }
    form.append(content, footer);
    return form;
  }

  override _attachFrameListeners(): void {
    super._attachFrameListeners();
    this.element.addEventListener("click", (event) => {
      const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("button[data-action]");
      if (button && this.element.contains(button)) {
        event.preventDefault();
        work.track(this.press(button));
      }
    });
  }

  /** A button was pressed: its callback's value (else its action) resolves the dialog. */
  async press(button: HTMLButtonElement): Promise<void> {
    if (this.#done) return;
    const config = this.buttons.find((b) => b.action === button.dataset.action);
    const event = new Event("click");
    let result: unknown;
    try {
      result = (await config?.callback?.(event, button, this)) ?? button.dataset.action;
      await (this.options.submit as ((r: unknown, d: DialogV2) => unknown) | undefined)?.(result, this);
    } catch (error) {
      this.#done = true;
      await this.close();
      this.#fail?.(error);
      return;
    }
    this.#done = true;
    await this.close();
    this.#settle?.(result);
  }

  /** Closed without a button: null, or an error with `rejectClose`. */
  async dismiss(): Promise<void> {
    if (this.#done) return;
    this.#done = true;
    await this.close();
    if (this.options.rejectClose) this.#fail?.(new Error("Dialog was dismissed without pressing a button."));
    else this.#settle?.(null);
  }

  /** Render the dialog and wait for its answer (scripted by the test). */
  static async wait(config: AnyObject = {}): Promise<unknown> {
    const dialog = new this(config);
    const answer = new Promise<unknown>((resolve, reject) => {
      dialog.#settle = resolve;
      dialog.#fail = reject;
    });
    work.hold(answer);
    await dialog.render({ force: true });
    await (config.render as ((e: Event, d: DialogV2) => unknown) | undefined)?.(new Event("render"), dialog);
    const title = dialog.title;
    const scripted = new ScriptedDialog(dialog, title);
    dialogScript.shown.push(scripted);
    const index = dialogScript.queue.findIndex((q) => !q.title || (typeof q.title === "string" ? q.title === title : q.title.test(title)));
    if (index < 0) {
      dialogScript.unexpected.push(title);
      await dialog.dismiss();
      throw new Error(`harness: unexpected dialog "${title}" (no scripted answer)`);
    }
    const [{ response }] = dialogScript.queue.splice(index, 1) as [{ response: DialogResponse }];
    void (async () => {
      try {
        let r: unknown = response;
        if (typeof response === "function") r = await response(scripted);
        if (dialog.#done) return;
        if (r === null || r === undefined || r === false) await scripted.cancel();
        else if (isPlainObject(r)) {
          scripted.fill(r);
          await settleMicrotasks();
          await scripted.submit();
        } else await scripted.submit();
      } catch (error) {
        dialog.#done = true;
        await dialog.close();
        dialog.#fail?.(error);
      }
    })();
    return answer;
  }

  static async confirm(config: AnyObject = {}): Promise<unknown> {
    const { yes = {}, no = {}, ...rest } = config as { yes?: AnyObject; no?: AnyObject };
    return this.wait({
      ...rest,
      buttons: [
        { action: "yes", label: "Yes", icon: "fa-solid fa-check", callback: () => true, ...yes },
        { action: "no", label: "No", icon: "fa-solid fa-xmark", default: true, callback: () => false, ...no },
      ],
    });
  }

  static async prompt(config: AnyObject = {}): Promise<unknown> {
    const { ok = {}, ...rest } = config as { ok?: AnyObject };
    return this.wait({ ...rest, buttons: [{ action: "ok", label: "Confirm", icon: "fa-solid fa-check", default: true, ...ok }] });
  }
}

async function settleMicrotasks(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

/* -------------------------------------------- */
/*  File picker                                   */
/* -------------------------------------------- */

/** A chat message in a window of its own (v13's ChatPopout): the message as the chat log renders it. */
/**
 * Core's journal entry sheet (v13's JournalEntrySheet), as far as the system opens one: the entry's
 * name and each page's name and text. A compendium's entry opens read-only.
 */
export class JournalEntrySheet extends DocumentSheetV2 {
  static override DEFAULT_OPTIONS: AnyObject = { classes: ["journal-sheet", "journal-entry"], position: { width: 960, height: 800 } };

  override async _renderHTML(): Promise<HTMLElement> {
    const doc = this.document as ClientDocument & { pages?: { contents: { name: string; _source: AnyObject }[] } };
    const root = document.createElement("section");
    root.className = "journal-entry-content";
    const title = document.createElement("h1");
    title.textContent = doc.name ?? "";
    root.append(title);
    for (const page of doc.pages?.contents ?? []) {
      const article = document.createElement("article");
      article.className = "journal-entry-page";
      const heading = document.createElement("h2");
      heading.textContent = page.name;
      const text = document.createElement("div");
      text.innerHTML = String((page._source.text as AnyObject | undefined)?.content ?? "");
      article.append(heading, text);
      root.append(article);
    }
    return root;
  }
}

export class ChatPopout extends ApplicationV2 {
  static override DEFAULT_OPTIONS: AnyObject = { id: "chat-popout-{id}", classes: ["chat-popout"], window: { frame: true, positioned: true } };

  readonly message: { id: string | null; renderHTML(): Promise<HTMLElement> };

  constructor(options: AnyObject = {}) {
    super(options);
    this.message = options.message as ChatPopout["message"];
  }

  override async _renderHTML(): Promise<HTMLElement> {
    return this.message.renderHTML();
  }
}

export class FilePicker extends ApplicationV2 {
  static opened: FilePicker[] = [];

  static override get implementation(): typeof FilePicker {
    return FilePicker;
  }

  get callback(): ((path: string) => unknown) | undefined {
    return this.options.callback as ((path: string) => unknown) | undefined;
  }

  /** Opens the picker: the test picks a file by calling `pick(path)`. */
  async browse(): Promise<void> {
    FilePicker.opened.push(this);
  }

  async pick(path: string): Promise<void> {
    await this.callback?.(path);
  }
}


/* -------------------------------------------- */
/*  The actor directory                          */
/* -------------------------------------------- */

/** One entry of a context menu, as v13 takes them. */
export interface ContextMenuEntry {
  name: string;
  icon?: string;
  group?: string;
  condition?: boolean | ((li: HTMLElement) => boolean);
  callback: (li: HTMLElement) => unknown;
}

/**
 * The sidebar's actors tab, as far as its entries' context menu: the menu of an actor's entry
 * (`li[data-entry-id]`) is core's options plus what `getActorContextOptions(app, options)` added,
 * each shown when its `condition` holds for the user looking.
 */
export class ActorDirectory extends ApplicationV2 {
  /** The entry options, as the directory builds them each time its menu opens. */
  _getEntryContextOptions(): ContextMenuEntry[] {
    const options: ContextMenuEntry[] = [];
    const hooks = (globalThis as unknown as { Hooks: { callAll(hook: string, ...args: unknown[]): unknown } }).Hooks;
    hooks.callAll("getActorContextOptions", this, options);
    return options;
  }

  /** Right-click an actor's entry: the options shown (localized names), and a way to click one. */
  contextMenu(actorId: string): { names: string[]; click(name: string): Promise<void> } {
    const li = document.createElement("li");
    li.className = "directory-item document actor";
    li.dataset.entryId = actorId;
    const i18n = (globalThis as unknown as { game: { i18n: { localize(k: string): string } } }).game.i18n;
    const shown = this._getEntryContextOptions().filter((o) => (typeof o.condition === "function" ? o.condition(li) : (o.condition ?? true)));
    return {
      names: shown.map((o) => i18n.localize(o.name)),
      click: async (name: string) => {
        const option = shown.find((o) => i18n.localize(o.name) === name);
        if (!option) throw new Error(`the context menu shows no "${name}"`);
        work.track(option.callback(li) as Promise<unknown>);
      },
    };
  }
}

/* -------------------------------------------- */
/*  Tooltips                                     */
/* -------------------------------------------- */

/**
 * The tooltip Foundry shows for an element: its `data-tooltip`, read back as text from the
 * attribute and put into the tooltip as HTML (what a template printed there is markup again).
 */
export function showTooltip(element: HTMLElement): HTMLElement {
  const tooltip = document.createElement("aside");
  tooltip.id = "tooltip";
  tooltip.innerHTML = element.dataset.tooltip ?? "";
  return tooltip;
}
