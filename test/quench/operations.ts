/**
 * Quench batch `factions.operations.flows`: in a live world, an organization with a lieutenant
 * and three units hires them out (7 Capital, the seed's example), the card is applied and undone.
 */
import type { QuenchBatchContext } from "@ethaks/fvtt-quench";
import { removeCardsAndRecords } from "./cleanup";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/operations/rules";

export function operationsFlowsBatch(context: QuenchBatchContext): void {
  const { describe, it, after } = context;
  const assert: QuenchBatchContext["assert"] = context.assert;
  const made: Actor.Implementation[] = [];
  const messages: string[] = [];
  let hook: number | undefined;
  context.before(() => {
    hook = Hooks.on("createChatMessage", (message) => void messages.push(message.id!));
  });
  after(async () => {
    if (hook !== undefined) Hooks.off("createChatMessage", hook);
    for (const actor of made) await actor.delete();
    await removeCardsAndRecords(messages);
  });

  describe("Operations flows", () => {
    it("Hire Out earns 7 Capital for two Thief Packs and the Assassins; undo restores", async () => {
      const unit = (name: string, level: number) => ({ name, type: "unit", system: { level, competency: "sneak", location: "name:Quench Market" } });
      const org = (await Actor.implementation.create({
        name: "Quench Red Hand",
        type: "organization",
        system: { cohesion: 3, capital: 0 },
        items: [unit("Thief Pack", 4), unit("Thief Pack", 4), unit("Assassins", 6)],
      } as Actor.CreateData)) as Actor.Implementation;
      made.push(org);
      const lt = (await Actor.implementation.create({
        name: "Quench Vex",
        type: "lieutenant",
        system: { level: 3, sneak: 3, organization: org.uuid, location: "name:Quench Market" },
      } as Actor.CreateData)) as Actor.Implementation;
      made.push(lt);
      const units = org.items.contents.map((i) => i.id!);
      const card = (await performAction(ACTIONS.hireOut, lt, { lieutenant: lt.uuid, units, selective: [] })) as ActionMessage | null;
      assert.ok(card);
      assert.equal((org.system as unknown as { capital: number }).capital, 7);
      assert.isTrue(await undoMessage(card!));
      assert.equal((org.system as unknown as { capital: number }).capital, 0);
      await card!.delete();
    });
  });
}
