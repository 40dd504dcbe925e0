/**
 * The Faction Turn world most batches start from, as in test/foundry/fixtures.ts: two factions at the
 * Quench Docks. The Red Hand (Force 4, Wealth 3, Cunning 3; 12 HP, 5 Treasure) has Thugs (2/4, 1d6
 * attack) and a Base; the Blue Lotus (Force 3, Wealth 3, Cunning 4; 16 HP, 4 Treasure) has Dock
 * Guards (5/5, counter 1d4) and Shadow Knives (Stealth, 3/3). Every turn has started. Each faction
 * may be given to a player; the GM owns it otherwise.
 */
import type { FactionsActor } from "../../src/core/documents/actor";
import { setSetting, statusesInStep, until, type Batch, type Context } from "./support";

export type Faction = FactionsActor<"faction">;

export const PLACE = "name:Quench Docks";
export const ELSEWHERE = "name:Quench Citadel";

export interface Scratch {
  red: Faction;
  blue: Faction;
  ids: { thugs: string; redBase: string; guards: string; knives: string };
}

export const started = { started: true, number: 1, action: "", created: false, healed: false, repairs: {} };

const ownership = (owner?: User.Implementation | null) => ({ default: 0, ...(owner ? { [owner.id!]: 3 } : {}) });

/** The two factions (noted as the batch's), once the Blue Lotus shows its Stealth (a status the GM's client adds after). */
export async function makeScratch(batch: Pick<Batch, "made">, owners: { red?: User.Implementation | null; blue?: User.Implementation | null } = {}): Promise<Scratch> {
  const red = batch.made(
    (await Actor.implementation.create({
      name: "Quench Red Hand",
      type: "faction",
      ownership: ownership(owners.red),
      system: { force: 4, wealth: 3, cunning: 3, hp: { value: 12, override: null }, treasure: 5, turn: started },
      items: [
        { name: "Quench Thugs", type: "asset", img: "icons/svg/sword.svg", system: { attribute: "force", rating: 1, cost: 2, hp: { value: 2, max: 4 }, attack: { attribute: "force", defense: "force", damage: "1d6" }, location: PLACE } },
        { name: "Quench Red Base", type: "asset", system: { attribute: "cunning", rating: 1, cost: 3, hp: { value: 3, max: 3 }, base: true, location: PLACE } },
      ],
    } as unknown as Actor.CreateData)) as unknown as Faction,
  );
  const blue = batch.made(
    (await Actor.implementation.create({
      name: "Quench Blue Lotus",
      type: "faction",
      ownership: ownership(owners.blue),
      system: { force: 3, wealth: 3, cunning: 4, hp: { value: 16, override: null }, treasure: 4, turn: started },
      items: [
        { name: "Quench Dock Guards", type: "asset", system: { attribute: "force", rating: 2, cost: 3, hp: { value: 5, max: 5 }, attack: { attribute: "force", defense: "force", damage: "1d4" }, counter: "1d4", location: PLACE } },
        { name: "Quench Shadow Knives", type: "asset", system: { attribute: "cunning", rating: 3, cost: 6, hp: { value: 3, max: 3 }, stealth: true, location: PLACE } },
      ],
    } as unknown as Actor.CreateData)) as unknown as Faction,
  );
  const id = (actor: Faction, name: string) => actor.items.find((i) => i.name === name)!.id!;
  await until(() => statusesInStep(red) && statusesInStep(blue), 5000, "the Blue Lotus's Stealth status");
  return {
    red,
    blue,
    ids: { thugs: id(red, "Quench Thugs"), redBase: id(red, "Quench Red Base"), guards: id(blue, "Quench Dock Guards"), knives: id(blue, "Quench Shadow Knives") },
  };
}

/** Hit points of an asset. */
export const hp = (actor: Faction, id: string) => (actor.items.get(id)?.system as { hp: { value: number } } | undefined)?.hp.value;

/** Each test's own two factions (owned as `owners` says), deleted after it. */
export function scratchPerTest(context: Context, batch: Batch, owners: () => { red?: User.Implementation | null; blue?: User.Implementation | null } = () => ({})): () => Scratch {
  let scratch: Scratch | null = null;
  context.beforeEach(async () => {
    await setSetting("autoApply", true);
    scratch = await makeScratch(batch, owners());
  });
  context.afterEach(async () => {
    for (const actor of [scratch?.red, scratch?.blue]) {
      if (!actor?.id || !game.actors?.has(actor.id)) continue;
      await actor.delete();
      batch.gone(actor);
    }
    scratch = null;
  });
  return () => {
    if (!scratch) throw new Error("no scratch world");
    return scratch;
  };
}
