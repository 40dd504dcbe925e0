/**
 * Secrets for the visibility tests, and everything of the system a player's client receives or
 * is shown, to look for them in.
 */
import { answerMessage, isActionMessage, performAction } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import type { User } from "../harness/documents";
import { harness } from "../harness/install";
import { lastCard } from "../harness/world";
import { DOCKS, IDS, standardWorld } from "./fixtures";
import { DOCKS as OPS_DOCKS, operationsWorld } from "./operations-fixtures";

/**
 * Alice's unnoticed Operations Steal from Bob (its card whispered to the GM and Alice), then her
 * Faction Turn attack on Bob's Blue Lotus, which Bob defends with his Stealth asset, the Shadow
 * Knives: Alice may not learn its name, Bob may not learn of the Steal.
 */
export async function stealAndAttack() {
  const ops = await operationsWorld();
  const world = await standardWorld();
  harness.dice.force(10, 1);
  const steal = (await harness.as(harness.users.alice, () =>
    performAction(OPS.steal, ops.vex, { lieutenant: ops.vex.uuid, target: ops.blue.uuid, location: OPS_DOCKS, acquire: { kind: "capital", amount: 3 }, stealthy: true }),
  ))!;
  const awaiting = (await harness.as(harness.users.alice, () =>
    performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }),
  ))!;
  harness.dice.force(1, 10);
  harness.dialogs.next({ [`defender.${DOCKS}`]: IDS.knives });
  await harness.as(harness.users.bob, () => answerMessage(awaiting));
  return { ops, world, steal, attack: lastCard() };
}

/**
 * Everything of the system `user`'s client holds or shows, as text: every world setting of the
 * system, every journal entry Foundry lets them observe (the records' views among them), every
 * action card Foundry shows them (its data as stored too), and what the API and the interface show
 * them of each card and of the chronicle.
 */
export async function whatReaches(user: User): Promise<string> {
  return harness.as(user, async () => {
    const parts: unknown[] = [];
    for (const setting of harness.game.settings.world.values()) if (setting.key.startsWith("factions.")) parts.push(setting.key, setting.value);
    for (const entry of game.journal ?? []) if (entry.testUserPermission(game.user!, "OBSERVER")) parts.push(entry.toObject());
    parts.push(api.chronicle.entries());
    for (const message of game.messages ?? []) {
      if (!isActionMessage(message) || !message.visible) continue;
      const { record, resolvedOutcome, appliedChanges, status } = message.system;
      parts.push(message.toObject(), record, resolvedOutcome, appliedChanges, status, (await message.renderHTML()).outerHTML);
    }
    return JSON.stringify(parts);
  });
}
