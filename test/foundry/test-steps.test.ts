/**
 * The steps a Quench batch has a player's client take (src/core/testing.ts, the maintainer's build
 * only): a query that names a chat message, which the player's client runs only if the active GM
 * authored it, whispered it to that user alone, in a test world with the test queries on; once.
 * Queries are not told who asked, so nothing else could tell the GM's batch from another player.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { stepMessageData } from "../../src/core/testing";
import { ROLES, User } from "../harness/documents";
import { harness } from "../harness/install";
import { onClient, registerPlayerSteps } from "../quench/player";

const { gm, alice, bob } = { get gm() { return harness.users.gm; }, get alice() { return harness.users.alice; }, get bob() { return harness.users.bob; } };
const set = (key: string, value: boolean) => harness.as(harness.users.gm, () => game.settings!.set("factions", key as "testWorld", value));
const asUser = (user: typeof gm) => user as unknown as User.Implementation;

/** `from` posts a step message to `to` and asks `to`'s client to take it; the answer, or the refusal's text. */
async function ask(from: typeof gm, to: typeof gm, data: ChatMessage.CreateData): Promise<unknown> {
  return harness.as(from, async () => {
    const message = await ChatMessage.implementation.create(data);
    return (asUser(to) as unknown as { query(n: string, d: object): Promise<unknown> }).query("factions.test.ping", { message: message!.id }).catch((e: unknown) => String(e));
  });
}

beforeEach(async () => {
  registerPlayerSteps();
  await set("testWorld", true);
  await set("testQueries", true);
});

describe("a player's client takes a batch's step", () => {
  it("from the active GM, whispered to it alone: it runs, as that user", async () => {
    expect(await harness.as(gm, () => onClient(asUser(alice), "ping", {}))).toEqual({ user: alice.id });
    // The step message is gone once answered.
    expect(game.messages!.size).toBe(0);
  });

  it("from another player, or whispered to others too, or from a GM who is not the active one: refused", async () => {
    expect(await ask(bob, alice, stepMessageData(asUser(alice), "ping", {}))).toMatch(/refused: the step message is not the active GM's/);
    expect(await ask(gm, alice, { ...stepMessageData(asUser(alice), "ping", {}), whisper: [alice.id, bob.id] } as ChatMessage.CreateData)).toMatch(/refused: the step message is not whispered to this user alone/);
    expect(await ask(gm, alice, stepMessageData(asUser(alice), "act", {}))).toMatch(/refused: the message holds no such step/);
    const assistant = new User({ _id: "AssistantGM00000", name: "Assistant", role: ROLES.ASSISTANT });
    assistant.active = true;
    harness.game.users.set(assistant.id!, assistant);
    expect(await ask(assistant, alice, stepMessageData(asUser(alice), "ping", {}))).toMatch(/refused: the step message is not the active GM's/);
  });

  it("once: asked again for the same message, by anyone, it answers what it answered and does nothing again", async () => {
    const step = stepMessageData(asUser(alice), "post", { system: { phase: "resolved", formulas: [], ids: [] } });
    const message = await harness.as(gm, () => ChatMessage.implementation.create(step));
    const query = (user: typeof gm) => harness.as(user, () => (asUser(alice) as unknown as { query(n: string, d: object): Promise<unknown> }).query("factions.test.post", { message: message!.id }));
    const cards = () => game.messages!.filter((m) => m.type === "action").length;
    const first = (await query(gm)) as { card: string };
    expect(cards()).toBe(1);
    expect(await query(bob)).toEqual(first);
    expect(cards()).toBe(1);
  });

  it("only in a test world with the test queries on: else no client answers any", async () => {
    await set("testWorld", false);
    await expect(harness.as(gm, () => onClient(asUser(alice), "ping", {}))).rejects.toThrow(/not registered/);
    await set("testWorld", true);
    await set("testQueries", false);
    await expect(harness.as(gm, () => onClient(asUser(alice), "ping", {}))).rejects.toThrow(/not registered/);
  });
});
