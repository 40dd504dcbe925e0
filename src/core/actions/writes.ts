/**
 * Writing an action's changes to the world's documents, all or nothing, and putting them back (an
 * undo, a rollback): the active GM's client's work (./authority.ts), loaded with it.
 */
import type { Change, DocRef, EmbeddedName, ItemSource, Json } from "../rules/changes";
import { getPath, jsonEqual } from "../rules/changes";
import { restoring } from "./documents";
import { ActionError } from "./errors";
import { worldDocument } from "../documents/uuid";

/** A world document a change may update: an actor, or an encounter's Combat or Combatant. */
type Root = Actor.Implementation | Combat.Implementation | Combatant.Implementation;

function rootOf(ref: string): Root | null {
  const doc = worldDocument(ref);
  return doc instanceof Actor || doc instanceof Combat || doc instanceof Combatant ? (doc as Root) : null;
}

/** The embedded collection a ref reaches (only actors embed documents a change touches). */
function collectionOf(root: Root | null, name: EmbeddedName = "Item") {
  if (!(root instanceof Actor)) return null;
  const actor = root as Actor.Implementation;
  return name === "ActiveEffect" ? actor.effects : actor.items;
}

function documentOf(ref: DocRef): { toObject(): unknown } | null {
  const root = rootOf(ref.actor);
  if (!root || ref.item === undefined) return root;
  return collectionOf(root, ref.embedded)?.get(ref.item) ?? null;
}

const exists = (ref: DocRef, id: string) => !!collectionOf(rootOf(ref.actor), ref.embedded)?.has(id);

/** The changes with each deleted document's whole current source, so undo re-creates it exactly. */
export function withFullSources(changes: readonly Change[]): Change[] {
  return changes.map((c) => {
    if (c.op !== "delete" || c.ref.item === undefined) return c;
    const doc = documentOf(c.ref);
    return doc ? { ...c, data: doc.toObject() as ItemSource } : c;
  });
}

/** The changes that undo `changes`: each one reversed, last first. */
export function inverse(changes: readonly Change[]): Change[] {
  return [...changes].reverse().map((c): Change => {
    if (c.op === "update") return { ...c, from: c.to, to: c.from };
    if (c.op === "create") return { op: "delete", ref: c.ref, data: c.data };
    return { op: "create", ref: c.ref, data: c.data };
  });
}

/** A document's value at a path; a key it does not have reads as null, so an update may add a key (from null) and its undo set it back to null. */
const valueAt = (doc: { toObject(): unknown }, path: string): unknown => getPath(doc.toObject(), path) ?? null;

/** Throw unless every change still fits the documents as they are. */
export function assertFits(changes: readonly Change[]): void {
  for (const c of changes) {
    if (!rootOf(c.ref.actor)) throw new ActionError("FACTIONS.Action.Error.Missing");
    let fits: boolean;
    if (c.op === "update") {
      const doc = documentOf(c.ref);
      fits = !!doc && jsonEqual(valueAt(doc, c.path), c.from);
    } else fits = exists(c.ref, c.ref.item ?? c.data._id) === (c.op === "delete");
    if (!fits) throw new ActionError("FACTIONS.Action.Error.Stale");
  }
}

/** What one embedded collection of a document is given in one apply. */
interface EmbeddedBatch {
  update: Map<string, Record<string, Json>>;
  create: ItemSource[];
  delete: string[];
}

interface Batch {
  root: Root;
  update: Record<string, Json>;
  embedded: Map<EmbeddedName, EmbeddedBatch>;
}

function batches(changes: readonly Change[]): Batch[] {
  const byRoot = new Map<string, Batch>();
  for (const c of changes) {
    const root = rootOf(c.ref.actor);
    if (!root) throw new ActionError("FACTIONS.Action.Error.Missing");
    let batch = byRoot.get(c.ref.actor);
    if (!batch) byRoot.set(c.ref.actor, (batch = { root, update: {}, embedded: new Map() }));
    const name = c.ref.embedded ?? "Item";
    const inner = () => {
      let e = batch!.embedded.get(name);
      if (!e) batch!.embedded.set(name, (e = { update: new Map(), create: [], delete: [] }));
      return e;
    };
    if (c.op === "create") inner().create.push(c.data);
    else if (c.op === "delete") inner().delete.push(c.ref.item ?? c.data._id);
    else {
      let target = batch.update;
      if (c.ref.item !== undefined) {
        const e = inner();
        target = e.update.get(c.ref.item) ?? { _id: c.ref.item };
        e.update.set(c.ref.item, target);
      }
      Object.assign(target, updateFor(c.path, c.from, c.to));
    }
  }
  return [...byRoot.values()];
}

/**
 * The update keys that set `path` to `to`. Foundry merges objects on update, so
 * when an object value loses keys (a record reset to `{}`), those keys are
 * deleted explicitly with the `-=` operator.
 */
export function updateFor(path: string, from: Json, to: Json): Record<string, Json> {
  const update: Record<string, Json> = { [path]: to };
  const isRecord = (v: Json): v is { [key: string]: Json } => typeof v === "object" && v !== null && !Array.isArray(v);
  if (isRecord(from) && isRecord(to)) {
    for (const key of Object.keys(from)) if (!(key in to)) update[`${path}.-=${key}`] = null;
  }
  return update;
}

async function write(batch: Batch): Promise<void> {
  const { root } = batch;
  if (Object.keys(batch.update).length) await root.update(batch.update);
  const actor = root as Actor.Implementation;
  for (const [name, e] of batch.embedded) {
    if (e.update.size) await actor.updateEmbeddedDocuments(name, [...e.update.values()] as Item.UpdateData[]);
    if (e.create.length) await actor.createEmbeddedDocuments(name, e.create as Item.CreateData[], { keepId: true });
    if (e.delete.length) await actor.deleteEmbeddedDocuments(name, e.delete);
  }
}

/** Does the world now show this change done? A hook may have refused a write without a word. */
function isDone(c: Change): boolean {
  if (!rootOf(c.ref.actor)) return false;
  if (c.op === "create") return exists(c.ref, c.data._id);
  if (c.op === "delete") return !exists(c.ref, c.ref.item ?? c.data._id);
  const doc = documentOf(c.ref);
  return !!doc && jsonEqual(valueAt(doc, c.path), c.to);
}

/** Run `work` with the items these changes create marked as restored (an undo, a rollback). */
async function asRestoring(changes: readonly Change[], work: () => Promise<void>): Promise<void> {
  const ids = changes.flatMap((c) => (c.op === "create" ? [c.data._id] : []));
  for (const id of ids) restoring.add(id);
  try {
    await work();
  } finally {
    for (const id of ids) restoring.delete(id);
  }
}

/**
 * Put the documents back as they were before `changes`, as far as they took: each change that
 * shows done is reversed, last first, one at a time, so a rollback goes on past a failure.
 */
export async function restore(changes: readonly Change[]): Promise<void> {
  for (const c of [...changes].reverse()) {
    const undo = inverse([c]);
    if (c.op === "update" ? !isDone({ ...c, to: c.from }) : isDone(c)) {
      await asRestoring(undo, async () => {
        for (const batch of batches(undo)) await write(batch);
      }).catch((error: unknown) => console.error(error));
    }
  }
}

/**
 * Write the changes to the documents, all or nothing: every change is checked against the
 * documents first, and if a write fails part way (refused, a document gone, a hook saying no)
 * everything already written is put back, so a failed apply leaves every document as it was.
 * `restoring`: the changes put back documents an undo restores.
 */
export async function writeChanges(changes: readonly Change[], { restoring: restored = false } = {}): Promise<void> {
  assertFits(changes);
  try {
    const work = async () => {
      for (const batch of batches(changes)) await write(batch);
    };
    await (restored ? asRestoring(changes, work) : work());
    if (!changes.every(isDone)) throw new ActionError("FACTIONS.Action.Error.WriteRefused");
  } catch (error) {
    await restore(changes);
    throw error instanceof ActionError ? error : new ActionError("FACTIONS.Action.Error.WriteRefused");
  }
}
