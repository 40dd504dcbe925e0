/**
 * Quench batch `factions.operations.flows`: in a live world, an organization with a lieutenant and
 * its units at the Quench Market, and a rival there.
 * - Hire Out (no roll): two Thief Packs and the Assassins earn 7 Capital (the seed's example); undo
 *   takes it back.
 * - An Aggressive Attack on the rival, rolled with real dice: its card's rolls are the ones its
 *   formulas asked for, the documents show exactly what its record says was written, and undo puts
 *   every document back.
 * - Gain Influence with an NPC organization, rolled: the same.
 * Everything made is deleted afterwards, whether the tests passed or not.
 */
import { undoMessage, performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { loadRecord } from "../../src/core/records/pack";
import { jsonEqual } from "../../src/core/rules/changes";
import { ACTIONS } from "../../src/rulesets/operations/rules";
import { defineBatch, stored, until, type Batch, type Context, type Assert } from "./support";

const MARKET = "name:Quench Market";

interface OpsWorld {
  red: Actor.Implementation;
  blue: Actor.Implementation;
  guild: Actor.Implementation;
  vex: Actor.Implementation;
  units: Record<"thiefA" | "thiefB" | "assassins" | "thugs", string>;
}

async function opsWorld(batch: Batch): Promise<OpsWorld> {
  const unit = (name: string, level: number, competency: string) => ({ name, type: "unit", system: { level, competency, location: MARKET } });
  const create = async (data: object) => batch.made((await Actor.implementation.create(data as Actor.CreateData)) as Actor.Implementation);
  const red = await create({
    name: "Quench Red Hand",
    type: "organization",
    system: { cohesion: 3, capital: 0 },
    items: [unit("Quench Thief Pack A", 4, "sneak"), unit("Quench Thief Pack B", 4, "sneak"), unit("Quench Assassins", 6, "sneak"), unit("Quench Thugs", 3, "force")],
  });
  const blue = await create({ name: "Quench Blue Lotus", type: "organization", system: { cohesion: 2, capital: 8 }, items: [unit("Quench Dock Guards", 4, "force")] });
  const guild = await create({ name: "Quench Merchant Guild", type: "organization", system: { cohesion: 2, capital: 20, npc: true } });
  const vex = await create({ name: "Quench Vex", type: "lieutenant", system: { level: 3, force: 2, sneak: 3, charm: 2, lore: 1, organization: red.uuid, location: MARKET } });
  const id = (name: string) => red.items.find((i) => i.name === name)!.id!;
  return { red, blue, guild, vex, units: { thiefA: id("Quench Thief Pack A"), thiefB: id("Quench Thief Pack B"), assassins: id("Quench Assassins"), thugs: id("Quench Thugs") } };
}

export function operationsFlowsBatch(context: Context): void {
  defineBatch(context, "Operations flows", { rulesets: ["operations"] }, (batch) => {
    const { describe, it, before } = context;
    const assert: Assert = batch.assert;
    let w: OpsWorld | null = null;
    const world = () => w ?? assert.fail("no Operations world");
    const snapshot = () => {
      const { red, blue, guild, vex } = world();
      return { red: stored(red), blue: stored(blue), guild: stored(guild), vex: stored(vex) };
    };
    /** The world is back as it was (the lieutenant's statuses follow its data a moment later). */
    const backTo = async (before: object) => {
      await until(() => jsonEqual(snapshot(), before), 5000, "the documents to be as they were").catch(() => undefined);
      assert.deepEqual(snapshot(), before);
    };
    /** Whatever the dice said, each document shows exactly what the card's record says was written. */
    const showsRecord = async (card: ActionMessage) => {
      const changes = (await loadRecord(card.id!))?.changes ?? [];
      assert.isAbove(changes.length, 0, "the record says what was written");
      for (const change of changes) {
        if (change.op !== "update") continue;
        const actor = foundry.utils.fromUuidSync(change.ref.actor as `Actor.${string}`, { strict: false }) as Actor.Implementation | null;
        const doc = change.ref.item ? actor?.items.get(change.ref.item) : actor;
        if (!doc) continue;
        assert.deepEqual(foundry.utils.getProperty(doc.toObject(), change.path), change.to, change.path);
      }
    };
    /** The card was rolled: as many rolls as formulas, each a total its formula can give. */
    const rolled = (card: ActionMessage) => {
      assert.isAbove(card.rolls.length, 0, "the card was rolled");
      assert.lengthOf(card.rolls, card.system.formulas.length);
      for (const roll of card.rolls) for (const die of roll.dice) for (const r of die.results) assert.isTrue(r.result >= 1 && r.result <= (die.faces ?? 0), `a d${die.faces} showed ${r.result}`);
    };

    before(async () => {
      w = await opsWorld(batch);
    });

    describe("Operations flows", () => {
      it("Hire Out earns 7 Capital for two Thief Packs and the Assassins; undo restores", async () => {
        const { red, vex, units } = world();
        const before = snapshot();
        const card = (await performAction(ACTIONS.hireOut, vex, { lieutenant: vex.uuid, units: [units.thiefA, units.thiefB, units.assassins], selective: [] })) as ActionMessage | null;
        assert.equal(card?.system.status, "applied");
        assert.lengthOf(card!.rolls, 0);
        assert.equal((red.system as unknown as { capital: number }).capital, 7);
        assert.isTrue(await undoMessage(card!));
        await backTo(before);
      });

      it("an Aggressive Attack is rolled with real dice, applied as its record says, and undone", async () => {
        const { blue, vex, units } = world();
        const before = snapshot();
        const card = (await performAction(ACTIONS.aggressiveAttack, vex, { lieutenant: vex.uuid, target: blue.uuid, location: MARKET, units: [units.thugs] })) as ActionMessage | null;
        assert.equal(card?.system.status, "applied");
        rolled(card!);
        assert.isAbove(card!.system.resolvedOutcome!.checks.length, 0);
        await showsRecord(card!);
        assert.isTrue(await undoMessage(card!));
        assert.equal(card!.system.status, "undone");
        await backTo(before);
      });

      it("Gain Influence with an NPC organization is rolled, applied as its record says, and undone", async () => {
        const { guild, vex } = world();
        const before = snapshot();
        const card = (await performAction(ACTIONS.gainInfluence, vex, { lieutenant: vex.uuid, faction: guild.uuid })) as ActionMessage | null;
        assert.equal(card?.system.status, "applied");
        rolled(card!);
        await showsRecord(card!);
        assert.isTrue(await undoMessage(card!));
        await backTo(before);
      });
    });
  });
}
