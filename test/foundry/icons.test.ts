/**
 * Icons from Foundry's core set: a new actor or item of every type gets its type's image (never the
 * default silhouette or bag), and every action's chat card shows its action's image beside the
 * acting actor's own. For the rulesets listed here (each ruleset joins with its types and actions).
 */
import { describe, expect, it } from "vitest";
import { BATTLE_DEFINITIONS } from "../../src/rulesets/battle/actions";
import { FACTION_TURN_DEFINITIONS } from "../../src/rulesets/faction-turn/actions";
import { OPERATIONS_DEFINITIONS } from "../../src/rulesets/operations/actions";
import { battle } from "../../src/rulesets/battle";
import { factionTurn } from "../../src/rulesets/faction-turn";
import { operations } from "../../src/rulesets/operations";
import { harness } from "../harness/install";
import { lastCard, renderCardAs } from "../harness/world";
import { expectCoreIcon } from "../packs/icons";
import { standardWorld } from "./fixtures";

async function created(doc: "Actor" | "Item", type: string, data: Record<string, unknown> = {}) {
  const cls = doc === "Actor" ? Actor.implementation : Item.implementation;
  return harness.as(harness.users.gm, () => cls.create({ name: `A new ${type}`, type, ...data } as never));
}

const RULESETS = [factionTurn, operations, battle];

describe("default images", () => {
  for (const doc of ["Actor", "Item"] as const) {
    it(`a new ${doc} of every type gets its type's core icon`, async () => {
      const images = new Map<string, string>();
      for (const type of RULESETS.flatMap((r) => Object.keys(doc === "Actor" ? r.actorTypes : r.itemTypes))) {
        const made = (await created(doc, type)) as { img: string } | undefined;
        expectCoreIcon(made?.img, `${doc}.${type}`);
        images.set(type, made!.img);
      }
      // Each type has a fitting image of its own.
      expect(new Set(images.values()).size, [...images].join(", ")).toBe(images.size);
    });
  }

  it("keeps an image given at creation", async () => {
    const faction = (await created("Actor", "faction", { img: "icons/svg/sun.svg" })) as { img: string };
    expect(faction.img).toBe("icons/svg/sun.svg");
  });
});

describe("action images", () => {
  it("every action of every ruleset has an image from Foundry's core icons", () => {
    for (const def of [...FACTION_TURN_DEFINITIONS, ...OPERATIONS_DEFINITIONS, ...BATTLE_DEFINITIONS]) expectCoreIcon(def.img, def.id);
  });

  it("a card shows its action's image, and the acting actor's own beside its name", async () => {
    const { red } = await standardWorld();
    const { alice } = harness.users;
    const { performAction } = await import("../../src/core/actions/pipeline");
    await harness.as(alice, () => performAction("faction-turn.end", red, { faction: red.uuid }));
    const html = await renderCardAs(alice, lastCard());
    const end = FACTION_TURN_DEFINITIONS.find((d) => d.id === "faction-turn.end")!;
    expect(html.querySelector(".factions-card-img")!.getAttribute("src")).toBe(end.img);
    expect(html.querySelector(".factions-card-actor-img")!.getAttribute("src")).toBe(red.img);
  });
});
