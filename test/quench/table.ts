/**
 * Quench batches of what a table does that no one client can: players acting at the same moment,
 * each in their own roll mode; a player's reload while a card waits for them; an Assistant GM
 * connected beside the GM. Each drives the other users' own clients (./player.ts). The player
 * batches give the Red Hand to the first player and the Blue Lotus to the second (./scratch.ts).
 *
 * - `factions.core.together` (two connected players): both players' actions at once are each
 *   applied once, by the GM's client; a card is the table's whatever roll mode its poster picked.
 * - `factions.core.reload` (one connected player): an attack waiting for the player's answer is
 *   still theirs to answer after their client reloads.
 * - `factions.core.assistant` (a connected Assistant GM): the GM's client stays the active GM's,
 *   and an action the Assistant takes is applied once, by it.
 */
import { performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { loadRecord } from "../../src/core/records/pack";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { onClient, withTestQueries } from "./player";
import { PLACE, scratchPerTest, type Scratch } from "./scratch";
import { defineBatch, nextHook, until, type Assert, type Context } from "./support";

const repair = (s: Scratch) => ({ action: ACTIONS.repair, actor: s.red.uuid, choice: { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false } });
const sell = (s: Scratch) => ({ action: ACTIONS.sell, actor: s.blue.uuid, choice: { faction: s.blue.uuid, asset: s.ids.guards } });

/** The card a step posted, once the GM's client applied it. */
async function applied(assert: Assert, id: string | null): Promise<ActionMessage> {
  assert.ok(id, "a card was posted");
  const card = game.messages!.get(id!) as unknown as ActionMessage;
  await until(() => card.system.status === "applied", 10_000, `${card.system.action} to be applied`);
  return card;
}

/** Count each card this client hears applied. */
function appliedHere(): { counts: Map<string, number>; stop(): void } {
  const counts = new Map<string, number>();
  const hook = Hooks.on("factions.applied", (message) => void counts.set(message.id!, (counts.get(message.id!) ?? 0) + 1));
  return { counts, stop: () => Hooks.off("factions.applied", hook) };
}

/** Set a user's roll mode (on their client, or this one); what sets it back. */
async function rollMode(user: User.Implementation | null, mode: string): Promise<() => Promise<unknown>> {
  if (!user) {
    const settings = game.settings as unknown as { get(ns: string, key: string): unknown; set(ns: string, key: string, value: unknown): Promise<unknown> };
    const was = settings.get("core", "rollMode");
    await settings.set("core", "rollMode", mode);
    return () => settings.set("core", "rollMode", was);
  }
  const { was } = await onClient(user, "rollMode", { mode });
  return () => onClient(user, "rollMode", { mode: was });
}

export function togetherBatch(context: Context): void {
  defineBatch(context, "players at once", { rulesets: ["factionTurn"], players: 2 }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const [first, second] = batch.players as [User.Implementation, User.Implementation];
    withTestQueries(context, batch);
    const world = scratchPerTest(context, batch, () => ({ red: first, blue: second }));

    describe("two players on their own clients", () => {
      it("act at the same moment: each card applied once, by the GM's client, each record naming its player", async () => {
        const s = world();
        const heard = appliedHere();
        try {
          const [a, b] = await Promise.all([onClient(first, "act", repair(s)), onClient(second, "act", sell(s))]);
          assert.deepEqual([a.warnings, b.warnings], [[], []]);
          const [red, blue] = [await applied(assert, a.card), await applied(assert, b.card)];
          assert.deepEqual([heard.counts.get(red.id!), heard.counts.get(blue.id!)], [1, 1], "each applied once, here");
          assert.equal((await loadRecord(red.id!))?.done.user, first.id);
          assert.equal((await loadRecord(blue.id!))?.done.user, second.id);
          assert.equal(s.red.system.treasure, 4, "the Red Hand paid for its repair");
          assert.isFalse(s.blue.items.has(s.ids.guards), "the Blue Lotus sold its guards");
          assert.equal(game.messages!.filter((m) => m.type === "request").length, 0, "every request was consumed");
        } finally {
          heard.stop();
        }
      });

      it("see a card as the table's whatever roll mode its poster picked: the GM's in a blind roll, a player's in a private GM roll", async () => {
        const s = world();
        const restore = [await rollMode(null, "blindroll"), await rollMode(first, "gmroll")];
        try {
          const gms = (await performAction(ACTIONS.sell, s.blue, sell(s).choice)) as ActionMessage | null;
          assert.equal(gms?.system.status, "applied");
          const theirs = await applied(assert, (await onClient(first, "act", repair(s))).card);
          for (const card of [gms!, theirs]) {
            assert.deepEqual([...card.whisper], [], `${card.system.action}: whispered to no one`);
            assert.isFalse(card.blind, `${card.system.action}: not blind`);
            const read = await onClient(second, "read", { message: card.id! });
            assert.isTrue(read.shown, `${second.name} sees ${card.system.action}`);
          }
        } finally {
          for (const back of restore) await back();
        }
      });
    });
  });
}

export function reloadBatch(context: Context): void {
  defineBatch(context, "a player's reload", { rulesets: ["factionTurn"], players: 1, timeout: 120_000 }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    const player = batch.players[0]!;
    withTestQueries(context, batch);
    const world = scratchPerTest(context, batch, () => ({ red: player }));

    it("leaves an attack waiting for the player's answer theirs to answer after their client reloads", async () => {
      const s = world();
      const strike = (await performAction(ACTIONS.attack, s.blue, { faction: s.blue.uuid, target: s.red.uuid, attackers: [s.ids.guards] })) as ActionMessage | null;
      assert.equal(strike?.system.status, "awaiting");
      // The reload: the player's client leaves, then connects again and answers the test queries once it is ready.
      const left = nextHook("userConnected", (user: User.Implementation, connected: boolean) => user.id === player.id && !connected, 10_000);
      const back = nextHook("userConnected", (user: User.Implementation, connected: boolean) => user.id === player.id && connected, 60_000);
      await onClient(player, "reload", {});
      await left;
      await back;
      for (let answered = false, end = Date.now() + 60_000; !answered; ) {
        answered = (await onClient(player, "ping", {}).catch(() => null))?.user === player.id;
        if (!answered && Date.now() > end) throw new Error(`${player.name}'s client did not answer after reloading`);
        if (!answered) await new Promise((resolve) => setTimeout(resolve, 500));
      }
      const pressed = await onClient(player, "press", { message: strike!.id!, action: "none" });
      assert.include(pressed.buttons, "answer", "the card still offers the player its answer");
      const count = batch.cards().length;
      const answered = await onClient(player, "answer", { message: strike!.id!, values: { [`defender.${PLACE}`]: s.ids.thugs } });
      assert.deepEqual([answered.dialogs, answered.warnings], [1, []]);
      await until(() => strike!.system.status === "answered" && batch.cards().length > count, 10_000, "the answer to be resolved");
    });
  });
}

export function assistantBatch(context: Context): void {
  defineBatch(context, "an Assistant GM beside the GM", { rulesets: ["factionTurn"], assistants: 1 }, (batch) => {
    const { it } = context;
    const assert: Assert = batch.assert;
    const assistant = batch.assistants[0]!;
    withTestQueries(context, { ...batch, players: [assistant] });
    const world = scratchPerTest(context, batch);

    it("leaves the GM's client the active GM's; the Assistant's action is applied once, by it", async () => {
      const s = world();
      assert.equal(game.users!.activeGM?.id, game.user!.id, "this (the GM's) client is the active GM's");
      const heard = appliedHere();
      try {
        const acted = await onClient(assistant, "act", repair(s));
        assert.deepEqual(acted.warnings, []);
        const card = await applied(assert, acted.card);
        assert.equal(heard.counts.get(card.id!), 1, "applied once, here");
        assert.equal((await loadRecord(card.id!))?.done.user, assistant.id, "the record says the Assistant asked");
        assert.equal(s.red._stats.lastModifiedBy, game.user!.id, "the GM's client wrote the faction");
      } finally {
        heard.stop();
      }
    });
  });
}
