/**
 * Hand out the sides (issue 27 §3): the GM's window lists every side of the games in the world and
 * the players (the connected ones marked), and gives each side to the player picked, all at once
 * on Confirm. Opened after an Adventure's import and from Game Settings → Factions; run again, it
 * moves or takes back a side.
 */
import { SYSTEM_ID, templatePath } from "../constants";
import { ActionError, warn } from "../actions/errors";
import { counted } from "../rules/outcome";
import { rulesetEnabled } from "../settings";
import { giveSide, ownerOf, worldSides, type Side } from "./sides";

const { ApplicationV2, HandlebarsApplicationMixin } = foundry.applications.api;

/** "Keep": a side several players own in part is left as it is unless the GM picks someone. */
const KEEP = "keep";

const players = () => (game.users?.contents ?? []).filter((u) => !u.isGM) as User.Implementation[];

export class SidesWindow extends HandlebarsApplicationMixin(ApplicationV2) {
  static override DEFAULT_OPTIONS = {
    id: `${SYSTEM_ID}-sides`,
    classes: ["factions", "factions-sides-window"],
    window: { title: "FACTIONS.Sides.Title", icon: "fa-solid fa-people-arrows", resizable: true },
    position: { width: 480 },
    actions: { assign: SidesWindow.#assign },
  };

  static override PARTS = {
    main: { template: templatePath("core/sides.hbs"), scrollable: [".factions-sides-list"] },
  };

  /** The sides as this render listed them, by their row. */
  #sides: Side[] = [];

  protected override async _prepareContext(): Promise<Record<string, unknown>> {
    const i18n = game.i18n!;
    const everyone = players();
    this.#sides = worldSides(rulesetEnabled);
    const person = (u: User.Implementation) => ({ value: u.id!, label: u.active ? i18n.format("FACTIONS.Sides.Connected", { name: u.name }) : u.name });
    const games = new Map<string, { name: string; sides: unknown[] }>();
    this.#sides.forEach((side, row) => {
      const owner = ownerOf(side, everyone);
      const options = [
        ...(owner === null ? [{ value: KEEP, label: i18n.localize("FACTIONS.Sides.Mixed") }] : []),
        { value: "", label: i18n.localize("FACTIONS.Sides.Nobody") },
        ...everyone.map(person),
      ];
      const group = games.get(side.ruleset) ?? { name: i18n.localize(`FACTIONS.Chronicle.Game.${side.ruleset}`), sides: [] };
      group.sides.push({ row, name: side.name, count: i18n.format(counted("FACTIONS.Sides.Count", side.documents.length), { count: String(side.documents.length) }), value: owner ?? KEEP, options });
      games.set(side.ruleset, group);
    });
    return { games: [...games.values()], empty: this.#sides.length === 0, noPlayers: everyone.length === 0 };
  }

  /** Confirm: each side whose pick changed goes to that player (or back to the GM). */
  static async #assign(this: SidesWindow): Promise<void> {
    if (!game.user?.isGM) return warn(new ActionError("FACTIONS.Action.Error.GMOnly"));
    const everyone = players();
    let changed = 0;
    try {
      for (const select of this.element.querySelectorAll<HTMLSelectElement>("select[data-side-row]")) {
        const side = this.#sides[Number(select.dataset.sideRow)];
        const pick = select.value;
        if (!side || pick === KEEP || pick === ownerOf(side, everyone)) continue;
        if (pick && !everyone.some((u) => u.id === pick)) continue;
        await giveSide(side, pick, everyone);
        changed++;
      }
    } catch (error) {
      warn(error);
    }
    ui.notifications?.info(game.i18n!.format("FACTIONS.Sides.Done", { count: String(changed) }));
    await this.render();
  }
}

/** This client's window, once opened (drawn anew each time it is opened again). */
let window: SidesWindow | null = null;

/** Open the window on this client (a GM's). */
export function openSides(): void {
  if (!game.user?.isGM) return;
  // A window closed (or gone with its page) is made anew.
  if (!window?.element?.isConnected) window = new SidesWindow();
  void window.render({ force: true });
}

/** The settings' entry opens the window. */
class SidesMenu extends ApplicationV2 {
  override render(): Promise<this> {
    openSides();
    return Promise.resolve(this);
  }
}

/** Game Settings → Factions → Hand out the sides; and, on the GM's client that imports one of the system's Adventures, the window right after. */
export function registerSidesWindow(): void {
  game.settings!.registerMenu(SYSTEM_ID, "sides", {
    name: "FACTIONS.Sides.Menu.name",
    label: "FACTIONS.Sides.Menu.label",
    hint: "FACTIONS.Sides.Menu.hint",
    icon: "fa-solid fa-people-arrows",
    type: SidesMenu,
    restricted: true,
  });
  Hooks.on("importAdventure", (adventure) => {
    if (adventure.pack?.startsWith(`${SYSTEM_ID}.`)) openSides();
  });
}
