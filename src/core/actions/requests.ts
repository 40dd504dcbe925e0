/**
 * Asking the active GM's client to do what only it may (apply, answer, undo, take an option).
 *
 * A query's handler is not told who asked, so the asker first posts a request message: the
 * server records its author. The query then names only that message; the GM's client reads
 * the author from the world, consumes the message (a request is handled once), and runs the
 * handler for that user. When this client is the active GM, the handler runs here directly.
 */
import { ActionError, ActionPending } from "./errors";
import type { Line } from "../rules/outcome";

export type RequestKind = "apply" | "answer" | "undo" | "reserve" | "take" | "link" | "archive" | "views" | "chronicle";
type Handler = (payload: unknown, requester: User.Implementation) => Promise<unknown>;

/** What the GM's client answers: done (with what the asker asked to read, if anything), or the refusal to show the asker. */
type QueryResult = { ok: true; value?: unknown } | { ok: false; key: string; data?: Line["data"] };

const QUERY_TIMEOUT_MS = 30_000;
const handlers = new Map<RequestKind, Handler>();

export function onRequest(kind: RequestKind, handler: Handler): void {
  handlers.set(kind, handler);
}

function handlerOf(kind: string): Handler {
  const handler = handlers.get(kind as RequestKind);
  if (!handler) throw new ActionError("FACTIONS.Action.Error.BadRequest");
  return handler;
}

/** Request messages this client is consuming: one is never handled twice, even while its deletion is on its way. */
const consuming = new Set<string>();

/** The GM-side handler of the query: the request is read from the world, never from the query. */
async function handleRequest(data: { request?: unknown }): Promise<QueryResult> {
  try {
    if (game.users?.activeGM !== game.user) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    const id = typeof data?.request === "string" ? data.request : "";
    const message = game.messages?.get(id);
    if (!message || message.type !== "request" || consuming.has(id)) throw new ActionError("FACTIONS.Action.Error.BadRequest");
    consuming.add(id);
    const requester = message.author;
    const { kind, payload } = message.system as unknown as { kind: string; payload: string };
    try {
      await message.delete();
    } finally {
      consuming.delete(id);
    }
    if (!requester) throw new ActionError("FACTIONS.Action.Error.BadRequest");
    let parsed: unknown;
    try {
      parsed = JSON.parse(payload);
    } catch {
      throw new ActionError("FACTIONS.Action.Error.BadRequest");
    }
    const value = await handlerOf(kind)(parsed, requester as User.Implementation);
    return value === undefined ? { ok: true } : { ok: true, value };
  } catch (error) {
    if (error instanceof ActionError) return { ok: false, key: error.key, data: error.data };
    console.error(error);
    return { ok: false, key: "FACTIONS.Action.Error.Unexpected" };
  }
}

export const QUERIES = { "factions.request": handleRequest };

export function registerRequests(): void {
  Object.assign(CONFIG.queries, QUERIES);
}

/** Have the active GM's client do `kind` for the current user; what it answers, or its refusal thrown. */
export async function askGM(kind: RequestKind, payload: object): Promise<unknown> {
  const gm = game.users?.activeGM;
  if (!gm) throw new ActionError("FACTIONS.Action.Error.NoGM");
  if (gm === game.user) return handlerOf(kind)(payload, game.user);
  const message = await ChatMessage.implementation.create({
    type: "request",
    whisper: [gm.id!],
    system: { kind, payload: JSON.stringify(payload) },
  } as ChatMessage.CreateData);
  if (!message) throw new ActionError("FACTIONS.Action.Error.Unexpected");
  let result: QueryResult | undefined;
  try {
    result = (await gm.query("factions.request", { request: message.id! }, { timeout: QUERY_TIMEOUT_MS })) as QueryResult | undefined;
  } catch {
    // No answer in time (a query times out: Foundry's issue 11235). The GM's client consumes a
    // request as it takes it up: one it took is still being done (its result reaches the card);
    // one it never took is taken back, so it is never done after the asker was told it was not.
    if (!game.messages?.has(message.id!)) throw new ActionPending("FACTIONS.Action.Error.StillWorking");
    await message.delete().catch(() => undefined);
    throw new ActionError("FACTIONS.Action.Error.NoAnswer");
  }
  if (!result) throw new ActionError("FACTIONS.Action.Error.NoAnswer");
  if (!result.ok) throw new ActionError(result.key, result.data);
  return result.value;
}
