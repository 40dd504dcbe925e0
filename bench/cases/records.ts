import { median, type BenchCase } from "../measure";
import { bootFoundry } from "../foundry";

/**
 * A fresh world where Alice's Red Hand repairs its Thugs again and again: `fresh()` puts the
 * faction back as each Repair finds it (its turn fresh, the Thugs hurt, no fix counted this turn),
 * `post()` posts her Repair (applied at once, or not, as the world's auto-apply says).
 */
async function repairWorld({ autoApply }: { autoApply: boolean }) {
  const harness = await bootFoundry();
  const { performAction } = await import("../../src/core/actions/pipeline");
  const { ACTIONS } = await import("../../src/rulesets/faction-turn/rules/context");
  const { IDS, standardWorld } = await import("../../test/foundry/fixtures");
  harness.resetWorld();
  const { gm, alice } = harness.users;
  const world = await standardWorld();
  await harness.as(gm, () => game.settings!.set("factions", "autoApply", autoApply));
  const fresh = () =>
    harness.as(gm, async () => {
      await world.red.update({ system: { treasure: 50, turn: { started: true, action: "", healed: false } }, [`system.turn.repairs.-=${IDS.thugs}`]: null } as Actor.UpdateData);
      await world.red.updateEmbeddedDocuments("Item", [{ _id: IDS.thugs, system: { hp: { value: 1 } } }] as Item.UpdateData[]);
    });
  const post = async () => {
    await fresh();
    const card = await harness.as(alice, () => performAction(ACTIONS.repair, world.red, { faction: world.red.uuid, fixes: { [IDS.thugs]: 1 }, healFaction: false }));
    await harness.settle();
    if (!card) throw new Error("the Repair was refused");
    if (autoApply && card.system.status !== "applied") throw new Error("the Repair was not applied");
    return card;
  };
  return { harness, world, fresh, post };
}

/**
 * The cost of applying a card as history grows: Alice's Faction Turn Repair (posted, then applied
 * by the GM's client at her request, every client following), in a fresh world and after 3,000
 * earlier records in a world of 3,000 items with GM fields. Each run's world is made anew; the
 * time covers everything every client does until the world is still again, and the bytes are
 * what every client wrote to the database for that one apply.
 */
interface Applies {
  ms: number;
  bytes: number;
}

const RUNS = 21;

async function measureApplies(history: number): Promise<Applies> {
  const { harness, post } = await repairWorld({ autoApply: false });
  const { applyMessage } = await import("../../src/core/actions/pipeline");
  const { addRecordsLike } = await import("../../test/foundry/record-fixtures");
  const { gm, alice } = harness.users;

  if (history) {
    const first = await post();
    await harness.as(alice, () => applyMessage(first));
    await harness.settle();
    await addRecordsLike(first.id!, history);
    // A player's organization with as many units, each with its GM fields kept.
    const unit = (i: number) => ({ name: `Unit ${i}`, type: "unit", system: { level: 1, competency: "force" } });
    await harness.as(gm, () =>
      Actor.implementation.create({ name: "Many Hands", type: "organization", ownership: { default: CONST.DOCUMENT_OWNERSHIP_LEVELS.NONE, [alice.id!]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER }, items: Array.from({ length: history }, (_, i) => unit(i)) } as Actor.CreateData),
    );
    await harness.settle();
  }

  const times: number[] = [];
  const bytes: number[] = [];
  for (let run = 0; run < RUNS + 3; run++) {
    const card = await post();
    harness.database.resetWrites();
    const start = performance.now();
    const applied = await harness.as(alice, () => applyMessage(card));
    await harness.settle();
    const ms = performance.now() - start;
    if (!applied) throw new Error("the Repair was not applied");
    if (run < 3) continue; // warm-up
    times.push(ms);
    bytes.push(harness.database.writes.bytes);
  }
  const middle = (list: number[]) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)]!;
  return { ms: middle(times), bytes: middle(bytes) };
}

let after3000: Promise<Applies> | null = null;
const history3000 = () => (after3000 ??= measureApplies(3000));

/**
 * What a player's client receives at connection per applied card, beyond the card's own chat
 * message (test/harness/server.ts: the whole world whatever its ownership, the messages that reach
 * it): 300 of Alice's Repairs, each applied by the GM's client; Bob's connection measured before and
 * after, less the 300 cards themselves.
 */
async function worldBytesPerCard(): Promise<number> {
  const { harness, fresh, post } = await repairWorld({ autoApply: true });
  const { server } = await import("../../test/harness/server");
  const { bob } = harness.users;
  // One card first: the records' compendium exists, and the faction's GM fields are what every later card leaves them.
  await post();
  await fresh();
  const before = server.connectionBytes(bob);
  const CARDS = 300;
  const cards = [];
  for (let i = 0; i < CARDS; i++) cards.push(await post());
  await fresh();
  const own = cards.reduce((sum, card) => sum + JSON.stringify(card.toObject()).length, 0);
  return (server.connectionBytes(bob) - before - own) / CARDS;
}

/**
 * The GM's chronicle opening on 3,000 records, as a GM's client that just connected (nothing read
 * yet): until its window shows the latest page.
 */
async function chronicleOpen3000Ms(): Promise<number> {
  const { harness, post } = await repairWorld({ autoApply: true });
  const { openChronicle } = await import("../../src/core/chronicle/open");
  const { forgetRecords } = await import("../../src/core/records/pack");
  const { addRecordsLike } = await import("../../test/foundry/record-fixtures");
  const card = await post();
  await addRecordsLike(card.id!, 2999);
  return median(
    async () => {
      await harness.as(harness.users.gm, async () => {
        forgetRecords();
        const app = await openChronicle();
        const deadline = performance.now() + 10_000;
        while (!app.rendered || !app.element.querySelector(".factions-chronicle-entry")) {
          if (performance.now() > deadline) throw new Error("the chronicle shows nothing");
          await new Promise((resolve) => setImmediate(resolve));
        }
        await app.close();
      });
    },
    { warmup: 2, runs: 9 },
  );
}

const cases: BenchCase[] = [
  { name: "applyHistory0Ms", run: async () => (await measureApplies(0)).ms },
  { name: "applyHistory3000Ms", run: async () => (await history3000()).ms },
  { name: "applyBytesHistory3000", run: async () => (await history3000()).bytes },
  { name: "worldBytesPerCard", run: worldBytesPerCard },
  { name: "chronicleOpen3000Ms", run: chronicleOpen3000Ms },
];

export default cases;
