/**
 * The Rounds game on Foundry's combat tracker. A Rounds encounter's position is not Foundry's turn
 * order: every hero of a team acts at the same time, so Foundry's turn and round buttons give way
 * to the panel's Next Step, Next Turn and Back (the GM's), and the combatants are shown by team,
 * each team being the encounter's CombatantGroup. The panel also offers the heroes brought in at
 * Reinforce and the ordering of the interstep events to the users who may.
 */
import { warn } from "../../../core/actions/errors";
import { templatePath } from "../../../core/constants";
import { rulesetEnabled } from "../../../core/settings";
import { onTrackerRender, redrawTrackerOf } from "../../../core/tracker";
import { resolveNextEvent } from "../actions/events";
import type { EncounterMove } from "../actions/moves";
import { isHero, isRoundsCombat, type RoundsCombat } from "../encounter/state";
import { trackerContext } from "./context";
import { worldDocument } from "../../../core/documents/uuid";

/** The hero act dialogs, loaded the first time one opens. */
const dialogs = () => import("../dialogs");
/** What the GM's and players' buttons do, loaded with the first click. */
const moves = () => import("../actions/moves");

export const TRACKER_TEMPLATE = templatePath("rounds/tracker.hbs");

/** Foundry's own controls that move the turn order, which a Rounds game does not use. */
const TURN_CONTROLS = ["startCombat", "previousRound", "previousTurn", "nextTurn", "nextRound"].map((a) => `[data-action="${a}"]`).join(", ");

async function onClick(combat: RoundsCombat, panel: HTMLElement, event: MouseEvent): Promise<void> {
  const button = (event.target as HTMLElement | null)?.closest<HTMLButtonElement>("button[data-rounds-action]");
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  const override = !!panel.querySelector<HTMLInputElement>('input[name="rounds-override"]')?.checked;
  const action = button.dataset.roundsAction ?? "";
  button.disabled = true;
  try {
    if (action === "nextStep" || action === "nextTurn" || action === "back") await (await moves()).moveEncounter(combat, action as EncounterMove, override);
    else if (action === "order") await (await moves()).orderWaitingEvents(combat);
    else if (action === "resolve") await resolveNextEvent(combat);
    else if (action === "bringIn") {
      const actor = worldDocument((button.dataset.uuid ?? "")) as Actor.Implementation | null;
      if (isHero(actor)) await (await dialogs()).takeRoundsAct(actor, "reinforce");
    }
  } catch (error) {
    warn(error);
  } finally {
    button.disabled = false;
  }
}

/** Put each hero's own combatant entry (with its controls) in its team, with the line about the hero. */
function groupByTeam(root: HTMLElement, panel: HTMLElement): void {
  for (const row of panel.querySelectorAll<HTMLElement>("li.factions-rounds-hero[data-combatant-id]")) {
    const core = [...root.querySelectorAll<HTMLElement>(`li.combatant[data-combatant-id="${CSS.escape(row.dataset.combatantId ?? "")}"]`)].find((li) => !panel.contains(li));
    if (!core) continue;
    core.querySelector(".factions-rounds-hero-note")?.remove();
    const note = row.querySelector(".factions-rounds-hero-note");
    if (note) (core.querySelector(".token-name") ?? core).append(note);
    core.classList.add("factions-rounds-hero", ...[...row.classList].filter((c) => c.startsWith("factions-hero-")));
    row.replaceWith(core);
  }
}

/** The "New Rounds game" button for a GM, next to Foundry's own "create encounter". */
function newGameButton(root: HTMLElement): void {
  if (!game.user?.isGM || !rulesetEnabled("rounds") || root.querySelector(".factions-rounds-new-game")) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "factions factions-rounds-new-game inline-control icon fa-solid fa-chess-rook";
  button.dataset.tooltip = game.i18n!.localize("FACTIONS.Rounds.Tracker.NewGame");
  button.setAttribute("aria-label", game.i18n!.localize("FACTIONS.Rounds.Tracker.NewGame"));
  button.addEventListener("click", (event) => {
    event.preventDefault();
    void moves().then((m) => m.newGameDialog());
  });
  const create = root.querySelector('[data-action="createCombat"]');
  if (create) create.after(button);
  else root.prepend(button);
}

/** Decorate the tracker as `game.user` sees it (called on every render of the combat tracker). */
export async function decorateTracker(root: HTMLElement, combat: Combat.Implementation | null): Promise<void> {
  newGameButton(root);
  root.querySelector(".factions-rounds-panel")?.remove();
  if (!isRoundsCombat(combat)) return;
  for (const control of root.querySelectorAll(TURN_CONTROLS)) control.remove();
  const context = trackerContext(combat, game.user!);
  const html = await foundry.applications.handlebars.renderTemplate(TRACKER_TEMPLATE, context as unknown as Record<string, unknown>);
  const holder = document.createElement("div");
  holder.innerHTML = html.trim();
  const panel = holder.firstElementChild as HTMLElement | null;
  if (!panel) return;
  const list = root.querySelector("ol.combat-tracker");
  if (list) list.before(panel);
  else root.append(panel);
  groupByTeam(root, panel);
  panel.addEventListener("click", (event) => void onClick(combat, panel, event));
}

export function registerTracker(): void {
  onTrackerRender((root, combat) => decorateTracker(root, combat).catch(warn));
  // A hero's uses, place on the map and items change its line; the encounter's own changes re-render the tracker by themselves.
  const refresh = (actor: Actor.Implementation) => {
    if (isHero(actor)) redrawTrackerOf(actor);
  };
  Hooks.on("updateActor", (actor) => refresh(actor as Actor.Implementation));
  Hooks.on("updateToken", (token) => {
    const actor = (token as TokenDocument.Implementation).actor;
    if (actor) refresh(actor as Actor.Implementation);
  });
}
