/**
 * The Rounds case of the malformed-choice fuzz (malformed.test.ts): round 2, the Skyhawks' Action
 * step, just after the GM moved on from the Free step, so interstep events wait on the Combat
 * (the Skyhawks' end-of-Free group, unordered, and the Psiclones' start-of-Action one); Ari, Bel,
 * Pax and Quill on the map, a Gold Idol on the ground. A hero's act, the order of the events and
 * an event firing act as Ari (a Skyhawk: the Skyhawks order the group, and Ari's Rally comes
 * first), a Bring-in as Cato (a Skyhawk off the map); the encounter's own moves (Next Step, Next Turn, Back) act as the Combat.
 */
import type { ActionDefinition, Choice } from "../../src/core/actions/definition";
import { performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { ROUNDS_DEFINITIONS } from "../../src/rulesets/rounds/actions/definitions";
import { postEncounterCard } from "../../src/rulesets/rounds/actions/encounter-card";
import { moveEncounter } from "../../src/rulesets/rounds/actions/moves";
import { overrideId } from "../../src/rulesets/rounds/actions/ids";
import { ACTIONS, ENCOUNTER_ACTIONS } from "../../src/rulesets/rounds/rules";
import { harness } from "../harness/install";
import { referencesOf, type RulesetCase } from "./malformed-cases";
import { IDS, putOnMap, roundsWorld, setPosition } from "./rounds-fixtures";

/** The encounter's own moves: their acting document is the Combat, not an actor. */
const COMBAT_ACTS: readonly string[] = [ENCOUNTER_ACTIONS.nextStep, ENCOUNTER_ACTIONS.nextTurn, ENCOUNTER_ACTIONS.back];

const BRING_IN: readonly string[] = [ACTIONS.reinforce, overrideId("reinforce")];

/**
 * Take a Rounds action as its acting document: an actor's through the pipeline, the Combat's as an
 * encounter card (the tracker's way: `performAction` takes only an actor).
 */
export function performRounds(def: ActionDefinition, acting: Actor.Implementation | Combat.Implementation | null, choice: Choice): Promise<ActionMessage | null> {
  return acting instanceof Combat ? postEncounterCard(def, acting, choice) : performAction(def.id, acting, choice);
}

export const roundsCase: RulesetCase = {
  name: "Rounds",
  definitions: ROUNDS_DEFINITIONS,
  setup: async () => {
    const world = await roundsWorld({ triggers: true });
    const { Ari, Bel, Pax } = world.heroes;
    await putOnMap(world, "Ari", { x: 0, y: 0 });
    await putOnMap(world, "Bel", { x: 0, y: 1 });
    await putOnMap(world, "Pax", { x: 19, y: 0 });
    await putOnMap(world, "Quill", { x: 19, y: 1 });
    const idol = (await harness.as(harness.users.gm, () =>
      Item.implementation.create({ name: "Gold Idol", type: "loot", ownership: { default: 2 } } as unknown as Item.CreateData),
    )) as Item.Implementation;
    await setPosition(world.combat, { round: 2, team: "skyhawks", step: "free" });
    await harness.as(harness.users.gm, () => moveEncounter(world.combat, "nextStep"));
    await harness.settle();
    const events = [`${Ari.uuid}/${IDS.rally}`, `${Bel.uuid}/${IDS.ward}`, `${Pax.uuid}/${IDS.hex}`];
    const hero = Ari as unknown as Actor.Implementation;
    // Bringing in needs a hero off the map: Cato, a Skyhawk.
    const offMap = world.heroes.Cato as unknown as Actor.Implementation;
    const combat = world.combat as unknown as Combat.Implementation;
    const actorFor = (def: ActionDefinition) => (COMBAT_ACTS.includes(def.id) ? combat : BRING_IN.includes(def.id) ? offMap : hero);
    return { actor: hero, actorFor, perform: performRounds, pool: referencesOf([world.combat.uuid, world.scene.uuid, idol.uuid, ...events]) };
  },
};
