/**
 * Quench batch `factions.core.requests` (needs one connected player): a player's client acts, and
 * the GM's client decides. The batch drives the player's own client through test queries
 * (./player.ts); the player owns the Red Hand, the GM the Blue Lotus.
 * - The player's action is applied once, by the GM's client (it wrote the documents), the player
 *   its card's author and the one the record says asked; asked again, it is refused.
 * - Acting for another's actor is refused, by the player's client and (for a card posted by hand)
 *   by the GM's, with nothing changed.
 * - The player's undo is refused, by their client and by the GM's.
 * - The player's own answer to their attack is refused; as the defender of the GM's attack, they
 *   answer it through the dialog, and the GM's client resolves it with their pick.
 * - With auto-apply off, the player's Apply button on their card has the GM's client apply it.
 */
import { actionDefinition } from "../../src/core/actions/definition";
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { loadRecord } from "../../src/core/records/pack";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { onClient, withTestQueries } from "./player";
import { PLACE, scratchPerTest, type Scratch } from "./scratch";
import { defineBatch, setSetting, steadySnapshot, t, until, type Context, type Assert } from "./support";

const NOT_YOURS = "FACTIONS.Action.Error.NotYours";
const GM_ONLY = "FACTIONS.Action.Error.GMOnly";

export function requestsBatch(context: Context): void {
  defineBatch(context, "a player's requests", { rulesets: ["factionTurn"], players: 1 }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;
    const player = batch.players[0]!;
    withTestQueries(context, batch);
    const world = scratchPerTest(context, batch, () => ({ red: player }));
    const snapshot = (s: Scratch) => steadySnapshot({ red: s.red, blue: s.blue });
    const cardOf = (id: string | null) => {
      assert.ok(id, "a card was posted");
      return game.messages!.get(id!) as unknown as ActionMessage;
    };
    const repair = (s: Scratch) => ({ action: ACTIONS.repair, actor: s.red.uuid, choice: { faction: s.red.uuid, fixes: { [s.ids.thugs]: 1 }, healFaction: false } });
    const requestsLeft = () => game.messages!.filter((m) => m.type === "request" && m.author?.id === player.id).length;

    describe(`${player?.name ?? "a player"}'s client acts; the GM's client decides`, () => {
      it("applies the player's action once, on the GM's client, at the player's request, the card a GM's since its ruling", async () => {
        const s = world();
        const applied: string[] = [];
        const hook = Hooks.on("factions.applied", (message) => void applied.push(message.id!));
        try {
          const { card: id, warnings } = await onClient(player, "act", repair(s));
          assert.deepEqual(warnings, []);
          const card = cardOf(id);
          await until(() => card.system.status === "applied", 5000, "the card to be applied");
          assert.isTrue(card.author?.isGM, "the card is a GM's since its ruling");
          assert.equal(card.system.appliedBy?.user, player.id, "its ruling says the player asked");
          assert.equal((await loadRecord(card.id!))?.done.user, player.id, "the record says the player asked");
          assert.equal(s.red._stats.lastModifiedBy, game.user!.id, "the GM's client wrote the faction");
          assert.equal(s.red.system.treasure, 4);
          assert.deepEqual(applied, [card.id], "applied once, by this client");
          const after = await snapshot(s);
          const again = await onClient(player, "ask", { kind: "apply", payload: { message: card.id! } });
          assert.equal(again.refused, "FACTIONS.Action.Error.AlreadyApplied");
          assert.deepEqual(applied, [card.id]);
          assert.deepEqual(await snapshot(s), after);
          assert.equal(requestsLeft(), 0, "every request message was consumed");
        } finally {
          Hooks.off("factions.applied", hook);
        }
      });

      it("refuses acting for another's actor, on the player's client and on the GM's, with nothing changed", async () => {
        const s = world();
        const before = await snapshot(s);
        const choice = { faction: s.blue.uuid, asset: s.ids.guards };
        const acted = await onClient(player, "act", { action: ACTIONS.sell, actor: s.blue.uuid, choice });
        assert.isNull(acted.card);
        assert.deepEqual(acted.warnings, [t(NOT_YOURS)]);
        // A card posted by hand (as a console can) for the GM's faction, with the rule's own outcome.
        const result = actionDefinition(ACTIONS.sell)!.resolve(choice, { dice: { roll: () => 1 }, newId: () => foundry.utils.randomID() });
        assert.isTrue(result.ok);
        const outcome = result.ok ? result.value : null;
        const posted = await onClient(player, "post", { system: { action: ACTIONS.sell, actor: s.blue.uuid, choice, phase: "resolved", outcome, formulas: [], ids: [] } });
        const card = cardOf(posted.card);
        const asked = await onClient(player, "ask", { kind: "apply", payload: { message: card.id! } });
        assert.equal(asked.refused, NOT_YOURS);
        assert.equal(card.system.status, "resolved");
        assert.deepEqual(await snapshot(s), before);
      });

      it("refuses the player's undo, on their client and on the GM's", async () => {
        const s = world();
        const card = cardOf((await onClient(player, "act", repair(s))).card);
        await until(() => card.system.status === "applied", 5000, "the card to be applied");
        const after = await snapshot(s);
        const undone = await onClient(player, "undo", { message: card.id! });
        assert.isFalse(undone.done);
        assert.deepEqual(undone.warnings, [t(GM_ONLY)]);
        const asked = await onClient(player, "ask", { kind: "undo", payload: { message: card.id! } });
        assert.equal(asked.refused, GM_ONLY);
        assert.equal(card.system.status, "applied");
        assert.deepEqual(await snapshot(s), after);
      });

      it("refuses the attacker's own answer, and takes the defender's", async () => {
        const s = world();
        const before = await snapshot(s);
        // The player attacks the GM's faction, then answers for it with its weakest asset.
        const attack = cardOf((await onClient(player, "act", { action: ACTIONS.attack, actor: s.red.uuid, choice: { faction: s.red.uuid, target: s.blue.uuid, attackers: [s.ids.thugs] } })).card);
        assert.equal(attack.system.status, "awaiting");
        const forged = { ...(attack.system.choice as object), defenders: [{ key: PLACE, value: s.ids.knives }] };
        const asked = await onClient(player, "ask", { kind: "answer", payload: { message: attack.id!, choice: forged } });
        assert.equal(asked.refused, "FACTIONS.Action.Error.NotYourAnswer");
        assert.equal(attack.system.status, "awaiting");
        assert.deepEqual(await snapshot(s), before);

        // The GM's faction attacks the player's: the player defends with the Thugs, through the dialog on their client.
        const strike = await performAction(ACTIONS.attack, s.blue, { faction: s.blue.uuid, target: s.red.uuid, attackers: [s.ids.guards] });
        assert.equal(strike?.system.status, "awaiting");
        const count = batch.cards().length;
        const answered = await onClient(player, "answer", { message: strike!.id!, values: { [`defender.${PLACE}`]: s.ids.thugs } });
        assert.equal(answered.dialogs, 1);
        assert.deepEqual(answered.warnings, []);
        await until(() => strike!.system.status === "answered" && batch.cards().length > count, 5000, "the answer to be resolved");
        assert.equal((await loadRecord(strike!.id!))?.done.user, player.id, "the record says the player answered");
        const resolved = batch.cards().at(-1)!;
        assert.equal(resolved.system.answers, strike!.id);
        assert.deepEqual((resolved.system.choice as { defenders: unknown }).defenders, [{ key: PLACE, value: s.ids.thugs }]);
        await until(() => resolved.system.status === "applied", 5000, "the resolved attack to be applied");
        assert.isTrue(await undoMessage(resolved));
        assert.deepEqual(await snapshot(s), before);
      });

      it("with auto-apply off, has the GM's client apply the card when the player presses Apply", async () => {
        const s = world();
        await setSetting("autoApply", false);
        const card = cardOf((await onClient(player, "act", repair(s))).card);
        assert.equal(card.system.status, "resolved");
        assert.equal(s.red.system.treasure, 5);
        const pressed = await onClient(player, "press", { message: card.id!, action: "apply" });
        assert.isTrue(pressed.pressed, `the player's card offers Apply (it offers ${pressed.buttons.join(", ") || "nothing"})`);
        await until(() => card.system.status === "applied", 5000, "the card to be applied");
        assert.equal((await loadRecord(card.id!))?.done.user, player.id);
        assert.equal(s.red.system.treasure, 4);
        assert.equal(requestsLeft(), 0);
      });
    });
  });
}
