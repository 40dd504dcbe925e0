/**
 * What Foundry's server sends each client, in one place. Every visibility test reads this, never
 * the harness's shared collections directly, and never a document's ownership: ownership decides
 * what the interface shows and who may write, not what a client holds.
 *
 * What v13 sends, as public evidence shows it:
 * - At connection, the whole world: every world document of every collection and every world
 *   setting, whatever its ownership (Foundry's issue 9695 "Entities lazy-loading": the world is
 *   sent whole on connection, and documents load lazily only from compendia; modules showed players
 *   NONE-owned journals and actors: gurps issue 570, WFRP4e issue 2418, cc13 issue 7).
 * - Chat messages, except a whisper that carries no rolls, which reaches only the users it names
 *   and its author (release notes 0.5.2). A whisper with rolls reaches everyone and is `visible` to
 *   them; only its content is hidden from the others, by core's renderer (release notes 0.8.7,
 *   Foundry's issue 7909, crucible issue 942). A GM receives a whisper only when it names them.
 * - Every change, to the clients that receive the document (a chat message's whisper rule as
 *   above); a compendium document's change to every connected client, unless the operation says
 *   `broadcast: false` (an option of v13's database operations, sent by the client: the public
 *   client protocol in laurigates/foundryvtt-mcp shows `broadcast: true` by default). Whether the
 *   server withholds a pack's changes from users who may not observe it is not shown publicly:
 *   here it does not.
 * - Compendium contents only when the client asks (`getIndex`, `getDocument(s)`), and only with at
 *   least OBSERVER on the pack: players were refused the documents of a pack hidden from them
 *   (Foundry's issue 8284; issue 13364 on v13: ownership NONE restricts access). That the server
 *   itself refuses a player's direct request is not shown publicly: a Quench step checks it.
 *
 * Unproven, and so here as strict as the evidence allows: what is not named above is sent.
 */
import type { AnyObject } from "./utils";

interface UserLike {
  id: string | null;
  isGM: boolean;
  active: boolean;
}

interface MessageLike {
  _source: AnyObject;
}

interface ServerGlobals {
  game: {
    users: { contents: UserLike[] };
    collections: Map<string, { documentName: string; values(): IterableIterator<{ toObject(): AnyObject }> }>;
    settings: { world: { values(): IterableIterator<{ toObject(): AnyObject }> } };
  };
}

const g = () => globalThis as unknown as ServerGlobals;

/** Payloads each client was sent since the log was started, by user id. */
const sent = new Map<string, unknown[]>();
let logging = false;

/** Does the server send this chat message to this user? */
export function receivesMessage(user: UserLike | null, message: MessageLike): boolean {
  if (!user) return false;
  const whisper = (message._source.whisper as string[] | undefined) ?? [];
  if (!whisper.length) return true;
  if (message._source.author === user.id || whisper.includes(user.id ?? "")) return true;
  return ((message._source.rolls as unknown[] | undefined) ?? []).length > 0;
}

/** May this user read the message's content (not only know that it exists)? */
export function seesMessageContent(user: UserLike | null, message: MessageLike): boolean {
  const whisper = (message._source.whisper as string[] | undefined) ?? [];
  return !!user && (!whisper.length || message._source.author === user.id || whisper.includes(user.id ?? ""));
}

export const server = {
  /** Start (anew) or stop logging what each client is sent after connection. */
  log(on = true): void {
    logging = on;
    sent.clear();
  },

  /** A payload reached `user`'s client (a change broadcast to it, an answer to its request). */
  deliver(user: UserLike, payload: unknown): void {
    if (!logging || !user.id) return;
    let list = sent.get(user.id);
    if (!list) sent.set(user.id, (list = []));
    list.push(structuredClone(payload));
  },

  /** What the server sends `user`'s client when it connects now: every world document and setting, the chat messages it receives. */
  connection(user: UserLike): Record<string, AnyObject[]> {
    const out: Record<string, AnyObject[]> = {};
    for (const collection of g().game.collections.values()) {
      const name = collection.documentName;
      if (name === "Setting") continue;
      const docs = [...Map.prototype.values.call(collection as unknown as Map<string, { toObject(): AnyObject; _source: AnyObject }>)] as { toObject(): AnyObject; _source: AnyObject }[];
      out[name] = docs.filter((d) => name !== "ChatMessage" || receivesMessage(user, d)).map((d) => d.toObject());
    }
    out.Setting = [...g().game.settings.world.values()].map((s) => s.toObject());
    return out;
  },

  /** Its size in bytes, as JSON. */
  connectionBytes(user: UserLike): number {
    return JSON.stringify(server.connection(user)).length;
  },

  /** Everything `user`'s client holds of the server's: the world as it connects now, and every payload it was sent while the log ran. */
  received(user: UserLike): { connection: Record<string, AnyObject[]>; sent: unknown[] } {
    return { connection: server.connection(user), sent: [...(sent.get(user.id ?? "") ?? [])] };
  },
};
