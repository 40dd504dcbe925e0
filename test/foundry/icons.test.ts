/**
 * Icons from Foundry's core set: a new actor or item of every type gets its type's image (never the
 * default silhouette or bag), and every action's chat card shows its action's image beside the
 * acting actor's own (a card of no one actor, an encounter's round, shows its action's image in
 * both places). Every pack document of the five rulesets has a core icon of its own.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BATTLE_DEFINITIONS } from "../../src/rulesets/battle/actions";
import { FACTION_TURN_DEFINITIONS } from "../../src/rulesets/faction-turn/actions";
import { OPERATIONS_DEFINITIONS } from "../../src/rulesets/operations/actions";
import { ROUNDS_DEFINITIONS } from "../../src/rulesets/rounds/actions/definitions";
import { skirmishDefinitions } from "../../src/rulesets/skirmish/actions";
import { SKIRMISH_ACTION_IMAGES } from "../../src/rulesets/skirmish/images";
import { battle } from "../../src/rulesets/battle";
import { factionTurn } from "../../src/rulesets/faction-turn";
import { operations } from "../../src/rulesets/operations";
import { rounds } from "../../src/rulesets/rounds";
import { skirmish } from "../../src/rulesets/skirmish";
import { ROOT } from "../harness/handlebars";
import { harness } from "../harness/install";
import { lastCard, renderCardAs } from "../harness/world";
import { expectCoreIcon } from "../packs/icons";
import { standardWorld } from "./fixtures";
import { encounter } from "./skirmish-fixtures";

async function created(doc: "Actor" | "Item", type: string, data: Record<string, unknown> = {}) {
  const cls = doc === "Actor" ? Actor.implementation : Item.implementation;
  return harness.as(harness.users.gm, () => cls.create({ name: `A new ${type}`, type, ...data } as never));
}

const RULESETS = [factionTurn, operations, battle, skirmish, rounds];

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
    const all = [...FACTION_TURN_DEFINITIONS, ...OPERATIONS_DEFINITIONS, ...BATTLE_DEFINITIONS, ...skirmishDefinitions(), ...ROUNDS_DEFINITIONS];
    for (const def of all) expectCoreIcon(def.img, def.id);
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

  it("a card of no one actor (Skirmish's round going forward) shows its action's image and no actor line, so no silhouette", async () => {
    const w = await encounter();
    await harness.as(harness.users.gm, () => w.combat.nextRound());
    await harness.settle();
    const card = lastCard();
    expect(card.system.actor).toBe("");
    const html = await renderCardAs(harness.users.gm, card);
    expect(html.querySelector(".factions-card-img")!.getAttribute("src")).toBe(SKIRMISH_ACTION_IMAGES.advanceRound);
    expect(html.querySelector(".factions-card-actor")).toBeNull();
    expect(html.innerHTML).not.toContain("mystery-man");
  });
});

/** A ruleset's packs are named after it: `faction-turn-assets`, `skirmish-actors`. */
const packPrefix = (id: string) => `${id.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}-`;

/**
 * Every image a pack source names (a document's, an embedded item's, a table result's, a token's
 * texture, a scene's background map), with where.
 */
function packImages(): { where: string; img: unknown; map: boolean }[] {
  const out: { where: string; img: unknown; map: boolean }[] = [];
  const walk = (node: unknown, where: string, map = false) => {
    if (Array.isArray(node)) return node.forEach((n) => walk(n, where));
    if (!node || typeof node !== "object") return;
    const o = node as Record<string, unknown>;
    const here = typeof o.name === "string" ? `${where} / ${o.name}` : where;
    for (const [key, value] of Object.entries(o)) {
      if ((key === "img" || key === "src") && typeof value === "string") out.push({ where: `${here} (${key})`, img: value, map });
      else walk(value, here, key === "background");
    }
  };
  for (const pack of fs.readdirSync(path.join(ROOT, "packs"))) {
    if (!RULESETS.some((r) => pack.startsWith(packPrefix(r.id)))) continue;
    for (const file of fs.readdirSync(path.join(ROOT, "packs", pack)).filter((f) => f.endsWith(".json"))) {
      walk(JSON.parse(fs.readFileSync(path.join(ROOT, "packs", pack, file), "utf8")), `${pack}/${file}`);
    }
  }
  return out;
}

describe("pack images", () => {
  it("every image in every ruleset's packs is one of Foundry's core icons, never the default silhouette or bag (a scene's map: one of the system's own)", () => {
    const images = packImages();
    for (const r of RULESETS) expect(images.some((i) => i.where.startsWith(packPrefix(r.id))), r.id).toBe(true);
    for (const { where, img, map } of images) {
      if (!map) expectCoreIcon(img, where);
      else expect(fs.existsSync(path.join(ROOT, String(img).replace(/^systems\/factions\//, ""))) && /^systems\/factions\/assets\/maps\/[a-z-]+\.svg$/.test(String(img)), `${where}: ${String(img)}`).toBe(true);
    }
  });
});
