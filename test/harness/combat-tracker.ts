/**
 * The combat tracker, as far as the system and the Quench batches use it: it renders the encounter
 * it views (`li.combatant[data-combatant-id]` rows with their `.token-name`, and v13's controls,
 * `data-action` startCombat, previousRound, previousTurn, nextTurn, nextRound), which its controls
 * move, and each render calls `renderCombatTracker` with the tracker as the app.
 *
 * It views the active encounter (`game.combat`) unless told to view another (`view(combat)`), as a
 * GM picks any encounter of the scene in Foundry's tracker: so `viewed` is not always `game.combat`.
 */
import { ApplicationV2 } from "./ui";

interface TrackedCombat {
  id: string | null;
  round: number;
  turn: number | null;
  started: boolean;
  turns: { id: string | null; name: string; initiative: number | null }[];
  startCombat(): Promise<unknown>;
  nextTurn(): Promise<unknown>;
  previousTurn(): Promise<unknown>;
  nextRound(): Promise<unknown>;
  previousRound(): Promise<unknown>;
}

const g = () => globalThis as unknown as { game: { combat?: TrackedCombat | null } };

const escape = (text: string) => text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

/** v13's control of the tracker, moving the viewed encounter. */
const control = (move: "startCombat" | "nextTurn" | "previousTurn" | "nextRound" | "previousRound") =>
  function (this: CombatTracker) {
    return this.viewed?.[move]();
  };

export class CombatTracker extends ApplicationV2 {
  static override DEFAULT_OPTIONS = {
    id: "combat",
    tag: "section",
    classes: ["tab", "sidebar-tab", "combat-sidebar"],
    window: { frame: false },
    actions: {
      startCombat: control("startCombat"),
      nextTurn: control("nextTurn"),
      previousTurn: control("previousTurn"),
      nextRound: control("nextRound"),
      previousRound: control("previousRound"),
    },
  };

  #viewing: TrackedCombat | null = null;

  /** The encounter shown: the one picked, else the active one. */
  get viewed(): TrackedCombat | null {
    return this.#viewing ?? g().game.combat ?? null;
  }

  /** Show this encounter (null: the active one again), as a GM's pick in the tracker does. */
  view(combat: TrackedCombat | null): void {
    this.#viewing = combat;
  }

  override async _renderHTML(): Promise<string> {
    const combat = this.viewed;
    const rows = (combat?.turns ?? []).map(
      (c, i) =>
        `<li class="combatant${combat?.started && i === combat.turn ? " active" : ""}" data-combatant-id="${c.id ?? ""}">` +
        `<div class="token-name"><strong class="name">${escape(c.name)}</strong></div><div class="token-initiative">${c.initiative ?? ""}</div></li>`,
    );
    const button = (action: string) => `<button type="button" class="inline-control combat-control" data-action="${action}"></button>`;
    const controls = !combat ? [] : combat.started ? ["previousRound", "previousTurn", "nextTurn", "nextRound"] : ["startCombat"];
    return (
      `<header class="combat-tracker-header"><nav class="encounters">${button("createCombat")}</nav>` +
      `<div class="encounter-title">${combat ? `Round ${combat.round}` : ""}</div></header>` +
      `<ol class="combat-tracker plain">${rows.join("")}</ol>` +
      `<nav class="combat-controls">${controls.map(button).join("")}</nav>`
    );
  }
}
