/** RULES §1: the rulesets in play are a world setting; a ruleset that is off offers no new documents. */
import { describe, expect, it } from "vitest";
import { harness } from "../harness/install";
import { t, warnings } from "../harness/world";

describe("rulesets in play", () => {
  it("refuses to create actors and items of a ruleset that is off, with a message, and allows the others", async () => {
    const { gm } = harness.users;
    await harness.as(gm, () => game.settings!.set("factions", "ruleset.battle", false));
    const realm = await harness.as(gm, () => Actor.create({ name: "Harrowmere", type: "realm" } as Actor.CreateData));
    const tower = await harness.as(gm, () => Item.create({ name: "Guard Tower", type: "fortification" } as Item.CreateData));
    expect(realm ?? null).toBeNull();
    expect(tower ?? null).toBeNull();
    expect(game.actors!.size).toBe(0);
    expect(warnings(gm)).toEqual([
      t("FACTIONS.Settings.ruleset.off", { ruleset: t("FACTIONS.Ruleset.battle") }),
      t("FACTIONS.Settings.ruleset.off", { ruleset: t("FACTIONS.Ruleset.battle") }),
    ]);
    const faction = await harness.as(gm, () => Actor.create({ name: "Red Hand", type: "faction" } as Actor.CreateData));
    expect(faction?.type).toBe("faction");
  });

  it("are all in play by default", () => {
    const ids = ["factionTurn", "operations", "battle", "skirmish", "rounds"] as const;
    for (const id of ids) expect(game.settings!.get("factions", `ruleset.${id}`)).toBe(true);
  });

  it("leaves the types of a ruleset that is off out of a create dialog's type list", async () => {
    await harness.as(harness.users.gm, () => game.settings!.set("factions", "ruleset.battle", false));
    const element = document.createElement("div");
    element.innerHTML = `<form><select name="type"><option value="faction">Faction</option><option value="realm">Realm</option><option value="organization">Organization</option></select></form>`;
    const dialog = new foundry.applications.api.DialogV2({ buttons: [{ action: "ok", label: "OK" }] });
    const options = { force: true, isFirstRender: true, position: {}, window: {}, parts: [], tab: "" };
    Hooks.callAll("renderDialogV2", dialog, element, {}, options as unknown as foundry.applications.api.ApplicationV2.RenderOptions);
    expect([...element.querySelectorAll("option")].map((o) => o.value)).toEqual(["faction", "organization"]);
  });
});
