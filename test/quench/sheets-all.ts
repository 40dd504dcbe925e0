/**
 * Quench batch `factions.sheets.all`: every sheet of every actor and item type of the rulesets that
 * are on (and Battle's character cards) renders for the GM, in Foundry, with no raw `FACTIONS.` key
 * in its HTML (a key shown untranslated). Each item is made on an actor of its own ruleset, as it is
 * in play; everything made is deleted afterwards.
 */
import { battle } from "../../src/rulesets/battle";
import { factionTurn } from "../../src/rulesets/faction-turn";
import { operations } from "../../src/rulesets/operations";
import { rounds } from "../../src/rulesets/rounds";
import { skirmish } from "../../src/rulesets/skirmish";
import type { RulesetId } from "../../src/core/settings";
import { defineBatch, getSetting, until, type Batch, type Context, type Assert, type TestThis } from "./support";

type Sheet = { element: HTMLElement | null; rendered: boolean; render(options: object): Promise<unknown>; close(): Promise<unknown> };
type WithSheet = { name: string; sheet: Sheet | null };

const RULESETS: { id: RulesetId; actorTypes: Record<string, unknown>; itemTypes: Record<string, unknown> }[] = [factionTurn, operations, battle, skirmish, rounds];

/** A raw i18n key of the system in the sheet's HTML (text or attribute). */
const RAW_KEY = /FACTIONS\.[A-Za-z]/;

export function sheetsAllBatch(context: Context): void {
  defineBatch(context, "every sheet", {}, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;

    /** Render a document's sheet, read its HTML, close it. */
    const check = async (doc: WithSheet) => {
      const sheet = doc.sheet;
      assert.ok(sheet, `${doc.name} has a sheet`);
      await sheet!.render({ force: true });
      try {
        await until(() => sheet!.rendered && !!sheet!.element, 5000, `${doc.name}'s sheet`);
        const html = sheet!.element!.outerHTML;
        assert.isAbove(sheet!.element!.querySelectorAll("input, select, textarea, button").length, 0, `${doc.name}'s sheet has controls`);
        const raw = RAW_KEY.exec(html);
        assert.isNull(raw, `${doc.name}'s sheet shows a raw key near: ${raw ? html.slice(Math.max(0, raw.index - 60), raw.index + 60) : ""}`);
      } finally {
        await sheet!.close();
      }
    };
    const actor = async (batch: Batch, type: string, items: object[] = []) =>
      batch.made((await Actor.implementation.create({ name: `Quench ${type}`, type, items } as Actor.CreateData)) as Actor.Implementation);

    for (const ruleset of RULESETS) {
      describe(`the ${ruleset.id} ruleset`, () => {
        const off = !getSetting(`ruleset.${ruleset.id}`);
        const host = Object.keys(ruleset.actorTypes)[0]!;
        for (const type of Object.keys(ruleset.actorTypes)) {
          it(off ? `skipped: actor ${type} (the ruleset is off in this world)` : `actor ${type}`, async function (this: TestThis) {
            if (off) this.skip();
            await check(await actor(batch, type) as unknown as WithSheet);
          });
        }
        for (const type of Object.keys(ruleset.itemTypes)) {
          it(off ? `skipped: item ${type} (the ruleset is off in this world)` : `item ${type} (on a ${host})`, async function (this: TestThis) {
            if (off) this.skip();
            const parent = await actor(batch, host, [{ name: `Quench ${type}`, type }]);
            await check(parent.items.contents[0] as unknown as WithSheet);
          });
        }
      });
    }

    describe("Battle's cards", () => {
      it(getSetting("ruleset.battle") ? "card character (in a deck)" : "skipped: card character (the ruleset battle is off in this world)", async function (this: TestThis) {
        if (!getSetting("ruleset.battle")) this.skip();
        const deck = batch.made(
          (await Cards.implementation.create({
            name: "Quench Discipline",
            type: "deck",
            cards: [{ name: "Quench Vesk", type: "character", faces: [{ name: "Quench Vesk", text: "", img: "icons/svg/angel.svg" }], face: 0, system: { a: 2, d: 2, s: 3 } }],
          } as unknown as Cards.CreateData)) as Cards.Implementation,
        );
        await check(deck.cards.contents[0] as unknown as WithSheet);
      });
    });
  });
}
