/**
 * Issue 27 §2: a fresh world greets the GM. On the world's first start with the system (no schema
 * version recorded yet) a GM's client opens the welcome journal, which links the five Adventures;
 * the next start does not; Game Settings → Factions → "Welcome to Factions" opens it again. A
 * player is never greeted.
 */
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/core/migrations";
import { startClient } from "../../src/core/start";
import { WELCOME_UUID } from "../../src/core/welcome";
import { ADVENTURE_PACK, WELCOME_PACK } from "../../tools/adventures";
import { harness } from "../harness/install";
import type { User } from "../harness/documents";
import { t, warnings } from "../harness/world";

const { as } = harness;

/** Foundry's "ready" on `user`'s client, as at a world's start. */
async function start(user: User): Promise<void> {
  await as(user, async () => {
    await startClient();
    await harness.settle();
  });
}

describe("the welcome", () => {
  it("the system's welcome journal is where the code looks, and links each of the five Adventures", async () => {
    const entry = await fromUuid(WELCOME_UUID);
    expect(entry?.documentName).toBe("JournalEntry");
    expect(WELCOME_UUID.split(".")[2]).toBe(WELCOME_PACK);
    const text = JSON.stringify((entry as JournalEntry).pages.contents.map((p) => p._source));
    const adventures = [...harness.game.packs.get(`factions.${ADVENTURE_PACK}`)!.index.keys()];
    expect(adventures).toHaveLength(5);
    for (const id of adventures) expect(text).toContain(`Compendium.factions.${ADVENTURE_PACK}.Adventure.${id}`);
  });

  it("a fresh world's first start opens the welcome journal on the GM's client, once; a player sees none", async () => {
    const { alice, gm } = harness.users;
    expect(game.settings!.get("factions", "schemaVersion")).toBe(0);
    await start(alice);
    expect(document.querySelectorAll(".journal-sheet")).toHaveLength(0);
    await start(gm);
    const open = [...document.querySelectorAll<HTMLElement>(".journal-sheet")];
    expect(open).toHaveLength(1);
    expect(open[0]!.querySelector(".journal-entry-content h1")?.textContent).toBe("Welcome to Factions");
    expect(game.settings!.get("factions", "schemaVersion")).toBe(SCHEMA_VERSION);
    open[0]!.remove();
    await start(gm);
    expect(document.querySelectorAll(".journal-sheet")).toHaveLength(0);
    expect(warnings()).toEqual([]);
  });

  it("a world that ran the system before is not greeted", async () => {
    const { gm } = harness.users;
    await as(gm, () => game.settings!.set("factions", "schemaVersion", 1));
    await start(gm);
    expect(document.querySelectorAll(".journal-sheet")).toHaveLength(0);
  });

  it("Game Settings → Factions → Welcome to Factions opens it again, the GM's only", async () => {
    const { gm } = harness.users;
    const menu = game.settings!.menus.get("factions.welcome")!;
    expect(menu).toMatchObject({ restricted: true, name: "FACTIONS.Welcome.Menu.name", label: "FACTIONS.Welcome.Menu.label" });
    await as(gm, async () => {
      await new menu.type().render(true);
    });
    expect([...document.querySelectorAll(".journal-entry-content h1")].map((h) => h.textContent)).toEqual(["Welcome to Factions"]);
  });

  it("a welcome journal gone from the compendium says so and opens nothing", async () => {
    const { gm } = harness.users;
    const pack = harness.game.packs.get(`factions.${WELCOME_PACK}`)!;
    const id = WELCOME_UUID.split(".").pop()!;
    const saved = pack.stored.get(id)!;
    pack.stored.delete(id);
    try {
      await as(gm, async () => {
        await new (game.settings!.menus.get("factions.welcome")!.type)().render(true);
      });
      expect(warnings(gm)).toEqual([t("FACTIONS.Welcome.Missing")]);
      expect(document.querySelectorAll(".journal-sheet")).toHaveLength(0);
    } finally {
      pack.stored.set(id, saved);
    }
  });
});
