/**
 * Players see only what they may in the action dialogs: an Operations dialog never lists another
 * organization's hidden units or lieutenants, nor their hiding levels; a Faction Turn attack is
 * offered (and accepted) only against a faction the attacker can see where it attacks.
 */
import { describe, expect, it } from "vitest";
import { performAction } from "../../src/core/actions/pipeline";
import { takeFactionAction } from "../../src/rulesets/faction-turn/actions";
import { ACTIONS } from "../../src/rulesets/faction-turn/rules/context";
import { takeOperationsAction } from "../../src/rulesets/operations/actions";
import { harness } from "../harness/install";
import type { ScriptedDialog } from "../harness/ui";
import { t, warnings } from "../harness/world";
import { CITADEL, IDS, standardWorld } from "./fixtures";
import { OPS_IDS, operationsWorld } from "./operations-fixtures";

/** What a select of a dialog shows: each option's value and text. */
const shown = (dialog: ScriptedDialog, name: string) =>
  Array.from(dialog.form.querySelector<HTMLSelectElement>(`select[name="${name}"]`)!.options).map((o) => `${o.value} ${o.textContent ?? ""}`);

describe("Operations dialogs", () => {
  it("never list another organization's hidden units or lieutenants, nor their hiding levels; your own hidden ones show theirs", async () => {
    const world = await operationsWorld();
    await harness.as(harness.users.gm, async () => {
      await world.blue.updateEmbeddedDocuments("Item", [{ _id: OPS_IDS.guards, "system.hiding": 2 }] as unknown as Item.UpdateData[]);
      await world.mara.update({ "system.hiding": 3 } as Actor.UpdateData);
      await world.red.updateEmbeddedDocuments("Item", [{ _id: OPS_IDS.cutpurses, "system.hiding": 1 }] as unknown as Item.UpdateData[]);
    });
    const seen: Record<string, string[]> = {};
    const look = (action: "surveil" | "steal" | "claim" | "conceal", field: string) => {
      harness.dialogs.next((dialog) => {
        seen[action] = shown(dialog, field);
        return null;
      });
      return harness.as(harness.users.alice, () => takeOperationsAction(world.vex, action));
    };
    await look("surveil", "what");
    await look("steal", "acquire");
    await look("claim", "asset");
    await look("conceal", "what");
    const hiddenLevel = (n: number) => t("FACTIONS.Operations.Dialog.Hidden", { level: n });
    for (const action of ["surveil", "steal", "claim"]) {
      const text = seen[action]!.join("\n");
      expect(text, action).not.toContain(OPS_IDS.guards);
      expect(text, action).not.toContain("Dock Guards");
      expect(text, action).not.toContain(world.mara.uuid);
      expect(text, action).not.toContain(hiddenLevel(2));
      expect(text, action).not.toContain(hiddenLevel(3));
    }
    // Vex's own hidden Cutpurses are listed, with their hiding level.
    expect(seen.conceal!.find((o) => o.startsWith(`unit:${OPS_IDS.cutpurses}`))).toContain(hiddenLevel(1));
    expect(warnings()).toEqual([]);
  });
});

describe("a Faction Turn attack", () => {
  it("is offered and accepted only against a faction the attacker sees there: an asset only there in Stealth does not count", async () => {
    const world = await standardWorld();
    // The Dock Guards leave: at the Docks the Blue Lotus has only its Shadow Knives, in Stealth.
    await harness.as(harness.users.gm, () => world.blue.updateEmbeddedDocuments("Item", [{ _id: IDS.guards, "system.location": CITADEL }] as unknown as Item.UpdateData[]));
    await harness.as(harness.users.alice, () => takeFactionAction(world.red, "attack"));
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.FactionTurn.Dialog.NoTargets")]);
    harness.notifications.clear();
    const card = await harness.as(harness.users.alice, () => performAction(ACTIONS.attack, world.red, { faction: world.red.uuid, target: world.blue.uuid, attackers: [IDS.thugs] }));
    expect(card).toBeNull();
    expect(warnings(harness.users.alice)).toEqual([t("FACTIONS.FactionTurn.Reject.NoTargetThere", { asset: "Thugs", target: "Blue Lotus" })]);
  });
});
