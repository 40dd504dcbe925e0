/**
 * The world most Foundry-layer tests start from: two players' factions facing each other at the
 * Docks, with a GM-only faction elsewhere.
 *
 * - Alice owns the Red Hand (Force 4, Wealth 3, Cunning 3; 18 max HP, 12 left; 5 Treasure):
 *   Thugs (damaged 2/4, 1d6 attack) and a Base of Influence at the Docks.
 * - Bob owns the Blue Lotus (Force 3, Wealth 3, Cunning 4; 18 max HP, 16 left; 4 Treasure): Dock Guards
 *   (5/5, Force vs Force, counter 1d4) and Shadow Knives (Stealth, 3/3) at the Docks.
 * - Only the GM owns the Grey Court, at the Citadel.
 *
 * Every faction's turn has started and no action is taken yet.
 */
import { createFaction, place, type Faction } from "../harness/world";
import { harness } from "../harness/install";

export const DOCKS = place("Docks");
export const CITADEL = place("Citadel");

export const IDS = {
  thugs: "RedThugs00000001",
  redBase: "RedBase000000001",
  guards: "BlueGuards000001",
  knives: "BlueKnives000001",
  scribes: "GreyScribes00001",
};

export interface World {
  red: Faction;
  blue: Faction;
  grey: Faction;
}

const started = { started: true, number: 1, action: "", created: false, healed: false, repairs: {} };

export async function standardWorld(): Promise<World> {
  const { alice, bob } = harness.users;
  const red = await createFaction({
    name: "Red Hand",
    owner: alice,
    system: { force: 4, wealth: 3, cunning: 3, hp: { value: 12, override: null }, treasure: 5, turn: started },
    assets: [
      {
        _id: IDS.thugs,
        name: "Thugs",
        img: "icons/thugs.webp",
        system: { attribute: "force", rating: 1, cost: 2, hp: { value: 2, max: 4 }, attack: { attribute: "force", defense: "force", damage: "1d6" }, location: DOCKS },
      },
      {
        _id: IDS.redBase,
        name: "Red Base",
        system: { attribute: "cunning", rating: 1, cost: 3, hp: { value: 3, max: 3 }, base: true, location: DOCKS, attack: { damage: "" } },
      },
    ],
  });
  const blue = await createFaction({
    name: "Blue Lotus",
    owner: bob,
    system: { force: 3, wealth: 3, cunning: 4, hp: { value: 16, override: null }, treasure: 4, turn: started },
    assets: [
      {
        _id: IDS.guards,
        name: "Dock Guards",
        img: "icons/guards.webp",
        system: { attribute: "force", rating: 2, cost: 3, hp: { value: 5, max: 5 }, attack: { attribute: "force", defense: "force", damage: "1d4" }, counter: "1d4", location: DOCKS },
      },
      {
        _id: IDS.knives,
        name: "Shadow Knives",
        img: "icons/knives.webp",
        system: { attribute: "cunning", rating: 3, cost: 6, hp: { value: 3, max: 3 }, stealth: true, attack: { attribute: "cunning", defense: "cunning", damage: "1d6" }, location: DOCKS },
      },
    ],
  });
  const grey = await createFaction({
    name: "Grey Court",
    system: { force: 2, wealth: 5, cunning: 2, hp: { value: 15, override: null }, treasure: 9, turn: started },
    assets: [{ _id: IDS.scribes, name: "Court Scribes", system: { attribute: "wealth", rating: 1, cost: 1, hp: { value: 2, max: 2 }, location: CITADEL } }],
  });
  return { red, blue, grey };
}
