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

async function write(batch: ActorBatch): Promise<void> {
  const { actor } = batch;
  if (Object.keys(batch.update).length) await actor.update(batch.update);
  if (batch.items.size) await actor.updateEmbeddedDocuments("Item", [...batch.items.values()]);
  if (batch.create.length) await actor.createEmbeddedDocuments("Item", batch.create as Item.CreateData[], { keepId: true });
  if (batch.delete.length) await actor.deleteEmbeddedDocuments("Item", batch.delete);
}

/**
 * Write the changes to the documents, all or nothing: every change is checked
 * against the documents first, and if a write fails part way the writes already
 * made are undone, so a failed apply leaves every document as it was.
 */
export async function writeChanges(changes: readonly Change[]): Promise<void> {
  assertFits(changes);
  const done: ActorBatch[] = [];
  const plan = batches(changes);
  try {
    for (const batch of plan) {
      await write(batch);
      done.push(batch);
    }
  } catch (error) {
    const written = changes.filter((c) => done.some((b) => b.actor.uuid === c.ref.actor));
    for (const batch of batches(inverse(written))) await write(batch).catch(() => undefined);
    throw error;
  }
}
