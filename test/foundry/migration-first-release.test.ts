/**
 * A world saved by the first release (test/fixtures/saved-world-first.json.gz): each card kept its
 * own applied or undone record, the chronicle was the world setting `factions.chronicle`, and the
 * GM deleted a third of the cards from the chat log. It opens in this release with nothing lost:
 * every card's record and every chronicle line, undo where the card still says what it wrote.
 */
import { describe, expect, it } from "vitest";
import { undoMessage, type ActionMessage } from "../../src/core/actions/pipeline";
import { api } from "../../src/core/api";
import type { LegacyEntry } from "../../src/core/migrations/records";
import { gmRecord } from "./record-fixtures";
import type { Change } from "../../src/core/rules/changes";
import { harness } from "../harness/install";
import { t } from "../harness/world";
import { openMigratedWorld, savedFirst } from "./migration-fixtures";
import { whatReaches } from "./secret-fixtures";

interface FirstCard {
  _id: string;
  type: string;
  whisper: string[];
  system: { action: string; status: string; applied: Change[]; secrets: { actor: string; names: string[] }[] };
}

const chronicle = savedFirst.settings["factions.chronicle"] as LegacyEntry[];
const cards = (savedFirst.messages as FirstCard[]).filter((m) => m.type === "action");
const deleted = new Set(savedFirst.notes.deletedCards as string[]);
const open = () => openMigratedWorld({ world: savedFirst });
const asGM = <T>(fn: () => T) => harness.as(harness.users.gm, fn);

describe("a world saved by the first release", () => {
  it("keeps each card's own record, exactly, and every chronicle line, its card deleted or not", async () => {
    expect(chronicle.filter((e) => deleted.has(e.id)).length).toBeGreaterThan(0);
    await open();
    for (const card of cards) {
      const record = await gmRecord(card._id);
      if (card.system.status === "awaiting" || card.system.status === "resolved") continue;
      expect(record?.status, card._id).toBe(card.system.status);
      expect(record!.changes).toEqual(card.system.applied);
    }
    const lines = new Map((await asGM(() => api.chronicle.entries())).map((e) => [e.id, e]));
    for (const entry of chronicle) {
      expect(lines.get(entry.id), entry.id).toMatchObject({ status: entry.status, round: entry.round, actorName: entry.actorName, log: entry.log });
    }
    expect(game.settings!.get("factions", "chronicle")).toEqual([]);
  });

  it("gives players the lines of deleted cards only where the action could hide nothing; answered cards say so", async () => {
    await open();
    const alice = new Set((await harness.as(harness.users.alice, () => api.chronicle.entries())).map((e) => e.id));
    const gone = chronicle.filter((e) => deleted.has(e.id));
    // A battle or a round's start hides nothing; a Faction Turn action may name Stealth assets, a Steal go unnoticed.
    const everyones = gone.filter((e) => e.action.startsWith("battle.") || e.action === "operations.startRound");
    const hiding = gone.filter((e) => e.action.startsWith("faction-turn.") || e.action === "operations.steal");
    expect(everyones.length && hiding.length).toBeGreaterThan(0);
    for (const e of everyones) expect(alice.has(e.id), e.action).toBe(true);
    for (const e of hiding) expect(alice.has(e.id), e.action).toBe(false);
    const answered = cards.find((c) => c.system.status === "answered")!;
    const html = await harness.as(harness.users.bob, () => (game.messages!.get(answered._id) as ActionMessage).renderHTML());
    expect(html.textContent).toContain(t("FACTIONS.Card.Answered"));
  });

  it("undoes, after the migration, the last card of each ruleset from what the card said it wrote", async () => {
    await open();
    for (const ruleset of ["faction-turn", "operations", "battle"]) {
      const last = cards.filter((c) => c.system.status === "applied" && c.system.action.startsWith(`${ruleset}.`) && c.system.applied.length).at(-1)!;
      expect(await asGM(() => undoMessage(game.messages!.get(last._id) as ActionMessage)), last.system.action).toBe(true);
      expect((await gmRecord(last._id))?.status).toBe("undone");
    }
  });

  it("lets no player read another's unnoticed card or Stealth names", async () => {
    await open();
    const unnoticed = cards.filter((c) => c.whisper.length);
    expect(unnoticed.length).toBeGreaterThan(0);
    const bob = await whatReaches(harness.users.bob);
    for (const card of unnoticed.filter((c) => !c.whisper.includes(harness.users.bob.id!))) expect(bob).not.toContain(card._id);
    // Bob's Stealth names, secret on every card that names them, never reach Alice (the cards hold them
    // masked now) but in the assets themselves, which Foundry sends every client.
    const bobs = (actor: string) => !!game.actors!.get(actor.replace(/^Actor\./, ""))?.testUserPermission(harness.users.bob as unknown as User.Implementation, "OWNER");
    const secret = new Set(cards.flatMap((c) => c.system.secrets.filter((s) => bobs(s.actor)).flatMap((s) => s.names)));
    for (const c of cards) {
      const hidden = new Set(c.system.secrets.flatMap((s) => s.names));
      for (const name of secret) if (!hidden.has(name) && JSON.stringify(c.system).includes(name)) secret.delete(name);
    }
    expect(secret.size).toBeGreaterThan(0);
    const alice = await whatReaches(harness.users.alice, { besides: [...secret] });
    for (const name of secret) expect(alice, name).not.toContain(name);
  });
});
