/**
 * Issue 27 §3: sides to players in one step. After an Adventure's import the GM's client opens
 * the window that lists each side of the games (a company with its fighters, a realm with its
 * deck, hand and pile, a team's heroes…) and the players; one Confirm gives every side its player.
 * Run again, it moves a side or takes it back. Only a GM hands sides out.
 */
import { describe, expect, it } from "vitest";
import { openSides } from "../../src/core/sides/window";
import { harness } from "../harness/install";
import type { User as HarnessUser } from "../harness/documents";
import { t, warnings } from "../harness/world";
import { actor, importAdventure } from "./adventure-play";

const { as } = harness;
const window_ = () => document.querySelector<HTMLElement>("#factions-sides");

/** The window's rows: each side's name and the player it shows as picked. */
function rows(): { name: string; picked: string; options: string[] }[] {
  return [...window_()!.querySelectorAll<HTMLSelectElement>("select[data-side-row]")].map((s) => ({
    name: s.closest(".form-group")!.querySelector("label")!.firstChild!.textContent!.trim(),
    picked: s.selectedOptions[0]?.textContent?.trim() ?? "",
    options: [...s.options].map((o) => o.textContent!.trim()),
  }));
}

/** Pick `player` for the side named `name`, by the select's value (a user id, "" nobody). */
function pick(name: string, player: HarnessUser | null): void {
  const select = [...window_()!.querySelectorAll<HTMLSelectElement>("select[data-side-row]")].find((s) => s.closest(".form-group")!.querySelector("label")!.textContent!.includes(name))!;
  select.value = player?.id ?? "";
}

async function confirm(): Promise<void> {
  await as(harness.users.gm, async () => {
    window_()!.querySelector<HTMLButtonElement>('[data-action="assign"]')!.click();
    await harness.settle();
  });
}

/** The players who own the document. */
const owners = (doc: Actor.Implementation | Cards.Implementation) =>
  [harness.users.alice, harness.users.bob].filter((u) => doc.testUserPermission(u as unknown as User.Implementation, "OWNER")).map((u) => u.name);

describe("handing out the sides", () => {
  it("opens after a Skirmish Adventure's import; one Confirm gives each company, with its fighters, to its player", async () => {
    const { alice, bob } = harness.users;
    await importAdventure("skirmish");
    expect(window_()).not.toBeNull();
    expect(rows().map((r) => [r.name, r.picked])).toEqual([
      ["Ash Hound Company", t("FACTIONS.Sides.Nobody")],
      ["Grey Wolves Company", t("FACTIONS.Sides.Nobody")],
    ]);
    expect(rows()[0]!.options).toEqual([t("FACTIONS.Sides.Nobody"), t("FACTIONS.Sides.Connected", { name: "Alice" }), t("FACTIONS.Sides.Connected", { name: "Bob" })]);
    pick("Grey Wolves Company", alice);
    pick("Ash Hound Company", bob);
    await confirm();
    for (const name of ["Grey Wolves Company", "Wolf Squad Alpha", "Wolf Squad Bravo", "Sergeant Mara Voss", "Corporal Ilya Fenn", "Bulwark APC"]) expect(owners(actor(name)), name).toEqual(["Alice"]);
    for (const name of ["Ash Hound Company", "Hound Squad Cinder", "Lieutenant Oriel Drax", "Harrow Scout Car"]) expect(owners(actor(name)), name).toEqual(["Bob"]);
    expect(harness.notifications.messages("info")).toContain(t("FACTIONS.Sides.Done", { count: "2" }));
    expect(rows().map((r) => r.picked)).toEqual([t("FACTIONS.Sides.Connected", { name: "Bob" }), t("FACTIONS.Sides.Connected", { name: "Alice" })]);
    expect(warnings()).toEqual([]);
  });

  it("run again, moves a side to another player or gives it back to the GM", async () => {
    const { alice, bob } = harness.users;
    await importAdventure("skirmish");
    pick("Grey Wolves Company", alice);
    await confirm();
    pick("Grey Wolves Company", bob);
    await confirm();
    expect(owners(actor("Wolf Squad Alpha"))).toEqual(["Bob"]);
    pick("Grey Wolves Company", null);
    await confirm();
    expect(owners(actor("Wolf Squad Alpha"))).toEqual([]);
    expect(owners(actor("Grey Wolves Company"))).toEqual([]);
  });

  it("a Battle realm goes with its deck, hand and discard pile; a Rounds team with its heroes", async () => {
    const { alice, bob } = harness.users;
    await importAdventure("battle");
    await as(harness.users.gm, () => openSides());
    await harness.settle();
    const realm = actor("The Kingdom of Harrowmere");
    pick("The Kingdom of Harrowmere", alice);
    await confirm();
    const decks = (realm.system as unknown as { decks: Record<string, string> }).decks;
    expect(Object.values(decks).filter(Boolean)).toHaveLength(3);
    for (const id of Object.values(decks)) expect(owners(game.cards!.get(id)! as Cards.Implementation), id).toEqual(["Alice"]);
    expect(owners(realm)).toEqual(["Alice"]);

    await importAdventure("rounds");
    await harness.settle();
    pick("Skyhawks", bob);
    await confirm();
    const heroes = game.actors!.contents.filter((a) => a.type === "hero");
    for (const h of heroes) expect(owners(h as Actor.Implementation), h.name).toEqual((h.system as unknown as { team: string }).team === "skyhawks" ? ["Bob"] : []);
  });

  it("a side several players own in part is left as it is unless the GM picks someone", async () => {
    const { alice, bob, gm } = harness.users;
    await importAdventure("skirmish");
    await as(gm, async () => {
      await actor("Wolf Squad Alpha").update({ ownership: { [alice.id!]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } });
      await actor("Wolf Squad Bravo").update({ ownership: { [bob.id!]: CONST.DOCUMENT_OWNERSHIP_LEVELS.OWNER } });
    });
    await as(gm, () => openSides());
    await harness.settle();
    const grey = rows().find((r) => r.name === "Grey Wolves Company")!;
    expect(grey.picked).toBe(t("FACTIONS.Sides.Mixed"));
    await confirm();
    expect(owners(actor("Wolf Squad Alpha"))).toEqual(["Alice"]);
    expect(owners(actor("Wolf Squad Bravo"))).toEqual(["Bob"]);
  });

  it("is a GM's: a player's client opens nothing", async () => {
    await as(harness.users.alice, () => openSides());
    expect(window_()).toBeNull();
    expect(game.settings!.menus.get("factions.sides")).toMatchObject({ restricted: true });
  });
});
