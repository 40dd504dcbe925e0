/**
 * Installs the in-memory Foundry as globals (`foundry`, `CONFIG`, `CONST`, `game`, `ui`, `Hooks`,
 * the document classes, `Roll`, `fromUuid`…), boots the system the way Foundry does (import the
 * module, then `init` → `i18nInit` → `setup` → `ready`), and gives tests a `harness` to drive it:
 * switch the current user, connect or disconnect the GM, script dialogs, force dice, read the
 * notifications each client showed, and reset the world between tests.
 *
 * Mirrors of Foundry behaviour:
 * - `game.i18n` has no translations before `i18nInit` (localizing during `init` gives keys back).
 * - `game.settings.get` of an unregistered key throws; world settings are `Setting` documents every
 *   client reads, written by a GM only through the database, each client running their `onChange`.
 * - `user.query(name, data, {timeout})` runs `CONFIG.queries[name]` on THAT user's client: here the
 *   current user is switched to the target for the handler's duration, data and answer go through
 *   JSON as over the socket, a user who is not connected cannot be queried, and the asker stops
 *   waiting after `timeout` ms (the handler runs on to its end).
 * - `game.users.activeGM` is the connected GM (the one with the lowest id), or null.
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT, loadTranslations, expandTranslations, I18n, type Translations } from "./handlebars";
import * as utils from "./utils";
import { fields, DataModel, TypeDataModel, DataModelValidationError, localizeDataModel } from "./fields";
import { HooksImpl } from "./hooks";
import { receivesMessage, server } from "./server";
import { clients } from "./clients";
import { Roll, diceControl } from "./dice";
import { CombatantGroup } from "./combatant-groups";
import { CORE_BEHAVIOR_TYPES, REGION_EVENTS, RegionBehavior, RegionBehaviorType, RegionDocument } from "./regions";
import {
  Actor,
  CARD_DRAW_MODES,
  Card,
  Cards,
  ChatMessage,
  ClientDocument,
  Collection,
  Combat,
  Combatant,
  CompendiumCollection,
  Folder,
  FOLDER_DOCUMENT_TYPES,
  Item,
  JournalEntry,
  JournalEntryPage,
  OWNERSHIP,
  ROLES,
  Scene,
  Setting,
  TokenDocument,
  User,
  WorldCollection,
  database,
  turnEvents,
  fromUuid,
  fromUuidSync,
  network,
} from "./documents";
import { ActiveEffect, ACTIVE_EFFECT_MODES } from "./effects";
import { TokenHUD } from "./hud";
import { Canvas, CanvasPointerEvent, click, drag, GRID_DIAGONALS, GRID_TYPES, highlighted, Point, resetCanvas, target, untarget, view } from "./canvas";
import { RollTable, TableResult, TABLE_RESULT_TYPES } from "./tables";
import { Adventure } from "./adventures";
import {
  ActorDirectory,
  ActorSheetV2,
  ApplicationV2,
  ChatPopout,
  JournalEntrySheet,
  DialogV2,
  DocumentSheetConfig,
  DocumentSheetV2,
  FilePicker,
  HandlebarsApplicationMixin,
  ItemSheetV2,
  Notifications,
  TextEditor,
  dialogScript,
  loadTemplates,
  renderTemplate,
  setTemplateTranslations,
  work,
  instances,
} from "./ui";

type AnyObject = utils.AnyObject;

export const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, "system.json"), "utf8")) as {
  id: string;
  version: string;
  documentTypes: Record<string, Record<string, unknown>>;
  packs: { name: string; label: string; type: string; path: string; system?: string; ownership?: Record<string, string> }[];
  grid?: { distance?: number; units?: string; diagonals?: number };
};

/* -------------------------------------------- */
/*  i18n                                          */
/* -------------------------------------------- */

/** Keys Foundry core itself translates and the system uses. */
const CORE_TRANSLATIONS = {
  Name: "Name",
  Yes: "Yes",
  No: "No",
  Cancel: "Cancel",
  Confirm: "Confirm",
  Delete: "Delete",
  Close: "Close",
  DOCUMENT: {
    Actor: "Actor",
    Actors: "Actors",
    Item: "Item",
    Items: "Items",
    Scene: "Scene",
    Scenes: "Scenes",
    JournalEntry: "Journal Entry",
    JournalEntries: "Journal Entries",
    ChatMessage: "Chat Message",
    ChatMessages: "Chat Messages",
    Combat: "Combat Encounter",
    User: "User",
  },
};

export class Localization {
  lang = "en";
  #i18n = new I18n({});

  get translations(): Translations {
    return this.#i18n.translations;
  }

  /** Load the core and system translations (Foundry does this between `init` and `i18nInit`). */
  setup(): void {
    const system = loadTranslations(path.join(ROOT, "lang", "en.json"));
    const merged = expandTranslations({ ...CORE_TRANSLATIONS });
    for (const [k, v] of Object.entries(system)) {
      const prev = merged[k];
      merged[k] = typeof prev === "object" && typeof v === "object" ? { ...prev, ...v } : v;
    }
    this.#i18n = new I18n(merged);
    setTemplateTranslations(merged);
  }

  has(key: string, _fallback = true): boolean {
    return this.#i18n.has(key);
  }

  localize(key: string): string {
    return this.#i18n.localize(key);
  }

  format(key: string, data: Record<string, unknown> = {}): string {
    return this.#i18n.format(key, data);
  }
}

/* -------------------------------------------- */
/*  Settings                                      */
/* -------------------------------------------- */

export interface SettingConfig {
  key: string;
  namespace: string;
  id: string;
  name?: string;
  hint?: string;
  scope: "world" | "client" | "user";
  config?: boolean;
  type?: unknown;
  default?: unknown;
  choices?: Record<string, string>;
  range?: { min: number; max: number; step?: number };
  requiresReload?: boolean;
  onChange?: (value: unknown, options?: unknown, userId?: string) => void;
}

/**
 * Game settings. A world setting is a `Setting` document of the world, written through the same
 * database as every other document (a GM only; the writes are counted), read by every client, and
 * each client runs its `onChange` when its copy changes. Client settings stay on this client.
 */
export class ClientSettings {
  readonly settings = new Map<string, SettingConfig>();
  readonly menus = new Map<string, AnyObject>();
  /** The world's settings, as Foundry keeps them (`game.settings.storage.get("world")`). */
  readonly world = new WorldCollection<Setting>("Setting");
  readonly storage = new Map<string, unknown>([["world", this.world]]);
  /** Client settings' values, each client its own (kept in its browser): by user and setting. */
  readonly #values = new Map<string, unknown>();
  #clientKey(id: string): string {
    return `${(globalThis as unknown as { game: { user: User | null } }).game.user?.id ?? ""}|${id}`;
  }

  register(namespace: string, key: string, config: Omit<SettingConfig, "key" | "namespace" | "id" | "scope"> & { scope?: SettingConfig["scope"] }): void {
    if (!namespace || !key) throw new Error("You must specify both namespace and key portions of the setting");
    const id = `${namespace}.${key}`;
    this.settings.set(id, { scope: "client", ...config, key, namespace, id } as SettingConfig);
  }

  registerMenu(namespace: string, key: string, config: AnyObject): void {
    this.menus.set(`${namespace}.${key}`, { ...config, key, namespace });
  }

  #config(namespace: string, key: string): SettingConfig {
    const id = `${namespace}.${key}`;
    const config = this.settings.get(id);
    if (!config) throw new Error(`"${id}" is not a registered game setting`);
    return config;
  }

  /** The world's document of a setting, if it was ever written. */
  #stored(id: string): Setting | undefined {
    return this.world.find((s) => s.key === id);
  }

  get(namespace: string, key: string): unknown {
    const config = this.#config(namespace, key);
    if (config.scope === "world") {
      const stored = this.#stored(config.id);
      return stored && stored.value !== null ? (JSON.parse(stored.value) as unknown) : utils.deepClone(config.default);
    }
    const stored = this.#clientKey(config.id);
    const value = this.#values.has(stored) ? this.#values.get(stored) : config.default;
    return utils.deepClone(value);
  }

  /** Cast and validate as the setting's type does; throws on an invalid value. */
  #clean(config: SettingConfig, value: unknown): unknown {
    let v = value;
    if (config.type === Number) {
      v = Number(value);
      if (!Number.isFinite(v)) throw new Error(`Invalid value for setting ${config.id}: ${String(value)}`);
      if (config.range && ((v as number) < config.range.min || (v as number) > config.range.max)) {
        throw new Error(`Setting ${config.id}: ${String(v)} is outside ${config.range.min}–${config.range.max}`);
      }
    } else if (config.type === Boolean) v = Boolean(value);
    else if (config.type === String) v = String(value);
    else if (config.type === Array && !Array.isArray(value)) throw new Error(`Setting ${config.id} must be an array`);
    else if (config.type instanceof fields.DataField) {
      const field = config.type;
      v = field.clean(value);
      const failures: Record<string, string> = {};
      field.validate(v, config.id, failures);
      if (Object.keys(failures).length) throw new DataModelValidationError(`Setting ${config.id}`, failures);
    }
    if (config.choices && !Object.prototype.hasOwnProperty.call(config.choices, String(v))) {
      throw new Error(`Setting ${config.id}: "${String(v)}" is not one of its choices`);
    }
    return v;
  }

  async set(namespace: string, key: string, value: unknown, options: AnyObject = {}): Promise<unknown> {
    const config = this.#config(namespace, key);
    const clean = this.#clean(config, utils.deepClone(value));
    if (config.scope === "world") {
      const stored = this.#stored(config.id);
      const json = JSON.stringify(clean);
      if (stored) await stored.update({ value: json }, options);
      else await Setting.create({ key: config.id, value: json }, options);
      return clean;
    }
    this.#values.set(this.#clientKey(config.id), clean);
    const user = (globalThis as unknown as { game: { user: User | null } }).game.user;
    config.onChange?.(utils.deepClone(clean), options, user?.id ?? undefined);
    return clean;
  }

  /** A world setting's document changed on this client: run the setting's `onChange`. */
  onStored(setting: Setting, options: AnyObject, userId: string): void {
    const config = this.settings.get(setting.key);
    if (config?.scope === "world" && setting.value !== null) config.onChange?.(JSON.parse(setting.value) as unknown, options, userId);
  }

  /** Forget every client setting's value (registrations stay; world settings go with the world). */
  resetValues(): void {
    this.#values.clear();
  }
}

/* -------------------------------------------- */
/*  Users                                         */
/* -------------------------------------------- */

export class Users extends WorldCollection<User> {
  constructor() {
    super("User");
  }

  /**
   * The active GM: a connected full GM before any assistant (Foundry's issues 11242 and 11698), the
   * one with the lowest id among them; null when no GM is connected.
   */
  get activeGM(): User | null {
    const connected = this.contents.filter((u) => u.active && u.isGM).sort((a, b) => String(a.id).localeCompare(String(b.id)));
    return connected.find((u) => u.role >= ROLES.GAMEMASTER) ?? connected[0] ?? null;
  }

  get players(): User[] {
    return this.contents.filter((u) => !u.isGM && u.hasRole("PLAYER"));
  }

  get current(): User | null {
    return (globalThis as unknown as { game: { user: User | null } }).game.user;
  }
}

/** The world's scenes: `active` is the one the GM activated, `viewed` the one this client's canvas shows. */
export class Scenes extends WorldCollection<Scene> {
  constructor() {
    super("Scene");
  }

  get active(): Scene | undefined {
    return this.contents.find((s) => s.active);
  }

  get viewed(): Scene | undefined {
    const scene = (globalThis as unknown as { canvas?: { scene: Scene | null } }).canvas?.scene;
    return scene ?? undefined;
  }
}

/**
 * The chat log of the client the code runs on: only the messages the server sends that client
 * (./server.ts), whatever the world holds. The database reads and writes the world's whole store.
 */
export class ChatMessages extends WorldCollection<ChatMessage> {
  constructor() {
    super("ChatMessage");
  }

  #received(message: ChatMessage | undefined): message is ChatMessage {
    return !!message && receivesMessage(game.user, message);
  }

  override get(key: string, options: { strict?: boolean } = {}): ChatMessage | undefined {
    const message = Map.prototype.get.call(this, key) as ChatMessage | undefined;
    if (this.#received(message)) return message;
    if (options.strict) throw new Error(`The key ${key} does not exist in the ChatMessages Collection`);
    return undefined;
  }

  override has(key: string): boolean {
    return this.#received(Map.prototype.get.call(this, key) as ChatMessage | undefined);
  }

  override *values(): MapIterator<ChatMessage> {
    for (const message of Map.prototype.values.call(this) as MapIterator<ChatMessage>) if (this.#received(message)) yield message;
  }

  override *keys(): MapIterator<string> {
    for (const message of this.values()) yield message.id!;
  }

  override *entries(): MapIterator<[string, ChatMessage]> {
    for (const message of this.values()) yield [message.id!, message];
  }

  override get size(): number {
    return this.contents.length;
  }

  override forEach(fn: (value: ChatMessage, key: string, map: Map<string, ChatMessage>) => void): void {
    for (const [key, value] of this.entries()) fn(value, key, this);
  }

  /** Clear Chat Log: every message deleted in one operation (a GM's), each one's delete hooks run. */
  async flush(): Promise<ClientDocument[]> {
    return this.documentClass.deleteDocuments([], { deleteAll: true });
  }
}

/**
 * The world's encounters. An encounter tied to a scene is shown, and is `game.combat`, only on a
 * client viewing that scene (knowledge base, Combat: "encounters are linked to the scene"); one tied
 * to no scene shows everywhere. Of those a client may view, the active one, else the first.
 */
export class Combats extends WorldCollection<Combat> {
  constructor() {
    super("Combat");
  }

  /** The encounters this client's canvas may show: tied to the scene it views, or to none. */
  get combats(): Combat[] {
    const scene = (globalThis as unknown as { canvas?: { scene: Scene | null } }).canvas?.scene ?? null;
    return this.contents.filter((c) => !c._source.scene || c._source.scene === scene?.id);
  }

  get active(): Combat | undefined {
    return this.combats.find((c) => c.active);
  }

  get viewed(): Combat | undefined {
    return this.active ?? this.combats[0];
  }
}

/* -------------------------------------------- */
/*  The game                                      */
/* -------------------------------------------- */

const DOCUMENTS = {
  Actor,
  Item,
  ChatMessage,
  User,
  Combat,
  Combatant,
  CombatantGroup,
  Scene,
  Token: TokenDocument,
  Region: RegionDocument,
  RegionBehavior,
  JournalEntry,
  JournalEntryPage,
  Folder,
  Cards,
  Card,
  ActiveEffect,
  RollTable,
  TableResult,
  Adventure,
  Setting,
} as const;

export class Game {
  readonly system = { ...manifest };
  readonly documentTypes: Record<string, string[]> = Object.fromEntries(Object.entries(manifest.documentTypes).map(([doc, types]) => [doc, Object.keys(types)]));
  readonly release = { generation: 13, build: 345 };
  readonly version = "13.345";
  readonly world = { id: "harness-world", title: "Harness World" };
  readonly i18n = new Localization();
  readonly settings = new ClientSettings();
  readonly users = new Users();
  readonly actors = new WorldCollection<Actor>("Actor");
  readonly items = new WorldCollection<Item>("Item");
  readonly messages = new ChatMessages();
  readonly combats = new Combats();
  readonly scenes = new Scenes();
  readonly journal = new WorldCollection<JournalEntry>("JournalEntry");
  readonly folders = new WorldCollection<Folder>("Folder");
  readonly cards = new WorldCollection<Cards>("Cards");
  readonly tables = new WorldCollection<RollTable>("RollTable");
  readonly packs = new Collection<CompendiumCollection>();
  readonly collections = new Map<string, WorldCollection<ClientDocument>>();
  #user: User | null = null;
  ready = false;
  paused = false;

  constructor() {
    for (const c of [this.users, this.actors, this.items, this.messages, this.combats, this.scenes, this.journal, this.folders, this.cards, this.tables, this.settings.world]) {
      this.collections.set(c.documentName, c as unknown as WorldCollection<ClientDocument>);
    }
  }

  /** The user of the client the code runs on: the one it was started as, else the test's. */
  get user(): User | null {
    const client = clients.current;
    return client ? (client.user as User | null) : this.#user;
  }

  set user(user: User | null) {
    const client = clients.current;
    if (client) client.user = user;
    else this.#user = user;
  }

  get userId(): string | null {
    return this.user?.id ?? null;
  }

  get combat(): Combat | undefined {
    return this.combats.viewed;
  }

  /**
   * The client's socket, as far as a modified client's raw document write goes:
   * `emit("modifyDocument", {type, action: "update", operation: {updates}}, ack)` reaches the server
   * with no data model's check on the way; the server checks the user's permission only and stores
   * it (`storeUnchecked`). The ack has `{result}` or `{error}`.
   */
  readonly socket = {
    emit: (event: string, request: AnyObject, ack?: (response: AnyObject) => void): void => {
      const answer = (response: AnyObject): void => void setTimeout(() => ack?.(response), 0);
      const { type, action, operation } = request as { type?: string; action?: string; operation?: { updates?: AnyObject[] } };
      if (event !== "modifyDocument" || action !== "update" || !type) return answer({ error: { message: `harness: the socket models only a modifyDocument update (${event}, ${String(action)})` } });
      const user = this.user!;
      void (async () => {
        try {
          for (const { _id, ...changes } of operation?.updates ?? []) {
            const collection = this.collections.get(type);
            const doc = collection?.get(String(_id)) ?? collection?.getInvalid(String(_id), { strict: false });
            if (!doc) throw new Error(`${type} [${String(_id)}] does not exist`);
            await harness.storeUnchecked(user, doc, changes);
          }
          answer({ result: operation?.updates ?? [] });
        } catch (error) {
          answer({ error: { message: String(error) } });
        }
      })();
    },
  };
}

/* -------------------------------------------- */
/*  Installation                                  */
/* -------------------------------------------- */

export const hooks = new HooksImpl();
export const notifications = new Notifications();
let game: Game;

function configFor(name: keyof typeof DOCUMENTS, types: string[]): AnyObject {
  return {
    documentClass: DOCUMENTS[name],
    dataModels: {},
    typeLabels: Object.fromEntries(types.map((t) => [t, `TYPES.${name}.${t}`])),
    sheetClasses: {},
  };
}

/** Put the Foundry globals in place (idempotent per test file: each file gets fresh modules). */
export function installGlobals(): void {
  game = new Game();
  // The roll mode this client's user picked among the chat's roll privacy buttons (public by default).
  game.settings.register("core", "rollMode", { scope: "client", config: false, type: String, default: "publicroll", choices: { publicroll: "publicroll", gmroll: "gmroll", blindroll: "blindroll", selfroll: "selfroll" } });
  // Core's rule for measuring diagonals on square grids: the system's, else each diagonal counts 1.
  game.settings.register("core", "gridDiagonals", {
    scope: "world",
    config: true,
    type: Number,
    default: manifest.grid?.diagonals ?? GRID_DIAGONALS.EQUIDISTANT,
    choices: Object.fromEntries(Object.entries(GRID_DIAGONALS).map(([name, value]) => [String(value), name])),
  });
  const CONFIG: AnyObject = {};
  for (const name of Object.keys(DOCUMENTS) as (keyof typeof DOCUMENTS)[]) CONFIG[name] = configFor(name, game.documentTypes[name] ?? []);
  (CONFIG.Actor as AnyObject).trackableAttributes = {};
  (CONFIG.Token as AnyObject).hudClass = TokenHUD;
  (CONFIG.JournalEntry as AnyObject).sheetClasses = { base: { "core.JournalEntrySheet": { id: "core.JournalEntrySheet", cls: JournalEntrySheet, default: true, label: "Journal Entry" } } };
  CONFIG.queries = {};
  CONFIG.Dice = { rolls: [Roll], randomUniform: diceControl.randomUniform };
  CONFIG.ui = {};
  CONFIG.statusEffects = [];
  Object.assign(CONFIG.RegionBehavior as AnyObject, {
    typeIcons: {},
    typeLabels: { ...((CONFIG.RegionBehavior as AnyObject).typeLabels as AnyObject), ...Object.fromEntries(CORE_BEHAVIOR_TYPES.map((t) => [t, `TYPES.RegionBehavior.${t}`])) },
  });

  const CONST = {
    DOCUMENT_OWNERSHIP_LEVELS: OWNERSHIP,
    USER_ROLES: ROLES,
    USER_ROLE_NAMES: Object.fromEntries(Object.entries(ROLES).map(([k, v]) => [v, k])),
    CHAT_MESSAGE_STYLES: { OTHER: 0, OOC: 1, IC: 2, EMOTE: 3 },
    BASE_DOCUMENT_TYPE: "base",
    CARD_DRAW_MODES,
    ACTIVE_EFFECT_MODES,
    TABLE_RESULT_TYPES,
    REGION_EVENTS,
    FOLDER_DOCUMENT_TYPES,
    GRID_TYPES,
    GRID_DIAGONALS,
  };

  const foundry = {
    utils: { ...utils, fromUuidSync, debouncedReload },
    data: { fields, validation: { DataModelValidationError }, regionBehaviors: { RegionBehaviorType } },
    abstract: { DataModel, TypeDataModel, Document: ClientDocument },
    documents: { ...DOCUMENTS, TokenDocument, RegionDocument, collections: { WorldCollection, CompendiumCollection } },
    dice: { Roll },
    applications: {
      api: { ApplicationV2, HandlebarsApplicationMixin, DialogV2, DocumentSheetV2 },
      sheets: { ActorSheetV2, ItemSheetV2 },
      apps: { DocumentSheetConfig, FilePicker },
      sidebar: { apps: { ChatPopout }, tabs: { ActorDirectory } },
      ux: { TextEditor },
      handlebars: { renderTemplate, loadTemplates },
      hud: { TokenHUD },
    },
  };

  const globals: AnyObject = {
    foundry,
    CONFIG,
    CONST,
    game,
    ui: { notifications, actors: new ActorDirectory() },
    Hooks: hooks,
    Roll,
    fromUuid,
    fromUuidSync,
    // Each client's canvas (./canvas.ts): the scene its user views, its grid and tokens.
    canvas: new Canvas(),
    // PIXI, as far as making a pointer event for the canvas goes (./canvas.ts).
    PIXI: Object.freeze({ FederatedPointerEvent: CanvasPointerEvent, Point }),
    getDocumentClass: (name: string) => (CONFIG[name] as { documentClass: unknown } | undefined)?.documentClass,
    // Foundry's globals name the document classes; `Token` and `Region` are canvas objects, which the harness has not.
    ...Object.fromEntries(Object.entries(DOCUMENTS).filter(([name]) => name !== "Token" && name !== "Region")),
    TokenDocument,
    RegionDocument,
  };
  Object.assign(globalThis, globals);
  network.query = runQuery;
}

/** Queries sent, in order, with their answers (for assertions). */
export const queries: { from: string | null; to: string; name: string; data: unknown; result?: unknown; error?: unknown }[] = [];

async function runQuery(target: User, name: string, data: unknown, options: { timeout?: number }): Promise<unknown> {
  const handler = (globalThis as unknown as { CONFIG: { queries: Record<string, (d: unknown, o: unknown) => unknown> } }).CONFIG.queries[name];
  const from = game.user;
  const entry: (typeof queries)[number] = { from: from?.name ?? null, to: target.name, name, data };
  queries.push(entry);
  if (!handler) throw (entry.error = new Error(`Query "${name}" is not registered on ${target.name}'s client`));
  const payload = JSON.parse(JSON.stringify(data ?? null)) as unknown;
  // The handler runs on the target's client, to its end, whether the asker still waits or not.
  const answer = clients.run(target, async () => handler(payload, { timeout: options.timeout }));
  answer.catch(() => undefined); // an answer that fails after the asker gave up is nobody's to hear
  // The asker waits as long as its timeout (Foundry's issue 11235: `User#query` takes one), then gives up.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expiry = options.timeout ? new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`The query "${name}" to ${target.name} timed out`)), options.timeout))) : null;
  try {
    const result = await (expiry ? Promise.race([answer, expiry]) : answer);
    entry.result = result === undefined ? undefined : (JSON.parse(JSON.stringify(result)) as unknown);
    return entry.result;
  } catch (error) {
    entry.error = error;
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/* -------------------------------------------- */
/*  Booting the system                            */
/* -------------------------------------------- */

/** Load a system pack from its sources in the repository (`packs/<name>/*.json`), once. */
function loadPack(name: string): CompendiumCollection {
  const meta = manifest.packs.find((p) => p.name === name);
  if (!meta) throw new Error(`system.json has no pack "${name}"`);
  const id = `${manifest.id}.${name}`;
  const existing = game.packs.get(id);
  if (existing) return existing;
  const pack = new CompendiumCollection({ id, name, label: meta.label, type: meta.type, system: meta.system, packageName: manifest.id, packageType: "system", ownership: meta.ownership ?? {} });
  const dir = path.join(ROOT, meta.path);
  const sources = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), "utf8")) as AnyObject);
  pack.load(sources);
  game.packs.set(id, pack);
  return pack;
}

let booted: Promise<void> | null = null;

/** Import the system and run Foundry's start-up hooks once. */
export function boot(): Promise<void> {
  booted ??= (async () => {
    resetWorld();
    await import("../../src/index");
    hooks.callAll("init");
    game.i18n.setup();
    const CONFIG = (globalThis as unknown as { CONFIG: Record<string, { dataModels?: Record<string, typeof DataModel> }> }).CONFIG;
    for (const config of Object.values(CONFIG)) {
      for (const model of Object.values(config?.dataModels ?? {})) localizeDataModel(model, game.i18n);
    }
    hooks.callAll("i18nInit");
    // Foundry sets up every pack of the system before "setup" (their contents sent on request).
    for (const meta of manifest.packs) loadPack(meta.name);
    hooks.callAll("setup");
    game.ready = true;
    hooks.callAll("ready");
  })();
  return booted;
}

/* -------------------------------------------- */
/*  The world between tests                       */
/* -------------------------------------------- */

export interface HarnessUsers {
  gm: User;
  alice: User;
  bob: User;
}

let users: HarnessUsers;

function setConnected(user: User, connected: boolean): void {
  user.active = connected;
  const hearing = game.users.contents.filter((u) => u.active || u === user);
  for (const listener of hearing) clients.run(listener, () => hooks.callAll("userConnected", user, connected));
}

/**
 * `foundry.utils.debouncedReload()`: the current client reloads. Its user leaves and, a moment
 * later, connects again (what the others hear of a reload); the in-memory client keeps its modules.
 */
function debouncedReload(): void {
  const user = game.user;
  if (!user) return;
  setTimeout(() => {
    setConnected(user, false);
    setTimeout(() => setConnected(user, true), 50);
  }, 10);
}

/** Fixed ids so failures are readable. */
const USER_IDS = { gm: "GameMaster000000", alice: "AlicePlayer00000", bob: "BobPlayer0000000" };

function makeUser(id: string, name: string, role: number): User {
  const user = new User({ _id: id, name, role });
  user.active = true;
  game.users.set(id, user);
  return user;
}

/**
 * An empty world with three connected users — a GM and two players, Alice and Bob — and the GM
 * as the current user; settings back to their defaults, no notifications, dialogs or queries.
 */
export function resetWorld(): void {
  for (const collection of game.collections.values()) collection.clear();
  // The world's own compendium packs go with the world; the system's stay.
  for (const id of [...game.packs.keys()]) if (game.packs.get(id)?.metadata.packageType === "world") game.packs.delete(id);
  server.log(false);
  game.user = null;
  users = {
    gm: makeUser(USER_IDS.gm, "Gamemaster", ROLES.GAMEMASTER),
    alice: makeUser(USER_IDS.alice, "Alice", ROLES.PLAYER),
    bob: makeUser(USER_IDS.bob, "Bob", ROLES.PLAYER),
  };
  game.user = users.gm;
  game.settings.resetValues();
  notifications.clear();
  dialogScript.reset();
  diceControl.reset(1);
  utils.resetIds();
  queries.length = 0;
  hooks.errors.length = 0;
  hooks.log.length = 0;
  work.errors.length = 0;
  turnEvents.errors.length = 0;
  FilePicker.opened.length = 0;
  resetCanvas();
  // Document sheets do not outlive their world (a compendium's documents do, in the harness).
  for (const app of [...instances.values()]) if (app instanceof DocumentSheetV2) app._forget();
  document.body.innerHTML = "";
}

const idle = () => work.pending.size === 0 && turnEvents.pending.size === 0 && database.pending === 0;

/** Wait until the work started by clicks and changes (not awaited by anyone) is done. */
export async function settle(): Promise<void> {
  // Bounded by time, not turns: work may wait on a module loaded on first use (a dynamic import).
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    await new Promise((r) => setImmediate(r));
    if (idle()) {
      await new Promise((r) => setImmediate(r));
      if (idle()) return;
    }
  }
  throw new Error("harness: the work started did not settle");
}

/** Problems a test did not expect: errors in hooks or handlers, dialogs nobody answered or answers left. */
export function leftovers(): string[] {
  const out: string[] = [];
  for (const e of hooks.errors) out.push(`error in hook ${e.hook}: ${String(e.error)}`);
  for (const e of work.errors) out.push(`error in an event handler: ${String(e)}`);
  for (const e of turnEvents.errors) out.push(`error in a combat turn event: ${String(e)}`);
  for (const t of dialogScript.unexpected) out.push(`unexpected dialog "${t}"`);
  for (const q of dialogScript.queue) out.push(`scripted dialog answer not used${q.title ? ` (${String(q.title)})` : ""}`);
  return out;
}

export const harness = {
  get game(): Game {
    return game;
  },
  get users(): HarnessUsers {
    return users;
  },
  get user(): User {
    return game.user!;
  },
  notifications,
  dialogs: dialogScript,
  dice: diceControl,
  hooks,
  queries,
  sheets: DocumentSheetConfig,
  filePickers: FilePicker.opened,
  /** The world's database: its `writes` count what every client sent to the server. */
  database,

  /** `user` targets these tokens on their own canvas (releasing the others unless told not to); see ./canvas.ts. */
  target,
  /** `user` releases these targets (all if none named), on their own canvas. */
  untarget,
  /** Send `user`'s client to view another scene (its targets are released). */
  view,
  /** `user` drags a token and drops it at a canvas point, on their own client (./canvas.ts). */
  drag,
  /** `user` clicks their canvas at a point (button 0 left, 2 right), as PIXI delivers it to `canvas.stage`. */
  click,
  /** The grid spaces a client highlighted in a named layer (null: no such layer). */
  highlighted,

  /** Be this user's client from now on. */
  asUser(user: User): void {
    if (!game.users.has(user.id!)) throw new Error(`${user.name} is not a user of this world`);
    game.user = user;
  },

  /** Run `fn` as `user`'s client (everything it starts stays on that client), then come back. */
  async as<T>(user: User, fn: () => T | Promise<T>): Promise<T> {
    return clients.run(user, async () => fn());
  },

  /**
   * Connect or disconnect the GM (no GM connected: `game.users.activeGM` is null). Every connected
   * client hears `userConnected`; so does the GM's own client, standing in for its start-up when it
   * connects and for its end when it leaves.
   */
  setGMConnected(connected: boolean): void {
    setConnected(users.gm, connected);
  },

  /** Connect or disconnect any user: every connected client hears `userConnected`, and so does the user's own. */
  setConnected,

  /**
   * A modified client writes `changes` into a world document as `user`, its own data model's check
   * skipped. The server checks only the user's permission (it knows no system's data models:
   * knowledge base, System Data Models; release notes 10.290) and stores the data. Every client then
   * prepares the document from it: cleaned as the model cleans (numbers clamped…) where that makes it
   * valid, else held as invalid, out of its collection (`invalidDocumentIds`, `getInvalid`).
   */
  async storeUnchecked(user: User, doc: ClientDocument, changes: AnyObject): Promise<void> {
    if (!doc.canUserModify(user, "update", changes)) throw new Error(`User ${user.name} lacks permission to update ${doc.documentName} [${doc.id}]`);
    const source = utils.mergeObject(doc.toObject(), utils.expandObject(changes), { inplace: false });
    const collection = game.collections.get(doc.documentName)!;
    try {
      const cls = (doc.constructor as unknown as new (data: AnyObject, o: AnyObject) => ClientDocument);
      const cleaned = new cls(source, { prepare: false });
      doc._source = cleaned._source;
      collection.markValid(doc);
      doc.reset();
    } catch {
      doc._source = source;
      collection.markInvalid(doc);
    }
  },

  /** A system pack, loaded from its sources in the repository (`packs/<name>/*.json`). */
  loadPack,

  boot,
  resetWorld,
  settle,
  leftovers,
};

export type Harness = typeof harness;
