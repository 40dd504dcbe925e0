/**
 * The names a card masks for everyone that this user may read: the Stealth assets of actors they
 * own (a GM: all of them). Every client receives the card, so it holds them masked (the card's
 * ruling lists whose: `masked`); a reader who owns one of those actors asks the active GM's client
 * for their own view of the card, which reads the record and answers for that user only
 * (./readers.ts). The answers are kept in memory on this client, and the card drawn again when
 * one comes. With no GM connected the names stay masked.
 */
import { askGM } from "../actions/requests";
import type { RecordView } from "./record";

/** Views told, by user and card (a client has one user; the key keeps each user's own where several share this code). */
const views = new Map<string, RecordView>();
/** Cards asked about, and not answered yet (same keys). */
const asking = new Set<string>();
/** Cards to ask about in this tick, by user. */
const queued = new Map<string, string[]>();

const key = (card: string) => `${game.user?.id ?? ""}.${card}`;

/** This user's own view of a card, if the GM's client has told it. */
export const revealedView = (card: string): RecordView | undefined => views.get(key(card));

/** Is this user waiting for the GM's client to tell its view of a card? */
export const revealing = (card: string): boolean => asking.has(key(card)) || (queued.get(game.user?.id ?? "")?.includes(card) ?? false);

/** Forget what was told of a card (its ruling changed: ask again when it is drawn). */
export function forgetReveal(card: string): void {
  for (const k of [...views.keys()]) if (k.endsWith(`.${card}`)) views.delete(k);
}

/** Forget everything told (this client's user changed, or the records were moved). */
export function forgetReveals(): void {
  views.clear();
}

/** What follows an answer (the cards told drawn again, the chronicle refreshed). */
let told: (cards: string[]) => void = () => undefined;

/** Run `fn` with the cards each answer told. */
export function onRevealed(fn: (cards: string[]) => void): void {
  told = fn;
}

/** Ask the GM's client now for this user's views of these cards (those not told yet); nothing with no GM connected. */
export async function reveal(cards: readonly string[]): Promise<void> {
  const fresh = [...new Set(cards)].filter((c) => !views.has(key(c)) && !asking.has(key(c)));
  if (!fresh.length || !game.users?.activeGM) return;
  for (const c of fresh) asking.add(key(c));
  try {
    const answer = await askGM("views", { cards: fresh });
    const answered = (Array.isArray(answer) ? (answer as RecordView[]) : []).filter((v) => fresh.includes(v.id));
    for (const view of answered) views.set(key(view.id), view);
    if (answered.length) told(answered.map((v) => v.id));
  } finally {
    for (const c of fresh) asking.delete(key(c));
  }
}

/**
 * Ask, with the others asked for in the same tick (a chat log drawing its cards), and go on: each
 * card told is drawn again.
 */
export function askReveals(cards: readonly string[]): void {
  const user = game.user?.id ?? "";
  const waiting = queued.get(user);
  if (waiting) return void waiting.push(...cards);
  const batch = [...cards];
  queued.set(user, batch);
  queueMicrotask(() => {
    queued.delete(user);
    reveal(batch).catch((error: unknown) => console.error(error));
  });
}
