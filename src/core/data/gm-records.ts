/**
 * The active GM's client keeps the GM fields (./gm-only.ts) of every document as a GM last wrote
 * them, and puts back at once whatever another user's client wrote into them: a data model's own
 * refusal runs on the writing client, which a modified client can skip. Who wrote is the user id
 * the server gives the update hook. The putting back runs in the authority's queue, so an action
 * asked for after the write meets the world as the GM left it.
 */
import { serially } from "../actions/authority";
import { changesAny, gmFieldsOf } from "./gm-only";

type Kept = Record<string, unknown>;
type Keeper = Actor.Implementation | Item.Implementation | Combatant.Implementation;

/** By document UUID: the GM fields as a GM last wrote them (or as they were when this client became the keeper). */
const kept = new Map<string, Kept>();

const isKeeper = () => !!game.users?.activeGM?.isSelf;
const systemOf = (doc: Keeper): Record<string, unknown> => (doc._source as { system?: Record<string, unknown> }).system ?? {};

function keep(doc: Keeper): void {
  const keys = gmFieldsOf(doc.system);
  if (!keys.length) return;
  const system = systemOf(doc);
  kept.set(doc.uuid, Object.fromEntries(keys.map((k) => [k, foundry.utils.deepClone(system[k])])));
}

async function putBack(doc: Keeper, record: Kept, userId: string): Promise<void> {
  const keys = gmFieldsOf(doc.system);
  // `==` replaces each field whole, so keys a client added inside one are gone too.
  const system = Object.fromEntries(keys.map((k) => [`==${k}`, record[k]]));
  await serially(async () => {
    await (doc as { update(data: object): Promise<unknown> }).update({ system });
  });
  const user = game.users?.get(userId)?.name ?? "?";
  ui.notifications?.warn(game.i18n!.format("FACTIONS.Action.Error.RecordPutBack", { user, document: doc.name ?? "" }));
}

function onUpdate(doc: Keeper, changes: { system?: unknown }, userId: string): void {
  if (!keeping || !isKeeper() || !gmFieldsOf(doc.system).length) return;
  const record = kept.get(doc.uuid);
  if (game.users?.get(userId)?.isGM || !record) return keep(doc);
  if (changesAny(record, changes, gmFieldsOf(doc.system))) void putBack(doc, record, userId).catch((e: unknown) => console.error(e));
}

/** Every document with GM fields in the world now: the actors, their items, the encounters' combatants. */
function keepAll(): void {
  kept.clear();
  for (const actor of game.actors ?? []) {
    keep(actor);
    for (const item of actor.items) keep(item);
  }
  for (const combat of game.combats ?? []) for (const combatant of combat.combatants) keep(combatant);
}

/** Whether this client keeps the records: it starts from the world as it is when it becomes the active GM's. */
let keeping = false;
function follow(): void {
  const now = isKeeper();
  if (now && !keeping) keepAll();
  keeping = now;
}

export function registerGMRecords(): void {
  Hooks.once("ready", follow);
  Hooks.on("userConnected", follow);
  for (const hook of ["createActor", "createItem", "createCombatant"] as const) {
    Hooks.on(hook, (doc: Keeper) => {
      if (keeping && isKeeper()) keep(doc);
    });
  }
  for (const hook of ["deleteActor", "deleteItem", "deleteCombatant"] as const) Hooks.on(hook, (doc: Keeper) => void kept.delete(doc.uuid));
  Hooks.on("updateActor", (doc, changes, _options, userId) => onUpdate(doc as Keeper, changes as { system?: unknown }, userId));
  Hooks.on("updateItem", (doc, changes, _options, userId) => onUpdate(doc as Keeper, changes as { system?: unknown }, userId));
  Hooks.on("updateCombatant", (doc, changes, _options, userId) => onUpdate(doc as Keeper, changes as { system?: unknown }, userId));
}
