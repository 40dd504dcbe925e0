/**
 * The rulesets the malformed-choice fuzz (malformed.test.ts) runs over: each one's actions, the
 * world its choices are tried in, the actor they act as, and the references their strings are
 * drawn from.
 */
import type { ActionDefinition, Choice } from "../../src/core/actions/definition";
import type { ActionMessage } from "../../src/core/actions/pipeline";
import { FACTION_TURN_DEFINITIONS } from "../../src/rulesets/faction-turn/actions";
import { OPERATIONS_DEFINITIONS } from "../../src/rulesets/operations/actions";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { CITADEL, DOCKS, standardWorld } from "./fixtures";
import { DOCKS as OPS_DOCKS, MARKET, operationsWorld } from "./operations-fixtures";

export interface Setup {
  /** The actor each action acts as (its owner is the player who forges cards). */
  actor: Actor.Implementation;
  /**
   * The document an action acts as instead, where one actor can't serve every action (a
   * lieutenant's, an organization's, an encounter's Combat).
   */
  actorFor?(def: ActionDefinition): Actor.Implementation | Combat.Implementation;
  /** How an action is taken, where not every acting document is an actor (`performAction` otherwise). */
  perform?(def: ActionDefinition, acting: Actor.Implementation | Combat.Implementation | null, choice: Choice): Promise<ActionMessage | null>;
  /** References of the world a choice's strings are drawn from. */
  pool: string[];
}

/** Every reference of the world: actors' UUIDs, their items' ids, and the given places. */
export function referencesOf(places: string[]): string[] {
  return [...places, ...game.actors!.contents.flatMap((a) => [a.uuid, ...a.items.map((i) => i.id!)])];
}

export interface RulesetCase {
  name: string;
  definitions: readonly ActionDefinition[];
  setup(): Promise<Setup>;
}

export const factionTurnCase: RulesetCase = {
  name: "Faction Turn",
  definitions: FACTION_TURN_DEFINITIONS,
  setup: async () => {
    const world = await standardWorld();
    return { actor: world.red as unknown as Actor.Implementation, pool: referencesOf([DOCKS, CITADEL]) };
  },
};

export const operationsCase: RulesetCase = {
  name: "Operations",
  definitions: OPERATIONS_DEFINITIONS,
  setup: async () => {
    const world = await operationsWorld();
    const org = world.red as unknown as Actor.Implementation;
    const lieutenant = world.vex as unknown as Actor.Implementation;
    // Round start and the upkeep decisions act as the organization; every other action as a lieutenant.
    const actorFor = (def: ActionDefinition) => (def.id === OPS.startRound || def.id === OPS.upkeep ? org : lieutenant);
    return { actor: lieutenant, actorFor, pool: referencesOf([OPS_DOCKS, MARKET]) };
  },
};
