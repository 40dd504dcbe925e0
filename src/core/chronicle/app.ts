import type { DeepPartial } from "fvtt-types/utils";
import { SYSTEM_ID, templatePath } from "../constants";
import { RULESETS } from "../settings";
import { actionDefinition } from "../actions/definition";
import { localizeLine } from "../actions/errors";
import { undoRecord } from "../actions/pipeline";
import { readChronicle, type ChronicleRead } from "./access";
import { promptArchive } from "./archive";
import { groupByTurn, NO_FILTER, type ChronicleFilter, type ChronicleOpenOptions, type FilterValues } from "./entry";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;
type RenderContext = foundry.applications.api.ApplicationV2.RenderContext;
type RenderOptions = foundry.applications.api.ApplicationV2.RenderOptions;

/** A round's heading (and its name in the round filter): "Turn 2", or outside the tracker. */
const roundTitle = (round: number) =>
  round ? game.i18n!.format("FACTIONS.Chronicle.Round", { round: String(round) }) : game.i18n!.localize("FACTIONS.Chronicle.NoRound");


type FilterName = keyof ChronicleFilter;
const FILTER_NAMES: readonly FilterName[] = ["ruleset", "round", "actor"];
const isFilterName = (name: string): name is FilterName => (FILTER_NAMES as readonly string[]).includes(name);

/** One option of a filter's list. */
interface FilterOption {
  value: string;
  label: string;
  selected: boolean;
}

/**
 * The read-back of every applied action, by round (faction turn), then by actor, narrowed by game,
 * round and actor. Every list of a filter is made of the entries this user may read, in the same
 * pass over them as the window's own: no name reaches a filter that the chronicle would not show.
 */
export class ChronicleApp extends HandlebarsApplicationMixin(ApplicationV2) {
  /** What the window is narrowed to. */
  #filter: ChronicleFilter = { ...NO_FILTER };
  /** The name its opener shows for the actor it narrowed to (an actor with nothing to read yet still has one). */
  #actorName = "";
  /** The filter whose change redrew the window, to get the keyboard's focus back. */
  #refocus: FilterName | null = null;
  /** What was read for the filter as it is (null: read it anew on the next render). */
  #read: ChronicleRead | null = null;

  /** Narrow the window as asked (every filter not named shows everything). */
  setFilter({ ruleset, round, actor, actorName }: ChronicleOpenOptions = {}): void {
    const turn = Number(round);
    this.#filter = {
      ruleset: ruleset && (RULESETS as readonly string[]).includes(ruleset) ? ruleset : "",
      round: round !== undefined && round !== "" && Number.isInteger(turn) && turn >= 0 ? String(turn) : "",
      actor: typeof actor === "string" ? actor : "",
    };
    this.#actorName = actor ? (actorName ?? "") : "";
    this.#read = null;
  }

  /** Read everything anew on the next render (a record changed). */
  forget(): void {
    this.#read = null;
  }

  /** What the window is narrowed to now. */
  get filter(): Readonly<ChronicleFilter> {
    return { ...this.#filter };
  }

  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-chronicle`,
    classes: ["factions", "factions-chronicle-window"],
    window: { title: "FACTIONS.Chronicle.Title", icon: "fa-solid fa-book-open", resizable: true },
    position: { width: 560, height: 600 },
    actions: { showCard: ChronicleApp.#showCard, archive: ChronicleApp.#archive, undoEntry: ChronicleApp.#undoEntry, earlier: ChronicleApp.#earlier },
  };

  /** Read the page of lines before those shown. */
  static async #earlier(this: ChronicleApp): Promise<void> {
    if (!this.#read?.more) return;
    this.#read = await readChronicle(this.#filter, this.#read);
    void this.render();
  }

  /** The GM undoes an entry's card, whether the chat log still has it or not. */
  static async #undoEntry(this: ChronicleApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await undoRecord(target.dataset.messageId ?? "");
  }

  /** The GM archives the records before a round or a date. */
  static async #archive(this: ChronicleApp): Promise<void> {
    if ((await promptArchive()) === null) return;
    this.#read = null;
    void this.render();
  }

  /** Open an entry's chat card in a window of its own (it may be far up the chat log, or not loaded). */
  static #showCard(this: ChronicleApp, _event: PointerEvent, target: HTMLElement): void {
    const message = game.messages?.get(target.dataset.messageId ?? "");
    if (!message) return void ui.notifications?.warn(game.i18n!.localize("FACTIONS.Chronicle.CardGone"));
    void new foundry.applications.sidebar.apps.ChatPopout({ message }).render({ force: true });
  }

  static override PARTS = {
    main: { template: templatePath("core/chronicle.hbs"), scrollable: [""] },
  };

  protected override async _onFirstRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onFirstRender(context, options);
    this.element.addEventListener("change", (event) => {
      const select = event.target;
      if (!(select instanceof HTMLSelectElement) || !select.closest(".factions-chronicle-filters") || !isFilterName(select.name)) return;
      this.#filter = { ...this.#filter, [select.name]: select.value };
      this.#refocus = select.name;
      this.#read = null;
      void this.render();
    });
  }

  protected override async _onRender(context: DeepPartial<RenderContext>, options: DeepPartial<RenderOptions>): Promise<void> {
    await super._onRender(context, options);
    // The filter just changed was drawn anew: the keyboard stays on it.
    const name = this.#refocus;
    this.#refocus = null;
    if (name) this.element.querySelector<HTMLSelectElement>(`.factions-chronicle-filters select[name="${name}"]`)?.focus();
  }

  /**
   * The filters' lists: the values present in what this user reads, and the one chosen even if
   * absent when its label needs nothing read (a game, a round, the actor its opener named); a
   * choice that is neither shows everything again.
   */
  #filterLists(values: FilterValues) {
    const i18n = game.i18n!;
    const f = this.#filter;
    // `setFilter` let through only games and rounds that exist; a list's own choices are its options.
    const rulesets: string[] = RULESETS.filter((r) => values.rulesets.includes(r) || r === f.ruleset);
    const rounds = values.rounds.map(String);
    if (f.round && !rounds.includes(f.round)) rounds.push(f.round);
    const actors = values.actors.map(({ actor, actorName }) => ({ value: actor, label: actorName }));
    if (f.actor && !actors.some((a) => a.value === f.actor)) {
      if (this.#actorName) actors.push({ value: f.actor, label: this.#actorName });
      else f.actor = "";
    }
    const list = (name: FilterName, label: string, all: string, options: { value: string; label: string }[]) => ({
      name,
      label: i18n.localize(label),
      options: [{ value: "", label: i18n.localize(all) }, ...options].map((o): FilterOption => ({ ...o, selected: o.value === f[name] })),
    });
    return [
      list("ruleset", "FACTIONS.Chronicle.FilterGame", "FACTIONS.Chronicle.AllGames", rulesets.map((r) => ({ value: r, label: i18n.localize(`FACTIONS.Chronicle.Game.${r}`) }))),
      list("round", "FACTIONS.Chronicle.FilterRound", "FACTIONS.Chronicle.AllRounds", rounds.sort((a, b) => Number(a) - Number(b)).map((r) => ({ value: r, label: roundTitle(Number(r)) }))),
      list("actor", "FACTIONS.Chronicle.FilterActor", "FACTIONS.Chronicle.AllActors", actors),
    ];
  }

  protected override async _prepareContext(): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const i18n = game.i18n!;
    const read = (this.#read ??= await readChronicle(this.#filter));
    const anything = read.values.rulesets.length > 0 || read.values.actors.length > 0;
    const filters = anything ? this.#filterLists(read.values) : [];
    const shown = read.entries;
    const rounds = groupByTurn(shown).map(({ round, turns }) => ({
      title: roundTitle(round),
      turns: turns.map((t) => ({
        actorName: t.actorName,
        entries: t.entries.map((e) => ({
          id: e.id,
          action: i18n.localize(actionDefinition(e.action)?.label ?? e.action),
          undone: e.status === "undone",
          archived: e.archived,
          undoable: game.user!.isGM && e.status === "applied" && !e.archived,
          log: e.log.map(localizeLine),
        })),
      })),
    }));
    return {
      rounds,
      empty: rounds.length === 0,
      filtered: anything,
      filters,
      more: read.more,
      noGM: read.noGM,
      canArchive: game.user!.isGM,
    } as foundry.applications.api.ApplicationV2.RenderContext;
  }
}

let instance: ChronicleApp | null = null;

/** Show the chronicle's one window, brought to the front if it is open already, narrowed as asked (see ./access.ts). */
export function showChronicle(options: ChronicleOpenOptions = {}): ChronicleApp {
  instance ??= new ChronicleApp();
  instance.setFilter(options);
  void instance.render({ force: true });
  if (instance.rendered) instance.bringToFront();
  return instance;
}

/** Read and redraw the chronicle if it is open (a record changed). */
export function refreshChronicle(): void {
  if (!instance?.rendered) return;
  instance.forget();
  void instance.render();
}
