/**
 * Quench batch `factions.core.visibility` (needs two connected players): what reaches each
 * player's own client. The first player owns the Red Hand and an Operations organization with its
 * lieutenant; the second owns the Blue Lotus (its Shadow Knives are in Stealth). Each player's
 * client draws the cards and the chronicle for itself and sends their text back (./player.ts).
 * - An unnoticed card (a stealthy Hire Out: no roll, so always unnoticed) is whispered to the GM and
 *   the acting player: the other player's client is not shown it, and their chronicle lacks it.
 * - An unnoticed card that rolled (a stealthy Steal, its dice set on the acting client) carries its
 *   dice as data: the other player's client never holds it.
 * - The GMs' records compendium: on each player's client, asking for its contents is refused or
 *   empty, its index is empty, and no write of the GM's client to it reached them.
 * - When the second player defends with the Shadow Knives, the first player's card and chronicle
 *   say "a hidden asset" where the second player's name them.
 */
import { performAction, undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { ACTIONS as OPS } from "../../src/rulesets/operations/rules";
import { onClient, withTestQueries } from "./player";
import { makeScratch, PLACE, type Scratch } from "./scratch";
import { defineBatch, until, type Context, type Assert } from "./support";

const KNIVES = "Quench Shadow Knives";
const MARKET = "name:Quench Market";

export function visibilityBatch(context: Context): void {
  defineBatch(context, "what each player sees", { rulesets: ["factionTurn", "operations"], players: 2 }, (batch) => {
    const { describe, it, before } = context;
    const assert: Assert = batch.assert;
    const [first, second] = batch.players as [User.Implementation, User.Implementation];
    withTestQueries(context, batch);
    let s: Scratch | null = null;
    let lieutenant: Actor.Implementation | null = null;
    let units: string[] = [];
    /** The second player's organization, with Capital to steal. */
    let mark: Actor.Implementation | null = null;

    before(async () => {
      s = await makeScratch(batch, { red: first, blue: second });
      const own = { default: 0, [first.id!]: 3 };
      const org = batch.made(
        (await Actor.implementation.create({
          name: "Quench Night Guild",
          type: "organization",
          ownership: own,
          system: { cohesion: 3, capital: 0 },
          items: [{ name: "Quench Thief Pack", type: "unit", system: { level: 4, competency: "sneak", location: MARKET } }],
        } as unknown as Actor.CreateData)) as Actor.Implementation,
      );
      units = org.items.contents.map((i) => i.id!);
      lieutenant = batch.made(
        (await Actor.implementation.create({
          name: "Quench Whisper",
          type: "lieutenant",
          ownership: own,
          system: { level: 3, sneak: 3, organization: org.uuid, location: MARKET },
        } as unknown as Actor.CreateData)) as Actor.Implementation,
      );
      mark = batch.made(
        (await Actor.implementation.create({
          name: "Quench Silver Purse",
          type: "organization",
          ownership: { default: 0, [second.id!]: 3 },
          system: { cohesion: 2, capital: 5 },
        } as unknown as Actor.CreateData)) as Actor.Implementation,
      );
    });

    describe(`${first?.name ?? "a player"} and ${second?.name ?? "another"} on their own clients`, () => {
      it("delivers an unnoticed card to the acting player, not to the other", async () => {
        const acted = await onClient(first, "act", { action: OPS.hireOut, actor: lieutenant!.uuid, choice: { lieutenant: lieutenant!.uuid, units, selective: [], stealthy: true } });
        assert.ok(acted.card, `the Hire Out was posted (${acted.warnings.join("; ")})`);
        const card = game.messages!.get(acted.card!) as unknown as ActionMessage;
        await until(() => card.system.status === "applied", 5000, "the card to be applied");
        assert.isTrue(card.system.unnoticed);
        const whisper = (card._source.whisper as unknown as string[]) ?? [];
        assert.include(whisper, first.id);
        assert.notInclude(whisper, second.id);
        assert.isTrue((await onClient(first, "read", { message: card.id! })).shown, `${first.name}'s client shows it`);
        assert.isFalse((await onClient(second, "read", { message: card.id! })).shown, `${second.name}'s client is not shown it`);
        assert.include((await onClient(first, "chronicle", {})).ids, card.id);
        assert.notInclude((await onClient(second, "chronicle", {})).ids, card.id);
        assert.isTrue(await undoMessage(card));
      });

      it("delivers an unnoticed card that rolled, its dice as data, to the acting player's client only: the other's never holds it", async () => {
        // The thief's d10s high, the guard's low: a stealthy Steal that succeeds, so goes unnoticed.
        const acted = await onClient(first, "act", {
          action: OPS.steal,
          actor: lieutenant!.uuid,
          choice: { lieutenant: lieutenant!.uuid, target: mark!.uuid, location: MARKET, acquire: { kind: "capital", amount: 1 }, stealthy: true },
          dice: [0.99, 0.01],
        });
        assert.ok(acted.card, `the Steal was posted (${acted.warnings.join("; ")})`);
        const card = game.messages!.get(acted.card!) as unknown as ActionMessage;
        await until(() => card.system.status === "applied", 5000, "the card to be applied");
        assert.isTrue(card.system.unnoticed, "the Steal went unnoticed");
        assert.lengthOf(card.rolls, 0, "a whisper carrying rolls reaches every client: it carries none");
        assert.isAbove(card.system.cardRolls.length, 0, "its dice are kept as data");
        assert.isTrue((await onClient(first, "holds", { message: card.id! })).held);
        assert.isFalse((await onClient(second, "holds", { message: card.id! })).held, `${second.name}'s client was never sent it`);
        assert.isTrue(await undoMessage(card));
      });

      it("sends no player a record: the records' compendium is refused or empty to them, and its writes reach no player's client", async () => {
        for (const player of [first, second]) await onClient(player, "listen", {});
        const acted = await onClient(first, "act", { action: ACTIONS.repair, actor: s!.red.uuid, choice: { faction: s!.red.uuid, fixes: {}, healFaction: true } });
        const card = game.messages!.get(acted.card ?? "") as unknown as ActionMessage;
        await until(() => card?.system.status === "applied", 5000, "the card to be applied");
        assert.isTrue(await undoMessage(card));
        for (const player of [first, second]) {
          const held = await onClient(player, "records", {});
          assert.isTrue(held.pack, "the compendium is listed on every client");
          assert.notEqual(held.asked, "given", `${player.name}'s client asked for the records and was given them`);
          assert.equal(held.index, 0, `${player.name}'s client holds none of the records' index`);
          assert.deepEqual(held.heard, [], `${player.name}'s client was sent the GM's writes`);
          assert.equal(held.journal, 0, "no record is a journal entry of the world");
        }
      });

      it("masks the Stealth asset's name on the other player's card and in their chronicle", async () => {
        const attack = await onClient(first, "act", { action: ACTIONS.attack, actor: s!.red.uuid, choice: { faction: s!.red.uuid, target: s!.blue.uuid, attackers: [s!.ids.thugs] } });
        const awaiting = game.messages!.get(attack.card ?? "") as unknown as ActionMessage | undefined;
        assert.equal(awaiting?.system.status, "awaiting");
        const count = batch.cards().length;
        const answered = await onClient(second, "answer", { message: awaiting!.id!, values: { [`defender.${PLACE}`]: s!.ids.knives } });
        assert.deepEqual(answered.warnings, []);
        await until(() => batch.cards().length > count && batch.cards().at(-1)!.system.status === "applied", 5000, "the defended attack to be applied");
        const resolved = batch.cards().at(-1)!;
        const hidden = game.i18n!.localize("FACTIONS.Card.HiddenAsset");
        const mine = await onClient(second, "read", { message: resolved.id! });
        const theirs = await onClient(first, "read", { message: resolved.id! });
        assert.include(mine.text, KNIVES, `${second.name}'s card names their asset`);
        assert.isTrue(theirs.shown);
        assert.notInclude(theirs.text, KNIVES, `${first.name}'s card does not name it`);
        assert.include(theirs.text, hidden);
        const ownChronicle = await onClient(second, "chronicle", {});
        const otherChronicle = await onClient(first, "chronicle", {});
        assert.include(ownChronicle.ids, resolved.id);
        assert.include(otherChronicle.ids, resolved.id);
        assert.include(ownChronicle.text, KNIVES);
        assert.notInclude(otherChronicle.text, KNIVES);
        assert.include(otherChronicle.text, hidden);
        assert.isTrue(await undoMessage(resolved));
      });

      it("shows the GM's own card to both (an ordinary card is everyone's)", async () => {
        const card = await performAction(ACTIONS.repair, s!.blue, { faction: s!.blue.uuid, fixes: {}, healFaction: true });
        assert.equal(card?.system.status, "applied");
        for (const player of [first, second]) assert.isTrue((await onClient(player, "read", { message: card!.id! })).shown, player.name ?? "");
        assert.isTrue(await undoMessage(card!));
      });
    });
  });
}
