/**
 * Skirmish for the malformed-choice fuzz (malformed.test.ts): the encounter of skirmish-fixtures.ts
 * (Ada, Red Squad and the Rhino fighting, round 1), with fallout on Ada and Red so an effect can be
 * removed. Each fighter's action acts as the fighter it suits best: a push as the squad (its
 * members' order), an attack as the vehicle (firing several weapons), a reload as the squad (a
 * weapon out of reloads), the rest as Ada. The round going forward and the end of the fight are
 * the encounter's, of no actor: their `actingActor` is "", and they act as none (`null`).
 */
import type { ActionDefinition } from "../../src/core/actions/definition";
import { overrideId, skirmishDefinitions } from "../../src/rulesets/skirmish/actions";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { harness } from "../harness/install";
import { referencesOf, type RulesetCase } from "./malformed-cases";
import { encounter } from "./skirmish-fixtures";

const S = "FACTIONS.Skirmish.";

/** Fallout to remove (and to tick, end and read): Ada exhausted and fractured, a member of Red slowed. */
const effect = (kind: string, system: Record<string, unknown>) => ({ name: `${S}Status.${kind}`, type: "skirmish", statuses: [kind], system: { kind, stack: 1, ...system } });

export const skirmishCase: RulesetCase = {
  name: "Skirmish",
  definitions: skirmishDefinitions(),
  setup: async () => {
    const w = await encounter();
    const [adaFx, redFx] = await harness.as(harness.users.gm, async () => [
      (await w.ada.createEmbeddedDocuments("ActiveEffect", [effect("exhausted", { stack: 2, roundsLeft: 10 }), effect("boneFracture", {})] as ActiveEffect.CreateData[])) as ActiveEffect.Implementation[],
      (await w.red.createEmbeddedDocuments("ActiveEffect", [effect("memberSlowed", { member: "m2" }), effect("morale", { roundsLeft: 3 })] as ActiveEffect.CreateData[])) as ActiveEffect.Implementation[],
    ]);
    const byAction = new Map<string, Actor.Implementation>([
      [ACTIONS.push, w.red],
      [ACTIONS.attack, w.rhino],
      [overrideId("attack"), w.rhino],
      [ACTIONS.reload, w.red],
      [overrideId("reload"), w.red],
    ]);
    const actorFor = (def: ActionDefinition) => byAction.get(def.id) ?? w.ada;
    const effects = [...adaFx, ...redFx].map((e) => e.id!);
    const members = ["m1", "m2", "m3", "m4"];
    return { actor: w.ada, actorFor, pool: [...referencesOf([w.combat.id!, w.combat.uuid!, ...members]), ...effects] };
  },
};
