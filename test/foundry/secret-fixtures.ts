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
import { server } from "../harness/server";
import { lastCard } from "../harness/world";
import { DOCKS, IDS, standardWorld } from "./fixtures";
import { DOCKS as OPS_DOCKS, operationsWorld } from "./operations-fixtures";

/**
 * Alice's unnoticed Operations Steal from Bob (its card whispered to the GM and Alice), then her
 * Faction Turn attack on Bob's Blue Lotus, which Bob defends with his Stealth asset, the Shadow
 * Knives: Alice may not learn its name, Bob may not learn of the Steal.
 */
export async function stealAndAttack() {
  server.log();
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
 * Everything of the world `user`'s client holds or shows, as text: what the server sent it (the
 * world as it connects now, every world document and setting whatever its ownership, the chat
 * messages that reach it, and every change and compendium answer it was sent while the log ran),
 * what the API gives it of the chronicle, and its chat log as it draws it: every message it shows,
 * drawn, and what the system reads of each card. Drawn twice, so the views the GM's client tells
 * it once asked (an owner's Stealth names) are drawn too.
 */
export async function whatReaches(user: User, { besides = [] }: { besides?: readonly string[] } = {}): Promise<string> {
  return harness.as(user, async () => {
    const draw = async () => {
      const drawn: unknown[] = [];
      for (const message of game.messages ?? []) {
        if (!message.visible) continue;
        drawn.push((await message.renderHTML()).outerHTML);
        if (isActionMessage(message)) drawn.push(message.system.record, message.system.resolvedOutcome, message.system.status);
      }
      return drawn;
    };
    await draw();
    await harness.settle();
    return JSON.stringify([withoutAssets(server.received(user), besides), await api.chronicle.entries(), await draw()]);
  });
}

/**
 * What the server sent, without the documents of these assets: a Stealth asset is an item of its
 * faction's actor, which Foundry sends every client (the README says so); what is searched is every
 * other copy of its name, which nothing the system writes may add.
 */
function withoutAssets(received: ReturnType<typeof server.received>, names: readonly string[]): unknown {
  const own = (doc: unknown) => {
    const d = doc as { type?: unknown; name?: unknown } | null;
    return d?.type === "asset" && names.includes(String(d.name));
  };
  const actor = (source: Record<string, unknown>) => ({ ...source, items: ((source.items as unknown[]) ?? []).filter((i) => !own(i)) });
  const connection = { ...received.connection, Actor: (received.connection.Actor ?? []).map(actor) };
  const sent = received.sent.filter((p) => !own((p as { data?: unknown }).data)).map((p) => {
    const payload = p as { create?: string; data?: Record<string, unknown> };
    return payload.create === "Actor" && payload.data ? { ...payload, data: actor(payload.data) } : p;
  });
  return { connection, sent };
}
