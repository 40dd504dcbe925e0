import { SYSTEM_ID, templatePath } from "../constants";
import { actionDefinition } from "../actions/definition";
import { localizeLine } from "../actions/errors";
import { groupByTurn } from "./entry";
import { chronicle } from "./record";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** The GM's read-back of every applied action, by faction turn. */
export class ChronicleApp extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-chronicle`,
    classes: ["factions", "chronicle"],
    window: { title: "FACTIONS.Chronicle.Title", icon: "fa-solid fa-book-open", resizable: true },
    position: { width: 520, height: 600 },
  };

  static override PARTS = {
    main: { template: templatePath("core/chronicle.hbs"), scrollable: [""] },
  };

  protected override async _prepareContext(): Promise<foundry.applications.api.ApplicationV2.RenderContext> {
    const i18n = game.i18n!;
    const rounds = groupByTurn(chronicle()).map(({ round, turns }) => ({
      title: round ? i18n.format("FACTIONS.Chronicle.Round", { round: String(round) }) : i18n.localize("FACTIONS.Chronicle.NoRound"),
      turns: turns.map((t) => ({
        actorName: t.actorName,
        entries: t.entries.map((e) => ({
          action: i18n.localize(actionDefinition(e.action)?.label ?? e.action),
          undone: e.status === "undone",
          log: e.log.map(localizeLine),
        })),
      })),
    }));
    return { rounds, empty: rounds.length === 0 } as foundry.applications.api.ApplicationV2.RenderContext;
  }
}

/** Open the chronicle (GM only: it shows every faction's actions). */
export function openChronicle(): void {
  if (!game.user?.isGM) return void ui.notifications?.warn(game.i18n!.localize("FACTIONS.Action.Error.GMOnly"));
  void new ChronicleApp().render({ force: true });
}
