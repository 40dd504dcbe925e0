/**
 * What every Quench batch shares, so each runs as written in a real Foundry and leaves the world as
 * it found it:
 * - `defineBatch`: the batch's suite, with a timeout (Mocha's default 2 s is shorter than the
 *   batches' own waits), skipped with its reason in the title unless a GM marked the world a test
 *   world, this client is the active GM, the rulesets it needs are on and enough players (and
 *   Assistant GMs) are connected; the settings it relies on pinned to their defaults and restored
 *   after; and its cleanup (whether it passed or failed, every step run whatever another does): the
 *   messages it caused (only those: they name its documents) with their records, the documents it
 *   made, the records' compendium if it left it empty, and the GM's scene and active encounters
 *   shown again.
 * - Helpers: polling, pressing the system's dialogs as a user does, snapshots, warnings shown.
 */
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { serially } from "../../src/core/actions/checks";
import type { ActionMessage } from "../../src/core/actions/pipeline";
import type { RulesetId } from "../../src/core/settings";
import { FACTION_STATUS_SET } from "../../src/rulesets/faction-turn/statuses";
import { removeCardsAndRecords, removeEmptyRecordsPack } from "./cleanup";

export const SYSTEM = "factions";
export type Context = QuenchBatchContext;
export type Assert = QuenchBatchContext["assert"];
/** What Mocha gives a test or hook as `this`, and a suite's callback. */
export type TestThis = { skip(): never; timeout(ms: number): unknown };
export type SuiteThis = { timeout(ms: number): unknown };
type Json = Record<string, unknown>;

export const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Wait until `test` holds (polling), or fail after `ms` saying what was awaited. */
export async function until(test: () => boolean, ms = 5000, what = "the world to change"): Promise<void> {
  const end = Date.now() + ms;
  while (!test()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await wait(25);
  }
}

/**
 * The next time `hook` fires on this client with arguments `test` accepts: its arguments. Made
 * before the action that fires it, awaited after; fails after `ms` naming the hook.
 */
export function nextHook<A extends unknown[]>(hook: string, test: (...args: A) => boolean = () => true, ms = 5000): Promise<A> {
  return new Promise<A>((resolve, reject) => {
    const timer = setTimeout(() => {
      Hooks.off(hook as never, id as never);
      reject(new Error(`timed out waiting for the hook ${hook}`));
    }, ms);
    const id = Hooks.on(hook as never, ((...args: A) => {
      if (!test(...args)) return;
      clearTimeout(timer);
      Hooks.off(hook as never, id as never);
      resolve(args);
    }) as never);
  });
}

/** Let the work this (the GM's) client queued land: the authority's queue, then the hooks it set off. */
export async function settled(): Promise<void> {
  await serially(() => Promise.resolve());
  await wait(100);
  await serially(() => Promise.resolve());
}

/* -------------------------------------------- */
/*  Settings                                      */
/* -------------------------------------------- */

/** The settings the rules read, pinned to their defaults for every batch (each restored after). */
export const PINNED = {
  autoApply: true,
  tiePolicy: "defender",
  completeMargin: 5,
  turnIncome: true,
  operationsRecovery: true,
  operationsOneAction: true,
  battleEnforceSupport: true,
  skirmishFreeActions: 1,
  skirmishCheckDie: "1d10",
  // The built-in list of Rounds outcomes (Wounded, Defeated…), whatever the GM made of it.
  roundsOutcomes: "",
} as const;
export type PinnedKey = keyof typeof PINNED;

type Settings = { get(ns: string, key: string): unknown; set(ns: string, key: string, value: unknown): Promise<unknown>; settings: Map<string, unknown> };
const settings = () => game.settings as unknown as Settings;
const registered = (key: string) => settings().settings.has(`${SYSTEM}.${key}`);

export const getSetting = (key: string): unknown => settings().get(SYSTEM, key);

/** Set a world setting of the system (only if it differs: an unchanged setting writes nothing). */
export async function setSetting(key: string, value: unknown): Promise<void> {
  if (registered(key) && JSON.stringify(getSetting(key)) !== JSON.stringify(value)) await settings().set(SYSTEM, key, value);
}

/* -------------------------------------------- */
/*  A batch                                       */
/* -------------------------------------------- */

export interface Needs {
  /** Rulesets that must be on in this world. */
  rulesets?: RulesetId[];
  /** Connected players the batch drives (through test queries, ./player.ts). */
  players?: number;
  /** Connected Assistant GMs (besides this client's GM) the batch drives. */
  assistants?: number;
  /** The batch's timeout (ms). */
  timeout?: number;
}

type Deletable = { id: string | null; documentName: string; delete(): Promise<unknown> };

export interface Batch {
  assert: Assert;
  /** The connected players the batch drives, as many as it needs. */
  players: User.Implementation[];
  /** The connected Assistant GMs the batch drives, as many as it needs. */
  assistants: User.Implementation[];
  /** Note a document the batch made: deleted after the batch (last made, first deleted). Returns it. */
  made<T>(doc: T): T;
  /** Forget a document the batch deleted itself. */
  gone(doc: { id: string | null }): void;
  /** Ids of the messages the batch caused (those that name one of its documents or cards), oldest first. */
  messages(): string[];
  /** Note a card or record id of the batch (its messages and records are removed after). */
  own(id: string): void;
  /** The batch's action cards, oldest first. */
  cards(): ActionMessage[];
  /** A cleanup step of the batch's own, run after its documents are deleted. */
  cleanup(fn: () => Promise<unknown>): void;
}

const connectedPlayers = () => (game.users?.contents ?? []).filter((u) => u.active && !u.isGM) as User.Implementation[];
const connectedAssistants = () => (game.users?.contents ?? []).filter((u) => u.active && !u.isSelf && u.role === CONST.USER_ROLES.ASSISTANT) as User.Implementation[];

/** Why this client may not run the batch now, or null. */
function whyNot(needs: Needs): string | null {
  // Every batch makes documents and pins world settings; some migrate the world or end its encounter.
  if (getSetting("testWorld") !== true) return "not a test world: a GM marks one in Game Settings → Factions → Test world (the batches change the world)";
  if (!game.users?.activeGM?.isSelf) return "run it as the active GM (this client is not)";
  const off = (needs.rulesets ?? []).filter((r) => !getSetting(`ruleset.${r}`));
  if (off.length) return `the ruleset${off.length > 1 ? "s" : ""} ${off.join(", ")} ${off.length > 1 ? "are" : "is"} off in this world`;
  const players = connectedPlayers().length;
  const need = needs.players ?? 0;
  if (players < need) return `needs ${need} connected player${need > 1 ? "s" : ""} (${players} connected)`;
  const assistants = connectedAssistants().length;
  if (assistants < (needs.assistants ?? 0)) return `needs a connected Assistant GM (${assistants} connected)`;
  return null;
}

/**
 * A batch: `body` registers its tests inside one suite that has the batch's timeout, pins the
 * settings and cleans up. If the batch cannot run here, its one test is skipped, its title saying why.
 */
export function defineBatch(context: Context, title: string, needs: Needs, body: (batch: Batch) => void): void {
  const reason = whyNot(needs);
  context.describe(reason ? `${title} (skipped: ${reason})` : title, function (this: SuiteThis) {
    this.timeout(needs.timeout ?? 60_000);
    if (reason) {
      console.warn(`Factions | Quench batch "${title}" skipped: ${reason}`);
      context.it(`skipped: ${reason}`, function (this: TestThis) {
        this.skip();
      });
      return;
    }
    const docs: Deletable[] = [];
    const ids = new Set<string>();
    const messageIds: string[] = [];
    const steps: (() => Promise<unknown>)[] = [];
    const saved = new Map<string, unknown>();
    let hook: number | undefined;
    const mentions = (message: ChatMessage.Implementation) => {
      const text = JSON.stringify(message.toObject());
      return [...ids].some((id) => text.includes(id));
    };
    const batch: Batch = {
      assert: context.assert,
      players: connectedPlayers().slice(0, needs.players ?? 0),
      assistants: connectedAssistants().slice(0, needs.assistants ?? 0),
      made<T>(doc: T): T {
        const d = doc as unknown as Deletable;
        if (d?.id) {
          docs.push(d);
          ids.add(d.id);
        }
        return doc;
      },
      gone(doc) {
        const i = docs.findIndex((d) => d.id === doc.id);
        if (i >= 0) docs.splice(i, 1);
      },
      messages: () => [...messageIds],
      own(id) {
        ids.add(id);
        if (!messageIds.includes(id)) messageIds.push(id);
      },
      cards: () =>
        messageIds.flatMap((id) => {
          const message = game.messages?.get(id);
          return message?.type === "action" ? [message as unknown as ActionMessage] : [];
        }),
      cleanup: (fn) => void steps.push(fn),
    };

    // What the GM looked at: the batch may show its own scene and encounter, and shows these again after.
    let shown: string | null = null;
    let active: string[] = [];
    context.before(async () => {
      shown = canvas?.scene?.id ?? null;
      active = (game.combats?.filter((c) => c.active) ?? []).map((c) => c.id!);
      for (const key of Object.keys(PINNED)) if (registered(key)) saved.set(key, getSetting(key));
      for (const [key, value] of Object.entries(PINNED)) await setSetting(key, value);
      hook = Hooks.on("createChatMessage", (message) => {
        if (message.id && !messageIds.includes(message.id) && mentions(message as ChatMessage.Implementation)) batch.own(message.id);
      });
    });

    // One `after` hook for the whole cleanup: Mocha stops a suite's `after` hooks at the first that
    // fails, so every step here runs whatever the others do, and the failures are told at the end.
    context.after(async () => {
      const failures: unknown[] = [];
      const attempt = async (step: () => unknown) => {
        try {
          await step();
        } catch (error) {
          failures.push(error);
          console.error(error);
        }
      };
      if (hook !== undefined) Hooks.off("createChatMessage", hook);
      await attempt(settled);
      await attempt(() => removeCardsAndRecords(messageIds));
      for (const doc of docs.reverse()) {
        const collection = (game as unknown as { collections: { get(name: string): { has(id: string): boolean } | undefined } }).collections.get(doc.documentName);
        if (!collection || collection.has(doc.id!)) await attempt(() => doc.delete());
      }
      for (const step of steps) await attempt(step);
      for (const [key, value] of saved) await attempt(() => setSetting(key, value));
      for (const id of active) {
        const combat = game.combats?.get(id);
        if (combat && !combat.active) await attempt(() => combat.update({ active: true } as Combat.UpdateData));
      }
      const scene = shown ? game.scenes?.get(shown) : null;
      if (scene && canvas?.scene?.id !== scene.id) await attempt(() => scene.view());
      await attempt(settled);
      await attempt(removeEmptyRecordsPack);
      if (failures.length) throw new AggregateError(failures, `the batch's cleanup: ${failures.length} step(s) failed, every other step ran (see the console)`);
    });

    body(batch);
  });
}

/* -------------------------------------------- */
/*  Dialogs, as a user answers them               */
/* -------------------------------------------- */

/** Fill a dialog's form as a user would: an array checks exactly those boxes `name.<value>`; each control fires `change`. */
export function fillForm(root: HTMLElement, values: Record<string, unknown>): void {
  const form = root.querySelector("form") ?? root;
  const named = (name: string) => form.querySelector<HTMLElement>(`[name="${CSS.escape(name)}"]`);
  for (const [name, value] of Object.entries(values)) {
    if (Array.isArray(value)) {
      const boxes = [...form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]')].filter((b) => b.name.startsWith(`${name}.`));
      if (!boxes.length) throw new Error(`the dialog has no checkboxes "${name}.*"`);
      const wanted = value.map(String);
      for (const v of wanted) if (!boxes.some((b) => b.name === `${name}.${v}`)) throw new Error(`the dialog offers no "${name}.${v}"`);
      for (const box of boxes) {
        box.checked = wanted.includes(box.name.slice(name.length + 1));
        box.dispatchEvent(new Event("change", { bubbles: true }));
      }
      continue;
    }
    const el = named(name);
    if (!el) throw new Error(`the dialog has no field "${name}"`);
    if (el instanceof HTMLSelectElement) {
      const offered = [...el.options].map((o) => o.value);
      if (!offered.includes(String(value))) throw new Error(`the dialog's "${name}" offers no "${String(value)}" (offers ${offered.join(", ")})`);
      el.value = String(value);
    } else if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = Boolean(value);
    else if (el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) el.value = String(value);
    else throw new Error(`the dialog's "${name}" is not a form control`);
    el.dispatchEvent(new Event("change", { bubbles: true }));
  }
}

/**
 * Run `open` (which opens the system's dialogs on this client, e.g. a sheet's action) and answer
 * each dialog it renders in turn: the next of `answers` fills its form, then its `button` (the
 * submit, "ok") is pressed. Returns what `open` returned and the dialogs' titles; throws if a
 * dialog could not be filled (it is cancelled then) or fewer dialogs came than answers.
 */
export async function withDialogs<T>(answers: Record<string, unknown>[], open: () => Promise<T>, button = "ok"): Promise<{ result: T; titles: string[] }> {
  const queue = [...answers];
  const titles: string[] = [];
  let failure: unknown = null;
  const id = Hooks.on("renderDialogV2", (app, element) => {
    const el = element as unknown as HTMLElement;
    if (!el.classList.contains("factions-dialog") || !queue.length) return;
    const values = queue.shift()!;
    titles.push((app as unknown as { title: string }).title);
    setTimeout(() => {
      try {
        fillForm(el, values);
        const press = el.querySelector<HTMLButtonElement>(`button[data-action="${button}"]`);
        if (!press) throw new Error(`the dialog has no button "${button}"`);
        press.click();
      } catch (error) {
        failure = error;
        el.querySelector<HTMLButtonElement>('button[data-action="cancel"]')?.click() ?? void (app as unknown as { close(): Promise<unknown> }).close();
      }
    }, 0);
  });
  try {
    const result = await open();
    if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
    if (queue.length) throw new Error(`${queue.length} dialog(s) never opened (${titles.length} did: ${titles.join(", ")})`);
    return { result, titles };
  } finally {
    Hooks.off("renderDialogV2", id);
  }
}

/* -------------------------------------------- */
/*  Reading the world                             */
/* -------------------------------------------- */

const strip = (o: Json) => {
  const copy = { ...o };
  delete copy._stats;
  return copy;
};
const byId = (a: Json, b: Json) => String(a._id).localeCompare(String(b._id));

/** An actor's stored data without timestamps, its items and effects sorted by id. */
export function stored(actor: Actor.Implementation): Json {
  const source = actor.toObject() as unknown as Json;
  const items = ((source.items as Json[]) ?? []).map(strip).sort(byId);
  const effects = ((source.effects as Json[]) ?? []).map(strip).sort(byId);
  return { ...strip(source), items, effects };
}

/** A faction's token statuses are in step with its assets (they follow asynchronously, on the GM's client). */
export const statusesInStep = (actor: Actor.Implementation) => {
  const wanted = [...FACTION_STATUS_SET.wanted(actor)].sort().join(",");
  return [...actor.statuses].sort().join(",") === wanted;
};

/** Wait until the factions' statuses are in step with their assets, then their stored data. */
export async function steadySnapshot(actors: Record<string, Actor.Implementation>): Promise<Json> {
  await until(() => Object.values(actors).every((a) => a.type !== "faction" || statusesInStep(a)), 5000, "the factions' token statuses");
  return Object.fromEntries(Object.entries(actors).map(([k, a]) => [k, stored(a)]));
}

/** Record what `ui.notifications.warn` shows on this client (the GM's) until `stop()`. */
export function watchWarnings(): { list: string[]; stop(): void } {
  const notifications = ui.notifications as unknown as { warn(message: string, options?: object): unknown };
  const self = game.user?.id;
  const list: string[] = [];
  const own = Object.prototype.hasOwnProperty.call(notifications, "warn");
  const original = notifications.warn;
  notifications.warn = function (this: unknown, message: string, options?: object) {
    if (game.user?.id === self) list.push(String(message));
    return original.call(this, message, options);
  };
  return {
    list,
    stop() {
      if (own) notifications.warn = original;
      else delete (notifications as { warn?: unknown }).warn;
    },
  };
}

/** The localized text of a key, formatted with `data`. */
export const t = (key: string, data?: Record<string, string>) => (data ? game.i18n!.format(key, data) : game.i18n!.localize(key));
