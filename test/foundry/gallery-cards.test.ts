/**
 * The gallery's Skirmish attack cards, drawn by the system itself: the Skirmish Adventure imported,
 * Wolf Squad Alpha (Alice's) fires at Hound Squad Cinder (Bob's) and reaches its number, Wolf Squad
 * Bravo (Alice's too) falls short of its own, the outcomes taken (the GM's ruling after the miss), and each card's context as the GM and as Cinder's owner see it.
 * The gallery shows test/gallery/fixtures/cards/skirmish-attack.json; this test fails while that file
 * differs from what the system draws, so a sample cannot hide what a card does.
 * `UPDATE_GALLERY_CARDS=1 npx vitest run test/foundry/gallery-cards.test.ts` writes it again.
 */
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { performAction, type ActionMessage } from "../../src/core/actions/pipeline";
import { actionCardContext } from "../../src/core/chat/render";
import { ACTIONS } from "../../src/rulesets/skirmish/rules";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { lastCard, renderCardAs, warnings } from "../harness/world";
import { actor, beginOnRidge, give, importAdventure } from "./adventure-play";

const FILE = path.resolve(__dirname, "../gallery/fixtures/cards/skirmish-attack.json");
const { as } = harness;

/** The card as `user`'s client draws it (after any answer it waited for). */
async function seen(user: User, card: ActionMessage): Promise<unknown> {
  await renderCardAs(user, card);
  return as(user, () => actionCardContext(card, user as unknown as User.Implementation));
}

/** Click an outcome on the attack's card as `user`: the card it posted. */
async function take(user: User, card: ActionMessage, step: string, member?: string): Promise<ActionMessage> {
  const html = await renderCardAs(user, card);
  if (member) harness.dialogs.next({ skirmishMember: member });
  await as(user, async () => {
    html.querySelector<HTMLButtonElement>(`button[data-action="followUp"][data-step="${step}"]`)!.click();
    await harness.settle();
  });
  return lastCard();
}

async function play(): Promise<Record<string, unknown>> {
  await importAdventure("skirmish");
  const { alice, bob, gm } = harness.users;
  const [alpha, bravo, cinder] = ["Wolf Squad Alpha", "Wolf Squad Bravo", "Hound Squad Cinder"].map(actor);
  await give(alice, alpha!, bravo!);
  await give(bob, cinder!);
  const ridge = game.scenes!.getName("Skirmish: The Ridge Road") as Scene.Implementation;
  await beginOnRidge(ridge);
  const target = ridge.tokens.find((t) => t.actorId === cinder!.id)!.uuid;
  const fire = async (shooter: Actor.Implementation, weapon: string, face: number) => {
    harness.dice.force(face);
    const weapons = [shooter.items.getName(weapon)!.id!];
    const card = await as(alice, () => performAction(ACTIONS.attack, shooter, { actor: shooter.uuid, weapons, target }));
    await harness.settle();
    return card!;
  };
  const reached = await fire(alpha!, "Assault rifles", 7);
  const cards: Record<string, unknown> = { reachedGm: await seen(gm, reached), reachedOwner: await seen(bob, reached) };
  cards.member = await seen(bob, await take(bob, reached, "memberInjured", "cinder2"));
  cards.morale = await seen(bob, await take(gm, reached, "moraleDown"));
  const short = await fire(bravo!, "Carbines", 2);
  cards.shortGm = await seen(gm, short);
  cards.shortOwner = await seen(bob, short);
  cards.ruling = await seen(bob, await take(gm, short, "moraleDown"));
  expect(warnings()).toEqual([]);
  return cards;
}

it("the gallery's Skirmish attack cards are what the system draws", async () => {
  const cards = JSON.parse(JSON.stringify(await play())) as unknown;
  if (process.env.UPDATE_GALLERY_CARDS === "1") fs.writeFileSync(FILE, `${JSON.stringify(cards, null, 2)}\n`);
  expect(JSON.parse(fs.readFileSync(FILE, "utf8"))).toEqual(cards);
});
