/**
 * Token statuses that show an actor's data (a lieutenant's condition, a faction's Stealth), as
 * public v13 systems keep theirs: each status is an entry of `CONFIG.statusEffects` with a static
 * Active Effect id, offered on the HUD of one actor type's tokens. The data is the truth and the
 * effects follow it:
 *
 * - Data → effects: after a change that may move them (a sheet edit, an applied action, its
 *   undo), ONE client puts the actor's effects in step: the client that made the change if its
 *   user is a GM, else the active GM's. The effects it writes carry the `factionsStatusSync`
 *   option and are never read back into the data.
 * - Effects → data: a status turned on or off (the token HUD makes or deletes its effect) is put
 *   to the ruleset on the user's own client before anything is written (`preCreate…` /
 *   `preDelete…`): refused, the user is told why and nothing changes. Allowed, that client writes
 *   what it means to the data, and the data → effects step follows (an exclusive status replaces
 *   the other).
 * - Only GMs write these effects. One that a player's client wrote all the same is put back in
 *   step with the data by the active GM.
 * Each client queues its writes per actor, so two of its syncs of one actor never overlap.
 */
import { localizeLine, warn } from "./actions/errors";
import type { Line } from "./rules/outcome";

/** The operation option that marks the effects a sync writes. */
export const STATUS_SYNC = "factionsStatusSync";

/** The static Active Effect id of a status (16 characters, as Foundry ids are). */
export const statusEffectId = (status: string): string => `factions${status}`.slice(0, 16).padEnd(16, "0");

/** A status as `CONFIG.statusEffects` lists it. */
export interface StatusEntry {
  id: string;
  /** i18n key of its name. */
  name: string;
  /** A core icon. */
  img: string;
}

/** What turning a status on or off means: an update of the actor's data (empty: none), or a refusal. */
export type StatusToggle = { update: Record<string, unknown> } | { refusal: Line };

/** A ruleset's statuses, shown on one actor type's tokens. */
export interface StatusSet {
  actorType: string;
  statuses: readonly StatusEntry[];
  /** The statuses the actor's data calls for now. */
  wanted(actor: Actor.Implementation): readonly string[];
  /** What `user` turning `status` on (or off) on this actor means. */
  toggle(actor: Actor.Implementation, status: string, on: boolean, user: User.Implementation): StatusToggle;
  /** Paths of the actor's data (`system.condition`) a change of which may move its statuses. */
  paths: readonly string[];
  /** Items of the actor whose creation, deletion or change of these paths may move them. */
  items?: { type: string; paths: readonly string[] };
}

const sets = new Map<string, StatusSet>();

/**
 * Register a ruleset's statuses (on `init`): their `CONFIG.statusEffects` entries (replacing any
 * of the same ids, offered on the HUD of the set's actor type only) and, once, the hooks that
 * keep them in step.
 */
export function registerStatusSet(set: StatusSet): void {
  if (!sets.size) listen();
  sets.set(set.actorType, set);
  const mine: typeof CONFIG.statusEffects = set.statuses.map((s) => ({ id: s.id, _id: statusEffectId(s.id), name: s.name, img: s.img, hud: { actorTypes: [set.actorType] } }));
  const ids = new Set(mine.map((s) => s.id));
  CONFIG.statusEffects = [...CONFIG.statusEffects.filter((s) => !ids.has(s.id)), ...mine];
}

/** The set shown on this actor's tokens, and which of its statuses an effect carries. */
function statusesOfEffect(effect: ActiveEffect.Implementation): { actor: Actor.Implementation; set: StatusSet; hits: string[] } | null {
  const actor = effect.parent;
  if (!(actor instanceof Actor)) return null;
  const set = sets.get(actor.type);
  if (!set) return null;
  const hits = set.statuses.filter((s) => effect.statuses.has(s.id) || effect.id === statusEffectId(s.id)).map((s) => s.id);
  return hits.length ? { actor: actor as Actor.Implementation, set, hits } : null;
}

const isSync = (options: unknown, user: User.Implementation | null | undefined): boolean => !!user?.isGM && (options as Record<string, unknown> | undefined)?.[STATUS_SYNC] === true;

const userOf = (userId: string): User.Implementation | undefined => game.users?.get(userId) ?? undefined;

/** Is this client the one to put the statuses in step after a change `userId` made? */
function syncsAfter(userId: string): boolean {
  const author = userOf(userId);
  if (author?.isGM) return author.isSelf;
  return !!game.users?.activeGM?.isSelf;
}

/** On the user's own client, before an effect with these statuses is made or deleted. */
function allowed(effect: ActiveEffect.Implementation, on: boolean, options: unknown): boolean {
  const found = statusesOfEffect(effect);
  const user = game.user;
  if (!found || !user || isSync(options, user)) return true;
  for (const status of found.hits) {
    const result = found.set.toggle(found.actor, status, on, user);
    if ("refusal" in result) {
      ui.notifications?.warn(localizeLine(result.refusal));
      return false;
    }
  }
  return true;
}

/** On every client, after an effect with these statuses was made or deleted. */
async function followEffect(effect: ActiveEffect.Implementation, on: boolean, options: unknown, userId: string): Promise<void> {
  const found = statusesOfEffect(effect);
  if (!found) return;
  const { actor, set, hits } = found;
  const author = userOf(userId);
  if (!author?.isGM) {
    if (game.users?.activeGM?.isSelf) await syncStatuses(actor);
    return;
  }
  if (isSync(options, author) || !author.isSelf) return;
  const results = hits.map((status) => set.toggle(actor, status, on, author));
  const update: Record<string, unknown> = {};
  for (const result of results) if ("update" in result) Object.assign(update, result.update);
  const refused = results.some((r) => "refusal" in r);
  // The data follows the status; the update's own sync then settles the other statuses.
  if (!refused && Object.keys(update).length) await actor.update(update as Actor.UpdateData);
  else await syncStatuses(actor);
}

const touches = (changed: object, paths: readonly string[]): boolean => paths.some((path) => foundry.utils.hasProperty(changed, path));

function listen(): void {
  const follow = (promise: Promise<void>) => void promise.catch(warn);
  Hooks.on("preCreateActiveEffect", (effect, _data, options) => allowed(effect, true, options));
  Hooks.on("preDeleteActiveEffect", (effect, options) => allowed(effect, false, options));
  Hooks.on("createActiveEffect", (effect, options, userId) => follow(followEffect(effect, true, options, userId)));
  Hooks.on("deleteActiveEffect", (effect, options, userId) => follow(followEffect(effect, false, options, userId)));
  Hooks.on("createActor", (actor, _options, userId) => {
    if (sets.has(actor.type) && syncsAfter(userId)) follow(syncStatuses(actor));
  });
  Hooks.on("updateActor", (actor, changed, _options, userId) => {
    const set = sets.get(actor.type);
    if (set && touches(changed, set.paths) && syncsAfter(userId)) follow(syncStatuses(actor));
  });
  const onItem = (item: Item.Implementation, changed: object | null, userId: string) => {
    const actor = item.parent;
    const watched = actor ? sets.get(actor.type)?.items : undefined;
    if (!actor || !watched || item.type !== watched.type) return;
    if (changed && !touches(changed, watched.paths)) return;
    if (syncsAfter(userId)) follow(syncStatuses(actor));
  };
  Hooks.on("createItem", (item, _options, userId) => onItem(item, null, userId));
  Hooks.on("updateItem", (item, changed, _options, userId) => onItem(item, changed, userId));
  Hooks.on("deleteItem", (item, _options, userId) => onItem(item, null, userId));
  // A GM's client coming in puts in step what changed while no GM was there.
  Hooks.once("ready", () => {
    if (game.users?.activeGM?.isSelf) follow(syncAllStatuses());
  });
}

/** This client's syncs in progress, by actor (keyed by user too: one key per client and actor). */
const queues = new Map<string, Promise<void>>();

/** Put the actor's status effects in step with its data (after this client's syncs of it before). */
export function syncStatuses(actor: Actor.Implementation): Promise<void> {
  const key = `${game.user?.id ?? ""}.${actor.uuid}`;
  const next = (queues.get(key) ?? Promise.resolve()).then(() => putInStep(actor));
  const settled = next.catch(() => undefined);
  queues.set(key, settled);
  void settled.finally(() => {
    if (queues.get(key) === settled) queues.delete(key);
  });
  return next;
}

/** Every actor that shows statuses, put in step (the active GM, when its client is ready). */
export async function syncAllStatuses(): Promise<void> {
  for (const actor of game.actors?.contents ?? []) if (sets.has(actor.type)) await syncStatuses(actor);
}

async function putInStep(actor: Actor.Implementation): Promise<void> {
  const set = sets.get(actor.type);
  if (!set || !actor.id || game.actors?.get(actor.id) !== actor) return;
  const wanted = new Set(set.wanted(actor));
  const stale = set.statuses.filter((s) => !wanted.has(s.id) && actor.effects.has(statusEffectId(s.id))).map((s) => statusEffectId(s.id));
  const missing = set.statuses.filter((s) => wanted.has(s.id) && !actor.effects.has(statusEffectId(s.id)));
  const options = { [STATUS_SYNC]: true };
  if (stale.length) await actor.deleteEmbeddedDocuments("ActiveEffect", stale, options as ActiveEffect.Database.DeleteOperation);
  if (!missing.length) return;
  const data = await Promise.all(missing.map(async (s) => (await ActiveEffect.implementation.fromStatusEffect(s.id)).toObject()));
  await actor.createEmbeddedDocuments("ActiveEffect", data as ActiveEffect.CreateData[], { keepId: true, ...options } as ActiveEffect.Database.CreateOperation<false>);
}
