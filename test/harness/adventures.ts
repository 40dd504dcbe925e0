/**
 * Adventures as v13 has them: an `Adventure` lives in a compendium pack of type "Adventure" and
 * holds whole documents of other kinds as data (its actors, items, journal entries, scenes, roll
 * tables, card stacks, encounters and the folders they sit in).
 *
 * What mirrors Foundry here:
 * - Its contents are validated when it is loaded, each as a document of its kind (its `system`
 *   by the type's data model): an Adventure holding an invalid document does not load.
 * - `import()` puts every document into the world as the CURRENT user, with its id and its
 *   embedded documents' ids kept, and everything else as stored (ownership, folder, sort): the
 *   folders first (parents before their children), then each kind in turn, through the ordinary
 *   create operation, so the `_preCreate`/`preCreateX` checks run and `_onCreate` and the
 *   `createX` hook run on every connected client with the importer's user id.
 * - Only a GM imports: a player's import is refused before anything is created.
 * - `preImportAdventure` (adventure, options, toCreate, toUpdate) may cancel it (return false);
 *   `importAdventure` (adventure, options, created, updated) follows it on the importer's client.
 *
 * Not imitated: importing over documents already in the world (Foundry updates them after a
 * confirmation; the harness refuses, so no test relies on it), and macros and playlists (the
 * harness has neither).
 */
import { ArrayField, DataField, DocumentIdField, HTMLField, NumberField, ObjectField, StringField, FilePathField, type CleanOptions, type Failures } from "./fields";
import { ClientDocument, database, statsField, type DocumentMetadata, type User } from "./documents";
import { deepClone, isPlainObject, type AnyObject } from "./utils";

/** An Adventure's content fields and the kind of document each holds, folders first (the import order). */
export const ADVENTURE_CONTENT = {
  folders: "Folder",
  actors: "Actor",
  items: "Item",
  journal: "JournalEntry",
  scenes: "Scene",
  tables: "RollTable",
  cards: "Cards",
  combats: "Combat",
  macros: "Macro",
  playlists: "Playlist",
} as const;

type ContentField = keyof typeof ADVENTURE_CONTENT;

interface AdventureGlobals {
  game: { user: User | null; collections: Map<string, { has(id: string): boolean }> };
  CONFIG: Record<string, { documentClass: typeof ClientDocument } | undefined>;
  Hooks: { call(hook: string, ...args: unknown[]): boolean; callAll(hook: string, ...args: unknown[]): true };
}
const g = () => globalThis as unknown as AdventureGlobals;

const ID = /^[A-Za-z0-9]{16}$/;

/** One document of an Adventure, kept as data: cleaned and validated as a document of its kind. */
class ContentDocumentField extends DataField {
  constructor(readonly documentName: string) {
    super({ required: true, nullable: false });
  }

  get documentClass(): typeof ClientDocument {
    const cls = g().CONFIG[this.documentName]?.documentClass;
    if (!cls) throw new Error(`harness: an Adventure holding ${this.documentName} documents is not imitated`);
    return cls;
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    if (!isPlainObject(value)) return value;
    return this.documentClass.schema.clean(deepClone(value), { ...options, partial: false });
  }

  override validate(value: unknown, path: string, failures: Failures): void {
    if (!isPlainObject(value)) {
      failures[path] = "must be a document's data";
      return;
    }
    if (typeof value._id !== "string" || !ID.test(value._id)) failures[`${path}._id`] = "must be a 16-character id (an Adventure keeps its documents' ids)";
    this.documentClass.schema.validate(value, path, failures);
  }

  /** Each held document as an unsaved document of its kind (in no collection). */
  override initialize(value: unknown): unknown {
    return new this.documentClass(deepClone(value as AnyObject), { trustedSource: true });
  }
}

export interface AdventureImportResult {
  created: Record<string, ClientDocument[]>;
  updated: Record<string, ClientDocument[]>;
}

export class Adventure extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Adventure", collection: "adventures", embedded: {}, label: "DOCUMENT.Adventure" };
  static override DEFAULT_ICON = "icons/svg/chest.svg";

  static override defineSchema() {
    const content = Object.fromEntries(Object.entries(ADVENTURE_CONTENT).map(([field, name]) => [field, new ArrayField(new ContentDocumentField(name))]));
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      img: new FilePathField({ nullable: true, initial: null }),
      caption: new HTMLField(),
      description: new HTMLField(),
      ...content,
      folder: new StringField({ nullable: true, blank: false, initial: null }),
      sort: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      flags: new ObjectField(),
      _stats: statsField(),
    };
  }

  declare caption: string;
  declare description: string;

  /** Where the contents would go: for each kind, the documents to create and those already in the world. */
  prepareImport(): { toCreate: Record<string, AnyObject[]>; toUpdate: Record<string, AnyObject[]>; documentCount: number } {
    const source = this.toObject();
    const toCreate: Record<string, AnyObject[]> = {};
    const toUpdate: Record<string, AnyObject[]> = {};
    let documentCount = 0;
    for (const [field, name] of Object.entries(ADVENTURE_CONTENT) as [ContentField, string][]) {
      const docs = (source[field] as AnyObject[] | undefined) ?? [];
      if (!docs.length) continue;
      const world = g().game.collections.get(name);
      if (!world) throw new Error(`harness: an Adventure holding ${name} documents is not imitated`);
      const create = docs.filter((d) => !world.has(d._id as string));
      const update = docs.filter((d) => world.has(d._id as string));
      if (create.length) toCreate[name] = field === "folders" ? parentsFirst(create) : create;
      if (update.length) toUpdate[name] = update;
      documentCount += docs.length;
    }
    return { toCreate, toUpdate, documentCount };
  }

  /** Import every document into the world (a GM): ids kept, ownership and folders as stored. */
  async import(options: AnyObject = {}): Promise<AdventureImportResult | undefined> {
    const user = g().game.user;
    if (!user?.isGM) throw new Error(`User ${user?.name ?? "(none)"} lacks permission to import Adventure [${this.id}]`);
    const { toCreate, toUpdate } = this.prepareImport();
    if (g().Hooks.call("preImportAdventure", this, options, toCreate, toUpdate) === false) return undefined;
    if (Object.keys(toUpdate).length) {
      const which = Object.entries(toUpdate).map(([name, docs]) => `${name} ${docs.map((d) => String(d._id)).join(", ")}`);
      throw new Error(`harness: importing an Adventure over documents already in the world is not imitated (${which.join("; ")})`);
    }
    const created: Record<string, ClientDocument[]> = {};
    for (const [name, data] of Object.entries(toCreate)) {
      created[name] = await database.create(name, data, { keepId: true, keepEmbeddedIds: true, renderSheet: false });
    }
    const result = { created, updated: {} };
    g().Hooks.callAll("importAdventure", this, options, created, {});
    return result;
  }
}

/** Folders ordered so each comes after the folder it sits in. */
function parentsFirst(folders: AnyObject[]): AnyObject[] {
  const byId = new Map(folders.map((f) => [f._id as string, f]));
  const depth = (f: AnyObject, seen = new Set<string>()): number => {
    const parent = typeof f.folder === "string" ? byId.get(f.folder) : undefined;
    if (!parent || seen.has(f._id as string)) return 0;
    seen.add(f._id as string);
    return 1 + depth(parent, seen);
  };
  return [...folders].sort((a, b) => depth(a) - depth(b));
}
