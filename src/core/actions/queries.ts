import { ActionError } from "./errors";
import { answerHere, applyHere, isActionMessage } from "./pipeline";

/** What the GM's client answers: done, or the refusal to show the asker. */
type QueryResult = { ok: true } | { ok: false; key: string; data?: Record<string, string | number> };

const QUERY_TIMEOUT_MS = 30_000;

function messageOf(data: { message?: unknown }) {
  const message = typeof data.message === "string" ? game.messages?.get(data.message) : undefined;
  if (!isActionMessage(message)) throw new ActionError("FACTIONS.Action.Error.Missing");
  return message;
}

/** Run a GM-side handler and turn its refusal into data the asker can show. */
async function handle(work: () => Promise<void>): Promise<QueryResult> {
  try {
    if (!game.user!.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    await work();
    return { ok: true };
  } catch (error) {
    if (error instanceof ActionError) return { ok: false, key: error.key, data: error.data };
    console.error(error);
    return { ok: false, key: "FACTIONS.Action.Error.Unexpected" };
  }
}

/**
 * The GM-side handlers. They are not told who asked, so they trust nothing sent:
 * the card is read from the world, and applying re-runs its rule against the
 * documents as they are (see `verify`).
 */
export const QUERIES = {
  "factions.apply": (data: { message?: unknown }) => handle(() => applyHere(messageOf(data))),
  "factions.answer": (data: { message?: unknown; choice?: unknown }) =>
    handle(() => {
      if (typeof data.choice !== "object" || data.choice === null) throw new ActionError("FACTIONS.Action.Error.BadAnswer");
      return answerHere(messageOf(data), data.choice);
    }),
};

export function registerQueries(): void {
  Object.assign(CONFIG.queries, QUERIES);
}

/** Ask the active GM's client to do what this user may not; throws its refusal. */
export async function askGM(kind: "apply" | "answer", data: Record<string, unknown>): Promise<void> {
  const gm = game.users?.activeGM;
  if (!gm) throw new ActionError("FACTIONS.Action.Error.NoGM");
  const result = (await gm.query(`factions.${kind}`, data, { timeout: QUERY_TIMEOUT_MS })) as QueryResult | undefined;
  if (!result) throw new ActionError("FACTIONS.Action.Error.NoAnswer");
  if (!result.ok) throw new ActionError(result.key, result.data);
}
