/**
 * The sample Operations actors imported one at a time from their compendium (a new id each, so
 * their links to one another point nowhere): every sheet still renders whole, naming what is not
 * in the world instead of showing its raw reference, and a lieutenant without its organization
 * says so when asked to act, changing nothing.
 */
import { describe, expect, it } from "vitest";
import { takeOperationsAction } from "../../src/rulesets/operations/actions";
import { harness } from "../harness/install";
import type { ClientDocument } from "../harness/documents";
import { snapshot, t, warnings } from "../harness/world";

const PACK = "operations-actors";

/** Import one compendium actor as the GM does from the compendium (no Keep IDs). */
async function importAlone(doc: ClientDocument): Promise<Actor.Implementation> {
  return harness.as(harness.users.gm, async () => {
    const data = game.actors!.fromCompendium(doc as unknown as Actor.Implementation);
    return (await Actor.implementation.create(data as Actor.CreateData)) as Actor.Implementation;
  });
}

async function renderedText(actor: Actor.Implementation): Promise<string> {
  const sheet = (await harness.as(harness.users.gm, () => actor.sheet)) as unknown as { element: HTMLElement; render(o: object): Promise<unknown>; close(): Promise<unknown> };
  await harness.as(harness.users.gm, () => sheet.render({ force: true }));
  const text = sheet.element.textContent ?? "";
  await sheet.close();
  return text;
}

describe("the sample Operations actors imported one at a time", () => {
  it("each renders its sheet whole: what is not in the world is named so, never shown as a raw reference", async () => {
    const pack = harness.loadPack(PACK);
    const said: string[] = [];
    for (const doc of pack.contents) {
      const actor = await importAlone(doc);
      expect(actor.id).not.toBe(doc.id);
      const text = await renderedText(actor);
      expect(text, doc.name).not.toMatch(/Actor\.[A-Za-z0-9]{16}/);
      expect(text, doc.name).not.toMatch(/FACTIONS\.[A-Z]/);
      if (text.includes(t("FACTIONS.Operations.Sheet.NoOrganization"))) said.push(`${doc.name}: no organization`);
      if (text.includes(t("FACTIONS.Operations.Sheet.NotInWorld"))) said.push(`${doc.name}: a standing not in this world`);
      await harness.as(harness.users.gm, () => actor.delete());
    }
    // Each lieutenant's organization is missing (its select offers none and names the one it had as not in
    // this world), and so is the Gilded Council the other two court.
    const lieutenants = ["Brother Tamsin Oakes", "Captain Rurik Hale", "Corvin Ash", "Little Pim", "Magistra Elowen Vask", "Mags Threadneedle"];
    expect(said).toEqual([
      ...lieutenants.flatMap((name) => [`${name}: no organization`, `${name}: a standing not in this world`]),
      "The College of the Quiet Star: a standing not in this world",
      "The Lantern Street Syndicate: a standing not in this world",
    ]);
    expect(harness.leftovers()).toEqual([]);
  });

  it("a lieutenant without its organization says so when asked to act, and nothing changes", async () => {
    const pack = harness.loadPack(PACK);
    const mags = await importAlone(pack.contents.find((d) => d.name === "Mags Threadneedle")!);
    const before = snapshot();
    await harness.as(harness.users.gm, () => takeOperationsAction(mags, "gainInfluence"));
    expect(warnings()).toEqual([t("FACTIONS.Operations.Reject.NoOrganizationHere", { lieutenant: "Mags Threadneedle" })]);
    expect(snapshot()).toEqual(before);
    expect(harness.dialogs.shown).toHaveLength(0);
  });
});
