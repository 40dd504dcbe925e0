/**
 * An in-memory Foundry world: documents, their collections and their database operations.
 *
 * What mirrors Foundry (v13) here:
 * - Documents are constructed from `CONFIG.<Doc>.documentClass`, whichever class `create` is called
 *   on; `system` is an instance of `CONFIG.<Doc>.dataModels[type]` whose `parent` is the document.
 * - Data preparation: `system.prepareBaseData` → `prepareBaseData` → embedded documents →
 *   `system.prepareDerivedData` → `prepareDerivedData`; a change to an embedded document
 *   re-prepares its parent.
 * - Create / update / delete: permission is checked against the CURRENT user (`game.user`) as the
 *   server would (a player may not change a document they don't own: the call throws and nothing
 *   changes); data is cleaned and validated (invalid → throws, nothing changes); `_preX` and the
 *   `preXDoc` hook may cancel; `_onX` and the `xDoc` hook follow; updates are diffs merged into the
 *   source (objects merge, arrays replace) and an update that changes nothing fires nothing.
 * - Without `keepId`, a given `_id` is replaced by a new one; `keepId` with an existing id throws.
 * - Ownership: a GM owns everything; an embedded document has its parent's ownership; a chat
 *   message is owned by its author; compendium documents are owned by GMs only.
 * - Collections iterate their values; uuids are `Actor.<id>`, `Actor.<id>.Item.<id>`,
 *   `Compendium.<pack>.Item.<id>`.
 * - Unlinked tokens (`actorLink: false`, the default as in Foundry) have their own synthetic actor:
 *   the world actor's source with the token's `delta` over it, `parent` the token, uuid
 *   `Scene.<id>.Token.<id>.Actor.<id>` (its id the world actor's). Its updates and its embedded
 *   documents are written to the token's delta, with the Actor/Item/ActiveEffect hooks as for a
 *   world actor (Foundry's issue 6892); the world actor is untouched. Its ownership is its own
 *   source's (the world actor's unless the delta says otherwise). A combatant of a token has that
 *   token's actor.
 */
import { DataModel, DataModelValidationError, ObjectField, ArrayField, SchemaField, StringField, NumberField, BooleanField, HTMLField, FilePathField, DocumentIdField, ForeignDocumentField, JSONField, ColorField, TypeDataModel, DataField, type Failures, type CleanOptions, type FieldOptions, type ModelOptions } from "./fields";
import { deepClone, diffObject, expandObject, isEmpty, isPlainObject, mergeObject, objectsEqual, randomID, type AnyObject } from "./utils";
import { Roll, type RollData } from "./dice";
import { clients } from "./clients";
import { SceneGrid, targetsOf, view, type TokenPlaceable } from "./canvas";
import { receivesMessage, seesMessageContent, server } from "./server";

export const OWNERSHIP = { INHERIT: -1, NONE: 0, LIMITED: 1, OBSERVER: 2, OWNER: 3 } as const;
export const ROLES = { NONE: 0, PLAYER: 1, TRUSTED: 2, ASSISTANT: 3, GAMEMASTER: 4 } as const;
export type OwnershipName = keyof typeof OWNERSHIP;

/* -------------------------------------------- */
/*  Access to the rest of the harness            */
/* -------------------------------------------- */

interface DocConfig {
  documentClass: typeof ClientDocument;
  dataModels: Record<string, typeof TypeDataModel>;
  typeLabels: Record<string, string>;
  sheetClasses: Record<string, Record<string, { id: string; cls: new (options: AnyObject) => unknown; default: boolean; label: string }>>;
}

interface HarnessGlobals {
  game: {
    user: User | null;
    users: WorldCollection<User>;
    collections: Map<string, WorldCollection<ClientDocument>>;
    packs: Collection<CompendiumCollection>;
    documentTypes: Record<string, string[]>;
    scenes?: WorldCollection<ClientDocument>;
    settings?: { onStored(setting: Setting, options: AnyObject, userId: string): void };
    system: { grid?: { distance?: number; units?: string; diagonals?: number } };
  };
  CONFIG: Record<string, DocConfig>;
  Hooks: { call(hook: string, ...args: unknown[]): boolean; callAll(hook: string, ...args: unknown[]): true };
}

const g = () => globalThis as unknown as HarnessGlobals;
const currentUser = (): User => {
  const user = g().game.user;
  if (!user) throw new Error("harness: no current user");
  return user;
};

/** How a user's query reaches the target user's client; installed by `install.ts`. */
export const network: {
  query: (target: User, name: string, data: unknown, options: { timeout?: number }) => Promise<unknown>;
} = {
  query: async () => {
    throw new Error("harness: no network installed");
  },
};

/* -------------------------------------------- */
/*  Collections                                  */
/* -------------------------------------------- */

/** Foundry's Collection: a Map that iterates its VALUES and has array helpers. */
export class Collection<V> extends Map<string, V> {
  get contents(): V[] {
    return Array.from(this.values());
  }

  override get(key: string, { strict = false }: { strict?: boolean } = {}): V | undefined {
    const value = super.get(key);
    if (strict && value === undefined) throw new Error(`The key ${key} does not exist in the ${this.constructor.name} Collection`);
    return value;
  }

  find(fn: (v: V) => boolean): V | undefined {
    return this.contents.find(fn);
  }

  filter(fn: (v: V) => boolean): V[] {
    return this.contents.filter(fn);
  }

  map<T>(fn: (v: V) => T): T[] {
    return this.contents.map(fn);
  }

  some(fn: (v: V) => boolean): boolean {
    return this.contents.some(fn);
  }

  every(fn: (v: V) => boolean): boolean {
    return this.contents.every(fn);
  }

  reduce<T>(fn: (acc: T, v: V) => T, initial: T): T {
    return this.contents.reduce(fn, initial);
  }

  getName(name: string): V | undefined {
    return this.contents.find((v) => (v as { name?: string }).name === name);
  }
}
Object.defineProperty(Collection.prototype, Symbol.iterator, {
  value: function (this: Map<string, unknown>) {
    return this.values();
  },
  writable: true,
  configurable: true,
});

/** The documents of one kind in the world (`game.actors`…). */
export class WorldCollection<D extends ClientDocument> extends Collection<D> {
  constructor(readonly documentName: string) {
    super();
  }

  /**
   * Documents the world holds whose data their model refuses (a modified client stored them: the
   * server does not check a system's data models): every client keeps them out of the collection,
   * by id here, each found by `getInvalid` (v11+).
   */
  readonly invalidDocumentIds = new Set<string>();
  readonly #invalid = new Map<string, D>();

  getInvalid(id: string, { strict = true }: { strict?: boolean } = {}): D | undefined {
    const doc = this.#invalid.get(id);
    if (!doc && strict) throw new Error(`${id} is not an invalid document of the ${this.documentName} collection`);
    return doc;
  }

  /** The document's data is refused by its model: out of the collection, among the invalid ones. */
  markInvalid(doc: D): void {
    Map.prototype.delete.call(this, doc.id!);
    this.invalidDocumentIds.add(doc.id!);
    this.#invalid.set(doc.id!, doc);
  }

  /** An invalid document updated into data its model accepts: back in the collection. */
  markValid(doc: D): void {
    if (!this.invalidDocumentIds.delete(doc.id!)) return;
    this.#invalid.delete(doc.id!);
    Map.prototype.set.call(this, doc.id!, doc);
  }

  override clear(): void {
    super.clear();
    this.invalidDocumentIds.clear();
    this.#invalid.clear();
  }

  get documentClass(): typeof ClientDocument {
    return g().CONFIG[this.documentName]!.documentClass;
  }

  /**
   * The data to import a compendium document into the world: its source, with the compendium
   * recorded in `_stats.compendiumSource`, without folder, sort and ownership, `_id` kept only
   * with `keepId`.
   */
  fromCompendium(document: ClientDocument | AnyObject, { keepId = false, clearFolder = true, clearSort = true, clearOwnership = true } = {}): AnyObject {
    const data = document instanceof ClientDocument ? document.toObject() : deepClone(document);
    const uuid = document instanceof ClientDocument ? document.uuid : undefined;
    if (!keepId) delete data._id;
    if (clearFolder) delete data.folder;
    if (clearSort) delete data.sort;
    if (clearOwnership) delete data.ownership;
    const stats = (isPlainObject(data._stats) ? data._stats : {}) as AnyObject;
    if (uuid) stats.compendiumSource = uuid;
    stats.duplicateSource = null;
    data._stats = stats;
    return data;
  }
}

/** The documents embedded in one parent (`actor.items`). */
export class EmbeddedCollection<D extends ClientDocument> extends Collection<D> {
  constructor(
    readonly documentName: string,
    readonly parent: ClientDocument,
  ) {
    super();
  }

  get documentClass(): typeof ClientDocument {
    return g().CONFIG[this.documentName]!.documentClass;
  }

  /** Keep the collection in step with the parent's source array (documents keep their identity). */
  sync(sources: AnyObject[]): void {
    const ids = new Set<string>();
    for (const source of sources) {
      const id = source._id as string;
      ids.add(id);
      const existing = super.get(id);
      if (existing) {
        existing._source = source;
        existing._initialize();
      } else {
        const cls = this.documentClass;
        const doc = new cls(source, { parent: this.parent, trustedSource: true, prepare: false }) as D;
        this.set(id, doc);
      }
    }
    for (const id of [...this.keys()]) if (!ids.has(id)) this.delete(id);
  }
}

/* -------------------------------------------- */
/*  Document fields                              */
/* -------------------------------------------- */

/** `system`: the type's data model, from `CONFIG.<Doc>.dataModels[type]`. */
export class TypeDataField extends ObjectField {
  constructor(readonly documentName: string) {
    super();
  }

  modelFor(type: unknown): typeof TypeDataModel | undefined {
    if (typeof type !== "string") return undefined;
    return g().CONFIG[this.documentName]?.dataModels?.[type];
  }

  override getInitialValue(source?: AnyObject): unknown {
    const model = this.modelFor(source?.type);
    return model ? model.cleanData({}) : {};
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    const model = this.modelFor(options.source?.type);
    if (!model) return super.clean(value, options);
    if (value === undefined && options.partial) return undefined;
    return model.cleanData(model.migrateData(isPlainObject(value) ? deepClone(value) : {}), { partial: options.partial });
  }

  override validate(value: unknown, path: string, failures: Failures, options: CleanOptions = {}): void {
    const model = this.modelFor(options.source?.type);
    if (!model) return super.validate(value, path, failures, options);
    if (!isPlainObject(value)) {
      failures[path] = "must be an object";
      return;
    }
    model.schema.validate(value, path, failures, { ...options, source: undefined });
  }

  override initialize(value: unknown, doc: unknown): unknown {
    const type = (doc as ClientDocument)._source?.type;
    const model = this.modelFor(type);
    return model ? new model(value as AnyObject, { parent: doc, trustedSource: true }) : deepClone(value);
  }

  override applyUpdate(current: unknown, change: unknown, source?: AnyObject): unknown {
    const model = this.modelFor(source?.type);
    if (!model) return super.applyUpdate(current, change);
    return model.schema.applyUpdate(current, change);
  }

  override cleanUpdate(current: unknown, change: unknown, source?: AnyObject): unknown {
    const model = this.modelFor(source?.type);
    if (!model) return super.cleanUpdate(current, change);
    return model.schema.cleanUpdate(current, change);
  }
}

/** An embedded collection: an array of the embedded documents' sources. */
export class EmbeddedCollectionField extends ArrayField {
  constructor(readonly documentName: string) {
    super(new EmbeddedSourceField(documentName));
  }

  override initialize(value: unknown, model: unknown): unknown {
    const doc = model as ClientDocument;
    const existing = (doc as unknown as AnyObject)[this.name];
    const collection = existing instanceof EmbeddedCollection ? existing : new EmbeddedCollection(this.documentName, doc);
    collection.sync((value as AnyObject[]) ?? []);
    return collection;
  }

  /** Embedded documents are not changed through their parent's update. */
  override applyUpdate(current: unknown): unknown {
    return current;
  }

  override cleanUpdate(): unknown {
    return undefined;
  }
}

class EmbeddedSourceField extends DataField {
  constructor(readonly documentName: string) {
    super({ required: true });
  }

  get schema(): SchemaField {
    return g().CONFIG[this.documentName]!.documentClass.schema;
  }

  override clean(value: unknown): unknown {
    const cleaned = this.schema.clean(value) as AnyObject;
    if (!cleaned._id) cleaned._id = randomID();
    return cleaned;
  }

  override validate(value: unknown, path: string, failures: Failures): void {
    this.schema.validate(value, path, failures);
  }
}

export const statsField = () =>
  new SchemaField({
    coreVersion: new StringField({ required: true, blank: false, nullable: true, initial: () => "13.345" }),
    systemId: new StringField({ required: true, blank: false, nullable: true, initial: () => "factions" }),
    systemVersion: new StringField({ required: true, blank: false, nullable: true, initial: () => "0.1.0" }),
    createdTime: new NumberField({ initial: null }),
    modifiedTime: new NumberField({ initial: null }),
    lastModifiedBy: new StringField({ nullable: true, blank: false, initial: null }),
    compendiumSource: new StringField({ nullable: true, blank: false, initial: null }),
    duplicateSource: new StringField({ nullable: true, blank: false, initial: null }),
  });

const ownershipField = () =>
  new ObjectField({
    initial: () => ({ default: OWNERSHIP.NONE }),
    validate: (value: AnyObject) => Object.values(value).every((v) => typeof v === "number" && v >= -1 && v <= 3) || false,
    validationError: "is not a valid ownership mapping",
  } as FieldOptions);

/** The `type` of a typed document: one of the system's types (system.json `documentTypes`). */
export const typeField = (documentName: string, extra: string[] = []) =>
  new StringField({
    required: true,
    blank: false,
    initial: extra[0],
    choices: () => [...extra, ...(g().game?.documentTypes?.[documentName] ?? [])],
  });

/* -------------------------------------------- */
/*  Documents                                    */
/* -------------------------------------------- */

export interface DocumentMetadata {
  name: string;
  collection: string;
  /** Embedded document name → field name. */
  embedded: Record<string, string>;
  label: string;
}

export interface DocumentOptions extends ModelOptions {
  pack?: string | null;
  /** Prepare data on construction (off while a parent initializes its children). */
  prepare?: boolean;
}

type OperationOptions = AnyObject & { parent?: ClientDocument | null; keepId?: boolean; pack?: string | null; render?: boolean; diff?: boolean; deleteAll?: boolean; broadcast?: boolean };

export class ClientDocument extends DataModel {
  static metadata: DocumentMetadata = { name: "Document", collection: "", embedded: {}, label: "Document" };
  static DEFAULT_ICON: string | null = null;

  static get documentName(): string {
    return this.metadata.name;
  }

  static get implementation(): typeof ClientDocument {
    return g().CONFIG[this.documentName]?.documentClass ?? this;
  }

  /** The image a document created without one gets (Foundry asks the configured class, so a system may choose by type). */
  static getDefaultArtwork(_data: AnyObject = {}): AnyObject {
    return { img: this.DEFAULT_ICON };
  }

  static get TYPES(): string[] {
    return g().game?.documentTypes?.[this.documentName] ?? [];
  }

  declare _id: string | null;
  declare name: string;
  declare type: string;
  declare system: unknown;
  declare flags: AnyObject;
  declare ownership: Record<string, number>;
  declare pack: string | null;
  declare apps: Record<string, unknown>;
  declare _sheet: unknown;

  constructor(data: AnyObject = {}, options: DocumentOptions = {}) {
    super(data, { parent: options.parent, strict: options.strict, trustedSource: options.trustedSource });
    Object.defineProperty(this, "pack", { value: options.pack ?? null, writable: true, enumerable: false });
    Object.defineProperty(this, "apps", { value: {}, writable: true, enumerable: false });
    Object.defineProperty(this, "_sheet", { value: null, writable: true, enumerable: false });
    if (options.prepare !== false) this.prepareData();
  }

  override get modelName(): string {
    return `${this.documentName} [${(this._source?._id as string) ?? "new"}]`;
  }

  get documentName(): string {
    return (this.constructor as typeof ClientDocument).documentName;
  }

  get id(): string | null {
    return this._id;
  }

  get isEmbedded(): boolean {
    return this.parent instanceof ClientDocument;
  }

  get uuid(): string {
    if (this.parent instanceof ClientDocument) return `${this.parent.uuid}.${this.documentName}.${this.id}`;
    if (this.pack) return `Compendium.${this.pack}.${this.documentName}.${this.id}`;
    return `${this.documentName}.${this.id}`;
  }

  get collection(): Collection<ClientDocument> | null {
    if (this.parent instanceof ClientDocument) return this.parent.getEmbeddedCollection(this.documentName);
    if (this.pack) return g().game.packs.get(this.pack) ?? null;
    return g().game.collections.get(this.documentName) ?? null;
  }

  get compendium(): CompendiumCollection | undefined {
    return this.pack ? g().game.packs.get(this.pack) : undefined;
  }

  /** Is this document in its world collection (or its parent's)? */
  get inCollection(): boolean {
    return this.collection?.get(this.id ?? "") === this;
  }

  getEmbeddedCollection(name: string): EmbeddedCollection<ClientDocument> {
    const field = (this.constructor as typeof ClientDocument).metadata.embedded[name];
    const collection = field ? (this as unknown as AnyObject)[field] : undefined;
    if (!(collection instanceof EmbeddedCollection)) throw new Error(`${name} is not an embedded document of ${this.documentName}`);
    return collection;
  }

  getEmbeddedDocument(name: string, id: string): ClientDocument | undefined {
    return this.getEmbeddedCollection(name).get(id);
  }

  /** Reinitialize from the source and prepare again (as Foundry's `reset`). */
  override reset(): void {
    this._initialize();
    this.prepareData();
  }

  prepareData(): void {
    const system = this.system;
    const typed = system instanceof TypeDataModel;
    if (typed) system.prepareBaseData();
    this.prepareBaseData();
    this.prepareEmbeddedDocuments();
    if (typed) system.prepareDerivedData();
    this.prepareDerivedData();
  }

  prepareBaseData(): void {}

  prepareEmbeddedDocuments(): void {
    for (const field of Object.values((this.constructor as typeof ClientDocument).metadata.embedded)) {
      const collection = (this as unknown as AnyObject)[field];
      if (collection instanceof EmbeddedCollection) for (const doc of collection.values()) doc.prepareData();
    }
  }

  prepareDerivedData(): void {}

  /* -------------------------------------------- */
  /*  Ownership                                    */
  /* -------------------------------------------- */

  getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (this.parent instanceof ClientDocument) return this.parent.getUserLevel(user);
    return this._ownUserLevel(user);
  }

  /** The level its own `ownership` gives (a GM owns everything; a compendium's are its pack's). */
  _ownUserLevel(user: User): number {
    if (this.pack) return g().game.packs.get(this.pack)?.getUserLevel(user) ?? OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    const ownership = (this._source.ownership as Record<string, number> | undefined) ?? {};
    const level = ownership[user.id ?? ""] ?? OWNERSHIP.INHERIT;
    return level === OWNERSHIP.INHERIT ? (ownership.default ?? OWNERSHIP.NONE) : level;
  }

  testUserPermission(user: User, permission: OwnershipName | number, { exact = false }: { exact?: boolean } = {}): boolean {
    const level = this.getUserLevel(user);
    const target = typeof permission === "number" ? permission : OWNERSHIP[permission];
    return exact ? level === target : level >= target;
  }

  get isOwner(): boolean {
    return this.testUserPermission(currentUser(), "OWNER");
  }

  get limited(): boolean {
    return this.testUserPermission(currentUser(), "LIMITED", { exact: true });
  }

  /** Foundry: some user who is not a GM owns this document (connected or not). */
  get hasPlayerOwner(): boolean {
    return g().game.users.contents.some((u: User) => !u.isGM && this.testUserPermission(u, "OWNER"));
  }

  get visible(): boolean {
    return this.testUserPermission(currentUser(), "LIMITED");
  }

  get permission(): number {
    return this.getUserLevel(currentUser());
  }

  /** Whether the server would let `user` do `action` on this document. */
  canUserModify(user: User, action: "create" | "update" | "delete", _data?: AnyObject): boolean {
    if (this.pack && g().game.packs.get(this.pack)?.locked) return false;
    if (action === "create" && !this.isEmbedded && !this.pack) return this.canUserCreate(user);
    return this.testUserPermission(user, "OWNER");
  }

  /** Creating a world document of this kind (players may not create actors or items by default). */
  canUserCreate(user: User): boolean {
    return user.isGM || user.role >= ROLES.ASSISTANT;
  }

  /* -------------------------------------------- */
  /*  Data                                         */
  /* -------------------------------------------- */

  override toObject(source = true): AnyObject {
    return super.toObject(source);
  }

  getFlag(scope: string, key: string): unknown {
    const flags = (this._source.flags as AnyObject | undefined)?.[scope] as AnyObject | undefined;
    return key.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as AnyObject)[k] : undefined), flags);
  }

  async setFlag(scope: string, key: string, value: unknown): Promise<this | undefined> {
    return this.update({ [`flags.${scope}.${key}`]: value });
  }

  async unsetFlag(scope: string, key: string): Promise<this | undefined> {
    const parts = key.split(".");
    const last = parts.pop()!;
    return this.update({ [`flags.${scope}${parts.length ? `.${parts.join(".")}` : ""}.-=${last}`]: null });
  }

  /* -------------------------------------------- */
  /*  Database operations                          */
  /* -------------------------------------------- */

  static async create(data: AnyObject | AnyObject[], options: OperationOptions = {}): Promise<ClientDocument | ClientDocument[] | undefined> {
    if (Array.isArray(data)) return this.createDocuments(data, options);
    const [doc] = await this.createDocuments([data], options);
    return doc;
  }

  static async createDocuments(data: AnyObject[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    return database.create(this.documentName, data, options);
  }

  static async updateDocuments(updates: AnyObject[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    return database.update(this.documentName, updates, options);
  }

  static async deleteDocuments(ids: string[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    return database.delete(this.documentName, ids, options);
  }

  async update(changes: AnyObject = {}, options: OperationOptions = {}): Promise<this | undefined> {
    const [doc] = await database.update(this.documentName, [{ ...changes, _id: this.id }], { ...options, parent: this.parent as ClientDocument | null, pack: this.pack });
    return doc as this | undefined;
  }

  async delete(options: OperationOptions = {}): Promise<this | undefined> {
    const [doc] = await database.delete(this.documentName, [this.id!], { ...options, parent: this.parent as ClientDocument | null, pack: this.pack });
    return doc as this | undefined;
  }

  async createEmbeddedDocuments(name: string, data: AnyObject[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return database.create(name, data, { ...options, parent: this });
  }

  async updateEmbeddedDocuments(name: string, updates: AnyObject[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return database.update(name, updates, { ...options, parent: this });
  }

  async deleteEmbeddedDocuments(name: string, ids: string[] = [], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.getEmbeddedCollection(name);
    return database.delete(name, ids, { ...options, parent: this });
  }

  /** Lifecycle methods, as in Foundry; they also call the type data model's own. */
  async _preCreate(data: AnyObject, options: AnyObject, user: User): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preCreate(data, options, user);
  }

  _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onCreate(data, options, userId);
  }

  async _preUpdate(changes: AnyObject, options: AnyObject, user: User): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preUpdate(changes, options, user);
  }

  _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onUpdate(changed, options, userId);
  }

  async _preDelete(options: AnyObject, user: User): Promise<boolean | void> {
    if (this.system instanceof TypeDataModel) return this.system._preDelete(options, user);
  }

  _onDelete(options: AnyObject, userId: string): void {
    if (this.system instanceof TypeDataModel) this.system._onDelete(options, userId);
  }

  _onCreateDescendantDocuments(_parent: ClientDocument, _collection: string, _documents: ClientDocument[], _data: AnyObject[], _options: AnyObject, _userId: string): void {}
  _onUpdateDescendantDocuments(_parent: ClientDocument, _collection: string, _documents: ClientDocument[], _changes: AnyObject[], _options: AnyObject, _userId: string): void {}
  _onDeleteDescendantDocuments(_parent: ClientDocument, _collection: string, _documents: ClientDocument[], _ids: string[], _options: AnyObject, _userId: string): void {}

  /* -------------------------------------------- */
  /*  Sheets and drops                             */
  /* -------------------------------------------- */

  /** The document's sheet on this client (each client has its own): the default sheet registered for its type. */
  get sheet(): unknown {
    const client = g().game.user?.id ?? "";
    const sheets = (this._sheet ??= new Map<string, unknown>()) as Map<string, unknown>;
    if (!sheets.has(client)) {
      const registered = g().CONFIG[this.documentName]?.sheetClasses?.[this.type ?? "base"] ?? {};
      const entries = Object.values(registered);
      const entry = entries.find((e) => e.default) ?? entries[0];
      if (!entry) return null;
      sheets.set(client, new entry.cls({ document: this }));
    }
    return sheets.get(client);
  }

  /** Re-render this client's open applications of the document (as each Foundry client does after a change). */
  render(_force = false, _options: AnyObject = {}): void {
    const client = g().game.user?.id ?? null;
    for (const app of Object.values(this.apps)) {
      const a = app as { rendered?: boolean; client?: string | null; render?: (o?: AnyObject) => Promise<unknown> };
      if (a.rendered && (a.client ?? null) === client) void a.render?.({});
    }
  }

  /** Resolve dropped data (`{type, uuid}`) to a document. */
  static async fromDropData(data: AnyObject): Promise<ClientDocument | null> {
    if (typeof data.uuid === "string") {
      const doc = await fromUuid(data.uuid);
      return doc instanceof ClientDocument && doc.documentName === this.documentName ? doc : null;
    }
    if (isPlainObject(data.data)) return new this.implementation(data.data);
    return null;
  }

  toDragData(): AnyObject {
    return { type: this.documentName, uuid: this.uuid };
  }

  async deleteDialog(options: AnyObject = {}): Promise<this | false | undefined> {
    const dialog = (globalThis as unknown as { foundry: { applications: { api: { DialogV2: { confirm(o: AnyObject): Promise<unknown> } } } } }).foundry
      .applications.api.DialogV2;
    const confirmed = await dialog.confirm({ window: { title: `Delete ${this.documentName}: ${this.name}` }, content: `<p>Delete ${this.name}?</p>`, ...options });
    if (confirmed !== true) return false;
    return this.delete();
  }
}

/* -------------------------------------------- */
/*  The database                                  */
/* -------------------------------------------- */

function docClassOf(name: string): typeof ClientDocument {
  const config = g().CONFIG[name];
  if (!config) throw new Error(`harness: no CONFIG.${name}`);
  return config.documentClass;
}

function worldCollection(name: string): Collection<ClientDocument> {
  const collection = g().game.collections.get(name);
  if (!collection) throw new Error(`harness: no world collection for ${name}`);
  return collection;
}

/** Where the server keeps documents of one kind: what the database reads and writes, whichever client asks. */
interface Store {
  get(id: string): ClientDocument | undefined;
  has(id: string): boolean;
  set(id: string, doc: ClientDocument): unknown;
  delete(id: string): boolean;
  keys(): IterableIterator<string>;
}

/** The server's store an operation works on: a parent's embedded collection, a compendium pack's documents, the world's (every message, whoever may read it). */
function storeOf(name: string, parent: ClientDocument | null, options: OperationOptions): Store {
  if (parent) return parent.getEmbeddedCollection(name);
  if (options.pack) {
    const pack = g().game.packs.get(options.pack);
    if (!pack) throw new Error(`harness: no compendium pack ${options.pack}`);
    return pack.stored;
  }
  const world = worldCollection(name) as unknown as Map<string, ClientDocument> & { getInvalid?(id: string, o: { strict: boolean }): ClientDocument | undefined };
  return {
    get: (id) => (Map.prototype.get.call(world, id) as ClientDocument | undefined) ?? world.getInvalid?.(id, { strict: false }),
    has: (id) => Map.prototype.has.call(world, id),
    set: (id, doc) => Map.prototype.set.call(world, id, doc),
    delete: (id) => Map.prototype.delete.call(world, id),
    keys: () => Map.prototype.keys.call(world) as IterableIterator<string>,
  };
}

/**
 * A change to a token's synthetic actor, or to what it embeds, is written to the token's delta
 * (the world actor stays as it was).
 */
function storeSynthetic(doc: ClientDocument | null): void {
  let d: unknown = doc;
  while (d instanceof ClientDocument && !(d instanceof Actor && d.parent instanceof TokenDocument)) d = d.parent;
  if (d instanceof Actor && d.parent instanceof TokenDocument) d.parent.storeDelta(d);
}

function permissionError(user: User, action: string, doc: ClientDocument): Error {
  return new Error(`User ${user.name} lacks permission to ${action} ${doc.documentName} [${doc.id}]`);
}

/**
 * Run `fn` on every connected client, the initiator's first: after a change, Foundry's server
 * broadcasts it and each client runs the document's `_onX` and the `xDoc` hook as its own user.
 * Whatever a handler starts and awaits goes on as that client's user (see clients.ts).
 */
function eachClient(fn: () => void, receives: (user: User) => boolean = () => true): void {
  const game = g().game;
  const initiator = currentUser();
  const others = game.users.contents.filter((u) => u.active && u !== initiator && receives(u)).sort((a, b) => String(a.id).localeCompare(String(b.id)));
  for (const user of [initiator, ...others]) clients.run(user, fn);
}

/**
 * Which clients the server sends a change of these documents to, and what it sends them
 * (./server.ts): a chat message's to those it reaches (before or after the change), a compendium
 * document's to every client unless the operation said `broadcast: false`, any other to everyone.
 */
function receiversOf(name: string, docs: readonly ClientDocument[], options: OperationOptions): (user: User) => boolean {
  if (options.pack) return () => options.broadcast !== false;
  if (name === "ChatMessage") return (user) => docs.some((d) => receivesMessage(user, d));
  return () => true;
}

/** Tell the server's log what each receiving client was sent of a change. */
function deliverTo(receives: (user: User) => boolean, payloads: readonly { doc: ClientDocument; payload: unknown }[], name: string): void {
  const initiator = currentUser();
  for (const user of g().game.users.contents) {
    if (!user.active || user === initiator) continue;
    for (const { doc, payload } of payloads) {
      const reaches = name === "ChatMessage" && !doc.pack ? receivesMessage(user, doc) : receives(user);
      if (reaches) server.deliver(user, payload);
    }
  }
}

/** Where a started encounter stood before a change to its combatants: its position and whose turn it was. */
interface TurnBefore {
  combat: Combat;
  position: CombatPosition;
}

function combatTurnOf(name: string, parent: ClientDocument | null): TurnBefore | null {
  if (name !== "Combatant" || !(parent instanceof Combat) || !parent.started || parent.turn === null) return null;
  return { combat: parent, position: parent.current };
}

/**
 * A change to a started encounter's combatants moves its turn as v13's server does (release notes
 * 13.335, 13.338, 13.344; Foundry's issues 12709, 12009 and 12990, where a Combatant operation
 * carries the combat's new turn): the combatant whose turn it was keeps it, wherever the change put
 * it in the order (no turn starts or ends); if it left, the next one's turn starts (the next round's
 * first, if it was the last of the round).
 */
async function keepTurn(before: TurnBefore | null): Promise<void> {
  if (!before) return;
  const { combat, position } = before;
  const turns = combat.turns;
  const kept = turns.findIndex((c) => c.id === position.combatantId);
  if (kept >= 0) {
    if (kept !== combat.turn) await asServer(() => combat.update({ turn: kept }, { turnEvents: false }));
    return;
  }
  if (!turns.length) return;
  if ((position.turn ?? 0) >= turns.length) await asServer(() => combat.update({ round: position.round + 1, turn: 0 }, { direction: 1 }));
  else if (combat.turn !== position.turn) await asServer(() => combat.update({ turn: position.turn }, { direction: 1 }));
  else combat._combatantLeft(position);
}

/** An update's top-level objects as whole replacements (`==key`), for `recursive: false`. */
function replacingObjects(changes: AnyObject): AnyObject {
  return Object.fromEntries(Object.entries(changes).map(([k, v]) => (isPlainObject(v) && !k.startsWith("==") && !k.startsWith("-=") ? [`==${k}`, v] : [k, v])));
}

/**
 * The difference an update's hooks receive, with the keys the caller forced (`==key`) kept as
 * written, as Foundry hands them on (its issues 7716 and 12050): a handler that looks for
 * `system.heat` does not see a `system["==heat"]`.
 */
function withForcedKeys(diff: AnyObject, written: AnyObject): AnyObject {
  const out = { ...diff };
  for (const [key, value] of Object.entries(written)) {
    if (key.startsWith("==")) {
      const plainKey = key.slice(2);
      if (!(plainKey in out)) continue;
      out[key] = out[plainKey];
      delete out[plainKey];
    } else if (isPlainObject(value) && isPlainObject(out[key])) out[key] = withForcedKeys(out[key] as AnyObject, value);
  }
  return out;
}

/** Run a write the server makes itself (the turn a change of combatants moves): no user's permission is asked. */
let serverWriting = false;
async function asServer<T>(fn: () => Promise<T>): Promise<T> {
  const was = serverWriting;
  serverWriting = true;
  try {
    return await fn();
  } finally {
    serverWriting = was;
  }
}

/**
 * Create, update and delete documents as Foundry's client and server do between them. Each
 * operation checks every document first (permission, validity), so a refused batch changes nothing.
 */
export const database = {
  /** Ids of operations in flight (the harness waits for them to settle). */
  pending: 0,

  /**
   * What was written since the last `resetWrites`: operations, and the bytes sent to the server
   * (a created document's source, an update's diff, a deleted document's id), as JSON.
   */
  writes: { operations: 0, bytes: 0 },

  resetWrites(): void {
    this.writes = { operations: 0, bytes: 0 };
  },

  count(payloads: readonly unknown[]): void {
    this.writes.operations++;
    for (const p of payloads) this.writes.bytes += JSON.stringify(p).length;
  },

  async create(name: string, data: AnyObject[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    const turnBefore = combatTurnOf(name, options.parent ?? null);
    try {
      const created = await this.createNow(name, data, options);
      if (created.length) await keepTurn(turnBefore);
      return created;
    } finally {
      this.pending--;
    }
  },

  /** Create: the operation itself (`create` adds what the server does after it). */
  async createNow(name: string, data: AnyObject[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    try {
      const user = currentUser();
      const parent = options.parent ?? null;
      const cls = docClassOf(name);
      const docs: { doc: ClientDocument; data: AnyObject }[] = [];
      const target = storeOf(name, parent, options);
      const seen = new Set<string>();
      for (const raw of data) {
        const input = raw instanceof DataModel ? raw.toObject() : deepClone(expandObject(raw));
        if (!options.keepId || !input._id) input._id = randomID();
        if (name === "ChatMessage" && input.author === undefined) input.author = user.id;
        const doc = new cls(input, { parent, pack: options.pack ?? null, prepare: false });
        if (!doc.canUserModify(user, "create", input)) throw new Error(`User ${user.name} lacks permission to create ${name} [${doc.id}]`);
        if (target.has(doc.id!) || seen.has(doc.id!)) throw new Error(`The ${name} id [${doc.id}] already exists in its collection`);
        seen.add(doc.id!);
        docs.push({ doc, data: input });
      }
      const accepted: { doc: ClientDocument; data: AnyObject }[] = [];
      for (const entry of docs) {
        if ((await entry.doc._preCreate(entry.data, options, user)) === false) continue;
        if (g().Hooks.call(`preCreate${name}`, entry.doc, entry.data, options, user.id) === false) continue;
        accepted.push(entry);
      }
      if (!accepted.length) return [];
      this.count(accepted.map((a) => a.doc._source));
      const now = Date.now();
      for (const { doc } of accepted) {
        const stats = doc._source._stats as AnyObject | undefined;
        if (stats) Object.assign(stats, { createdTime: now, modifiedTime: now, lastModifiedBy: user.id });
        target.set(doc.id!, doc);
        if (parent) {
          const field = (parent.constructor as typeof ClientDocument).metadata.embedded[name]!;
          (parent._source[field] as AnyObject[]).push(doc._source);
        }
      }
      storeSynthetic(parent);
      if (parent) parent.reset();
      else for (const { doc } of accepted) doc.reset();
      const receives = receiversOf(name, accepted.map((a) => a.doc), options);
      deliverTo(receives, accepted.map(({ doc }) => ({ doc, payload: { create: name, data: doc._source } })), name);
      eachClient(() => {
        for (const { doc } of accepted) {
          if (name === "ChatMessage" && !receivesMessage(g().game.user, doc)) continue;
          doc._onCreate(doc._source, options, user.id!);
          g().Hooks.callAll(`create${name}`, doc, options, user.id);
        }
        if (parent) {
          const field = (parent.constructor as typeof ClientDocument).metadata.embedded[name]!;
          parent._onCreateDescendantDocuments(parent, field, accepted.map((a) => a.doc), accepted.map((a) => a.doc._source), options, user.id!);
        }
        parent?.render();
      }, receives);
      return accepted.map((a) => a.doc);
    } finally {
      this.pending--;
    }
  },

  async update(name: string, updates: AnyObject[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    const turnBefore = combatTurnOf(name, options.parent ?? null);
    try {
      const updated = await this.updateNow(name, updates, options);
      if (updated.length) await keepTurn(turnBefore);
      return updated;
    } finally {
      this.pending--;
    }
  },

  /** Update: the operation itself (`update` adds what the server does after it). */
  async updateNow(name: string, updates: AnyObject[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    try {
      const user = currentUser();
      const parent = options.parent ?? null;
      const collection = storeOf(name, parent, options);
      const planned: { doc: ClientDocument; changes: AnyObject; written: AnyObject }[] = [];
      for (const update of updates) {
        const raw = expandObject(deepClone(update));
        const id = raw._id as string;
        delete raw._id;
        const doc = collection.get(id);
        if (!doc) throw new Error(`${name} [${id}] does not exist in ${parent ? `${parent.documentName} [${parent.id}]` : "the world"}`);
        // `recursive: false`: each object given replaces the document's whole, instead of merging into it.
        const merged = options.recursive === false ? replacingObjects(raw) : raw;
        // Cleaned before anyone sees it (numbers cast, rounded and clamped; unknown keys dropped).
        const changes = doc.schema.cleanUpdate(doc._source, merged) as AnyObject;
        if (!serverWriting && !doc.canUserModify(user, "update", changes)) throw permissionError(user, "update", doc);
        doc.updateSource(changes, { dryRun: true }); // throws when the result would be invalid
        planned.push({ doc, changes, written: raw });
      }
      const accepted: { doc: ClientDocument; changes: AnyObject; written: AnyObject }[] = [];
      const movements = new Map<ClientDocument, TokenMovement>();
      for (const entry of planned) {
        // A token's new place is a movement (v13): `preMoveToken` on the moving client may veto it.
        const movement = name === "Token" ? tokenMovement(entry.doc as TokenDocument, entry.changes, options, user) : null;
        if (movement && g().Hooks.call("preMoveToken", entry.doc, movement, options) === false) continue;
        if ((await entry.doc._preUpdate(entry.changes, options, user)) === false) continue;
        if (g().Hooks.call(`preUpdate${name}`, entry.doc, entry.changes, options, user.id) === false) continue;
        if (movement) movements.set(entry.doc, movement);
        accepted.push(entry);
      }
      const done: { doc: ClientDocument; diff: AnyObject }[] = [];
      // Validate everything again against the sources as they are now, then commit all.
      for (const entry of accepted) entry.doc.updateSource(entry.changes, { dryRun: true });
      for (const { doc, changes, written } of accepted) {
        const diff = doc.updateSource(changes);
        if (isEmpty(diff)) continue;
        const stats = doc._source._stats as AnyObject | undefined;
        if (stats) Object.assign(stats, { modifiedTime: Date.now(), lastModifiedBy: user.id });
        done.push({ doc, diff: { ...withForcedKeys(diff, written), _id: doc.id } });
      }
      if (!done.length) return [];
      this.count(done.map((d) => d.diff));
      for (const { doc } of done) storeSynthetic(doc);
      // An invalid document updated into data its model accepts is every client's again.
      if (!parent && !options.pack) for (const { doc } of done) (worldCollection(name) as WorldCollection<ClientDocument>).markValid(doc);
      if (parent) parent.reset();
      else for (const { doc } of done) doc.reset();
      const receives = receiversOf(name, done.map((d) => d.doc), options);
      deliverTo(receives, done.map(({ doc, diff }) => ({ doc, payload: { update: name, diff } })), name);
      eachClient(() => {
        for (const { doc, diff } of done) {
          if (name === "ChatMessage" && !receivesMessage(g().game.user, doc)) continue;
          doc._onUpdate(diff, options, user.id!);
          g().Hooks.callAll(`update${name}`, doc, diff, options, user.id);
          const movement = movements.get(doc);
          if (movement) g().Hooks.callAll("moveToken", doc, movement, options, user.id);
        }
        if (parent) {
          const field = (parent.constructor as typeof ClientDocument).metadata.embedded[name]!;
          parent._onUpdateDescendantDocuments(parent, field, done.map((d) => d.doc), done.map((d) => d.diff), options, user.id!);
        }
        for (const { doc } of done) doc.render();
        parent?.render();
      }, receives);
      return done.map((d) => d.doc);
    } finally {
      this.pending--;
    }
  },

  async delete(name: string, ids: string[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    const turnBefore = combatTurnOf(name, options.parent ?? null);
    try {
      const deleted = await this.deleteNow(name, ids, options);
      if (deleted.length) await keepTurn(turnBefore);
      return deleted;
    } finally {
      this.pending--;
    }
  },

  /** Delete: the operation itself (`delete` adds what the server does after it). */
  async deleteNow(name: string, ids: string[], options: OperationOptions = {}): Promise<ClientDocument[]> {
    this.pending++;
    try {
      const user = currentUser();
      const parent = options.parent ?? null;
      const collection = storeOf(name, parent, options);
      // Deleting every document of a kind at once (Clear Chat Log) is a GM's; each one's hooks still run.
      if (options.deleteAll) {
        if (!user.isGM) throw new Error(`User ${user.name} lacks permission to delete every ${name}`);
        ids = [...collection.keys()];
      }
      const planned: ClientDocument[] = [];
      for (const id of ids) {
        const doc = collection.get(id);
        if (!doc) throw new Error(`${name} [${id}] does not exist in ${parent ? `${parent.documentName} [${parent.id}]` : "the world"}`);
        if (!doc.canUserModify(user, "delete")) throw permissionError(user, "delete", doc);
        planned.push(doc);
      }
      const accepted: ClientDocument[] = [];
      for (const doc of planned) {
        if ((await doc._preDelete(options, user)) === false) continue;
        if (g().Hooks.call(`preDelete${name}`, doc, options, user.id) === false) continue;
        accepted.push(doc);
      }
      if (!accepted.length) return [];
      this.count(accepted.map((d) => d.id));
      const receives = receiversOf(name, accepted, options);
      deliverTo(receives, accepted.map((doc) => ({ doc, payload: { delete: name, id: doc.id } })), name);
      for (const doc of accepted) {
        collection.delete(doc.id!);
        if (parent) {
          const field = (parent.constructor as typeof ClientDocument).metadata.embedded[name]!;
          const list = parent._source[field] as AnyObject[];
          const i = list.indexOf(doc._source);
          if (i >= 0) list.splice(i, 1);
        }
      }
      storeSynthetic(parent);
      if (parent) parent.reset();
      eachClient(() => {
        for (const doc of accepted) {
          if (name === "ChatMessage" && !receivesMessage(g().game.user, doc)) continue;
          doc._onDelete(options, user.id!);
          g().Hooks.callAll(`delete${name}`, doc, options, user.id);
        }
        if (parent) {
          const field = (parent.constructor as typeof ClientDocument).metadata.embedded[name]!;
          parent._onDeleteDescendantDocuments(parent, field, accepted, accepted.map((d) => d.id!), options, user.id!);
        }
        parent?.render();
      }, receives);
      for (const doc of accepted) for (const app of Object.values(doc.apps)) void (app as { close?: () => Promise<unknown> }).close?.();
      return accepted;
    } finally {
      this.pending--;
    }
  },
};

/* -------------------------------------------- */
/*  Document classes                              */
/* -------------------------------------------- */

/** `img`: a fixed initial image, or `"artwork"` for the configured class's `getDefaultArtwork(data)` (Actor, Item). */
export const baseFields = (name: string, { img, types }: { img?: string; types?: string[] } = {}) => ({
  _id: new DocumentIdField(),
  name: new StringField({ required: true, blank: false, textSearch: true }),
  ...(types ? { type: typeField(name, types) } : {}),
  ...(img === "artwork"
    ? { img: new FilePathField({ categories: ["IMAGE"], initial: (data: AnyObject) => String(g().CONFIG[name]!.documentClass.getDefaultArtwork(data ?? {}).img) }) }
    : img !== undefined
      ? { img: new FilePathField({ categories: ["IMAGE"], initial: () => img }) }
      : {}),
});

export const commonTail = () => ({
  // As in Foundry: the source holds the folder's id, the document its Folder (null if none).
  folder: new ForeignDocumentField("Folder", { nullable: true, initial: null }),
  sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
  ownership: ownershipField(),
  flags: new ObjectField(),
  _stats: statsField(),
});

export class Item extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Item", collection: "items", embedded: {}, label: "DOCUMENT.Item" };
  static override DEFAULT_ICON = "icons/svg/item-bag.svg";

  static override defineSchema() {
    return {
      ...baseFields("Item", { img: "artwork", types: [] }),
      system: new TypeDataField("Item"),
      effects: new ArrayField(new ObjectField()),
      ...commonTail(),
    };
  }

  declare img: string;

  get actor(): Actor | null {
    return this.parent instanceof Actor ? this.parent : null;
  }
}

export class Actor extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Actor", collection: "actors", embedded: { Item: "items", ActiveEffect: "effects" }, label: "DOCUMENT.Actor" };
  static override DEFAULT_ICON = "icons/svg/mystery-man.svg";

  static override defineSchema() {
    return {
      ...baseFields("Actor", { img: "artwork", types: [] }),
      system: new TypeDataField("Actor"),
      prototypeToken: new ObjectField(),
      items: new EmbeddedCollectionField("Item"),
      effects: new EmbeddedCollectionField("ActiveEffect"),
      ...commonTail(),
    };
  }

  declare img: string;
  declare items: EmbeddedCollection<Item>;
  /** Its Active Effects (test/harness/effects.ts). */
  declare effects: EmbeddedCollection<ClientDocument & { statuses: Set<string>; active: boolean; isTemporary: boolean }>;

  /** The statuses of its active effects, as v13's `Actor#statuses`. */
  get statuses(): Set<string> {
    const out = new Set<string>();
    for (const effect of this.effects.values()) if (effect.active) for (const status of effect.statuses) out.add(status);
    return out;
  }

  /** Its active effects that are temporary (a duration or a status): those its tokens show. */
  get temporaryEffects(): ClientDocument[] {
    return this.effects.filter((e) => e.active && e.isTemporary);
  }

  /**
   * v13's `Actor#toggleStatusEffect`: a status with a static `_id` is that effect; otherwise every
   * effect whose only status it is. Existing ones are deleted (unless `active`), else one is made
   * from `CONFIG.statusEffects` (unless `active === false`).
   */
  async toggleStatusEffect(statusId: string, { active, overlay = false }: { active?: boolean; overlay?: boolean } = {}): Promise<ClientDocument | boolean | undefined> {
    const config = g().CONFIG as unknown as { statusEffects: AnyObject[]; ActiveEffect: { documentClass: { fromStatusEffect(id: string): Promise<ClientDocument> } } };
    const status = config.statusEffects.find((e) => e.id === statusId);
    if (!status) throw new Error(`Invalid status ID "${statusId}" provided to Actor#toggleStatusEffect`);
    const existing: string[] = [];
    if (typeof status._id === "string") {
      if (this.effects.has(status._id)) existing.push(status._id);
    } else for (const effect of this.effects.values()) if (effect.statuses.size === 1 && effect.statuses.has(statusId)) existing.push(effect.id!);
    if (existing.length) {
      if (active) return true;
      await this.deleteEmbeddedDocuments("ActiveEffect", existing);
      return false;
    }
    if (active === false) return undefined;
    const effect = await config.ActiveEffect.documentClass.fromStatusEffect(statusId);
    if (overlay) effect.updateSource({ "flags.core.overlay": true });
    const [created] = await this.createEmbeddedDocuments("ActiveEffect", [effect.toObject()], { keepId: true });
    return created;
  }

  /** Is this an unlinked token's synthetic actor? */
  get isToken(): boolean {
    return this.parent instanceof TokenDocument;
  }

  /** The token whose synthetic actor this is (null for a world actor). */
  get token(): TokenDocument | null {
    return this.parent instanceof TokenDocument ? this.parent : null;
  }

  /** A synthetic actor's ownership is its own source's (not its token's, which asks it). */
  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    return this.isToken ? this._ownUserLevel(user) : super.getUserLevel(user);
  }

  /**
   * The actor's tokens on the active scene (as documents: the harness has no canvas): a synthetic
   * actor's own token; a world actor's tokens, unlinked ones too unless `linked`.
   */
  getActiveTokens(linked = false, _document = true): TokenDocument[] {
    const scene = (g().game.scenes?.contents ?? []).find((sc) => (sc as unknown as Scene).active) as unknown as Scene | undefined;
    if (!scene) return [];
    if (this.token) return scene.tokens.get(this.token.id!) === this.token ? [this.token] : [];
    return scene.tokens.filter((t) => t._source.actorId === this.id && (!linked || t._source.actorLink === true));
  }

  /** An unsaved token for this actor: its prototype token with `data` over it (v13: async). */
  async getTokenDocument(data: AnyObject = {}, { parent = null }: { parent?: ClientDocument | null } = {}): Promise<TokenDocument> {
    const prototype = deepClone((this._source.prototypeToken as AnyObject | undefined) ?? {});
    return new TokenDocument({ name: this.name, ...prototype, ...deepClone(data), actorId: this.id }, { parent });
  }

  get itemTypes(): Record<string, Item[]> {
    const out: Record<string, Item[]> = Object.fromEntries(Item.TYPES.map((t) => [t, []]));
    for (const item of this.items.values()) (out[item.type] ??= []).push(item);
    return out;
  }
}

export class User extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "User", collection: "users", embedded: {}, label: "DOCUMENT.User" };

  static override defineSchema() {
    return {
      ...baseFields("User"),
      role: new NumberField({ required: true, nullable: false, integer: true, min: 0, max: 4, initial: ROLES.PLAYER }),
      color: new ColorField({ required: true, nullable: false, initial: () => "#336699" }),
      avatar: new FilePathField({ initial: null, nullable: true }),
      character: new ForeignDocumentField("Actor"),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare role: number;
  declare active: boolean;

  constructor(data: AnyObject = {}, options: DocumentOptions = {}) {
    super(data, options);
    Object.defineProperty(this, "active", { value: false, writable: true, enumerable: false });
  }

  get isGM(): boolean {
    return this.role >= ROLES.ASSISTANT;
  }

  get isSelf(): boolean {
    return g().game.user?.id === this.id;
  }

  /** The tokens this user targets, as their own client holds them (./canvas.ts). */
  get targets(): Set<TokenPlaceable> {
    return targetsOf(this);
  }

  hasRole(role: keyof typeof ROLES | number, { exact = false } = {}): boolean {
    const level = typeof role === "number" ? role : ROLES[role];
    return exact ? this.role === level : this.role >= level;
  }

  /**
   * Core's default permissions by role (knowledge base, Users and Permissions): a Player whispers,
   * reads settings, runs script macros and creates and deletes tokens of actors they own; drawings,
   * journal entries, notes, file browsing and token configuration are a Trusted Player's; creating
   * actors, items and card stacks, and modifying settings, an Assistant's.
   */
  can(action: string): boolean {
    if (this.isGM) return true;
    const player = ["MESSAGE_WHISPER", "SETTINGS_READ", "MACRO_SCRIPT", "TOKEN_CREATE", "TOKEN_DELETE", "SHOW_CURSOR", "SHOW_RULER", "PING_CANVAS", "TEMPLATE_CREATE", "WALL_DOORS"];
    const trusted = ["DRAWING_CREATE", "TOKEN_CONFIGURE", "JOURNAL_CREATE", "NOTE_CREATE", "FILES_BROWSE", "MANUAL_ROLLS", "BROADCAST_AUDIO", "BROADCAST_VIDEO"];
    return player.includes(action) || (this.role >= ROLES.TRUSTED && trusted.includes(action));
  }

  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM || user.id === this.id) return OWNERSHIP.OWNER;
    return OWNERSHIP.LIMITED;
  }

  /**
   * Ask this user's client to run `CONFIG.queries[name]`; resolves to its answer. Rejects if the
   * user is not connected.
   */
  async query(name: string, data: unknown, options: { timeout?: number } = {}): Promise<unknown> {
    if (!this.active) throw new Error(`User ${this.name} is not active`);
    return network.query(this, name, data, options);
  }
}

/**
 * A world setting, as Foundry stores it: one document per key whose `value` is JSON. Foundry sends
 * every world setting to every client, so every user reads each one (a player too, from the
 * console); only a GM (an assistant or more) writes them. After a write, each client runs the
 * setting's `onChange` as its own user, as its copy of the document changes.
 */
export class Setting extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Setting", collection: "settings", embedded: {}, label: "DOCUMENT.Setting" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      key: new StringField({ required: true, blank: false }),
      value: new StringField({ required: true, nullable: true, blank: true, initial: null }),
      _stats: statsField(),
    };
  }

  declare key: string;
  declare value: string | null;

  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    return user.isGM ? OWNERSHIP.OWNER : OWNERSHIP.OBSERVER;
  }

  override canUserModify(user: User): boolean {
    return user.isGM;
  }

  override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    g().game.settings?.onStored(this, options, userId);
  }

  override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if ("value" in changed) g().game.settings?.onStored(this, options, userId);
  }
}

export interface Speaker {
  scene: string | null;
  actor: string | null;
  token: string | null;
  alias: string | null;
}

export class ChatMessage extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "ChatMessage", collection: "messages", embedded: {}, label: "DOCUMENT.ChatMessage" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: typeField("ChatMessage", ["base"]),
      system: new TypeDataField("ChatMessage"),
      style: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      author: new ForeignDocumentField("User", { nullable: false }),
      timestamp: new NumberField({ required: true, nullable: false, initial: () => Date.now() }),
      flavor: new HTMLField(),
      title: new StringField(),
      content: new HTMLField(),
      speaker: new SchemaField({
        scene: new StringField({ nullable: true, blank: false, initial: null }),
        actor: new StringField({ nullable: true, blank: false, initial: null }),
        token: new StringField({ nullable: true, blank: false, initial: null }),
        alias: new StringField({ nullable: true, blank: true, initial: null }),
      }),
      whisper: new ArrayField(new StringField({ blank: false })),
      blind: new BooleanField(),
      rolls: new ArrayField(new RollField()),
      sound: new StringField({ nullable: true, initial: null }),
      emote: new BooleanField(),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare author: User | null;
  declare rolls: Roll[];
  declare speaker: Speaker;
  declare content: string;

  static getSpeaker({ scene, actor, token, alias }: { scene?: ClientDocument | null; actor?: ClientDocument | null; token?: ClientDocument | null; alias?: string } = {}): Speaker {
    const viewed = (g().game.scenes?.contents ?? []).find((s) => (s as unknown as { active?: boolean }).active) ?? null;
    return {
      scene: (scene ?? viewed)?.id ?? null,
      actor: actor?.id ?? null,
      token: token?.id ?? null,
      alias: alias ?? actor?.name ?? token?.name ?? g().game.user?.name ?? null,
    };
  }

  get alias(): string {
    return this.speaker?.alias ?? this.author?.name ?? "";
  }

  get isAuthor(): boolean {
    return !!this.author && g().game.user?.id === this.author.id;
  }

  get isRoll(): boolean {
    return this.rolls.length > 0;
  }

  /**
   * Shown in the user's chat log when the server sends it to them (./server.ts): a whisper without
   * rolls to its author and the users it names (a GM only if named), a whisper with rolls to everyone.
   */
  override get visible(): boolean {
    return receivesMessage(g().game.user, this);
  }

  /** May the current user read its content? A whisper's only its author and the users it names. */
  get isContentVisible(): boolean {
    return seesMessageContent(g().game.user, this);
  }

  /** The author owns their message; a GM owns every message; others see it but don't own it. */
  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    if (this._source.author === user.id) return OWNERSHIP.OWNER;
    return OWNERSHIP.OBSERVER;
  }

  /**
   * Anyone may post as themself; only the GM may post as someone else. Update/delete: the author or a
   * GM; an author who is not a GM may change neither the author nor the rolls (Foundry's
   * `BaseChatMessage#canUpdate`, quoted in its issue 7831: "You cannot change the user or roll").
   */
  override canUserModify(user: User, action: "create" | "update" | "delete", data?: AnyObject): boolean {
    if (user.isGM) return true;
    if (action === "create") return (data?.author ?? this._source.author) === user.id;
    if (action === "update" && data && ("author" in data || "rolls" in data)) return false;
    return this._source.author === user.id;
  }

  override async update(changes: AnyObject = {}, options: OperationOptions = {}): Promise<this | undefined> {
    return super.update(changes, options);
  }

  /**
   * The message's element, as the chat log shows it: `<li class="chat-message">` with a header
   * and `.message-content` (the content, or the rolls when there is no content), after which the
   * `renderChatMessageHTML` hook fires.
   */
  async renderHTML(_options: AnyObject = {}): Promise<HTMLElement> {
    const li = document.createElement("li");
    li.className = "chat-message message flexcol";
    li.dataset.messageId = this.id ?? "";
    const header = document.createElement("header");
    header.className = "message-header flexrow";
    const sender = document.createElement("h4");
    sender.className = "message-sender";
    sender.textContent = this.alias;
    header.append(sender);
    const content = document.createElement("div");
    content.className = "message-content";
    let html = this.content ?? "";
    if (!html.trim() && this.rolls.length) html = (await Promise.all(this.rolls.map((r) => r.render()))).join("");
    // Core hides a whisper's content from the users it does not name, showing only that dice were rolled.
    if (!this.isContentVisible) html = `<div class="dice-roll private-roll"><p>${PRIVATE_ROLL}</p></div>`;
    content.innerHTML = html;
    li.append(header, content);
    g().Hooks.callAll("renderChatMessageHTML", this, li, { message: this.toObject(), author: this.author, alias: this.alias, isWhisper: false });
    return li;
  }
}

/** What core shows of a whisper's content to the users it does not name. */
export const PRIVATE_ROLL = "privately rolled some dice";

/** A roll kept as JSON in the source and as a `Roll` on the message. */
class RollField extends JSONField {
  protected override _cast(value: unknown): unknown {
    if (value instanceof Roll) return JSON.stringify(value.toJSON());
    return super._cast(value);
  }

  override initialize(value: unknown): unknown {
    return typeof value === "string" ? Roll.fromData(JSON.parse(value) as RollData) : value;
  }
}

/** A combatant's `group`: the id of a CombatantGroup of its encounter, initialized to that group (or null). */
class GroupField extends DocumentIdField {
  constructor() {
    super({ readonly: false });
  }

  override initialize(value: unknown, model: unknown): unknown {
    if (typeof value !== "string") return null;
    const combat = (model as ClientDocument).parent;
    return combat instanceof ClientDocument ? (combat.getEmbeddedCollection("CombatantGroup").get(value) ?? null) : null;
  }
}

/**
 * A combatant of an encounter. Its owners are its actor's (a GM owns every one), so a player may
 * add their own actor to an encounter but no one else's.
 */
export class Combatant extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Combatant", collection: "combatants", embedded: {}, label: "DOCUMENT.Combatant" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: typeField("Combatant", ["base"]),
      system: new TypeDataField("Combatant"),
      actorId: new StringField({ nullable: true, blank: false, initial: null }),
      tokenId: new StringField({ nullable: true, blank: false, initial: null }),
      sceneId: new StringField({ nullable: true, blank: false, initial: null }),
      group: new GroupField(),
      name: new StringField({ blank: true }),
      img: new FilePathField({ nullable: true, initial: null }),
      initiative: new NumberField(),
      hidden: new BooleanField(),
      defeated: new BooleanField(),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare actorId: string | null;
  declare tokenId: string | null;
  declare initiative: number | null;

  /** The token it stands for (on its scene), if any. */
  get token(): TokenDocument | null {
    const { tokenId, sceneId } = this._source as { tokenId: string | null; sceneId: string | null };
    if (!tokenId) return null;
    const scene = (sceneId ? g().game.collections.get("Scene")?.get(sceneId) : null) as Scene | null | undefined;
    return (scene?.tokens.get(tokenId) as TokenDocument | undefined) ?? null;
  }

  /** Its token's actor (an unlinked token's own), else the world actor. */
  get actor(): ClientDocument | null {
    const token = this.token;
    if (token) return token.actor;
    const id = this._source.actorId as string | null;
    return id ? (g().game.collections.get("Actor")?.get(id) ?? null) : null;
  }

  get combat(): Combat | null {
    return this.parent instanceof Combat ? this.parent : null;
  }

  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }

  /**
   * An owner who is not a GM may change only some of a combatant's fields: its initiative, whether
   * it is defeated, its flags and (since 13.334) its system data (`BaseCombatant#canUpdate`, quoted
   * in Foundry's issue 10501; issue 12386 on v13; cosmere-rpg pull 391 on `system`).
   */
  override canUserModify(user: User, action: "create" | "update" | "delete", data?: AnyObject): boolean {
    if (user.isGM || action !== "update") return super.canUserModify(user, action, data);
    const allowed = ["_id", "type", "initiative", "defeated", "flags", "system"];
    return Object.keys(data ?? {}).every((k) => allowed.includes(k)) && super.canUserModify(user, action, data);
  }
}

/** Where an encounter stands: v13's `Combat#current` and `Combat#previous`. */
export interface CombatPosition {
  round: number;
  turn: number | null;
  combatantId: string | null;
  tokenId: string | null;
}

const START: CombatPosition = { round: 0, turn: null, combatantId: null, tokenId: null };

/** Is `b` further on than `a` (a later round, or a later turn of the same round)? */
function further(a: CombatPosition, b: CombatPosition): { round: boolean; turn: boolean } {
  const round = b.round > a.round;
  return { round, turn: round || (b.round === a.round && (b.turn ?? -1) > (a.turn ?? -1)) };
}

/**
 * An encounter, as v13's Combat behaves:
 * - `nextTurn`/`nextRound`/`previousTurn`/`previousRound`/`startCombat` update `round` and `turn`
 *   (after the `combatTurn`/`combatRound`/`combatStart` hooks), with `direction` 1 or -1.
 * - Each client records the position it last saw: after an update that changes the round or turn,
 *   `previous` is the position before it and `current` the one now.
 * - On the ACTIVE GM's client only, and only when the encounter moves FORWARD (a later round, or a
 *   later turn of the round), the turn lifecycle runs, awaited step by step in this order:
 *   `_onEndTurn(prior combatant)` → the turns passed over in its round → `_onEndRound()` (a later
 *   round, not from round 0) → rounds passed over → `_onStartRound()` → the turns passed over in
 *   the new round → `_onStartTurn(new combatant)`. Each is given its context (`round`, `turn`,
 *   `skipped`): what was passed over (Next Round part-way through a round) is called too, with
 *   `skipped: true`, as core does. Going back runs none of them.
 * - Then every client hears `combatTurnChange(combat, previous, current)`, both ways.
 * - A player may move the turn on only when they own the combatant whose turn it is (and the
 *   round only from the last turn); anything else in an encounter is the GM's.
 */
export class Combat extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Combat", collection: "combats", embedded: { CombatantGroup: "groups", Combatant: "combatants" }, label: "DOCUMENT.Combat" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      type: typeField("Combat", ["base"]),
      system: new TypeDataField("Combat"),
      scene: new ForeignDocumentField("Scene"),
      // Groups first: a combatant's `group` resolves among them (combat-groups.ts).
      groups: new EmbeddedCollectionField("CombatantGroup"),
      combatants: new EmbeddedCollectionField("Combatant"),
      active: new BooleanField(),
      round: new NumberField({ required: true, nullable: false, integer: true, min: 0, initial: 0 }),
      turn: new NumberField({ required: true, integer: true, min: 0, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare round: number;
  declare turn: number | null;
  declare active: boolean;
  declare combatants: EmbeddedCollection<Combatant>;
  declare groups: EmbeddedCollection<ClientDocument>;
  declare previous: CombatPosition | undefined;
  /** The position each client saw last (by user id): each client keeps its own `previous`. */
  declare _seen: Map<string, CombatPosition>;

  constructor(data: AnyObject = {}, options: DocumentOptions = {}) {
    super(data, options);
    Object.defineProperty(this, "_seen", { value: new Map(), writable: true, enumerable: false });
  }

  /**
   * Combatants in turn order: initiative high to low (none counts as the lowest), ties by combatant
   * id, never by name (Foundry's `Combat#_sortCombatants`, quoted in its issue 7682; issue 14579:
   * that order is the turn order, not only the tracker's).
   */
  get turns(): Combatant[] {
    const init = (c: Combatant) => (typeof c.initiative === "number" ? c.initiative : -Infinity);
    return this.combatants.contents.sort((a, b) => init(b) - init(a) || (String(a.id) > String(b.id) ? 1 : -1));
  }

  get combatant(): Combatant | undefined {
    return this.turn === null || this.turn === undefined ? undefined : this.turns[this.turn];
  }

  get nextCombatant(): Combatant | undefined {
    const turns = this.turns;
    return turns[(this.turn ?? -1) + 1] ?? turns[0];
  }

  /** v13: an encounter has started once it is past round 0 with someone in it. */
  get started(): boolean {
    return this.turns.length > 0 && this.round > 0;
  }

  get current(): CombatPosition {
    const combatant = this.combatant;
    return { round: this.round, turn: this.turn ?? null, combatantId: combatant?.id ?? null, tokenId: combatant?.tokenId ?? null };
  }

  /* -------------------------------------------- */
  /*  Moving the encounter                        */
  /* -------------------------------------------- */

  /** Make this the active encounter: every other one of its scene stops being active. */
  async activate(_options: { render?: boolean } = {}): Promise<this> {
    const sceneOf = (c: Combat) => c._source.scene ?? null;
    const combats = (g().game.collections.get("Combat")?.contents ?? []) as Combat[];
    for (const other of combats.filter((c) => c !== this && c.active && sceneOf(c) === sceneOf(this))) await other.update({ active: false });
    await this.update({ active: true });
    return this;
  }

  async startCombat(): Promise<this> {
    const updateData = { round: 1, turn: 0 };
    g().Hooks.callAll("combatStart", this, updateData);
    await this.update({ ...updateData, active: true });
    return this;
  }

  async nextTurn(): Promise<this> {
    const next = (this.turn ?? -1) + 1;
    if (this.round === 0 || next >= this.turns.length) return this.nextRound();
    const updateData = { round: this.round, turn: next };
    const updateOptions = { direction: 1 };
    g().Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousTurn(): Promise<this> {
    if (this.turn === 0 && this.round === 0) return this;
    if ((this.turn ?? 0) <= 0 && this.turn !== null) return this.previousRound();
    const updateData = { round: this.round, turn: (this.turn ?? this.turns.length) - 1 };
    const updateOptions = { direction: -1 };
    g().Hooks.callAll("combatTurn", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async nextRound(): Promise<this> {
    const updateData = { round: this.round + 1, turn: this.turn === null ? null : 0 };
    const updateOptions = { direction: 1 };
    g().Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  async previousRound(): Promise<this> {
    const round = Math.max(this.round - 1, 0);
    let turn: number | null = this.round === 0 ? 0 : Math.max(this.turns.length - 1, 0);
    if (this.turn === null || round === 0) turn = null;
    const updateData = { round, turn };
    const updateOptions = { direction: -1 };
    g().Hooks.callAll("combatRound", this, updateData, updateOptions);
    await this.update(updateData, updateOptions);
    return this;
  }

  /* -------------------------------------------- */
  /*  Permissions                                 */
  /* -------------------------------------------- */

  /** v13: a player may change the round only from the last turn, of a combatant they own. */
  _canChangeRound(user: User): boolean {
    if (user.isGM) return true;
    const combatant = this.combatant;
    return !!combatant && combatant.testUserPermission(user, "OWNER") && this.turn === this.turns.length - 1;
  }

  /** A player may move the turn on only from a combatant they own. */
  _canChangeTurn(user: User): boolean {
    if (user.isGM) return true;
    return !!this.combatant?.testUserPermission(user, "OWNER");
  }

  override canUserModify(user: User, action: "create" | "update" | "delete", data?: AnyObject): boolean {
    if (user.isGM || action !== "update") return super.canUserModify(user, action, data);
    const keys = Object.keys(data ?? {});
    if (keys.some((k) => k !== "round" && k !== "turn")) return false;
    if (keys.includes("round") && data!.round !== this.round && !this._canChangeRound(user)) return false;
    if (keys.includes("turn") && !this._canChangeTurn(user)) return false;
    return keys.length > 0;
  }

  /* -------------------------------------------- */
  /*  Turn events                                 */
  /* -------------------------------------------- */

  override _onCreate(data: AnyObject, options: AnyObject, userId: string): void {
    super._onCreate(data, options, userId);
    this._seen.set(g().game.user?.id ?? "", this.current);
  }

  override _onUpdate(changed: AnyObject, options: AnyObject, userId: string): void {
    super._onUpdate(changed, options, userId);
    if (!("turn" in changed || "round" in changed)) return;
    const client = g().game.user?.id ?? "";
    this.previous = this._seen.get(client) ?? { ...START };
    this._seen.set(client, this.current);
    // The same combatant's turn at another place in the order (a change of combatants moved it): no turn starts or ends.
    if (options.turnEvents === false) return void g().Hooks.callAll("combatTurnChange", this, this.previous, this.current);
    turnEvents.track(this._manageTurnEvents(this.previous, this.current));
  }

  /**
   * The combatant whose turn it was left and the next one took its place in the order: its turn
   * starts (on the active GM's client), and every client hears the change, as after a move.
   */
  _combatantLeft(previous: CombatPosition): void {
    for (const user of g().game.users.contents.filter((u) => u.active)) {
      clients.run(user, () => {
        this.previous = { ...previous };
        this._seen.set(user.id!, this.current);
        turnEvents.track(
          (async () => {
            const next = this.combatant;
            const users = g().game.users as WorldCollection<User> & { activeGM?: User | null };
            if (next && users.activeGM === user) await this._onStartTurn(next, { round: this.round, turn: this.turn, skipped: false });
            g().Hooks.callAll("combatTurnChange", this, this.previous, this.current);
          })(),
        );
      });
    }
  }

  /** The lifecycle on the active GM's client, forward only; then the hook every client hears. */
  async _manageTurnEvents(previous: CombatPosition, current: CombatPosition): Promise<void> {
    const user = g().game.user;
    const users = g().game.users as WorldCollection<User> & { activeGM?: User | null };
    if (this.started && user && users.activeGM === user) {
      const ahead = further(previous, current);
      if (ahead.turn) {
        const turns = this.turns;
        const prior = previous.combatantId ? this.combatants.get(previous.combatantId) : undefined;
        if (prior) await this._onEndTurn(prior, { round: previous.round, turn: previous.turn, skipped: false });
        // The turns passed over (Next Round part-way through a round, a turn set further on) are
        // handed out too, each marked `skipped`: they did not really start or end.
        const skippedTurns = async (round: number, from: number, to: number) => {
          for (let turn = from; turn < to; turn++) {
            const c = turns[turn];
            if (!c) continue;
            await this._onStartTurn(c, { round, turn, skipped: true });
            await this._onEndTurn(c, { round, turn, skipped: true });
          }
        };
        if (previous.round > 0) await skippedTurns(previous.round, (previous.turn ?? -1) + 1, ahead.round ? turns.length : (current.turn ?? 0));
        if (ahead.round && previous.round > 0) await this._onEndRound({ round: previous.round, skipped: false });
        // Whole rounds passed over start and end, skipped.
        for (let round = previous.round + 1; round < current.round; round++) {
          await this._onStartRound({ round, skipped: true });
          await this._onEndRound({ round, skipped: true });
        }
        if (ahead.round) {
          await this._onStartRound({ round: current.round, skipped: false });
          await skippedTurns(current.round, 0, current.turn ?? 0);
        }
        const next = this.combatant;
        if (next) await this._onStartTurn(next, { round: current.round, turn: current.turn, skipped: false });
      }
    }
    g().Hooks.callAll("combatTurnChange", this, previous, current);
  }

  async _onStartTurn(_combatant: Combatant, _context: AnyObject): Promise<void> {}
  async _onEndTurn(_combatant: Combatant, _context: AnyObject): Promise<void> {}
  async _onStartRound(_context: AnyObject): Promise<void> {}
  async _onEndRound(_context: AnyObject): Promise<void> {}
}

/** The turn events started by updates (nobody awaits them in Foundry either); the harness settles them. */
export const turnEvents = {
  pending: new Set<Promise<unknown>>(),
  errors: [] as unknown[],
  track(promise: Promise<unknown>): void {
    const p = promise.catch((error: unknown) => {
      this.errors.push(error);
      console.error(error);
    });
    this.pending.add(p);
    void p.finally(() => this.pending.delete(p));
  },
};

export class JournalEntryPage extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "JournalEntryPage", collection: "pages", embedded: {}, label: "DOCUMENT.JournalEntryPage" };

  static override defineSchema() {
    return {
      ...baseFields("JournalEntryPage"),
      type: new StringField({ required: true, blank: false, initial: "text" }),
      text: new SchemaField({ content: new HTMLField() }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      ownership: ownershipField(),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }
}

export class JournalEntry extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "JournalEntry", collection: "journal", embedded: { JournalEntryPage: "pages" }, label: "DOCUMENT.JournalEntry" };

  static override defineSchema() {
    return {
      ...baseFields("JournalEntry"),
      pages: new EmbeddedCollectionField("JournalEntryPage"),
      ...commonTail(),
    };
  }

  declare pages: EmbeddedCollection<JournalEntryPage>;
}

/**
 * A token on a scene: a position in pixels (its top-left corner), a size in grid squares, and the
 * actor it stands for. As in Foundry, a user who owns the actor owns its tokens.
 */
/** A synthetic actor's source: the world actor's with the delta over it (arrays, such as items, replaced whole). */
function syntheticSource(base: Actor, delta: AnyObject | undefined): AnyObject {
  return mergeObject(deepClone(base._source), deepClone(delta ?? {}), { inplace: false });
}

/** Where a token stands: what a movement's origin and destination say of it. */
export interface TokenPlace {
  x: number;
  y: number;
  elevation: number;
  width: number;
  height: number;
}

/**
 * A token's movement as v13's `preMoveToken` and `moveToken` hooks receive it (the part the
 * harness models): from where to where, how it was made (`method`: "api" for `update` and
 * `move`, "dragging" for a drag on the canvas, "keyboard" for the arrow keys) and by whom.
 */
export interface TokenMovement {
  id: string;
  origin: TokenPlace;
  destination: TokenPlace;
  method: "api" | "dragging" | "keyboard" | "undo" | "paste" | "config";
  passed: { waypoints: TokenPlace[] };
  pending: { waypoints: TokenPlace[]; distance: number };
  user: User;
}

const MOVEMENT_METHODS = ["api", "dragging", "keyboard", "undo", "paste", "config"] as const;

/** The movement an update makes of a token (null: it does not move it). */
function tokenMovement(token: TokenDocument, changes: AnyObject, options: OperationOptions, user: User): TokenMovement | null {
  const keys = ["x", "y", "elevation", "width", "height"] as const;
  if (!keys.some((k) => k in changes && changes[k] !== token._source[k])) return null;
  const origin = Object.fromEntries(keys.map((k) => [k, token._source[k] as number])) as unknown as TokenPlace;
  const destination = { ...origin, ...Object.fromEntries(keys.filter((k) => k in changes).map((k) => [k, changes[k] as number])) } as TokenPlace;
  const asked = (options as { method?: unknown }).method;
  const method = MOVEMENT_METHODS.find((m) => m === asked) ?? "api";
  return { id: randomID(), origin, destination, method, passed: { waypoints: [destination] }, pending: { waypoints: [], distance: 0 }, user };
}

export class TokenDocument extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Token", collection: "tokens", embedded: {}, label: "DOCUMENT.Token" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ blank: true, textSearch: true }),
      actorId: new ForeignDocumentField("Actor", { idOnly: true }),
      actorLink: new BooleanField(),
      x: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      y: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      elevation: new NumberField({ required: true, nullable: false, initial: 0 }),
      width: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      height: new NumberField({ required: true, nullable: false, positive: true, initial: 1 }),
      hidden: new BooleanField(),
      disposition: new NumberField({ required: true, nullable: false, integer: true, initial: -1 }),
      /** An unlinked token's changes to its actor (Foundry's ActorDelta), over the world actor's source. */
      delta: new ObjectField(),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare actorId: string | null;
  declare actorLink: boolean;
  #synthetic: Actor | null = null;
  declare x: number;
  declare y: number;
  declare width: number;
  declare height: number;
  declare elevation: number;
  declare hidden: boolean;

  /** The world actor the token was made from. */
  get baseActor(): Actor | null {
    const id = this._source.actorId as string | null;
    return id ? ((g().game.collections.get("Actor")?.get(id) as Actor | undefined) ?? null) : null;
  }

  /**
   * Its actor: the world actor if linked, else its own synthetic actor (one instance, brought up
   * to date with the world actor and the delta whenever either changed).
   */
  get actor(): Actor | null {
    const base = this.baseActor;
    if (!base || this._source.actorLink) return base;
    const source = syntheticSource(base, this._source.delta as AnyObject | undefined);
    const synthetic = this.#synthetic;
    if (!synthetic || synthetic.id !== base.id) {
      this.#synthetic = new (docClassOf("Actor") as unknown as typeof Actor)(source, { parent: this, trustedSource: true });
    } else if (!objectsEqual(synthetic._source, source)) {
      synthetic._source = source;
      synthetic.reset();
    }
    return this.#synthetic;
  }

  /** Write the synthetic actor's source as this token's delta: what differs from the world actor. */
  storeDelta(actor: Actor): void {
    const base = this.baseActor!;
    let delta = diffObject(base._source, actor._source);
    // What a difference cannot say (a key the synthetic actor no longer has) is kept whole.
    if (!objectsEqual(syntheticSource(base, delta), actor._source)) delta = deepClone(actor._source);
    this._source.delta = delta;
    this._initialize();
    if (this.#synthetic === actor) actor.reset();
  }

  /** Its synthetic actor is the one Actor it embeds (`Scene.<id>.Token.<id>.Actor.<id>`). */
  override getEmbeddedCollection(name: string): EmbeddedCollection<ClientDocument> {
    if (name !== "Actor") return super.getEmbeddedCollection(name);
    const collection = new EmbeddedCollection<ClientDocument>("Actor", this);
    const actor = this._source.actorLink ? null : this.actor;
    if (actor) collection.set(actor.id!, actor);
    return collection;
  }

  /** The scene the token stands on. */
  get scene(): Scene | null {
    return this.parent instanceof Scene ? this.parent : null;
  }

  /** The token's owners are its actor's, its own actor's if unlinked (a GM owns every token). */
  override getUserLevel(user: User | null = g().game.user): number {
    if (!user) return OWNERSHIP.NONE;
    if (user.isGM) return OWNERSHIP.OWNER;
    return this.actor?.getUserLevel(user) ?? OWNERSHIP.NONE;
  }

  /** Making a token, or deleting one, needs the user's `TOKEN_CREATE` or `TOKEN_DELETE` permission besides owning its actor. */
  override canUserModify(user: User, action: "create" | "update" | "delete", data?: AnyObject): boolean {
    if (!user.isGM && action === "create" && !user.can("TOKEN_CREATE")) return false;
    if (!user.isGM && action === "delete" && !user.can("TOKEN_DELETE")) return false;
    return super.canUserModify(user, action, data);
  }

  /**
   * v13's `move`: the token goes to the last waypoint (the harness does not walk the path
   * between), as a movement made by `options.method` ("api" unless told). Resolves false when a
   * `preMoveToken` handler vetoed it, as Foundry's does.
   */
  async move(waypoints: Partial<TokenPlace> | Partial<TokenPlace>[], options: AnyObject = {}): Promise<boolean> {
    const list = Array.isArray(waypoints) ? waypoints : [waypoints];
    const last = list.at(-1);
    if (!last) throw new Error("harness: TokenDocument#move needs at least one waypoint");
    const place: AnyObject = {};
    for (const k of ["x", "y", "elevation", "width", "height"] as const) if (last[k] !== undefined) place[k] = last[k];
    const moved = await this.update(place, { ...options, method: options.method ?? "api" });
    return moved !== undefined && moved !== null;
  }
}

/** A scene: its square grid (size in pixels per square) and the tokens on it. */
export class Scene extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Scene", collection: "scenes", embedded: { Token: "tokens", Region: "regions" }, label: "DOCUMENT.Scene" };

  static override defineSchema() {
    return {
      ...baseFields("Scene"),
      active: new BooleanField(),
      width: new NumberField({ required: true, nullable: false, integer: true, positive: true, initial: 4000 }),
      height: new NumberField({ required: true, nullable: false, integer: true, positive: true, initial: 3000 }),
      // The picture under the grid: v13's texture data, of which only the file is imitated.
      background: new SchemaField({ src: new FilePathField({ categories: ["IMAGE", "VIDEO"], nullable: true, initial: null }) }),
      grid: new SchemaField({
        type: new NumberField({ required: true, nullable: false, integer: true, initial: 1 }),
        size: new NumberField({ required: true, nullable: false, integer: true, min: 50, initial: 100 }),
        // What one grid space measures, and in what: the system's `grid` (system.json) by default.
        distance: new NumberField({ required: true, nullable: false, positive: true, initial: () => g().game.system.grid?.distance ?? 1 }),
        units: new StringField({ required: true, blank: true, initial: () => g().game.system.grid?.units ?? "" }),
      }),
      padding: new NumberField({ required: true, nullable: false, min: 0, max: 0.5, initial: 0.25 }),
      tokens: new EmbeddedCollectionField("Token"),
      regions: new EmbeddedCollectionField("Region"),
      ...commonTail(),
    };
  }

  declare active: boolean;
  declare background: { src: string | null };
  /** The scene's grid object, as v13 prepares it from the grid's data (./canvas.ts). */
  declare grid: SceneGrid;
  declare padding: number;
  declare tokens: EmbeddedCollection<TokenDocument>;
  declare regions: EmbeddedCollection<ClientDocument>;

  override _initialize(): void {
    super._initialize();
    const data = (this as unknown as { grid: { type: number; size: number; distance: number; units: string } }).grid;
    this.grid = new SceneGrid(data);
  }

  /** Show this scene on this client's canvas (Foundry's "View Scene"): its targets released, its highlights gone. */
  async view(): Promise<void> {
    view(currentUser(), this);
  }

  /**
   * The canvas's measures: the scene's picture (`sceneRect`) sits inside a padding of whole grid
   * squares on each side, so canvas coordinates (tokens, regions) start at the padding's corner.
   */
  get dimensions() {
    const size = this.grid.size;
    const sceneWidth = this._source.width as number;
    const sceneHeight = this._source.height as number;
    const sceneX = Math.ceil((sceneWidth * this.padding) / size) * size;
    const sceneY = Math.ceil((sceneHeight * this.padding) / size) * size;
    const width = sceneWidth + 2 * sceneX;
    const height = sceneHeight + 2 * sceneY;
    return {
      size,
      width,
      height,
      sceneX,
      sceneY,
      sceneWidth,
      sceneHeight,
      rect: { x: 0, y: 0, width, height },
      sceneRect: { x: sceneX, y: sceneY, width: sceneWidth, height: sceneHeight },
    };
  }
}

/** The kinds of document a folder may hold (v13's `CONST.FOLDER_DOCUMENT_TYPES`). */
export const FOLDER_DOCUMENT_TYPES = ["Actor", "Adventure", "Item", "Scene", "JournalEntry", "Playlist", "RollTable", "Cards", "Macro", "Compendium"] as const;

/** A folder of one kind of document, inside another folder (`folder`) or at the top; sorted by name ("a") or by hand ("m"). */
export class Folder extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Folder", collection: "folders", embedded: {}, label: "DOCUMENT.Folder" };

  static override defineSchema() {
    return {
      ...baseFields("Folder"),
      type: new StringField({ required: true, blank: false, initial: "Actor", choices: [...FOLDER_DOCUMENT_TYPES] }),
      description: new HTMLField(),
      sorting: new StringField({ required: true, blank: false, initial: "a", choices: ["a", "m"] }),
      color: new ColorField({ nullable: true, initial: null }),
      ...commonTail(),
    };
  }
}

/* -------------------------------------------- */
/*  Cards                                         */
/* -------------------------------------------- */

/** How `Cards#draw` picks: from the top (first by sort), the bottom, or at random. */
export const CARD_DRAW_MODES = { FIRST: 0, TOP: 0, LAST: 1, BOTTOM: 1, RANDOM: 2 } as const;

const cardFaceField = () =>
  new SchemaField({
    name: new StringField({ blank: true, initial: "" }),
    text: new HTMLField(),
    img: new FilePathField({ nullable: true, initial: null }),
  });

/**
 * A card of a stack (`Cards`): its type is "base" or a system subtype (with `system` data), its
 * faces and back, whether it has been drawn from its home deck, and the deck it came from.
 * Ownership is its stack's. Its images are its faces' and its back's: it has no image of its own.
 */
export class Card extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Card", collection: "cards", embedded: {}, label: "DOCUMENT.Card" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      description: new HTMLField(),
      type: typeField("Card", ["base"]),
      system: new TypeDataField("Card"),
      suit: new StringField({ blank: true, initial: "" }),
      value: new NumberField({ required: false, initial: null }),
      back: cardFaceField(),
      faces: new ArrayField(cardFaceField()),
      face: new NumberField({ required: true, nullable: true, integer: true, min: 0, initial: null }),
      drawn: new BooleanField(),
      origin: new ForeignDocumentField("Cards"),
      width: new NumberField({ integer: true, positive: true }),
      height: new NumberField({ integer: true, positive: true }),
      rotation: new NumberField({ required: true, nullable: false, initial: 0 }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare drawn: boolean;
  declare origin: Cards | null;
  declare sort: number;
  declare faces: { name: string; text: string; img: string | null }[];
  declare face: number | null;
  declare back: { name: string; text: string; img: string | null };

  get stack(): Cards | null {
    return this.parent instanceof Cards ? this.parent : null;
  }

  /** In a deck that is its home (the deck it came from; a deck's own cards have no other origin). */
  get isHome(): boolean {
    const parent = this.stack;
    return parent?.type === "deck" && (this.origin === null || this.origin === parent || this.origin?.id === parent.id);
  }

  /** The deck the card belongs to. */
  get source(): Cards | null {
    return this.stack?.type === "deck" ? this.stack : this.origin;
  }

  /** Pass this card to another stack; the card created there. */
  async pass(to: Cards, options: AnyObject = {}): Promise<Card | undefined> {
    const created = await this.stack!.pass(to, [this.id!], options);
    return created[0];
  }

  /** Play this card to a stack (a pass whose notification says "played"). */
  async play(to: Cards, options: AnyObject = {}): Promise<Card | undefined> {
    return this.pass(to, { action: "play", ...options });
  }
}

/**
 * A stack of cards: a deck (cards stay in it, marked drawn, until recalled), a hand or a pile.
 * `draw` and `pass` move cards as Foundry's do: a card leaving its home deck is marked drawn there
 * and copied (same id) into the destination; a card leaving a hand or pile is deleted from it; a
 * card passed back to its home deck is only marked undrawn again. The mover must own both stacks.
 */
export class Cards extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Cards", collection: "cards", embedded: { Card: "cards" }, label: "DOCUMENT.Cards" };
  static override DEFAULT_ICON = "icons/svg/card-hand.svg";

  static override defineSchema() {
    return {
      ...baseFields("Cards", { img: "icons/svg/card-hand.svg" }),
      type: typeField("Cards", ["deck", "hand", "pile"]),
      description: new HTMLField(),
      system: new TypeDataField("Cards"),
      cards: new EmbeddedCollectionField("Card"),
      width: new NumberField({ integer: true, positive: true }),
      height: new NumberField({ integer: true, positive: true }),
      rotation: new NumberField({ required: true, nullable: false, initial: 0 }),
      displayCount: new BooleanField(),
      ...commonTail(),
    };
  }

  declare cards: EmbeddedCollection<Card>;
  declare img: string;

  /** Cards that may be drawn or passed: in a deck, those not drawn; in a hand or pile, all. */
  get availableCards(): Card[] {
    return this.cards.contents.filter((c) => this.type !== "deck" || !c.drawn).sort((a, b) => a.sort - b.sort);
  }

  get drawnCards(): Card[] {
    return this.cards.contents.filter((c) => c.drawn);
  }

  /** Draw `number` cards from `from` into this stack; the cards created here. */
  async draw(from: Cards, number = 1, { how = CARD_DRAW_MODES.FIRST, updateData = {}, ...options }: AnyObject = {}): Promise<Card[]> {
    const available = from.availableCards;
    if (available.length < number) throw new Error(`There are not enough cards remaining in ${from.name} to draw ${number}`);
    let picked: Card[];
    if (how === CARD_DRAW_MODES.LAST) picked = available.slice(-number);
    else if (how === CARD_DRAW_MODES.RANDOM) picked = [...available].sort(() => Math.random() - 0.5).slice(0, number);
    else picked = available.slice(0, number);
    return from.pass(this, picked.map((c) => c.id!), { updateData, action: "draw", ...options });
  }

  /** Pass cards of this stack to another; the cards created there. The mover must own both stacks. */
  async pass(to: Cards, ids: string[], { updateData = {}, action = "pass", chatNotification = true }: AnyObject = {}): Promise<Card[]> {
    if (!(to instanceof Cards) || to === this) throw new Error("You must provide a different Cards document as the recipient of Cards#pass");
    // Checked before anything moves: a move half made (taken out of one stack, never put in the other) is worse than none.
    const user = currentUser();
    for (const stack of [this, to]) if (!stack.testUserPermission(user, "OWNER")) throw permissionError(user, "pass cards of", stack);
    const toCreate: AnyObject[] = [];
    const toUpdate: AnyObject[] = [];
    const fromUpdate: AnyObject[] = [];
    const fromDelete: string[] = [];
    for (const id of ids) {
      const card = this.cards.get(id, { strict: true })!;
      const home = card.isHome;
      if (this.type === "deck" && home && card.drawn) throw new Error(`You may not pass Card ${id} which has already been drawn`);
      const origin = card.origin ?? (home ? this : null);
      if (origin?.id === to.id && to.cards.has(id)) toUpdate.push({ _id: id, drawn: false });
      else {
        const data = mergeUpdate(card.toObject(), updateData as AnyObject);
        data.origin = origin?.id ?? null;
        data.drawn = false;
        toCreate.push(data);
      }
      if (home) fromUpdate.push({ _id: id, drawn: true });
      else fromDelete.push(id);
    }
    const allowed = g().Hooks.call("passCards", this, to, { action, toCreate, toUpdate, fromUpdate, fromDelete });
    if (allowed === false) return [];
    const created = toCreate.length ? ((await to.createEmbeddedDocuments("Card", toCreate, { keepId: true })) as Card[]) : [];
    if (toUpdate.length) await to.updateEmbeddedDocuments("Card", toUpdate);
    if (fromUpdate.length) await this.updateEmbeddedDocuments("Card", fromUpdate);
    if (fromDelete.length) await this.deleteEmbeddedDocuments("Card", fromDelete);
    if (chatNotification) {
      const verb = action === "draw" ? "drew" : action === "play" ? "played" : "passed";
      const cls = g().CONFIG.ChatMessage!.documentClass;
      await cls.create({ content: `<p>${ids.length} card(s) ${verb}: ${this.name} → ${to.name}</p>` });
    }
    return created;
  }
}

function mergeUpdate(data: AnyObject, update: AnyObject): AnyObject {
  const out = deepClone(data);
  for (const [k, v] of Object.entries(expandObject(update))) {
    out[k] = isPlainObject(v) && isPlainObject(out[k]) ? mergeUpdate(out[k] as AnyObject, v) : deepClone(v);
  }
  return out;
}

/* -------------------------------------------- */
/*  Compendium packs                              */
/* -------------------------------------------- */

export interface PackMetadata {
  id: string;
  name: string;
  label: string;
  type: string;
  system?: string;
  packageName: string;
  /** "system" for the system's own packs, "world" for a pack the world made (`createCompendium`). */
  packageType?: "system" | "world";
  ownership: Record<string, string>;
}

/** A value at a dotted path of a plain object. */
const valueAtPath = (data: AnyObject, path: string): unknown => path.split(".").reduce<unknown>((o, k) => (o && typeof o === "object" ? (o as AnyObject)[k] : undefined), data);

/** Does a document's source match a compendium query (`{ key: value, key__in: [...], key__ne: value }`)? */
function matchesQuery(source: AnyObject, query: AnyObject): boolean {
  return Object.entries(query).every(([key, expected]) => {
    const [path, op] = key.split("__") as [string, string | undefined];
    const value = valueAtPath(source, path);
    if (op === "in") return Array.isArray(expected) && expected.includes(value);
    if (op === "ne") return value !== expected;
    if (op !== undefined) throw new Error(`harness: the compendium query operator "${op}" is not supported`);
    return value === expected;
  });
}

/**
 * A compendium pack: documents with `pack` set (uuid `Compendium.<pack>.<Doc>.<id>`), locked by
 * default. Its documents are the server's (`stored`, which the database writes): a client receives
 * them only when it asks (`getIndex`, `getDocument(s)`), each time a copy, as over the network, and
 * only with at least OBSERVER on the pack (./server.ts). The system's own packs, loaded from their
 * sources, are also kept loaded on every client, as the harness always had them.
 */
export class CompendiumCollection extends Collection<ClientDocument> {
  locked = true;
  readonly index = new Collection<AnyObject>();
  /** The documents as the server keeps them. */
  readonly stored = new Map<string, ClientDocument>();

  constructor(readonly metadata: PackMetadata) {
    super();
  }

  /** Every world pack's default ownership: players observe, assistants own (Foundry's issue 9318, v11's design). */
  static readonly DEFAULT_OWNERSHIP = { PLAYER: "OBSERVER", ASSISTANT: "OWNER" };

  /**
   * A GM makes a world compendium pack (`world.<name>`), empty and locked, with the default ownership.
   * Public importers call it on the GM's client, then `configure` its ownership and lock.
   */
  static async createCompendium(metadata: { name: string; label: string; type: string; package?: string }): Promise<CompendiumCollection> {
    const user = currentUser();
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to create a compendium pack`);
    const id = `world.${metadata.name}`;
    const packs = g().game.packs;
    if (packs.has(id)) throw new Error(`A compendium pack ${id} already exists`);
    const pack = new CompendiumCollection({ id, name: metadata.name, label: metadata.label, type: metadata.type, packageName: "world", packageType: "world", ownership: { ...CompendiumCollection.DEFAULT_OWNERSHIP } });
    packs.set(id, pack);
    return pack;
  }

  get collection(): string {
    return this.metadata.id;
  }

  get documentName(): string {
    return this.metadata.type;
  }

  get title(): string {
    return this.metadata.label;
  }

  /** Levels by role: the pack's `ownership` (system.json's, or as configured: `{PLAYER: "NONE"}`). */
  getUserLevel(user: User): number {
    if (user.isGM && user.role >= ROLES.GAMEMASTER) return OWNERSHIP.OWNER;
    const byRole: Record<number, string> = { 1: "PLAYER", 2: "TRUSTED", 3: "ASSISTANT", 4: "GAMEMASTER" };
    const role = byRole[user.role] ?? "PLAYER";
    const level = this.metadata.ownership[role] ?? (role === "TRUSTED" ? this.metadata.ownership.PLAYER : undefined) ?? (user.isGM ? "OWNER" : "NONE");
    return OWNERSHIP[level as OwnershipName] ?? OWNERSHIP.NONE;
  }

  testUserPermission(user: User, permission: OwnershipName): boolean {
    return this.getUserLevel(user) >= OWNERSHIP[permission];
  }

  /** A GM sets the pack's ownership by role or its lock (stored in a world setting every client receives, which the harness leaves out). */
  async configure(settings: { ownership?: Record<string, string>; locked?: boolean }): Promise<void> {
    const user = currentUser();
    if (!user.isGM) throw new Error(`User ${user.name} lacks permission to configure ${this.collection}`);
    if (settings.ownership) this.metadata.ownership = { ...settings.ownership };
    if (settings.locked !== undefined) this.locked = settings.locked;
  }

  /** A GM deletes a world pack and everything in it. */
  async deleteCompendium(): Promise<this> {
    const user = currentUser();
    if (!user.isGM || this.metadata.packageType !== "world") throw new Error(`User ${user.name} lacks permission to delete ${this.collection}`);
    g().game.packs.delete(this.collection);
    this.stored.clear();
    return this;
  }

  /** The server answers a client's request for the pack's contents: refused without OBSERVER, else logged as sent to that client. */
  #answer<T>(payload: T): T {
    const user = currentUser();
    if (!this.testUserPermission(user, "OBSERVER")) throw new Error(`User ${user.name} lacks permission to read ${this.collection}`);
    server.deliver(user, { pack: this.collection, payload });
    return payload;
  }

  /** A world pack's document as a client receives it: made anew from the server's source. */
  #copy(doc: ClientDocument): ClientDocument {
    if (this.metadata.packageType !== "world") return doc;
    return new (docClassOf(this.documentName))(deepClone(doc._source), { pack: this.collection });
  }

  /** Load source documents (e.g. the repository's `packs/<name>/*.json`) into the pack. */
  load(sources: AnyObject[]): void {
    const cls = docClassOf(this.documentName);
    for (const raw of sources) {
      const data = stripKeys(deepClone(raw));
      const doc = new cls(data, { pack: this.collection });
      this.set(doc.id!, doc);
      this.stored.set(doc.id!, doc);
      this.index.set(doc.id!, { _id: doc.id, name: doc.name, type: doc.type, img: (doc as unknown as AnyObject).img, uuid: doc.uuid });
    }
  }

  async getDocuments(query: AnyObject = {}): Promise<ClientDocument[]> {
    await Promise.resolve();
    // Documents asked for by id are found by key, as a database finds them; any other query reads them all.
    const ids = Object.keys(query).length === 1 && Array.isArray(query._id__in) ? (query._id__in as string[]) : null;
    const candidates = ids ? ids.flatMap((id) => (this.stored.has(id) ? [this.stored.get(id)!] : [])) : [...this.stored.values()];
    const found = candidates.filter((d) => matchesQuery(d._source, query));
    return this.#answer(found).map((d) => this.#copy(d));
  }

  async getDocument(id: string): Promise<ClientDocument | undefined> {
    await Promise.resolve();
    const doc = this.stored.get(id);
    return doc && this.#copy(this.#answer(doc));
  }

  /** The index: each document's id, name, type, image and uuid, and the `fields` asked for (dotted paths). */
  async getIndex({ fields = [] }: { fields?: string[] } = {}): Promise<Collection<AnyObject>> {
    await Promise.resolve();
    if (this.metadata.packageType !== "world" && !fields.length) return this.#answer(this.index);
    const index = new Collection<AnyObject>();
    for (const doc of this.stored.values()) {
      const entry: AnyObject = { _id: doc.id, name: doc.name, type: doc.type, uuid: doc.uuid };
      for (const path of fields) {
        const value = valueAtPath(doc._source, path);
        if (value !== undefined) setProperty(entry, path, deepClone(value));
      }
      index.set(doc.id!, entry);
    }
    return this.#answer(index);
  }
}

/** Set a value at a dotted path, making the objects on the way. */
function setProperty(target: AnyObject, path: string, value: unknown): void {
  const keys = path.split(".");
  const last = keys.pop()!;
  let o = target;
  for (const k of keys) o = (o[k] ??= {}) as AnyObject;
  o[last] = value;
}

/** Pack sources carry `_key` (LevelDB keys); the documents don't. */
function stripKeys(data: AnyObject): AnyObject {
  delete data._key;
  for (const value of Object.values(data)) {
    if (Array.isArray(value)) for (const v of value) if (isPlainObject(v)) stripKeys(v);
  }
  return data;
}

/* -------------------------------------------- */
/*  UUIDs                                         */
/* -------------------------------------------- */

/** Resolve a uuid among the loaded documents: world, embedded and compendium. */
export function fromUuidSync(uuid: string, { strict = true }: { strict?: boolean } = {}): ClientDocument | null {
  if (typeof uuid !== "string" || !uuid) {
    if (strict) throw new Error(`Invalid UUID: ${String(uuid)}`);
    return null;
  }
  const parts = uuid.split(".");
  let doc: ClientDocument | undefined;
  let rest: string[];
  if (parts[0] === "Compendium") {
    // A compendium document is known synchronously only by its index entry (Foundry's issue 11717,
    // pf2e issue 6291): the entry for the document itself, an error for one embedded in it.
    const pack = g().game.packs.get(`${parts[1]}.${parts[2]}`);
    const entry = pack?.index.get(parts[4] ?? "");
    if (parts.length > 5) throw new Error(`fromUuidSync cannot retrieve the embedded document ${uuid} from a compendium index entry`);
    return (entry as unknown as ClientDocument | undefined) ?? null;
  } else {
    const collection = g().game.collections.get(parts[0] ?? "");
    if (!collection && strict) throw new Error(`Invalid UUID: ${uuid}`);
    doc = collection?.get(parts[1] ?? "");
    rest = parts.slice(2);
  }
  while (doc && rest.length >= 2) {
    const [name, id] = rest.splice(0, 2) as [string, string];
    try {
      doc = doc.getEmbeddedCollection(name).get(id);
    } catch {
      doc = undefined;
    }
  }
  return doc ?? null;
}

/** Resolve a uuid, loading a compendium document from its pack (as Foundry's `fromUuid` does). */
export async function fromUuid(uuid: string, options: { strict?: boolean } = {}): Promise<ClientDocument | null> {
  await Promise.resolve();
  const parts = typeof uuid === "string" ? uuid.split(".") : [];
  if (parts[0] !== "Compendium") return fromUuidSync(uuid, { strict: false, ...options });
  let doc: ClientDocument | undefined = await g().game.packs.get(`${parts[1]}.${parts[2]}`)?.getDocument(parts[4] ?? "");
  const rest = parts.slice(5);
  while (doc && rest.length >= 2) {
    const [name, id] = rest.splice(0, 2) as [string, string];
    doc = doc.getEmbeddedCollection(name).get(id);
  }
  return doc ?? null;
}

export { DataModelValidationError };
