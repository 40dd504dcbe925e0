/**
 * The active GM's client keeps the GM fields (./gm-only.ts) of every document as a GM last wrote
 * them, and puts back at once whatever another user's client wrote into them: the system's own
 * refusal runs on the writing client, which a modified client can skip. Who wrote is the user id
 * the server gives the update hook (and, for a write made while no GM was connected, the
 * document's `lastModifiedBy`). The putting back runs in the authority's queue, so an action asked
 * for after the write meets the world as the GM left it. What is kept is saved in a world setting
 * only a GM writes, so the next GM's client starts from it, not from what a player wrote meanwhile.
 */
import { serially } from "../actions/authority";
import { SYSTEM_ID } from "../constants";
import { jsonEqual } from "../rules/changes";
import { changesAny, gmFieldsOf } from "./gm-only";

type Kept = Record<string, unknown>;
type Keeper = Actor.Implementation | Item.Implementation | Combatant.Implementation;

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.gmRecords": Record<string, Kept>;
  }
}

/** By document UUID: the GM fields as a GM last wrote them. */
const kept = new Map<string, Kept>();

const isKeeper = () => !!game.users?.activeGM?.isSelf;

/** The user whose client keeps the records (this one's, once it is the active GM's), or null. */
let keeper: string | null = null;
const keeping = () => keeper !== null && keeper === game.user?.id && isKeeper();

/** The GM fields of a document as stored now (null when its model names none). */
function fieldsOf(doc: Keeper): Kept | null {
  const keys = gmFieldsOf(doc.system);
  if (!keys.length) return null;
  const system = (doc._source as { system?: Record<string, unknown> }).system ?? {};
  return Object.fromEntries(keys.map((k) => [k, foundry.utils.deepClone(system[k])]));
}

/** Save what is kept, once the jobs queued before it are done (many keeps, one write). */
let saving = false;
function save(): void {
  if (saving) return;
  saving = true;
  void serially(async () => {
    saving = false;
    if (isKeeper()) await game.settings!.set(SYSTEM_ID, "gmRecords", Object.fromEntries(kept));
  }).catch((e: unknown) => console.error(e));
}

function keep(doc: Keeper): void {
  const fields = fieldsOf(doc);
  // An update that left the GM fields as they were (a name, a description) changes nothing to save.
  if (!fields || jsonEqual(kept.get(doc.uuid) ?? null, fields)) return;
  kept.set(doc.uuid, fields);
  save();
}

async function putBack(doc: Keeper, record: Kept, userId: string | null | undefined): Promise<void> {
  // `==` replaces each field whole, so keys a client added inside one are gone too.
  const system = Object.fromEntries(Object.entries(record).map(([k, v]) => [`==${k}`, v]));
  await serially(async () => {
    await (doc as { update(data: object): Promise<unknown> }).update({ system });
  });
  const user = game.users?.get(userId ?? "")?.name ?? "?";
  ui.notifications?.warn(game.i18n!.format("FACTIONS.Action.Error.RecordPutBack", { user, document: doc.name ?? "" }));
}

function onUpdate(doc: Keeper, changes: { system?: unknown }, userId: string): void {
  const keys = gmFieldsOf(doc.system);
  if (!keeping() || !keys.length) return;
  const record = kept.get(doc.uuid);
  if (game.users?.get(userId)?.isGM || !record) return keep(doc);
  if (changesAny(record, changes, keys)) void putBack(doc, record, userId).catch((e: unknown) => console.error(e));
}

/** Every document that may hold GM fields: the actors, their items, the encounters' combatants. */
function* documents(): Generator<Keeper> {
  for (const actor of game.actors ?? []) {
    yield actor;
    yield* actor.items;
  }
  for (const combat of game.combats ?? []) yield* combat.combatants;
}

/**
 * Start keeping: from what was saved, putting back what a user who is not a GM wrote since (while
 * no GM was connected); from the world as it is for the rest.
 */
function keepAll(): void {
  const saved = game.settings!.get(SYSTEM_ID, "gmRecords") ?? {};
  kept.clear();
  for (const doc of documents()) {
    const now = fieldsOf(doc);
    if (!now) continue;
    const record = saved[doc.uuid];
    const writer = doc._stats?.lastModifiedBy;
    if (record && !jsonEqual(record, now) && !game.users?.get(writer ?? "")?.isGM) {
      kept.set(doc.uuid, record);
      void putBack(doc, record, writer).catch((e: unknown) => console.error(e));
    } else kept.set(doc.uuid, now);
  }
  // Saved again only when the world differs from what was saved (not on every start-up).
  if (!jsonEqual(saved, Object.fromEntries(kept))) save();
}

function follow(): void {
  const self = game.user?.id ?? null;
  if (isKeeper()) {
    if (keeper !== self) keepAll();
    keeper = self;
  } else if (keeper === self) keeper = null;
}

export function registerGMRecords(): void {
  game.settings!.register(SYSTEM_ID, "gmRecords", { scope: "world", config: false, type: Object, default: {} });
  Hooks.once("ready", follow);
  Hooks.on("userConnected", follow);
  for (const hook of ["createActor", "createItem", "createCombatant"] as const) {
    Hooks.on(hook, (doc: Keeper) => {
      if (!keeping()) return;
      keep(doc);
      // An actor created with its items brings them without a hook of their own.
      if (doc instanceof Actor) for (const item of doc.items) keep(item);
    });
  }
  for (const hook of ["deleteActor", "deleteItem", "deleteCombatant"] as const) {
    Hooks.on(hook, (doc: Keeper) => {
      if (keeping() && kept.delete(doc.uuid)) save();
    });
  }
  for (const hook of ["updateActor", "updateItem", "updateCombatant"] as const) {
    Hooks.on(hook, (doc: Keeper, changes: { system?: unknown }, _options: unknown, userId: string) => onUpdate(doc, changes, userId));
  }
}
