/**
 * The Operations world most tests start from, at the Docks:
 * - Alice runs the Red Hand (Cohesion 3, 10 Capital) and its lieutenant Vex (level 3, Force 2, Sneak 3,
 *   Charm 1, Lore 1), with Thugs (level 3, Force) and Cutpurses (level 2, Sneak) at the Docks, and two
 *   Thief Packs (level 4) and Assassins (level 6) for Hire Out, all Sneak.
 * - Bob runs the Blue Lotus (Cohesion 2, 8 Capital) and its lieutenant Mara (level 2, Force 1, Sneak 2)
 *   with Dock Guards (level 4, Force) at the Docks.
 * - The GM runs the Merchant Guild, an NPC faction.
 */
import type { FactionsActor } from "../../src/core/documents/actor";
import { harness } from "../harness/install";
import { place } from "../harness/world";
import type { User } from "../harness/documents";
import type { AnyObject } from "../harness/utils";

export const DOCKS = place("Docks");
export const MARKET = place("Market");

export const OPS_IDS = {
  thugs: "RedThugs00000001",
  cutpurses: "RedCutpurses0001",
  thiefA: "RedThiefPackA001",
  thiefB: "RedThiefPackB001",
  assassins: "RedAssassins0001",
  guards: "BlueGuards000001",
  research: "RedResearch00001",
};

async function actor(data: AnyObject, owner?: User): Promise<FactionsActor> {
  return harness.as(harness.users.gm, async () => {
    const ownership: Record<string, number> = { default: 0 };
    if (owner) ownership[owner.id!] = 3;
    return (await Actor.implementation.create({ ownership, ...data } as Actor.CreateData, { keepId: true })) as unknown as FactionsActor;
  });
}

const unit = (_id: string, name: string, system: AnyObject) => ({ _id, name, type: "unit", system });

export async function operationsWorld() {
  const { alice, bob } = harness.users;
  const red = await actor(
    {
      name: "Red Hand",
      type: "organization",
      system: { cohesion: 3, capital: 10 },
      items: [
        unit(OPS_IDS.thugs, "Thugs", { level: 3, competency: "force", upkeep: 1, location: DOCKS }),
        unit(OPS_IDS.cutpurses, "Cutpurses", { level: 2, competency: "sneak", upkeep: 1, location: DOCKS }),
        unit(OPS_IDS.thiefA, "Thief Pack", { level: 4, competency: "sneak", location: MARKET }),
        unit(OPS_IDS.thiefB, "Thief Pack", { level: 4, competency: "sneak", location: MARKET }),
        unit(OPS_IDS.assassins, "Assassins", { level: 6, competency: "sneak", location: MARKET }),
        { _id: OPS_IDS.research, name: "Ward of Ash", type: "project", system: { kind: "research", required: 8, progress: 3 } },
      ],
    },
    alice,
  );
  const blue = await actor(
    {
      name: "Blue Lotus",
      type: "organization",
      system: { cohesion: 2, capital: 8 },
      items: [unit(OPS_IDS.guards, "Dock Guards", { level: 4, competency: "force", upkeep: 2, location: DOCKS })],
    },
    bob,
  );
  const guild = await actor({ name: "Merchant Guild", type: "organization", system: { cohesion: 2, capital: 20, npc: true } });
  const vex = await actor(
    { name: "Vex", type: "lieutenant", system: { level: 3, force: 2, sneak: 3, charm: 1, lore: 1, organization: red.uuid, location: DOCKS } },
    alice,
  );
  const mara = await actor(
    { name: "Mara", type: "lieutenant", system: { level: 2, force: 1, sneak: 2, charm: 2, lore: 0, organization: blue.uuid, location: DOCKS } },
    bob,
  );
  return { red, blue, guild, vex, mara };
}
