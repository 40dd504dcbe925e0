/**
 * Quench batch `factions.core.statuses`: in a live world, the token statuses of a lieutenant and a
 * faction. The GM toggles a lieutenant's statuses as the token HUD does (`toggleStatusEffect`):
 * its condition and hiding follow, one condition at a time; a change of its data moves them back.
 * A faction shows Stealth from its asset, refuses the toggle, and follows the asset. Everything
 * made is deleted afterwards.
 */
import { statusEffectId } from "../../src/core/statuses";
import { defineBatch, until, watchWarnings, type Context, type Assert, type TestThis } from "./support";

type LieutenantData = { condition: string; hiding: number };
const statuses = (actor: Actor.Implementation) => [...actor.statuses].sort().join(",");
const effectIds = (actor: Actor.Implementation) => actor.effects.contents.map((e) => e.id).sort().join(",");
const ids = (...list: string[]) => list.map(statusEffectId).sort().join(",");

export function statusesBatch(context: Context): void {
  defineBatch(context, "token statuses", { rulesets: ["operations", "factionTurn"] }, (batch) => {
    const { describe, it } = context;
    const assert: Assert = batch.assert;

    describe("token statuses", () => {
      it("a lieutenant's HUD toggles set its condition and hiding, and its data sets them back", async () => {
        const lt = batch.made((await Actor.implementation.create({ name: "Quench Lieutenant", type: "lieutenant" } as Actor.CreateData)) as Actor.Implementation);
        const data = () => lt.system as unknown as LieutenantData;
        assert.isTrue((lt.prototypeToken as unknown as { actorLink: boolean }).actorLink);

        await lt.toggleStatusEffect("dinged");
        await until(() => data().condition === "dinged");
        await lt.toggleStatusEffect("damaged");
        await until(() => data().condition === "damaged" && effectIds(lt) === ids("damaged"));
        await lt.toggleStatusEffect("hidden");
        await until(() => data().hiding === 1 && statuses(lt) === "damaged,hidden");

        await lt.update({ "system.condition": "defeated", "system.hiding": 0 } as Actor.UpdateData);
        await until(() => effectIds(lt) === ids("defeated"));
        await lt.toggleStatusEffect("defeated");
        await until(() => data().condition === "fresh" && lt.effects.size === 0);
      });

      it("a faction shows Stealth while its asset has it, and refuses the toggle", async () => {
        const faction = batch.made(
          (await Actor.implementation.create({
            name: "Quench Shadow House",
            type: "faction",
            items: [{ name: "Quench Knives", type: "asset", system: { attribute: "cunning", stealth: true } }],
          } as Actor.CreateData)) as Actor.Implementation,
        );
        // The Stealth status follows the asset asynchronously (the GM's client adds it).
        await until(() => statuses(faction) === "stealth", 5000, "the faction's Stealth status");
        // The refusal is the delete's own pre-hook: told to the GM, and nothing deleted, by the time the toggle returns.
        const warnings = watchWarnings();
        try {
          await faction.toggleStatusEffect("stealth");
        } finally {
          warnings.stop();
        }
        const status = game.i18n!.localize("FACTIONS.FactionTurn.Status.stealth");
        assert.deepEqual(warnings.list, [game.i18n!.format("FACTIONS.FactionTurn.Status.FromAssets", { status, name: faction.name })], "the toggle is refused, saying why");
        assert.equal(effectIds(faction), ids("stealth"), "the refused toggle changed nothing");
        const asset = faction.items.contents[0]!;
        await asset.update({ "system.stealth": false } as Item.UpdateData);
        await until(() => faction.effects.size === 0);
      });

      it("a faction's token on the canvas draws its Stealth icon, and drops it when the asset loses Stealth", async function (this: TestThis) {
        const settings = game.settings as unknown as { settings: Map<string, unknown>; get(ns: string, key: string): unknown };
        if (settings.settings.has("core.noCanvas") && settings.get("core", "noCanvas") === true) this.skip(); // the GM's canvas is off (Core settings)
        const faction = batch.made(
          (await Actor.implementation.create({
            name: "Quench Veiled House",
            type: "faction",
            prototypeToken: { actorLink: true },
            items: [{ name: "Quench Veils", type: "asset", system: { attribute: "cunning", stealth: true } }],
          } as Actor.CreateData)) as Actor.Implementation,
        );
        await until(() => statuses(faction) === "stealth", 5000, "the faction's Stealth status");
        // A scene of the batch's own on the GM's canvas; the GM's own scene is shown again after.
        const shown = canvas?.scene ?? null;
        const scene = batch.made((await Scene.implementation.create({ name: "Quench Veiled Map", width: 1000, height: 800, padding: 0, grid: { size: 100 } } as unknown as Scene.CreateData)) as Scene.Implementation);
        try {
          await scene.view();
          await until(() => !!canvas?.ready && canvas.scene?.id === scene.id, 10_000, "the canvas to show the batch's scene");
          const [token] = (await scene.createEmbeddedDocuments("Token", [{ name: faction.name, actorId: faction.id, actorLink: true, x: 200, y: 200 }] as TokenDocument.CreateData[])) ?? [];
          type Drawn = { effects?: { children: unknown[] } };
          const icons = () => (canvas!.tokens!.get(token!.id!) as unknown as Drawn | undefined)?.effects?.children.length ?? 0;
          await until(() => icons() > 0, 10_000, "the token to draw its Stealth icon");
          await faction.items.contents[0]!.update({ "system.stealth": false } as Item.UpdateData);
          await until(() => icons() === 0, 10_000, "the token to drop its Stealth icon");
        } finally {
          if (shown && game.scenes?.has(shown.id!)) await shown.view();
        }
      });
    });
  });
}
