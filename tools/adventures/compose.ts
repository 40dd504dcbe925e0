/**
 * The pieces every Adventure is made of: the ruleset's pack documents copied as they are (ids
 * kept, the CLI's `_key`s left out: an Adventure stores its documents inline), folders, scenes and
 * tokens, card stacks and journals made here with ids that stay the same from run to run.
 */
import { createHash } from "node:crypto";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";

export type Doc = Record<string, unknown> & { _id: string; name: string };

/** The content fields of an Adventure source, in the order Foundry's Adventure lists them. */
export const CONTENT = ["actors", "combats", "items", "journal", "scenes", "tables", "macros", "cards", "playlists", "folders"] as const;
export type ContentField = (typeof CONTENT)[number];

/** The kind of document each content field holds. */
export const CONTENT_TYPES: Record<ContentField, string> = {
  actors: "Actor",
  combats: "Combat",
  items: "Item",
  journal: "JournalEntry",
  scenes: "Scene",
  tables: "RollTable",
  macros: "Macro",
  cards: "Cards",
  playlists: "Playlist",
  folders: "Folder",
};

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

/** A 16-character document id derived from `seed`: the same seed always gives the same id. */
export function stableId(seed: string): string {
  const bytes = createHash("sha256").update(`factions:${seed}`).digest();
  return Array.from(bytes.subarray(0, 16), (b) => ALPHABET[b % ALPHABET.length]).join("");
}

/** A copy of a pack source without the CLI's `_key`s (at any depth). */
export function withoutKeys<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v) => withoutKeys(v)) as T;
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (k !== "_key") out[k] = withoutKeys(v);
    return out as T;
  }
  return value;
}

/** Every document of a pack (packs/<name>/*.json), in file-name order, without their `_key`s. */
export function packDocuments(root: string, pack: string): Doc[] {
  const dir = join(root, "packs", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => withoutKeys(JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc));
}

/** The document of `docs` named `name` (a clear error if the packs no longer have it). */
export function named(docs: Doc[], name: string, pack: string): Doc {
  const doc = docs.find((d) => d.name === name);
  if (!doc) throw new Error(`adventures: packs/${pack} has no document named "${name}"`);
  return doc;
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
/** Text made safe inside HTML. */
export const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** A content link to a world document once the Adventure is imported (its id is kept, so the link holds). */
export const link = (documentName: string, doc: Doc) => `@UUID[${documentName}.${doc._id}]{${doc.name}}`;

/** A journal page of HTML text. */
export function page(journal: string, name: string, sort: number, content: string): Doc {
  return {
    _id: stableId(`${journal}:page:${name}`),
    name,
    type: "text",
    title: { show: true, level: 1 },
    text: { format: 1, content },
    sort,
    ownership: { default: -1 },
    flags: {},
  };
}

/** A journal entry every player may read. */
export function journal(seed: string, name: string, pages: { name: string; content: string }[], folder: string | null, sort: number): Doc {
  const id = stableId(`${seed}:journal:${name}`);
  return {
    _id: id,
    name,
    pages: pages.map((p, i) => page(id, p.name, (i + 1) * 100000, p.content)),
    folder,
    sort,
    ownership: { default: 2 },
    flags: {},
  };
}

/** A token standing for `actor` on a scene: linked to it, its name always shown, `size` squares wide. */
export function token(seed: string, actor: Doc, square: { x: number; y: number }, size = 1, gridSize = 100): Doc {
  const prototype = (actor.prototypeToken ?? {}) as { texture?: { src?: string }; disposition?: number };
  return {
    _id: stableId(`${seed}:token:${actor._id}`),
    name: actor.name,
    actorId: actor._id,
    actorLink: true,
    x: square.x * gridSize,
    y: square.y * gridSize,
    width: size,
    height: size,
    texture: { src: prototype.texture?.src ?? actor.img },
    disposition: prototype.disposition ?? 0,
    displayName: 50,
    hidden: false,
    elevation: 0,
    flags: {},
  };
}

export interface SceneSpec {
  name: string;
  /** Width and height in grid squares of 100 pixels. */
  columns: number;
  rows: number;
  backgroundColor: string;
  /** Its map (`background.src`): one of tools/adventures/maps, as `mapSrc` names it. */
  background: string;
  tokens: Doc[];
}

/** A scene of square 100-pixel grid squares, no padding (so a token's square is its position / 100). */
export function scene(seed: string, spec: SceneSpec, folder: string | null): Doc {
  return {
    _id: stableId(`${seed}:scene:${spec.name}`),
    name: spec.name,
    active: false,
    navigation: true,
    width: spec.columns * 100,
    height: spec.rows * 100,
    padding: 0,
    background: { src: spec.background },
    backgroundColor: spec.backgroundColor,
    grid: { type: 1, size: 100, distance: 1, units: "squares" },
    tokens: spec.tokens,
    regions: [],
    folder,
    sort: 0,
    ownership: { default: 0 },
    flags: {},
  };
}

/** An Adventure being put together: its folders (one per kind of document, one inside it per side) and its contents. */
export class AdventureBuilder {
  readonly content: Record<ContentField, Doc[]> = Object.fromEntries(CONTENT.map((f) => [f, []])) as unknown as Record<ContentField, Doc[]>;
  readonly #folders = new Map<string, string>();

  constructor(
    /** Seeds the ids of what is made here (the ruleset's key). */
    readonly seed: string,
    /** The name of its folders. */
    readonly folderName: string,
    readonly color: string,
  ) {}

  /** The Adventure's folder for a kind of document (made the first time it is asked for). */
  folder(type: string): string {
    const existing = this.#folders.get(type);
    if (existing) return existing;
    const id = stableId(`${this.seed}:folder:${type}`);
    this.#folders.set(type, id);
    this.content.folders.push({ _id: id, name: this.folderName, type, description: "", folder: null, sorting: "a", sort: 0, color: this.color, flags: {} });
    return id;
  }

  /** Add documents to a content field, each in the Adventure's folder of its kind. */
  add(field: Exclude<ContentField, "folders">, ...docs: Doc[]): void {
    const folder = this.folder(CONTENT_TYPES[field]);
    for (const doc of docs) this.content[field].push({ ...doc, folder });
  }

  /**
   * Add a side's documents (what one player plays: a company and its fighters, a realm and its
   * cards), in a folder of the side's name inside the Adventure's folder of their kind.
   */
  addToSide(field: Exclude<ContentField, "folders">, side: string, ...docs: Doc[]): void {
    if (!docs.length) return;
    const type = CONTENT_TYPES[field];
    const key = `${type}:${side}`;
    let folder = this.#folders.get(key);
    if (!folder) {
      folder = stableId(`${this.seed}:folder:${key}`);
      this.#folders.set(key, folder);
      this.content.folders.push({ _id: folder, name: side, type, description: "", folder: this.folder(type), sorting: "a", sort: 0, color: this.color, flags: {} });
    }
    for (const doc of docs) this.content[field].push({ ...doc, folder });
  }
}

export interface AdventureSpec {
  id: string;
  name: string;
  img: string;
  caption: string;
  description: string;
  sort: number;
}

/** The Adventure's source as the pack holds it (one file; its documents inline). */
export function adventureSource(spec: AdventureSpec, builder: AdventureBuilder): Doc {
  return {
    _id: spec.id,
    _key: `!adventures!${spec.id}`,
    name: spec.name,
    img: spec.img,
    caption: spec.caption,
    description: spec.description,
    ...builder.content,
    folder: null,
    sort: spec.sort,
    flags: {},
  };
}

/** A file name from a document name, as the other pack sources are named. */
export const slug = (name: string) =>
  name
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
