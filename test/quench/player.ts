/**
 * What a player's client does when a batch on the GM's client asks it to (test queries, see
 * src/core/testing.ts): act, ask the GM, post or rewrite a card by hand, write a document (as a
 * modified client would too, its own check skipped), answer an awaiting card through its dialog,
 * press a card's button, read a card and the chronicle as shown to it. Every step acts as the
 * client's own user, through the system's API, documents and requests, and sends back plain data.
 *
 * `registerPlayerSteps` runs on every client that loads the batches (Quench active, the
 * maintainer's build): the queries exist only while the GM's `factions.testQueries` setting is on
 * (`withTestQueries`) in a test world, and each runs only a step the active GM whispered.
 */
import { askGM, type RequestKind } from "../../src/core/actions/requests";
import { ActionError } from "../../src/core/actions/errors";
import { answerMessage, isActionMessage, performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { openChronicle } from "../../src/core/chronicle/open";
import { RECORDS_PACK_ID } from "../../src/core/records/ids";
import { revealing } from "../../src/core/records/reveals";
import { registerTestQuery, stepMessageData } from "../../src/core/testing";
import { getSetting, setSetting, SYSTEM, until, withDialogs } from "./support";

/** What the client showed as warnings while `fn` ran (the player's refusals). */
async function warned<T extends object>(fn: () => Promise<T>): Promise<T & { warnings: string[] }> {
  const notifications = ui.notifications as unknown as { warn(message: string, options?: object): unknown };
  const self = game.user?.id;
  const warnings: string[] = [];
  const own = Object.prototype.hasOwnProperty.call(notifications, "warn");
  const original = notifications.warn;
  notifications.warn = function (this: unknown, message: string, options?: object) {
    if (game.user?.id === self) warnings.push(String(message));
    return original.call(this, message, options);
  };
  try {
    return { ...(await fn()), warnings };
  } finally {
    if (own) notifications.warn = original;
    else delete (notifications as { warn?: unknown }).warn;
  }
}

/** Writes to the GMs' records compendium this client was sent while listening (none, if the GM's client writes them quietly). */
const heardRecords: string[] = [];
let listening = false;

function listenToRecords(): void {
  if (listening) return;
  listening = true;
  const hear = (doc: { pack?: string | null; id?: string | null }) => {
    if (doc.pack === RECORDS_PACK_ID) heardRecords.push(doc.id ?? "");
  };
  Hooks.on("createJournalEntry", hear);
  Hooks.on("updateJournalEntry", hear);
}

const card = (id: string): ActionMessage => {
  const message = game.messages?.get(id);
  if (!isActionMessage(message)) throw new Error(`${game.user?.name}'s client has no card ${id}`);
  return message;
};

type Writable = { update(data: object): Promise<unknown>; _preUpdate?: unknown };

/** The steps a batch asks a player's client to take; each sends back plain data. */
export const STEPS = {
  /** Is this client answering (its test queries are on)? */
  ping: async (_data: Record<string, never>) => ({ user: game.user?.id ?? "" }),

  /**
   * Take an action, as a sheet or `game.factions.act` does; with `dice`, the uniform draws each die
   * of this client takes meanwhile, in turn (Foundry's `CONFIG.Dice.randomUniform`).
   */
  act: (data: { action: string; actor: string | null; choice: object; dice?: number[] }) =>
    warned(async () => {
      const actor = data.actor ? (foundry.utils.fromUuidSync(data.actor as `Actor.${string}`, { strict: false }) as Actor.Implementation | null) : null;
      const dice = CONFIG.Dice as unknown as { randomUniform: () => number };
      const random = dice.randomUniform;
      let drawn = 0;
      if (data.dice?.length) dice.randomUniform = () => data.dice![drawn++ % data.dice!.length]!;
      try {
        const posted = await performAction(data.action, actor, data.choice);
        return { card: posted?.id ?? null };
      } finally {
        dice.randomUniform = random;
      }
    }),

  /** Pick a roll mode among the chat's roll privacy buttons (a setting of this client's): the one it was. */
  rollMode: async (data: { mode: string }) => {
    const settings = game.settings as unknown as { get(ns: string, key: string): unknown; set(ns: string, key: string, value: unknown): Promise<unknown> };
    const was = String(settings.get("core", "rollMode"));
    await settings.set("core", "rollMode", data.mode);
    return { was };
  },

  /** Reload this client, as F5 does, a moment after answering. */
  reload: async (_data: Record<string, never>) => {
    setTimeout(() => foundry.utils.debouncedReload(), 100);
    return {};
  },

  /** Does this client hold the message at all (Foundry sent it)? */
  holds: async (data: { message: string }) => ({ held: !!game.messages?.get(data.message) }),

  /** Start hearing the writes to the GMs' records compendium that reach this client. */
  listen: async (_data: Record<string, never>) => {
    heardRecords.length = 0;
    listenToRecords();
    return {};
  },

  /**
   * What this client holds of the GMs' records: the compendium, whether it may read its contents
   * (asked as a console would: refused, empty, or given), what of it was sent here while listening,
   * and any journal entry of the release that kept records in the world.
   */
  records: async (_data: Record<string, never>) => {
    const pack = game.packs?.get(RECORDS_PACK_ID);
    let asked: "refused" | "empty" | "given" = "empty";
    try {
      if (pack && (await pack.getDocuments()).length) asked = "given";
    } catch {
      asked = "refused";
    }
    const journal = (game.journal?.contents ?? []).filter((e) => (e._source.flags as Record<string, { kind?: unknown } | undefined>)?.[SYSTEM]?.kind !== undefined).length;
    return { pack: !!pack, index: pack?.index.size ?? 0, asked, heard: [...heardRecords], journal };
  },

  /** Ask the GM's client for something directly (a console can): its refusal, if any. */
  ask: async (data: { kind: RequestKind; payload: object }) => {
    try {
      await askGM(data.kind, data.payload);
      return { refused: null as string | null };
    } catch (error) {
      return { refused: error instanceof ActionError ? error.key : String(error) };
    }
  },

  /** Post an action card by hand, whatever it says (a console can). */
  post: async (data: { system: object }) => {
    const message = await ChatMessage.implementation.create({ type: "action", system: data.system } as ChatMessage.CreateData);
    return { card: message?.id ?? null };
  },

  /** Rewrite one's own card (a console can). */
  rewrite: async (data: { message: string; update: object }) => {
    await card(data.message).update(data.update as ChatMessage.UpdateData);
    return {};
  },

  /** Write a document; `force` skips the client's own check, as a modified client would. */
  update: (data: { uuid: string; data: object; force: boolean }) =>
    warned(async () => {
      const doc = foundry.utils.fromUuidSync(data.uuid as `Actor.${string}`, { strict: false }) as unknown as Writable | null;
      if (!doc) return { error: `no ${data.uuid}` };
      if (data.force) Object.defineProperty(doc, "_preUpdate", { value: async () => undefined, configurable: true, writable: true });
      try {
        await doc.update(data.data);
        return { error: null as string | null };
      } catch (error) {
        return { error: String(error) };
      } finally {
        if (data.force) delete doc._preUpdate;
      }
    }),

  /**
   * Send an update of a world document straight to the server, as a modified client can: no data
   * model checks it on the way. The server's answer: its error, if any.
   */
  emit: (data: { type: string; updates: object[] }) =>
    new Promise<{ error: string | null }>((resolve) => {
      const socket = game.socket as unknown as { emit(event: string, request: object, ack: (response: { error?: { message?: string } } | undefined) => void): void };
      const operation = { action: "update", updates: data.updates, modifiedTime: Date.now(), diff: true, recursive: true, render: true, broadcast: true, pack: null };
      socket.emit("modifyDocument", { type: data.type, action: "update", operation }, (response) => resolve({ error: response?.error ? String(response.error.message ?? "refused") : null }));
    }),

  /** Undo a card, as a GM's button would (a player's client refuses it itself). */
  undo: (data: { message: string }) => warned(async () => ({ done: await undoMessage(card(data.message)) })),

  /** Answer an awaiting card through its dialog, filled with `values`. */
  answer: (data: { message: string; values: Record<string, unknown> }) =>
    warned(async () => {
      const { titles } = await withDialogs([data.values], () => answerMessage(card(data.message)));
      return { dialogs: titles.length };
    }),

  /** Press a button of one's card as drawn for this user ("apply", "undo", "answer"…): false if it has none. */
  press: async (data: { message: string; action: string }) => {
    const html = await card(data.message).renderHTML();
    const button = html.querySelector<HTMLButtonElement>(`button[data-action="${data.action}"]`);
    button?.click();
    return { pressed: !!button, buttons: [...html.querySelectorAll<HTMLButtonElement>("button[data-action]")].map((b) => b.dataset.action ?? "") };
  },

  /** A card as this user sees it: whether the client shows it, and the text of the card drawn for them. */
  read: async (data: { message: string }) => {
    const message = game.messages?.get(data.message);
    if (!message?.visible) return { shown: false, text: "" };
    // Drawn once, then again when what the drawing asked of the GM's client (its Stealth names) came back.
    await message.renderHTML();
    await until(() => !revealing(data.message), 5000, "the GM's client to tell this user's view of the card");
    return { shown: true, text: (await message.renderHTML()).textContent ?? "" };
  },

  /** The chronicle as this user reads it: the window's text and the ids of its entries. */
  chronicle: async (_data: Record<string, never>) => {
    const app = await openChronicle();
    await until(() => app.rendered, 5000, "the chronicle window");
    const text = app.element.textContent ?? "";
    await app.close();
    return { text, ids: (await api.chronicle.entries()).map((e) => e.id) };
  },
};

export type Step = keyof typeof STEPS;
type StepData<S extends Step> = Parameters<(typeof STEPS)[S]>[0];
type StepResult<S extends Step> = Awaited<ReturnType<(typeof STEPS)[S]>>;

/** Answer the steps as test queries (only while the GM's setting is on). */
export function registerPlayerSteps(): void {
  for (const [name, step] of Object.entries(STEPS)) registerTestQuery(name, (data) => (step as (d: unknown) => unknown)(data));
}

/**
 * Have `user`'s client take a step; its answer. The step is a message the active GM (this client)
 * whispers to that user alone, the query names only it (src/core/testing.ts), and it is deleted
 * once answered.
 */
export async function onClient<S extends Step>(user: User.Implementation, step: S, data: StepData<S>): Promise<StepResult<S>> {
  const message = await ChatMessage.implementation.create(stepMessageData(user, step, data));
  const target = user as unknown as { query(name: string, data: unknown, options: { timeout: number }): Promise<unknown> };
  try {
    return (await target.query(`${SYSTEM}.test.${step}`, { message: message!.id }, { timeout: 30_000 })) as StepResult<S>;
  } finally {
    await message?.delete().catch(() => undefined);
  }
}

/**
 * Test queries on for the batch (`before`), once each of `players`' clients answers them; off after:
 * every client answers them only meanwhile. Registered by a batch that drives players.
 */
export function withTestQueries(context: { before(fn: () => Promise<void>): void }, batch: { players: readonly User.Implementation[]; cleanup(fn: () => Promise<unknown>): void }): void {
  const { players } = batch;
  let was = false;
  context.before(async () => {
    was = getSetting("testQueries") === true;
    await setSetting("testQueries", true);
    // Each client turns its queries on as the setting reaches it.
    for (const player of players) {
      const end = Date.now() + 10_000;
      for (;;) {
        const answer = await onClient(player, "ping", {}).catch(() => null);
        if (answer?.user === player.id) break;
        if (Date.now() > end) throw new Error(`${player.name}'s client does not answer the test queries: is the Quench module active for them?`);
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
  // A step of the batch's one cleanup, which runs every step whatever another does.
  batch.cleanup(() => setSetting("testQueries", was));
}
