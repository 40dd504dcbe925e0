/**
 * What the tracker's buttons do: the GM moves the game on (Next Step, Next Turn) or back, and
 * starts a new game; a player of the team whose events are waiting puts them in order.
 */
import { actionDefinition } from "../../../core/actions/definition";
import { promptAction } from "../../../core/actions/prompt";
import { ActionError, warn } from "../../../core/actions/errors";
import { performAction, type ActionMessage } from "../../../core/actions/pipeline";
import { ENCOUNTER_ACTIONS, eventNames } from "../rules/encounter";
import { startRoundsGame } from "../encounter/new-game";
import { encounterOf, isHero, orderingHero, roundsState, type Hero, type RoundsCombat } from "../encounter/state";
import { postEncounterCard } from "./encounter-card";

const D = "FACTIONS.Rounds.Dialog.";
const i18n = () => game.i18n!;

export type EncounterMove = "nextStep" | "nextTurn" | "back";

/** The GM moves the game (a card of the encounter, applied by the GM's client). */
export async function moveEncounter(combat: RoundsCombat, move: EncounterMove, override = false): Promise<ActionMessage | null> {
  const def = actionDefinition(ENCOUNTER_ACTIONS[move]);
  if (!def) return null;
  return postEncounterCard(def, combat, { combat: combat.uuid, ...(move === "back" ? {} : { override }) });
}

/** Put the waiting events in order: the first event, the second… each chosen from a list. */
export async function orderWaitingEvents(combat: RoundsCombat): Promise<void> {
  try {
    const hero = orderingHero(combat, game.user!);
    const group = encounterOf(combat).pending[0];
    if (!hero || !group) throw new ActionError("FACTIONS.Rounds.Reject.NotYourOrder", { team: `FACTIONS.Rounds.Team.${group?.team ?? hero?.system.team ?? "skyhawks"}` });
    const state = roundsState(combat);
    const options = group.events.map((e) => ({ value: e.key, label: eventNames(state, [e]) }));
    const values = await promptAction({
      title: i18n().localize(`${D}OrderTitle`),
      fields: group.events.map((e, i) => ({ kind: "select" as const, name: `event${i + 1}`, label: i18n().format(`${D}Nth`, { n: String(i + 1) }), value: e.key, options })),
      submit: "FACTIONS.Dialog.Confirm",
    });
    if (!values) return;
    const order = group.events.map((_e, i) => String(values[`event${i + 1}`] ?? ""));
    await performAction(ENCOUNTER_ACTIONS.order, hero, { combat: combat.uuid, hero: hero.uuid, order });
  } catch (error) {
    warn(error);
  }
}

/** The GM starts a new game: the last round, the scene, and the heroes taking part (all heroes by default). */
export async function newGameDialog(): Promise<RoundsCombat | null> {
  try {
    if (!game.user?.isGM) throw new ActionError("FACTIONS.Action.Error.GMOnly");
    const heroes = (game.actors?.contents ?? []).filter((a) => isHero(a as Actor.Implementation)) as Hero[];
    const scenes = game.scenes?.contents ?? [];
    const current = (game.scenes?.find((s) => s.active) ?? scenes[0]) as Scene.Implementation | undefined;
    const values = await promptAction({
      title: i18n().localize(`${D}NewGame`),
      fields: [
        { kind: "number", name: "lastRound", label: `${D}LastRound`, value: 3, min: 1, hint: `${D}LastRoundHint` },
        { kind: "select", name: "scene", label: `${D}Scene`, value: current?.id ?? "", options: scenes.map((s) => ({ value: s.id!, label: s.name })) },
        {
          kind: "checkboxes",
          name: "heroes",
          label: `${D}Heroes`,
          options: heroes.map((h) => ({ value: h.id!, label: `${h.name} (${i18n().localize(`FACTIONS.Rounds.Team.${h.system.team}`)})`, checked: true })),
        },
      ],
      submit: "FACTIONS.Dialog.Confirm",
    });
    if (!values) return null;
    const chosen = Array.isArray(values.heroes) ? values.heroes : [];
    return await startRoundsGame({
      lastRound: Number(values.lastRound),
      scene: (game.scenes?.get(String(values.scene)) as Scene.Implementation | undefined) ?? null,
      heroes: heroes.filter((h) => chosen.includes(h.id!)),
    });
  } catch (error) {
    warn(error);
    return null;
  }
}
