/**
 * The Faction Turn actions as the shared pipeline sees them: for each, the pure rule that resolves
 * it and who must answer (the defender). Sheets call `takeFactionAction`, which loads the dialogs
 * (./dialogs.ts) when one first opens.
 */
import { registerAction, type ActionDefinition, type Secret } from "../../core/actions/definition";
import { actorOf } from "../../core/actions/documents";
import type { FactionsActor } from "../../core/documents/actor";
import { wellFormedEntries } from "../../core/rules/entries";
import type { Outcome } from "../../core/rules/outcome";
import { factionTurnSettings, type ActionPreset, type FactionActionId } from "./action-list";
import { CHOICE_SHAPES } from "./choices";
import { factionTurnState } from "./data/state";
import { FACTION_TURN_ACTION_IMAGES } from "./images";
import * as rules from "./rules";
import type { AttackChoice, ExpandDetail, FactionTurnContext } from "./rules";

export { FACTION_ACTIONS, factionTurnSettings, type ActionPreset, type FactionActionId } from "./action-list";

/** Wrap a pure Faction Turn rule as a pipeline resolver over the world as it is now. */
function resolver<C>(rule: (state: rules.FactionTurnState, choice: C, ctx: FactionTurnContext) => ReturnType<ActionDefinition["resolve"]>) {
  return (choice: C, run: { dice: FactionTurnContext["dice"]; newId: () => string }) =>
    rule(factionTurnState(), choice, { dice: run.dice, newId: run.newId, settings: factionTurnSettings() });
}

/** Every Stealth asset name of the factions an action touches: hidden from those who don't own them. */
function stealthSecrets(ids: string[], extra: Record<string, string[]> = {}): Secret[] {
  const state = factionTurnState();
  return ids.flatMap((id) => {
    const faction = state.factions[id];
    if (!faction) return [];
    const names = faction.assets.filter((a) => a.system.stealth).map((a) => a.name).concat(extra[id] ?? []);
    return names.length ? [{ actor: id, names }] : [];
  });
}

/** The dialogs, loaded the first time one opens. */
const dialogs = () => import("./dialogs");

// ---------------------------------------------------------------------------
// Definitions.

const ICONS: Record<FactionActionId, string> = {
  start: "fa-solid fa-hourglass-start",
  end: "fa-solid fa-hourglass-end",
  attack: "fa-solid fa-swords",
  move: "fa-solid fa-route",
  repair: "fa-solid fa-screwdriver-wrench",
  expand: "fa-solid fa-flag",
  create: "fa-solid fa-plus",
  hide: "fa-solid fa-eye-slash",
  sell: "fa-solid fa-coins",
};

function definition<C extends { faction: string }>(
  id: FactionActionId,
  rule: (state: rules.FactionTurnState, choice: C, ctx: FactionTurnContext) => ReturnType<ActionDefinition["resolve"]>,
  extra: Partial<ActionDefinition<C>> = {},
): ActionDefinition<C> {
  return {
    id: rules.ACTIONS[id],
    label: `FACTIONS.FactionTurn.Action.${id}`,
    icon: ICONS[id],
    img: FACTION_TURN_ACTION_IMAGES[id],
    shape: CHOICE_SHAPES[id],
    actingActor: (choice) => choice.faction,
    resolve: resolver(rule),
    secrets: (choice) => stealthSecrets([choice.faction]),
    ...extra,
  };
}

/** The Expand Influence option of a winner: one strike at the new Base. */
const strikeSlot = (faction: string) => `strike:${faction}`;

const attackDefinition = definition<AttackChoice>("attack", rules.attack, {
  // The defender always picks: whatever the attacker's choice says, its defenders come only from the answer.
  awaiting: (choice) => ({ actor: choice.target, prompt: "FACTIONS.FactionTurn.Dialog.DefendPrompt" }),
  answer: async (choice) => (await dialogs()).askDefenders(choice),
  mergeAnswer: (stored, answered) => ({ ...stored, defenders: wellFormedEntries(answered.defenders, (v): v is string => typeof v === "string") }),
  secrets: (choice) => stealthSecrets([choice.faction, choice.target]),
  // A reaction attack exists only as the strike an Expand Influence card offered this faction.
  claims: (choice) => {
    if (!choice.reaction) return [];
    if (typeof choice.reaction.card !== "string") return { key: "FACTIONS.Action.Error.NotOffered" };
    return [{ card: choice.reaction.card, slot: strikeSlot(choice.faction), grant: { base: choice.reaction.base } }];
  },
});

const expandDefinition = definition<rules.ExpandChoice>("expand", rules.expand, {
  followUps: (outcome: Outcome) => {
    const detail = outcome.detail as ExpandDetail;
    return detail.challengers.map((id) => ({
      slot: strikeSlot(id),
      step: "strike",
      actor: id,
      icon: "fa-solid fa-swords",
      label: { key: "FACTIONS.FactionTurn.Dialog.Strike", data: { faction: actorOf(id)?.name ?? "?" } },
      grant: { base: detail.base },
    }));
  },
  onFollowUp: async (card, followUp) => (await dialogs()).strikeNewBase(card, followUp),
  secrets: (choice) => stealthSecrets([choice.faction]),
});

const hideDefinition = definition<rules.HideChoice>("hide", rules.hide, {
  // The assets being hidden are secret from the moment they are hidden.
  secrets: (choice) => {
    const faction = factionTurnState().factions[choice.faction];
    const names = faction?.assets.filter((a) => choice.assets.includes(a.id)).map((a) => a.name) ?? [];
    return stealthSecrets([choice.faction], { [choice.faction]: names });
  },
});

export const FACTION_TURN_DEFINITIONS: ActionDefinition[] = [
  definition("start", rules.startTurn),
  definition("end", rules.endTurn),
  attackDefinition,
  definition("move", rules.move),
  definition("repair", rules.repair),
  expandDefinition,
  definition("create", rules.create),
  hideDefinition,
  definition("sell", rules.sell),
] as unknown as ActionDefinition[];

export function registerFactionTurnActions(): void {
  for (const def of FACTION_TURN_DEFINITIONS) registerAction(def);
}

/**
 * Open the dialog of a Faction Turn action for `actor`, then roll, post the card and apply. The
 * dialogs load the first time one opens; a refusal is shown and changes nothing.
 */
export async function takeFactionAction(actor: FactionsActor<"faction">, id: FactionActionId, preset: ActionPreset = {}): Promise<void> {
  return (await dialogs()).takeFactionAction(actor, id, preset);
}
