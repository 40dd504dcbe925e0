/**
 * A Skirmish world on the in-memory Foundry: the First Company (the GM's); Red Squad (Alice's:
 * four members, rifles, carbines out of reloads and a heavy machine gun); Ada, an individual
 * (Alice's, a pistol); the Rhino, a vehicle (Bob's: a heavy cannon and a coaxial gun); Zed,
 * Bob's individual who is not in the encounter. `encounter()` puts Ada, Red and the Rhino on a
 * scene and in an encounter, and starts it (round 1).
 */
import { harness } from "../harness/install";
import type { AnyObject } from "../harness/utils";
import { deepClone } from "../harness/utils";
import type { User } from "../harness/documents";
import { budgetOf, storedRound } from "../../src/rulesets/skirmish/data/state";
import { tokenActors } from "../harness/world";

export const IDS = {
  company: "FirstCompany0000",
  red: "RedSquad00000000",
  ada: "AdaIndividual000",
  rhino: "RhinoVehicle0000",
  zed: "ZedIndividual000",
  rifles: "RedRifles0000000",
  carbines: "RedCarbines00000",
  mg: "RedHeavyMG000000",
  pistol: "AdaPistol0000000",
  cannon: "RhinoCannon00000",
  coax: "RhinoCoax0000000",
  zedPistol: "ZedPistol0000000",
} as const;

const weapon = (_id: string, name: string, value: number, max: number, heavy = false) => ({ _id, name, type: "weapon", system: { reloads: { value, max }, heavy } });

async function create(data: AnyObject, owner?: User): Promise<Actor.Implementation> {
  const ownership: Record<string, number> = { default: 0 };
  if (owner) ownership[owner.id!] = 3;
  return (await Actor.implementation.create({ ...data, ownership } as Actor.CreateData, { keepId: true })) as Actor.Implementation;
}

export interface SkirmishWorld {
  company: Actor.Implementation;
  red: Actor.Implementation;
  ada: Actor.Implementation;
  rhino: Actor.Implementation;
  zed: Actor.Implementation;
}

export async function skirmishActors(): Promise<SkirmishWorld> {
  const { alice, bob, gm } = harness.users;
  return harness.as(gm, async () => {
    const company = await create({ _id: IDS.company, name: "First Company", type: "company", system: { morale: 5, squads: [`Actor.${IDS.red}`] } });
    const red = await create(
      {
        _id: IDS.red,
        name: "Red Squad",
        type: "infantry",
        system: {
          kind: "squad",
          body: 2,
          nerves: 4,
          speed: 6,
          company: `Actor.${IDS.company}`,
          members: [
            { id: "m1", name: "Ana", state: "ready" },
            { id: "m2", name: "Ben", state: "ready" },
            { id: "m3", name: "Cy", state: "ready" },
            { id: "m4", name: "Dee", state: "ready" },
          ],
        },
        items: [weapon(IDS.rifles, "Rifles", 3, 3), weapon(IDS.carbines, "Carbines", 0, 2), weapon(IDS.mg, "Heavy MG", 2, 2, true)],
      },
      alice,
    );
    const ada = await create({ _id: IDS.ada, name: "Ada", type: "infantry", system: { kind: "individual", body: 3, nerves: 2, speed: 7 }, items: [weapon(IDS.pistol, "Pistol", 2, 3)] }, alice);
    const rhino = await create(
      { _id: IDS.rhino, name: "Rhino", type: "vehicle", system: { speed: 10, heat: 1, heatThreshold: 2 }, items: [weapon(IDS.cannon, "Cannon", 4, 4, true), weapon(IDS.coax, "Coax MG", 5, 5)] },
      bob,
    );
    const zed = await create({ _id: IDS.zed, name: "Zed", type: "infantry", system: { kind: "individual", body: 1, nerves: 1 }, items: [weapon(IDS.zedPistol, "Pistol", 1, 1)] }, bob);
    return { company, red, ada, rhino, zed };
  });
}

export interface SkirmishEncounter extends SkirmishWorld {
  combat: Combat.Implementation;
  scene: Scene.Implementation;
}

/** Ada, Red and the Rhino on a scene and in an encounter, started: round 1, its tick card applied. */
export async function encounter(): Promise<SkirmishEncounter> {
  const world = await skirmishActors();
  const { gm } = harness.users;
  return harness.as(gm, async () => {
    const scene = (await Scene.implementation.create({ name: "Ridge", active: true } as Scene.CreateData)) as Scene.Implementation;
    const tokens = (await scene.createEmbeddedDocuments("Token", [
      { name: "Ada", actorId: IDS.ada, actorLink: true, x: 100, y: 100 },
      { name: "Red Squad", actorId: IDS.red, actorLink: true, x: 300, y: 100 },
      { name: "Rhino", actorId: IDS.rhino, actorLink: true, x: 500, y: 100 },
    ] as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
    const combat = (await Combat.implementation.create({ type: "base", scene: scene.id } as Combat.CreateData)) as Combat.Implementation;
    await combat.createEmbeddedDocuments(
      "Combatant",
      tokens.map((t, i) => ({ tokenId: t.id, sceneId: scene.id, actorId: t.actorId, name: t.name, initiative: 30 - i * 10 })) as Combatant.CreateData[],
    );
    await combat.startCombat();
    await harness.settle();
    return { ...world, combat, scene };
  });
}

/** A source without its timestamps (re-created documents get new ones), embedded ones by id. */
function stored(source: AnyObject): AnyObject {
  const copy = deepClone(source);
  delete copy._stats;
  for (const key of ["items", "effects", "combatants"]) {
    if (Array.isArray(copy[key])) copy[key] = (copy[key] as AnyObject[]).map(stored).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  }
  return copy;
}

/** Every actor (the unlinked tokens' too), world item and encounter (with its combatants) as stored, timestamps left out. */
export function worldSnapshot(): AnyObject {
  const all = (docs: { toObject(): unknown }[] | undefined) => (docs ?? []).map((d) => stored(d.toObject() as AnyObject)).sort((a, b) => String(a._id).localeCompare(String(b._id)));
  const tokens = Object.entries(tokenActors()).map(([uuid, source]) => ({ uuid, ...stored(source) }));
  return { actors: all(game.actors?.contents), items: all(game.items?.contents), combats: all(game.combats?.contents), tokenActors: tokens };
}

/** A fighter's budget of a round as its encounter keeps it: its cards replayed, and whether it moved; undefined if it has no record of the round. */
export function storedBudget(combat: Combat.Implementation, actor: Actor.Implementation, round = combat.round): AnyObject | undefined {
  const record = storedRound(combat, actor.uuid, round);
  if (!record) return undefined;
  return { ...budgetOf(combat, actor.uuid, round), moved: !!record.moved } as unknown as AnyObject;
}

/** The fallout effects on an actor: kind, stack and counts, in order. */
export function fallout(actor: Actor.Implementation): AnyObject[] {
  return actor.effects.contents
    .filter((e) => e.type === "skirmish")
    .map((e) => {
      const s = e._source.system as AnyObject;
      return { kind: s.kind, stack: s.stack, roundsLeft: s.roundsLeft, roundsStill: s.roundsStill };
    });
}

/** The UUID of the actor's (linked) token on the active scene: what an attack targets. */
export function tokenUuid(actor: Actor.Implementation): string {
  const token = game.scenes?.active?.tokens.find((t) => t.actorId === actor.id);
  if (!token) throw new Error(`${actor.name} has no token on the active scene`);
  return token.uuid;
}
