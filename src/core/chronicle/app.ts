import { SYSTEM_ID, templatePath } from "../constants";
import { actionDefinition } from "../actions/definition";
import { localizeLine } from "../actions/errors";
import { undoRecord } from "../actions/pipeline";
import { redactLine, type RecordView } from "../records/record";
import { HIDDEN_NAME } from "../records/views";
import { readableRecordIds, recordViewOf } from "../records/store";
import { promptArchive } from "./archive";
import { chronicleEntries, groupByTurn, type ChronicleEntry } from "./entry";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/**
 * The chronicle as the current user may read it: no unnoticed action they were not told of, no name
 * they may not see (masked in words of their own language).
 */
export function visibleChronicle(): ChronicleEntry[] {
  const user = game.user!;
  const views = readableRecordIds(user)
    .map((id) => recordViewOf(id, user))
    .filter((v): v is RecordView => !!v);
  const mask = game.i18n!.localize(HIDDEN_NAME);
  return chronicleEntries(views).map((e) => ({ ...e, log: e.log.map((line) => redactLine(line, new Set([HIDDEN_NAME]), mask)) }));
}

/** The read-back of every applied action, by round (faction turn), then by actor. */
export class ChronicleApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-chronicle`,
    classes: ["factions", "factions-chronicle-window"],
    window: { title: "FACTIONS.Chronicle.Title", icon: "fa-solid fa-book-open", resizable: true },
    position: { width: 560, height: 600 },
    actions: { showCard: ChronicleApp.#showCard, archive: ChronicleApp.#archive, undoEntry: ChronicleApp.#undoEntry },
  };

  /** The GM undoes an entry's card, whether the chat log still has it or not. */
  static async #undoEntry(this: ChronicleApp, _event: PointerEvent, target: HTMLElement): Promise<void> {
    await undoRecord(target.dataset.messageId ?? "");
  }

  /** The GM archives the records before a round or a date. */
  static async #archive(this: ChronicleApp): Promise<void> {
    if ((await promptArchive()) !== null) void this.render();
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

  protected override async _prepareContext(): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const i18n = game.i18n!;
    const rounds = groupByTurn(visibleChronicle()).map(({ round, turns }) => ({
      title: round ? i18n.format("FACTIONS.Chronicle.Round", { round: String(round) }) : i18n.localize("FACTIONS.Chronicle.NoRound"),
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
    return { rounds, empty: rounds.length === 0, canArchive: game.user!.isGM } as foundry.applications.api.ApplicationV2.RenderContext;
  }
}

let instance: ChronicleApp | null = null;

/** Open the chronicle: the one window, brought to the front if it is open already. */
export function openChronicle(): ChronicleApp {
  instance ??= new ChronicleApp();
  void instance.render({ force: true });
  if (instance.rendered) instance.bringToFront();
  return instance;
}

/** Redraw the chronicle if it is open (a record changed). */
export function refreshChronicle(): void {
  if (instance?.rendered) void instance.render();
}
