/**
 * The active GM's client keeps the GM fields (./gm-only.ts) of each document as a GM last wrote
 * them, and puts back at once whatever another user's client wrote into them: the system's own
 * refusal runs on the writing client, which a modified client can skip. Who wrote is the user id
 * the server gives the update hook (and, for a write made while no GM was connected, the
 * document's `lastModifiedBy`). The putting back runs in the authority's queue, so an action asked
 * for after the write meets the world as the GM left it.
 *
 * What is kept for a document is its own entry of the GMs' records compendium (../records/pack.ts),
 * which no player's client is sent: a change to one document writes that entry alone, and the next
 * GM's client starts from it, not from what a player wrote meanwhile.
 *
 * Only the active GM's client loads this, the first time it is that (./keeping.ts registers the
 * hooks at `init` and hands them here once it has): what others wrote before it had loaded (and read
 * what was kept) is caught up with as what was written while no GM was connected.
 */
import { serially } from "../actions/checks";
import { cachedFields, deleteFields, forgetRecords, loadAllFields, writeFields } from "../records/pack";
import { jsonEqual } from "../rules/changes";
import { changesAny, gmEffectTypesOf, gmFieldsOf } from "./gm-only";
import { worldDocument } from "../documents/uuid";

type Kept = Record<string, unknown>;
export type Keeper = Actor.Implementation | Item.Implementation | Combatant.Implementation;

const isKeeper = () => !!game.users?.activeGM?.isSelf;

/** The user whose client keeps the records (this one's, once it is the active GM's), or null. */
let keeper: string | null = null;
const keeping = () => keeper !== null && keeper === game.user?.id && isKeeper();

/** Where what is kept of an actor holds its GM effects (./gm-only.ts `gmEffectTypesOf`): their sources by id. */
const EFFECTS = "@effects";

/** An actor's GM effects as stored now, by id, without their timestamps (null when its model names none). */
function gmEffectsOf(doc: Keeper): Kept | null {
  const types = doc instanceof Actor ? gmEffectTypesOf(doc.system) : [];
  if (!types.length) return null;
  const effects = (doc as Actor.Implementation).effects.contents.filter((e) => types.includes(e.type));
  return Object.fromEntries(
    effects.map((e) => {
      const { _stats: _written, ...source } = e.toObject() as Kept;
      return [e.id!, source];
    }),
  );
}

/** The GM fields of a document as stored now, with an actor's GM effects (null when its model names none). */
function fieldsOf(doc: Keeper): Kept | null {
  const keys = gmFieldsOf(doc.system);
  const effects = gmEffectsOf(doc);
  if (!keys.length && !effects) return null;
  const system = (doc._source as { system?: Record<string, unknown> }).system ?? {};
  const fields = Object.fromEntries(keys.map((k) => [k, foundry.utils.deepClone(system[k])]));
  return effects ? { ...fields, [EFFECTS]: effects } : fields;
}

/** What is kept of a document's GM fields (null if nothing is: read once this client keeps them). */
export const keptFields = (uuid: string): Kept | null => cachedFields(uuid);

/** Write what is kept of these documents: one entry each, made or rewritten. */
function keep(docs: readonly Keeper[]): void {
  const due = docs.map((doc) => ({ uuid: doc.uuid, fields: fieldsOf(doc) })).filter((d): d is { uuid: string; fields: Kept } => !!d.fields);
  if (!due.length) return;
  void serially(async () => {
    if (!isKeeper()) return;
    // An update that left the GM fields as they were (a name, a description) writes nothing.
    await writeFields(due.filter(({ uuid, fields }) => !jsonEqual(keptFields(uuid), fields)));
  }).catch((e: unknown) => console.error(e));
}

/** Forget what was kept of deleted documents. */
function forget(docs: readonly Keeper[]): void {
  const uuids = docs.map((d) => d.uuid);
  void serially(async () => {
    if (isKeeper()) await deleteFields(uuids);
  }).catch((e: unknown) => console.error(e));
}

/** Put an actor's GM effects back as kept: the ones made since deleted, the ones gone made again, the changed ones restored. */
async function putBackEffects(actor: Actor.Implementation, kept: Record<string, Kept>): Promise<void> {
  const now = gmEffectsOf(actor) ?? {};
  const extra = Object.keys(now).filter((id) => !(id in kept));
  const gone = Object.entries(kept).filter(([id]) => !(id in now));
  const changed = Object.entries(kept).filter(([id, source]) => id in now && !jsonEqual(now[id], source));
  if (extra.length) await actor.deleteEmbeddedDocuments("ActiveEffect", extra);
  if (gone.length) await actor.createEmbeddedDocuments("ActiveEffect", gone.map(([, source]) => source) as ActiveEffect.CreateData[], { keepId: true });
  if (changed.length) await actor.updateEmbeddedDocuments("ActiveEffect", changed.map(([, source]) => source) as ActiveEffect.UpdateData[]);
}

async function putBack(doc: Keeper, record: Kept, userId: string | null | undefined): Promise<void> {
  const { [EFFECTS]: effects, ...fields } = record;
  await serially(async () => {
    const now = fieldsOf(doc) ?? {};
    // The whole `system` written anew (`recursive: false`), each kept field in place of what is
    // there, so keys a client added inside one are gone too; and every hook that follows a field
    // (a status, a team's group) sees it by its own name, not as a `==key` (Foundry's issues 7716, 12050).
    const system = { ...((doc._source as { system?: Kept }).system ?? {}), ...foundry.utils.deepClone(fields) };
    if (Object.keys(fields).some((k) => !jsonEqual(fields[k], now[k]))) await (doc as { update(data: object, options: object): Promise<unknown> }).update({ system }, { recursive: false });
    if (effects && !jsonEqual(effects, now[EFFECTS])) await putBackEffects(doc as Actor.Implementation, effects as Record<string, Kept>);
  });
  const user = game.users?.get(userId ?? "")?.name ?? "?";
  ui.notifications?.warn(game.i18n!.format("FACTIONS.Action.Error.RecordPutBack", { user, document: doc.name ?? "" }));
}

/** A document's GM fields as its model makes them for a new document (null when its model names none). */
function initialFields(doc: Keeper): Kept | null {
  const keys = gmFieldsOf(doc.system);
  const fields = (doc.system as { schema?: { fields?: Record<string, { getInitialValue(data?: object): unknown }> } } | null)?.schema?.fields;
  if (!keys.length || !fields) return null;
  return Object.fromEntries(keys.map((k) => [k, fields[k]?.getInitialValue({}) ?? null]));
}

/**
 * An item a player made comes with its GM fields as a new one has them (a weapon without an
 * attack): what a modified client wrote into them is put back; a GM's is kept.
 */
export function onCreateItem(doc: Keeper, userId: string): void {
  if (!keeping()) return;
  const initial = game.users?.get(userId)?.isGM ? null : initialFields(doc);
  const now = fieldsOf(doc);
  if (initial && now && Object.keys(initial).some((k) => !jsonEqual(initial[k], now[k]))) {
    void putBack(doc, initial, userId)
      .then(() => keep([doc]))
      .catch((e: unknown) => console.error(e));
    return;
  }
  keep(withEmbedded(doc));
}

export function onUpdate(doc: Keeper, changes: { system?: unknown }, userId: string): void {
  const keys = gmFieldsOf(doc.system);
  if (!keeping() || !keys.length) return;
  const record = keptFields(doc.uuid);
  // The unlinked tokens of a world actor a GM changed have what their deltas don't override from it.
  if (game.users?.get(userId)?.isGM) return keep([doc, ...(doc instanceof Actor ? tokenActorsOf(doc as Actor.Implementation) : [])]);
  if (!record) return keep([doc]);
  if (changesAny(record, changes, keys)) void putBack(doc, record, userId).catch((e: unknown) => console.error(e));
}

/**
 * A GM effect made, changed or deleted: kept if a GM did it, else put back. An actor with nothing
 * kept had no GM effect (one a player made is deleted).
 */
export function onEffect(effect: ActiveEffect.Implementation, userId: string): void {
  const actor = effect.parent;
  if (!keeping() || !(actor instanceof Actor) || !gmEffectTypesOf(actor.system).includes(effect.type)) return;
  if (game.users?.get(userId)?.isGM) return keep([actor as Actor.Implementation]);
  const record = keptFields(actor.uuid) ?? { [EFFECTS]: {} };
  if (!jsonEqual(record[EFFECTS] ?? {}, gmEffectsOf(actor as Actor.Implementation))) void putBack(actor as Actor.Implementation, record, userId).catch((e: unknown) => console.error(e));
}

/** A document and what it embeds that may hold GM fields (an actor's items). */
function withEmbedded(doc: Keeper): Keeper[] {
  return doc instanceof Actor ? [doc, ...doc.items] : [doc];
}

/** The actors of unlinked tokens (each its own document, kept in its token), of every scene or of one world actor. */
function tokenActors(scenes: Iterable<Scene.Implementation> = game.scenes ?? [], base?: Actor.Implementation): Actor.Implementation[] {
  const out: Actor.Implementation[] = [];
  for (const scene of scenes) {
    for (const token of scene.tokens) if (!token.actorLink && token.actor && (!base || token.actorId === base.id)) out.push(token.actor as Actor.Implementation);
  }
  return out;
}

const tokenActorsOf = (base: Actor.Implementation) => (base.isToken ? [] : tokenActors(undefined, base));

/** Every document that may hold GM fields: the actors (the unlinked tokens' too), their items, the encounters' combatants. */
function* documents(): Generator<Keeper> {
  for (const actor of game.actors ?? []) yield* withEmbedded(actor);
  for (const actor of tokenActors()) yield* withEmbedded(actor);
  for (const combat of game.combats ?? []) yield* combat.combatants;
}

/**
 * Start keeping: put back what a user who is not a GM wrote while no GM was connected (the document
 * differs from what was kept, and they wrote it last); keep the world as it is for the rest.
 */
function keepAll(): void {
  const fresh: Keeper[] = [];
  for (const doc of documents()) {
    const now = fieldsOf(doc);
    if (!now) continue;
    const record = keptFields(doc.uuid);
    const writer = record && !jsonEqual(record, now) ? playerWriter(doc, record, now) : null;
    if (record && writer !== null) void putBack(doc, record, writer).catch((e: unknown) => console.error(e));
    else if (!record || !jsonEqual(record, now)) fresh.push(doc);
  }
  keep(fresh);
}

/**
 * Who, not a GM, wrote the difference between what was kept and what is ("" if unknown); null if
 * a GM did. Fields: their document's last writer. Effects: the last writer of one made or
 * changed; one gone is a player's, since a GM's deletion is kept as it happens.
 */
function playerWriter(doc: Keeper, record: Kept, now: Kept): string | null {
  const isPlayer = (id: string | null | undefined) => !game.users?.get(id ?? "")?.isGM;
  const { [EFFECTS]: keptEffects, ...kept } = record;
  const { [EFFECTS]: nowEffects, ...fields } = now;
  const writer = doc._stats?.lastModifiedBy;
  if (!jsonEqual(kept, fields) && isPlayer(writer)) return writer ?? "";
  if (!keptEffects || !nowEffects || jsonEqual(keptEffects, nowEffects)) return null;
  const before = keptEffects as Kept;
  for (const [id, source] of Object.entries(nowEffects as Kept)) {
    const by = (doc as Actor.Implementation).effects.get(id)?._stats?.lastModifiedBy;
    if (!jsonEqual(before[id], source) && isPlayer(by)) return by ?? "";
  }
  return Object.keys(before).some((id) => !(id in (nowEffects as Kept))) ? "" : null;
}

/**
 * Keep these fields as a GM last wrote them, for the documents that still exist and have nothing
 * kept yet (the migration from an earlier release's stores).
 */
export async function keepFieldsOf(saved: Record<string, Kept>): Promise<void> {
  await loadAllFields();
  const due = Object.entries(saved)
    .filter(([uuid]) => !keptFields(uuid) && worldDocument(uuid))
    .map(([uuid, fields]) => ({ uuid, fields }));
  for (let i = 0; i < due.length; i += 100) await writeFields(due.slice(i, i + 100));
}

/**
 * Start or stop keeping as this client is the active GM's or not. Starting reads anew what was
 * kept (another GM's client may have kept it since), then catches up with the world.
 */
export async function follow(): Promise<void> {
  const self = game.user?.id ?? null;
  if (isKeeper()) {
    if (keeper === self) return;
    forgetRecords();
    await loadAllFields();
    if (!isKeeper()) return;
    // A document a modified client made invalid is out of every collection: repaired first, it is kept as any other.
    await (await import("./repair")).repairInvalid(keptFields);
    keepAll();
    keeper = self;
  } else if (keeper === self) keeper = null;
}

/** A document made: kept, with what it embeds (an actor created with its items brings them without a hook of their own). */
export function onCreate(doc: Keeper): void {
  if (keeping()) keep(withEmbedded(doc));
}

/** A document deleted: what was kept of it, and of what it embeds, forgotten. */
export function onDelete(doc: Keeper): void {
  if (keeping()) forget(withEmbedded(doc));
}

/** An unlinked token brings an actor of its own. */
export function onToken(token: TokenDocument.Implementation, made: boolean): void {
  if (keeping() && !token.actorLink && token.actor) (made ? keep : forget)(withEmbedded(token.actor as Actor.Implementation));
}

/** A scene deleted takes its tokens without a hook of their own. */
export function onDeleteScene(scene: Scene.Implementation): void {
  if (keeping()) forget(tokenActors([scene]).flatMap(withEmbedded));
}

/** An encounter deleted takes its combatants without a hook of their own. */
export function onDeleteCombat(combat: Combat.Implementation): void {
  if (keeping()) forget([...combat.combatants]);
}
