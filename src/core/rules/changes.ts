/**
 * An outcome changes documents only through these plain records, so one list
 * renders on the chat card, is applied, is kept in the chronicle and is undone.
 *
 * `actor` is an opaque reference to a world document (a UUID in Foundry, any id in tests):
 * an actor usually, or an encounter's Combat or Combatant; `item` is the id of a document
 * embedded in it, an Item unless `embedded` says ActiveEffect.
 */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** The embedded collections a change reaches inside a document. */
export type EmbeddedName = "Item" | "ActiveEffect";

export interface DocRef {
  actor: string;
  item?: string;
  /** The collection `item` is in (default "Item"). */
  embedded?: EmbeddedName;
}

export type Change =
  /** Set one property (a dotted path such as `system.hp.value`) from `from` to `to`. */
  | { op: "update"; ref: DocRef; path: string; from: Json; to: Json }
  /** Create an embedded item in `ref.actor`; `data` is its full source (name, type, system, and `_id`). */
  | { op: "create"; ref: DocRef; data: { _id: string; name: string; type: string; system: Json } }
  /** Delete the embedded item `ref.item`; `data` is its full source, so undo can restore it with the same id. */
  | { op: "delete"; ref: DocRef; data: { _id: string; name: string; type: string; system: Json } };

// ---------------------------------------------------------------------------
// A generic plain world the changes apply to, and the pure functions over it.

/** The source of an embedded item, as carried by `create` / `delete` changes. */
export type ItemSource = { _id: string; name: string; type: string; system: Json; [key: string]: Json };

/** One actor: its `system` data and its embedded items (and active effects) by id. */
export interface WorldActor {
  system: Json;
  items: Record<string, ItemSource>;
  effects?: Record<string, ItemSource>;
}

/** The world actor's field that holds the ref's embedded collection. */
const bucket = (ref: DocRef): "items" | "effects" => (ref.embedded === "ActiveEffect" ? "effects" : "items");

/** Every actor by reference. */
export type World = Record<string, WorldActor>;

/** Deep equality of plain JSON values (key order ignored). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a)) {
    const bb = b as unknown[];
    return a.length === bb.length && a.every((v, i) => jsonEqual(v, bb[i]));
  }
  const ao = a as Record<string, unknown>;
  const bo = b as Record<string, unknown>;
  const ak = Object.keys(ao);
  if (ak.length !== Object.keys(bo).length) return false;
  return ak.every((k) => Object.prototype.hasOwnProperty.call(bo, k) && jsonEqual(ao[k], bo[k]));
}

/** A deep copy of a plain JSON value. */
export function cloneJson<T>(value: T): T {
  return value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T);
}

/** Read a dotted path (`system.hp.value`) from a plain object; `undefined` if absent. */
export function getPath(obj: unknown, path: string): unknown {
  let cur: unknown = obj;
  for (const key of path.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur;
}

/** A copy of `obj` with the dotted path set to `value` (only the objects along the path are copied). */
export function setPath<T>(obj: T, path: string, value: unknown): T {
  const keys = path.split(".");
  const go = (cur: unknown, i: number): unknown => {
    const base = typeof cur === "object" && cur !== null ? (cur as Record<string, unknown>) : {};
    const copy: Record<string, unknown> = Array.isArray(base) ? ([...base] as unknown as Record<string, unknown>) : { ...base };
    copy[keys[i]!] = i === keys.length - 1 ? value : go(base[keys[i]!], i + 1);
    return copy;
  };
  return go(obj, 0) as T;
}

function actorOf(world: World, ref: DocRef): WorldActor {
  const actor = world[ref.actor];
  if (!actor) throw new Error(`No actor "${ref.actor}" in the world`);
  return actor;
}

function put(world: World, ref: DocRef, actor: WorldActor): World {
  return { ...world, [ref.actor]: actor };
}

function setValue(world: World, ref: DocRef, path: string, value: Json): World {
  const actor = actorOf(world, ref);
  if (ref.item === undefined) return put(world, ref, setPath(actor, path, cloneJson(value)));
  const docs = actor[bucket(ref)] ?? {};
  const item = docs[ref.item];
  if (!item) throw new Error(`No item "${ref.item}" in actor "${ref.actor}"`);
  return put(world, ref, { ...actor, [bucket(ref)]: { ...docs, [ref.item]: setPath(item, path, cloneJson(value)) } });
}

function addItem(world: World, ref: DocRef, data: ItemSource): World {
  const actor = actorOf(world, ref);
  const docs = actor[bucket(ref)] ?? {};
  if (docs[data._id]) throw new Error(`Item "${data._id}" already exists in actor "${ref.actor}"`);
  return put(world, ref, { ...actor, [bucket(ref)]: { ...docs, [data._id]: cloneJson(data) } });
}

function removeItem(world: World, ref: DocRef, id: string): World {
  const actor = actorOf(world, ref);
  const docs = { ...(actor[bucket(ref)] ?? {}) };
  if (!docs[id]) throw new Error(`No item "${id}" in actor "${ref.actor}"`);
  delete docs[id];
  return put(world, ref, { ...actor, [bucket(ref)]: docs });
}

function itemId(change: Extract<Change, { op: "create" | "delete" }>): string {
  return change.ref.item ?? change.data._id;
}

/** The world after the changes, in order. Never mutates its inputs; throws on a change that cannot apply. */
export function applyChanges(world: World, changes: readonly Change[]): World {
  let w = world;
  for (const c of changes) {
    if (c.op === "update") w = setValue(w, c.ref, c.path, c.to);
    else if (c.op === "create") w = addItem(w, c.ref, c.data);
    else w = removeItem(w, c.ref, itemId(c));
  }
  return w;
}

/** The world before the changes: each one undone, last first. Never mutates its inputs. */
export function revertChanges(world: World, changes: readonly Change[]): World {
  let w = world;
  for (let i = changes.length - 1; i >= 0; i--) {
    const c = changes[i]!;
    if (c.op === "update") w = setValue(w, c.ref, c.path, c.from);
    else if (c.op === "create") w = removeItem(w, c.ref, itemId(c));
    else w = addItem(w, c.ref, c.data);
  }
  return w;
}

/**
 * The changes that no longer fit the world, in order: an update whose `from`
 * differs from the current value, a create whose item exists, a delete whose
 * item is gone. Empty means the list can be applied as recorded.
 */
export function staleChanges(world: World, changes: readonly Change[]): Change[] {
  const stale: Change[] = [];
  let w = world;
  for (const c of changes) {
    const actor = w[c.ref.actor];
    let fits: boolean;
    if (!actor) fits = false;
    else if (c.op === "update") {
      const doc = c.ref.item === undefined ? actor : actor[bucket(c.ref)]?.[c.ref.item];
      fits = doc !== undefined && jsonEqual(getPath(doc, c.path), c.from);
    } else if (c.op === "create") fits = !actor[bucket(c.ref)]?.[itemId(c)];
    else fits = !!actor[bucket(c.ref)]?.[itemId(c)];
    if (!fits) {
      stale.push(c);
      continue;
    }
    w = applyChanges(w, [c]);
  }
  return stale;
}

/**
 * Collects the changes of one outcome: updates of the same (ref, path) merge
 * into one (first `from`, last `to`), updates of an item created here fold into
 * its `create`, deleting an item drops its pending updates (the `delete` keeps
 * the item's source as it was before them), and no-op updates are left out.
 */
export class ChangeRecorder {
  private list: Change[] = [];

  /** Do two refs name the same document (the embedded collection included)? */
  private same(a: DocRef, b: DocRef): boolean {
    return a.actor === b.actor && a.item === b.item && (a.embedded ?? "Item") === (b.embedded ?? "Item");
  }

  private createdHere(ref: DocRef, id: string): (c: Change) => boolean {
    return (c) => c.op === "create" && this.same(c.ref, { ...ref, item: id });
  }

  update(ref: DocRef, path: string, from: Json, to: Json): void {
    const existing = this.list.find((c) => c.op === "update" && this.same(c.ref, ref) && c.path === path);
    if (existing && existing.op === "update") {
      existing.to = cloneJson(to);
      return;
    }
    if (ref.item !== undefined) {
      const created = this.list.find(this.createdHere(ref, ref.item));
      if (created && created.op === "create") {
        created.data = setPath(created.data, path, cloneJson(to));
        return;
      }
    }
    this.list.push({ op: "update", ref: { ...ref }, path, from: cloneJson(from), to: cloneJson(to) });
  }

  /** Create a document embedded in `ref.actor` (in `ref.embedded`, default Item). */
  create(ref: DocRef, data: ItemSource): void {
    this.list.push({ op: "create", ref: { ...embeddedRef(ref), item: data._id }, data: cloneJson(data) });
  }

  /** `current` is the embedded document's source as it is now (after this recorder's updates). */
  delete(ref: DocRef & { item: string }, current: ItemSource): void {
    const created = this.list.findIndex(this.createdHere(ref, ref.item));
    let data = cloneJson(current);
    const kept: Change[] = [];
    for (const c of this.list) {
      if (c.op === "update" && this.same(c.ref, ref)) data = setPath(data, c.path, cloneJson(c.from));
      else kept.push(c);
    }
    this.list = kept;
    if (created >= 0) {
      this.list = this.list.filter((c) => !this.createdHere(ref, ref.item)(c));
      return;
    }
    this.list.push({ op: "delete", ref: { ...embeddedRef(ref), item: ref.item }, data });
  }

  /** The recorded changes, in order. */
  changes(): Change[] {
    return this.list.filter((c) => c.op !== "update" || !jsonEqual(c.from, c.to)).map((c) => cloneJson(c));
  }
}

/** The ref's document and collection, without the item: an Item ref stays as it always was written. */
function embeddedRef(ref: DocRef): DocRef {
  return ref.embedded && ref.embedded !== "Item" ? { actor: ref.actor, embedded: ref.embedded } : { actor: ref.actor };
}

/** A plain-data value (interfaces without index signatures included) as a JSON copy for a `Change`. */
export function toJson(value: unknown): Json {
  return value === undefined ? null : JSON.parse(JSON.stringify(value));
}
