/**
 * The Battle actions as the shared pipeline sees them. Battle has no dice: each action resolves
 * from the world as it is (the pure rules of ./rules), posts an action card with the step-by-step
 * account and is applied, verified and undone like any other. Sheets call `takeBattleAction`, and
 * the battle window commits through `performAction`.
 */
import { registerAction, type ActionDefinition } from "../../core/actions/definition";
import { confirmAction, promptAction } from "../../core/actions/prompt";
import type { DialogField } from "../../core/actions/dialog";
import { ActionError, localizeLine, warn } from "../../core/actions/errors";
import { performAction } from "../../core/actions/pipeline";
import { reject, type Outcome, type Result } from "../../core/rules/outcome";
import { discardPlayed, handCards, notOwned, playDestination, returnPlayed } from "./cards";
import { CHOICE_SHAPES } from "./choices";
import { BATTLE_ACTIONS, type BattleActionKey } from "./ids";
import { BATTLE_ACTION_IMAGES } from "./images";
import { answeredByPlayer, battleState, characterCardOf, realmOf, type Realm } from "./data/state";
import { keptAssignments } from "./plan";
import * as rules from "./rules";
import { battleSettings } from "./settings";
import { worldDocument } from "../../core/documents/uuid";

export { BATTLE_ACTIONS, type BattleActionKey } from "./ids";

export interface PlayCharacterChoice {
  realm: string;
  /** UUID of the character card (a Card in the realm's hand). */
  card: string;
  /** UUID of the pile the card is played to ("" = back to its deck). */
  pile: string;
}

const W = "FACTIONS.Battle.Action";

/** The battle window, loaded the first time one opens: most clients never open one. */
const battleWindow = async () => (await import("./apps/battle-window")).BattleWindow;
const i18n = () => game.i18n!;
const fmt = (key: string, data: Record<string, string | number>) => localizeLine({ key, data });
const costText = (c: rules.Resources) => fmt(`${W}.Cost`, { gold: c.gold, wood: c.wood, stone: c.stone });

function context(newId: () => string): rules.BattleContext {
  return { settings: battleSettings(), newId };
}

/**
 * The defender's own part of its answer, over the attacker's stored choice: which of its units
 * defend, its characters' protecting types, its fortifications' range, and its targets. The
 * attacker's targets that no longer hold after the defender's choices (a protected target, the
 * objective with defenders left) fall back to their automatic targets.
 */
export function mergeDefence(stored: rules.BattleChoice, answered: rules.BattleChoice): rules.BattleChoice {
  const attackers = new Set(stored.attackers);
  // The answer comes from another client: only well-formed entries of the defender's own are taken.
  const pick = <V>(record: Record<string, V> | undefined, mine: (id: string) => boolean, type: "string" | "boolean") =>
    Object.fromEntries(Object.entries(typeof record === "object" && record ? record : {}).filter(([id, v]) => mine(id) && typeof v === type)) as Record<string, V>;
  const wellFormed = (a: unknown): a is rules.Assignment =>
    typeof a === "object" && a !== null && typeof (a as rules.Assignment).from === "string" && typeof (a as rules.Assignment).to === "string" && typeof (a as rules.Assignment).step === "number";
  const merged: rules.BattleChoice = {
    ...stored,
    defenders: Array.isArray(answered.defenders) ? answered.defenders.filter((id) => typeof id === "string" && !attackers.has(id)) : stored.defenders,
    protect: { ...pick(stored.protect, (id) => attackers.has(id), "string"), ...pick(answered.protect, (id) => !attackers.has(id), "string") },
    ranged: pick(answered.ranged, (id) => !attackers.has(id), "boolean"),
    assignments: [
      ...(stored.assignments ?? []).filter((a) => attackers.has(a.from)),
      ...(Array.isArray(answered.assignments) ? answered.assignments : []).filter((a) => wellFormed(a) && !attackers.has(a.from)),
    ],
  };
  const built = rules.buildBattle(battleState(), merged);
  if (built.ok) merged.assignments = keptAssignments(built.value, merged.assignments ?? []);
  return merged;
}

// ---------------------------------------------------------------------------
// Definitions.

function battleResolver(kind: "attack" | "reinforce") {
  return (choice: rules.BattleChoice): Result<Outcome> => {
    const own = choice.attacker === choice.defender;
    if (kind === "reinforce" && !own) return reject(`${W}.Error.NotReinforcement`);
    if (kind === "attack" && own) return reject(`${W}.Error.OwnRealm`);
    return rules.resolveBattle(battleState(), choice);
  };
}

const attack: ActionDefinition<rules.BattleChoice> = {
  id: BATTLE_ACTIONS.attack,
  shape: CHOICE_SHAPES.attack,
  label: `${W}.attack`,
  img: BATTLE_ACTION_IMAGES.attack,
  icon: "fa-solid fa-swords",
  resolve: battleResolver("attack"),
  // The defender answers with its own targets, unless the GM takes the action and no connected player owns the defender.
  awaiting: (choice) =>
    game.user?.isGM && !answeredByPlayer(choice.defender) ? null : { actor: choice.defender, prompt: `${W}.DefendPrompt` },
  answer: async (choice) => (await battleWindow()).defend(choice),
  mergeAnswer: mergeDefence,
  actingActor: (choice) => choice.attacker,
  // A hit on the citadel: its defender picks the building it loses (the realm's count of losses owed is the rule's).
  followUps: (outcome) => {
    const detail = outcome.detail as rules.BattleDetail;
    if (!detail.citadel?.buildingToDestroy) return [];
    return [{ slot: "citadel", step: "citadelLoss", actor: detail.defender, icon: "fa-solid fa-house-crack", label: { key: `${W}.citadelLoss` } }];
  },
  onFollowUp: async (_card, followUp) => {
    const realm = realmOf(followUp.actor);
    if (realm) await takeBattleAction(realm, "citadelLoss");
  },
};

const reinforce: ActionDefinition<rules.BattleChoice> = {
  id: BATTLE_ACTIONS.reinforce,
  shape: CHOICE_SHAPES.reinforce,
  label: `${W}.reinforce`,
  img: BATTLE_ACTION_IMAGES.reinforce,
  icon: "fa-solid fa-flag",
  actingActor: (choice) => choice.attacker,
  resolve: battleResolver("reinforce"),
};

const startTurn: ActionDefinition<rules.StartRealmTurnChoice> = {
  id: BATTLE_ACTIONS.startTurn,
  shape: CHOICE_SHAPES.startTurn,
  label: `${W}.startTurn`,
  img: BATTLE_ACTION_IMAGES.startTurn,
  icon: "fa-solid fa-hourglass-start",
  actingActor: (choice) => choice.realm,
  resolve: (choice) => rules.startRealmTurn(battleState(), choice),
};

const endTurn: ActionDefinition<rules.EndRealmTurnChoice> = {
  id: BATTLE_ACTIONS.endTurn,
  shape: CHOICE_SHAPES.endTurn,
  label: `${W}.endTurn`,
  img: BATTLE_ACTION_IMAGES.endTurn,
  icon: "fa-solid fa-hourglass-end",
  actingActor: (choice) => choice.realm,
  resolve: (choice) => rules.endRealmTurn(battleState(), choice),
};

const useBuilding: ActionDefinition<rules.UseBuildingChoice> = {
  id: BATTLE_ACTIONS.useBuilding,
  shape: CHOICE_SHAPES.useBuilding,
  label: `${W}.useBuilding`,
  img: BATTLE_ACTION_IMAGES.useBuilding,
  icon: "fa-solid fa-hammer",
  actingActor: (choice) => choice.realm,
  resolve: (choice, run) => rules.useBuilding(battleState(), choice, context(run.newId)),
};

const playCharacter: ActionDefinition<PlayCharacterChoice> = {
  id: BATTLE_ACTIONS.playCharacter,
  shape: CHOICE_SHAPES.playCharacter,
  label: `${W}.playCharacter`,
  img: BATTLE_ACTION_IMAGES.playCharacter,
  icon: "fa-solid fa-user-plus",
  actingActor: (choice) => choice.realm,
  commit: discardPlayed,
  uncommit: returnPlayed,
  resolve: (choice, run) => {
    const doc = typeof choice.card === "string" ? worldDocument(choice.card) : null;
    const card = doc instanceof Card ? characterCardOf(doc as unknown as Card.Implementation) : null;
    if (!card) return reject(`${W}.Error.NoCard`);
    const hand = (doc as unknown as Card.Implementation).parent as Cards.Implementation | null;
    const realm = realmOf(choice.realm);
    if (realm && hand && realm.system.decks.hand !== hand.id) return reject(`${W}.Error.NotInHand`, { card: card.name, realm: realm.name });
    // The card goes to a card stack other than its hand ("" = back to its deck): a pile that names
    // nothing, or no stack, could not take it; its own hand would keep it there to be played again.
    const named = choice.pile ? worldDocument(choice.pile) : null;
    if (choice.pile && (!(named instanceof Cards) || named === hand)) return reject(`${W}.Error.NotAPile`);
    const pile = named as Cards.Implementation | null;
    // The card will move from the hand to the pile (or its deck): the player must own both.
    const foreign = notOwned(hand, playDestination(doc as unknown as Card.Implementation, pile));
    if (foreign) return reject("FACTIONS.Battle.Card.NotYours", { stack: foreign.name });
    return rules.playCharacter(battleState(), { realm: choice.realm, card }, context(run.newId));
  },
};

const citadelLoss: ActionDefinition<rules.CitadelLossChoice> = {
  id: BATTLE_ACTIONS.citadelLoss,
  shape: CHOICE_SHAPES.citadelLoss,
  label: `${W}.citadelLoss`,
  img: BATTLE_ACTION_IMAGES.citadelLoss,
  icon: "fa-solid fa-house-crack",
  actingActor: (choice) => choice.realm,
  resolve: (choice) => rules.chooseCitadelLoss(battleState(), choice),
};

export const BATTLE_DEFINITIONS = [attack, reinforce, startTurn, endTurn, useBuilding, playCharacter, citadelLoss] as unknown as ActionDefinition[];

export function registerBattleActions(): void {
  for (const def of BATTLE_DEFINITIONS) registerAction(def);
}

// ---------------------------------------------------------------------------
// Dialogs for the actions without the battle window.

/** A preset a button can pass: the building or technology whose own Use button was clicked. */
export interface BattlePreset {
  item?: string;
  /** For Attack / Attack Citadel / Reinforce: the target's location id, or the defending realm. */
  target?: string;
}

async function askUse(realm: Realm, preset: BattlePreset): Promise<rules.UseBuildingChoice | null> {
  const state = battleState();
  const me = state.realms[realm.uuid];
  const item = me?.items.find((i) => i.id === preset.item);
  if (!me || !item) throw new ActionError(`${W}.Error.NothingToUse`);
  if (item.type === "building") return { realm: realm.uuid, building: item.id };
  if (item.type !== "technology") throw new ActionError(`${W}.Error.NothingToUse`);
  const at = me.items.filter((b): b is rules.BuildingItem => b.type === "building" && b.system.military && rules.builtAtMatches(item, b));
  if (!at.length) throw new ActionError(`${W}.Error.NoBuildingFor`, { technology: item.name, builtAt: item.system.builtAt });
  const ready = at.filter((b) => !b.system.usedThisTurn);
  if (at.length === 1 || ready.length === 1) return { realm: realm.uuid, building: (ready[0] ?? at[0]!).id, technology: item.id };
  const values = await promptAction({
    title: i18n().localize(`${W}.useBuilding`),
    submit: "FACTIONS.Dialog.Confirm",
    fields: [
      {
        kind: "select",
        name: "building",
        label: `${W}.Building`,
        options: at.map((b) => ({ value: b.id, label: b.system.usedThisTurn ? `${b.name} (${i18n().localize(`${W}.Used`)})` : b.name })),
        value: ready[0]?.id,
      },
    ],
  });
  return values ? { realm: realm.uuid, building: String(values.building), technology: item.id } : null;
}

async function askPlay(realm: Realm): Promise<PlayCharacterChoice | null> {
  const cards = handCards(realm);
  if (!cards.length) throw new ActionError(`${W}.Error.EmptyHand`, { realm: realm.name });
  const pile = realm.system.decks.pile ? (game.cards?.get(realm.system.decks.pile)?.uuid ?? "") : "";
  const fields: DialogField[] = [
    {
      kind: "select",
      name: "card",
      label: `${W}.CardToPlay`,
      options: cards.map(({ card, data }) => ({
        value: card.uuid,
        label: `${data.name} — ${costText(data.system.cost)}, ${data.system.a}/${data.system.d}/${data.system.s}${data.system.unitType ? ` (${data.system.unitType})` : ""}`,
      })),
    },
  ];
  const values = await promptAction({ title: i18n().localize(`${W}.playCharacter`), fields, submit: "FACTIONS.Dialog.Confirm" });
  return values ? { realm: realm.uuid, card: String(values.card), pile } : null;
}

async function askCitadelLoss(realm: Realm): Promise<rules.CitadelLossChoice | null> {
  const state = battleState();
  const me = state.realms[realm.uuid];
  if (!me || me.system.buildingsToDestroy < 1) throw new ActionError("FACTIONS.Battle.Reject.NoLossOwed", { realm: realm.name });
  const buildings = rules.ownBuildings(state, me);
  const values = await promptAction({
    title: i18n().localize(`${W}.citadelLoss`),
    submit: "FACTIONS.Dialog.Confirm",
    fields: [
      { kind: "info", text: fmt(`${W}.CitadelLossHint`, { count: me.system.buildingsToDestroy }) },
      { kind: "select", name: "building", label: `${W}.Building`, options: buildings.map(({ item }) => ({ value: item.id, label: item.name })) },
    ],
  });
  return values ? { realm: realm.uuid, building: String(values.building) } : null;
}

/**
 * Take a Battle action for `realm` from a sheet button: ask what is needed, then resolve, post
 * the card and apply. Attack, Attack Citadel and Reinforce open the battle window instead.
 */
export async function takeBattleAction(realm: Realm, key: BattleActionKey | "attackCitadel", preset: BattlePreset = {}): Promise<void> {
  try {
    switch (key) {
      case "attack":
      case "attackCitadel":
      case "reinforce":
        await (await battleWindow()).open(realm, key === "attackCitadel" ? "citadel" : key, preset.target);
        return;
      case "startTurn":
        await performAction(BATTLE_ACTIONS[key], realm, { realm: realm.uuid });
        return;
      case "endTurn": {
        // Passing a turn under way with nothing done in it asks first.
        const state = battleState().realms[realm.uuid];
        if (state?.system.started && !rules.actedThisTurn(state)) {
          const yes = await confirmAction(i18n().localize("FACTIONS.Battle.Sheet.Action.endTurn"), fmt(`${W}.EndNoAction`, { realm: realm.name }));
          if (!yes) return;
        }
        await performAction(BATTLE_ACTIONS[key], realm, { realm: realm.uuid });
        return;
      }
      case "useBuilding": {
        const choice = await askUse(realm, preset);
        if (choice) await performAction(BATTLE_ACTIONS.useBuilding, realm, choice);
        return;
      }
      case "playCharacter": {
        const choice = await askPlay(realm);
        if (choice) await performAction(BATTLE_ACTIONS.playCharacter, realm, choice);
        return;
      }
      case "citadelLoss": {
        const choice = await askCitadelLoss(realm);
        if (choice) await performAction(BATTLE_ACTIONS.citadelLoss, realm, choice);
        return;
      }
    }
  } catch (error) {
    warn(error);
  }
}
