/**
 * Quench batch `factions.skirmish.flows`: in a live world, a company's squad and a vehicle fight an
 * encounter. The start of the fight budgets them; a Move spends and its undo refunds; a push by
 * the squad is a real draw on the compendium's Squad table, posted to chat, its fallout Active
 * Effects on the actor; an undo refunds, deleting a card changes nothing; the next round ticks; the end of
 * the fight carries the squad's Morale into its company; a vehicle's push heats it past its
 * threshold and its token shows Overheated. An attack at a token names it and its distance on the
 * scene's grid, rolls the weapon's formula for real against its number, and is undone. An attack's
 * card offers its target's outcomes: Member Injured! and Morale −1 are each their own card, undone. Everything
 * made is deleted afterwards.
 */
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { actionDefinition } from "../../src/core/actions/definition";
import { openFollowUps } from "../../src/core/records/record";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { budgetOf, isSkirmishCombatant, storedRound } from "../../src/rulesets/skirmish/data/state";
import { OVERHEATED } from "../../src/rulesets/skirmish/effects";
import { defineBatch, nextHook, settled, until, type Context, type Assert } from "./support";

export function skirmishFlowsBatch(context: Context): void {
  defineBatch(context, "Skirmish flows", { rulesets: ["skirmish"] }, (batch) => {
  const { describe, it } = context;
  const assert: Assert = batch.assert;
  const made = { push: <T>(doc: T) => batch.made(doc) };

  /**
   * A squad and a vehicle face each other on a scene of their own, not activated: three squares
   * apart in a straight line, whatever the diagonal rule; an encounter of the two begun, its first
   * round given to both.
   */
  async function field(squad: Actor.Implementation, vehicle: Actor.Implementation) {
    const scene = made.push((await Scene.implementation.create({ name: "Quench Skirmish Field" } as Scene.CreateData)) as Scene.Implementation);
    const [squadToken, vehicleToken] = (await scene.createEmbeddedDocuments("Token", [
      { name: "Quench Squad", actorId: squad.id, actorLink: true, x: 100, y: 100 },
      { name: "Quench Carrier", actorId: vehicle.id, actorLink: true, x: 400, y: 100 },
    ] as TokenDocument.CreateData[])) as TokenDocument.Implementation[];
    const combat = made.push((await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation);
    await combat.createEmbeddedDocuments("Combatant", [{ actorId: squad.id }, { actorId: vehicle.id }] as Combatant.CreateData[]);
    await combat.startCombat();
    await until(() => !!storedRound(combat, squad.uuid, 1) && !!storedRound(combat, vehicle.uuid, 1));
    return { scene, combat, squadToken: squadToken!, vehicleToken: vehicleToken! };
  }

  describe("a Skirmish encounter", () => {
    it("budgets, spends, refunds, pushes with a real draw, ticks, and carries Morale into the company", async () => {
      const company = (await Actor.implementation.create({ name: "Quench Company", type: "company", system: { morale: 2 } } as Actor.CreateData)) as Actor.Implementation;
      made.push(company);
      const squad = (await Actor.implementation.create({
        name: "Quench Squad",
        type: "infantry",
        system: { kind: "squad", body: 2, nerves: 2, company: company.uuid, members: [{ id: "q1", name: "Ash", state: "ready" }, { id: "q2", name: "Bay", state: "ready" }] },
        items: [{ name: "Quench Rifles", type: "weapon", system: { reloads: { value: 2, max: 2 } } }, { name: "Quench MG", type: "weapon", system: { reloads: { value: 1, max: 1 }, heavy: true } }],
      } as Actor.CreateData)) as Actor.Implementation;
      made.push(squad);
      const vehicle = (await Actor.implementation.create({ name: "Quench Carrier", type: "vehicle", system: { heat: 0, heatThreshold: 0 } } as Actor.CreateData)) as Actor.Implementation;
      made.push(vehicle);
      const combat = (await Combat.implementation.create({ type: "base" } as Combat.CreateData)) as Combat.Implementation;
      made.push(combat);
      await combat.createEmbeddedDocuments("Combatant", [{ actorId: squad.id }, { actorId: vehicle.id }] as Combatant.CreateData[]);
      assert.deepEqual(
        combat.combatants.contents.map((c) => c.type),
        ["skirmish", "skirmish"],
      );
      await combat.startCombat();
      const fighter = () => combat.combatants.find((c) => c.actorId === squad.id)!;
      await until(() => isSkirmishCombatant(fighter()) && !!storedRound(combat, squad.uuid, 1));

      // Move, then undo: the move is back.
      const move = (await performAction(ACTIONS.move, squad, { actor: squad.uuid })) as ActionMessage;
      assert.equal(move.system.status, "applied");
      const budget = () => budgetOf(combat, squad.uuid, combat.round);
      assert.equal(budget().spent.move, 1);
      assert.isTrue(await undoMessage(move));
      assert.equal(budget().spent.move, 0);

      // A push: a real draw on the compendium's Squad table, posted to chat.
      const before = game.messages!.size;
      const push = (await performAction(ACTIONS.push, squad, { actor: squad.uuid })) as ActionMessage;
      assert.equal(push.system.status, "applied");
      await until(() => game.messages!.contents.slice(before).some((m) => !!foundry.utils.getProperty(m.flags, "core.RollTable")));
      assert.equal(budget().pushes, 1);

      // A scan undone by the GM is refunded; one deleted from the chat log changes nothing.
      const scan = (await performAction(ACTIONS.scan, squad, { actor: squad.uuid })) as ActionMessage;
      assert.equal(budget().spent.minor, 1);
      await undoMessage(scan);
      await until(() => budget().spent.minor === 0);
      const kept = (await performAction(ACTIONS.scan, squad, { actor: squad.uuid })) as ActionMessage;
      // Deleting a card never changes the world: once its deletion's hooks ran here and their work landed, the budget still holds it.
      const deleted = nextHook("deleteChatMessage", (message: ChatMessage.Implementation) => message.id === kept.id);
      await kept.delete();
      await deleted;
      await settled();
      assert.equal(budget().spent.minor, 1);

      // The next round ticks and budgets afresh.
      await combat.nextRound();
      await until(() => !!storedRound(combat, squad.uuid, 2));
      assert.equal(budget().pushes, 0);

      // The vehicle's push heats it past its threshold: Overheated on its token.
      await performAction(ACTIONS.push, vehicle, { actor: vehicle.uuid });
      await until(() => vehicle.statuses.has(OVERHEATED));

      // The end of the fight, as its card: the squad's Morale goes to the company.
      await squad.update({ "system.highestMorale": 2 } as Actor.UpdateData);
      const end = (await performAction(ACTIONS.endCombat, null, { combatants: [squad.uuid, vehicle.uuid] })) as ActionMessage;
      assert.equal(end.system.status, "applied");
      assert.equal((company.system as unknown as { morale: number }).morale, 4);
      assert.isTrue(await undoMessage(end));
      assert.equal((company.system as unknown as { morale: number }).morale, 2);
      await squad.update({ "system.highestMorale": 0 } as Actor.UpdateData);
      for (const e of squad.effects.contents) await e.delete();
    });

    it("attacks a token: names it and its distance on the grid, rolls the weapon's formula against its number, and undoes", async () => {
      const squad = made.push(
        (await Actor.implementation.create({
          name: "Quench Squad",
          type: "infantry",
          system: { kind: "squad", body: 2, nerves: 2, members: [{ id: "q1", name: "Ash", state: "ready" }] },
          items: [{ name: "Quench Rifles", type: "weapon", system: { reloads: { value: 2, max: 2 }, attack: { formula: "1d10 + 1", reach: 6 } } }],
        } as Actor.CreateData)) as Actor.Implementation,
      );
      const vehicle = made.push((await Actor.implementation.create({ name: "Quench Carrier", type: "vehicle" } as Actor.CreateData)) as Actor.Implementation);
      const { scene, combat, vehicleToken: carrierToken } = await field(squad, vehicle);

      const rifles = squad.items.contents[0]!.id!;
      const card = (await performAction(ACTIONS.attack, squad, { actor: squad.uuid, weapons: [rifles], target: carrierToken!.uuid })) as ActionMessage;
      assert.equal(card.system.status, "applied");
      const detail = (card.system.outcome as { detail: { target: { name: string; distance: number }; rolls: { total: number; reached: boolean }[] } }).detail;
      assert.equal(detail.target.name, "Quench Carrier");
      assert.equal(detail.target.distance, 3 * scene.grid.distance);
      assert.equal(card.rolls.length, 1);
      assert.equal(detail.rolls[0]!.total, card.rolls[0]!.total);
      assert.equal(detail.rolls[0]!.reached, (card.rolls[0]!.total ?? 0) >= 6);
      assert.equal(budgetOf(combat, squad.uuid, combat.round).spent.major, 1);
      assert.isTrue(await undoMessage(card));
      assert.equal(budgetOf(combat, squad.uuid, combat.round).spent.major, 0);
    });

    it("offers an attack's outcomes on its card: Member Injured! and Morale −1 are each their own card, and undo puts them back", async () => {
      const company = made.push((await Actor.implementation.create({ name: "Quench Company", type: "company", system: { morale: 3 } } as Actor.CreateData)) as Actor.Implementation);
      // One member in the fight: Member Injured! takes it without asking.
      const squad = made.push(
        (await Actor.implementation.create({
          name: "Quench Squad",
          type: "infantry",
          system: { kind: "squad", body: 2, nerves: 2, company: company.uuid, members: [{ id: "q1", name: "Ash", state: "ready" }, { id: "q2", name: "Bay", state: "out" }] },
        } as Actor.CreateData)) as Actor.Implementation,
      );
      const vehicle = made.push(
        (await Actor.implementation.create({ name: "Quench Carrier", type: "vehicle", items: [{ name: "Quench Gun", type: "weapon", system: { reloads: { value: 2, max: 2 } } }] } as Actor.CreateData)) as Actor.Implementation,
      );
      const { combat, squadToken } = await field(squad, vehicle);

      const gun = vehicle.items.contents[0]!.id!;
      const shot = (await performAction(ACTIONS.attack, vehicle, { actor: vehicle.uuid, weapons: [gun], target: squadToken!.uuid })) as ActionMessage;
      assert.equal(shot.system.status, "applied");
      assert.deepEqual(
        openFollowUps(shot.system.record!).map((f) => f.step),
        ["memberInjured", "moraleDown", "panic", "commsBreakdown"],
      );
      const outcome = async (step: string) => {
        const before = new Set(batch.messages());
        await actionDefinition(ACTIONS.attack)!.onFollowUp!(shot, openFollowUps(shot.system.record!).find((f) => f.step === step)!);
        const card = batch.messages().filter((id) => !before.has(id)).map((id) => game.messages?.get(id) as ActionMessage | undefined).find((m) => m?.system?.action === ACTIONS.outcome);
        assert.equal(card?.system.status, "applied");
        return card!;
      };
      const members = () => (squad.system as unknown as { members: { id: string; state: string }[] }).members.map((m) => m.state);
      const morale = () => (company.system as unknown as { morale: number }).morale;
      const injured = await outcome("memberInjured");
      assert.deepEqual(members(), ["out", "out"]);
      const lowered = await outcome("moraleDown");
      assert.equal(morale(), 2);
      assert.notInclude(openFollowUps(shot.system.record!).map((f) => f.step), "moraleDown");
      assert.isTrue(await undoMessage(lowered));
      assert.isTrue(await undoMessage(injured));
      assert.equal(morale(), 3);
      assert.deepEqual(members(), ["ready", "out"]);
      assert.include(openFollowUps(shot.system.record!).map((f) => f.step), "moraleDown");
      assert.isTrue(await undoMessage(shot));
    });
  });
  });
}
