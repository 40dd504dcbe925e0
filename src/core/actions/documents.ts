import type { Change, DocRef, ItemSource, Json } from "../rules/changes";
import { getPath, jsonEqual } from "../rules/changes";
import { ActionError } from "./errors";

/** The actor a reference names (a world actor UUID). */
export function actorOf(ref: string): Actor.Implementation | null {
  const doc = foundry.utils.fromUuidSync(ref as `Actor.${string}`, { strict: false });
  return doc instanceof Actor ? (doc as Actor.Implementation) : null;
}

function documentOf(ref: DocRef): Actor.Implementation | Item.Implementation | null {
  const actor = actorOf(ref.actor);
  if (!actor || ref.item === undefined) return actor;
  return actor.items.get(ref.item) ?? null;
}

/** The changes with each deleted item's whole current source, so undo re-creates it exactly. */
export function withFullSources(changes: readonly Change[]): Change[] {
  return changes.map((c) => {
    if (c.op !== "delete" || c.ref.item === undefined) return c;
    const item = actorOf(c.ref.actor)?.items.get(c.ref.item);
    return item ? { ...c, data: item.toObject() as unknown as ItemSource } : c;
  });
}

/** May the current user change every document these changes touch? */
export function canChangeAll(changes: readonly Change[]): boolean {
  return changes.every((c) => actorOf(c.ref.actor)?.isOwner ?? false);
}

/** The changes that undo `changes`: each one reversed, last first. */
export function inverse(changes: readonly Change[]): Change[] {
  return [...changes].reverse().map((c): Change => {
    if (c.op === "update") return { ...c, from: c.to, to: c.from };
    if (c.op === "create") return { op: "delete", ref: c.ref, data: c.data };
    return { op: "create", ref: c.ref, data: c.data };
  });
}

/** Throw unless every change still fits the documents as they are. */
export function assertFits(changes: readonly Change[]): void {
  for (const c of changes) {
    const actor = actorOf(c.ref.actor);
    if (!actor) throw new ActionError("FACTIONS.Action.Error.Missing");
    const exists = c.ref.item === undefined || actor.items.has(c.ref.item);
    let fits: boolean;
    if (c.op === "update") {
      const doc = documentOf(c.ref);
      fits = !!doc && jsonEqual(getPath(doc.toObject(), c.path), c.from);
    } else fits = c.op === "create" ? !exists : exists;
    if (!fits) throw new ActionError("FACTIONS.Action.Error.Stale");
  }
}

interface ActorBatch {
  actor: Actor.Implementation;
  update: Record<string, Json>;
  items: Map<string, Record<string, Json>>;
  create: ItemSource[];
  delete: string[];
}

function batches(changes: readonly Change[]): ActorBatch[] {
  const byActor = new Map<string, ActorBatch>();
  for (const c of changes) {
    const actor = actorOf(c.ref.actor);
    if (!actor) throw new ActionError("FACTIONS.Action.Error.Missing");
    let batch = byActor.get(c.ref.actor);
    if (!batch) byActor.set(c.ref.actor, (batch = { actor, update: {}, items: new Map(), create: [], delete: [] }));
    if (c.op === "create") batch.create.push(c.data);
    else if (c.op === "delete") batch.delete.push(c.data._id);
    else {
      let target = batch.update;
      if (c.ref.item !== undefined) {
        target = batch.items.get(c.ref.item) ?? { _id: c.ref.item };
        batch.items.set(c.ref.item, target);
      }
      Object.assign(target, updateFor(c.path, c.from, c.to));
    }
  }
  return [...byActor.values()];
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

/** Ids of items being put back by an undo or a rollback: the ruleset guard lets a GM restore them. */
export const restoring = new Set<string>();

async function write(batch: ActorBatch): Promise<void> {
  const { actor } = batch;
  if (Object.keys(batch.update).length) await actor.update(batch.update);
  if (batch.items.size) await actor.updateEmbeddedDocuments("Item", [...batch.items.values()]);
  if (batch.create.length) await actor.createEmbeddedDocuments("Item", batch.create as Item.CreateData[], { keepId: true });
  if (batch.delete.length) await actor.deleteEmbeddedDocuments("Item", batch.delete);
}

/** Does the world now show this change done? A hook may have refused a write without a word. */
function isDone(c: Change): boolean {
  const actor = actorOf(c.ref.actor);
  if (!actor) return false;
  if (c.op === "create") return actor.items.has(c.data._id);
  if (c.op === "delete") return !actor.items.has(c.ref.item ?? c.data._id);
  const doc = documentOf(c.ref);
  return !!doc && jsonEqual(getPath(doc.toObject(), c.path), c.to);
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
