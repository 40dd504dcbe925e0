/**
 * The gallery's sample registry. A sample is one template rendered with one context, shown in a
 * Foundry-like frame (a sheet or dialog window, or a chat card) under the light and the dark theme.
 *
 * To add samples, put a file in `test/gallery/samples/` (one per ruleset, e.g. `faction-turn.ts`)
 * whose default export is an array of samples:
 *
 *   import { defineSamples } from "../samples";
 *   export default defineSamples([{ id: "faction-turn-faction-sheet", title: "…", kind: "sheet", … }]);
 *
 * `samples/index.ts` imports every file of that folder; `loadSamples()` fills `samples`.
 */
import { groupLog, type ActionCardContext, type CardCheckRoll, type OddsContext } from "../../src/core/chat/card-context";
import { shownNumber, signed } from "../../src/core/format";
import { importSampleFiles } from "./samples/index";

export type SampleKind = "sheet" | "card" | "dialog";

export interface GallerySample {
  /** Unique id, used in test names and in the page (letters, digits, `-`). */
  id: string;
  /** Window title (sheets and dialogs) or a caption (cards). */
  title: string;
  /** Foundry path of the template: `systems/factions/templates/…hbs` (or a path from the repository root). */
  template: string;
  /** The render context, as the sheet's `_prepareContext` (or the card renderer) would give it. */
  context: object;
  /** Width in px of the window, or of the chat sidebar for cards (Foundry's is about 300). */
  width: number;
  /** Classes of the window element (sheets, dialogs) or of the chat message (cards), e.g. "factions sheet actor faction". */
  wrapperClass?: string;
  kind: SampleKind;
  /** A window (sheet or dialog) is also shown at its narrowest unless this is false (the gallery's own demo, a panel in Foundry's sidebar). */
  narrow?: boolean;
  /** Added to its ids (and the labels naming them), for a second state of a window another sample already shows: the page holds both. */
  idSuffix?: string;
}

/** Every registered sample, after `loadSamples()`. */
export const samples: GallerySample[] = [];

/** Identity function that types a sample file's default export. */
export function defineSamples(list: GallerySample[]): GallerySample[] {
  return list;
}

/** Add samples to the registry; ids must be unique and well formed. */
export function addSamples(...list: GallerySample[]): void {
  for (const sample of list) {
    if (!/^[A-Za-z0-9][\w-]*$/.test(sample.id)) throw new Error(`gallery sample id "${sample.id}" must be letters, digits, "_" or "-"`);
    if (samples.some((s) => s.id === sample.id)) throw new Error(`gallery sample id "${sample.id}" is used twice`);
    if (!["sheet", "card", "dialog"].includes(sample.kind)) throw new Error(`gallery sample "${sample.id}": unknown kind "${sample.kind}"`);
    if (!(sample.width > 0)) throw new Error(`gallery sample "${sample.id}": width must be a positive number of px`);
    samples.push(sample);
  }
}

let loading: Promise<GallerySample[]> | undefined;

/** Import every file of `samples/` once and register what they export. */
export function loadSamples(): Promise<GallerySample[]> {
  loading ??= importSampleFiles().then((list) => {
    addSamples(...list);
    return samples;
  });
  return loading;
}

/** A sheet's description view (templates/core/description.hbs) of an HTML text. */
export function described(html: string): { field: string; source: string; enriched: string } {
  return { field: "system.description", source: html, enriched: html };
}

/**
 * A card's log as the renderer gives it (no summary, no sides): plain lines, or `#`-prefixed
 * headings (`##` for a heading whose group folds away). Spread it into a card's context.
 */
export function logLines(...texts: string[]): Pick<ActionCardContext, "log" | "summary" | "sides"> {
  const lines = texts.map((text) => {
    const fold = text.startsWith("##");
    return text.startsWith("#") ? { text: text.replace(/^#+/, ""), heading: true, fold } : { text };
  });
  return { log: groupLog(lines, null), summary: [], sides: null };
}

/** A check side as the card renderer gives it: its rating and total also as shown (signed, with "−"). */
export function shownRoll(r: Omit<CardCheckRoll, "ratingText" | "totalText">): CardCheckRoll {
  return { ...r, ratingText: signed(r.rating), totalText: shownNumber(r.total) };
}

type Mods = { label: string; value: number }[];

/** The odds part as `oddsContext` gives it: each modifier and total also as shown (signed, with "−"). */
export function shownOdds(o: Omit<OddsContext, "actor" | "opposition" | "actorTotalText" | "oppositionTotalText"> & { actor: Mods; opposition: Mods }): OddsContext {
  const shown = (mods: Mods) => mods.map((m) => ({ ...m, text: signed(m.value) }));
  return { ...o, actor: shown(o.actor), opposition: shown(o.opposition), actorTotalText: signed(o.actorTotal), oppositionTotalText: signed(o.oppositionTotal) };
}
