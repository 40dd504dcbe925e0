/**
 * Checks the Rounds compendium sources (packs/rounds-*): every `system` field of heroes, loot and
 * abilities; six heroes a team, all off the map, so the 2-2-2 schedule shows; abilities for every
 * tag and at least two triggers; the battlefield's adventure spaces (Regions with the system's
 * behavior, inside the scene); and the rules journal.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isFormula } from "../../src/core/rules/formula";
import { ABILITY_TAGS, ABILITY_TIMINGS, STEPS, TEAMS, waveSchedule, type AbilitySystem, type HeroSystem, type LootSystem } from "../../src/rulesets/rounds/rules";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Doc {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  img?: string;
  system?: Record<string, unknown>;
  items?: Doc[];
  pages?: { name: string; text: { content: string } }[];
  width?: number;
  height?: number;
  padding?: number;
  grid?: { size: number };
  regions?: { _id: string; _key: string; name: string; shapes: { type: string; x: number; y: number; width: number; height: number }[]; behaviors: (Doc & { disabled: boolean })[] }[];
}

const load = (name: string): Doc[] =>
  readdirSync(join(ROOT, "packs", name))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(ROOT, "packs", name, f), "utf8")) as Doc);

const HERO_KEYS = Object.keys({ team: 0, onMap: 0, entered: 0, used: 0, shootFormula: 0, meleeFormula: 0, outcomes: 0 } satisfies Record<keyof HeroSystem, 0>);
const LOOT_KEYS = Object.keys({ description: 0 } satisfies Record<keyof LootSystem, 0>);
const ABILITY_KEYS = Object.keys({ timing: 0, step: 0, text: 0, formula: 0 } satisfies Record<keyof AbilitySystem, 0>);

function itemProblems(doc: Doc): string[] {
  const s = doc.system ?? {};
  const p: string[] = [];
  if (doc.type === "loot") {
    if (JSON.stringify(Object.keys(s).sort()) !== JSON.stringify(LOOT_KEYS)) p.push(`keys ${Object.keys(s).join(",")}`);
    if (typeof s.description !== "string" || !s.description.startsWith("<p>")) p.push("description");
  } else if (doc.type === "ability") {
    if (JSON.stringify(Object.keys(s).sort()) !== JSON.stringify([...ABILITY_KEYS].sort())) p.push(`keys ${Object.keys(s).join(",")}`);
    if (!(ABILITY_TIMINGS as readonly unknown[]).includes(s.timing)) p.push(`timing ${String(s.timing)}`);
    if (!(STEPS as readonly unknown[]).includes(s.step)) p.push(`step ${String(s.step)}`);
    if (typeof s.text !== "string" || s.text.length < 10) p.push("text");
    if (typeof s.formula !== "string" || (s.formula !== "" && !isFormula(s.formula))) p.push(`formula ${String(s.formula)}`);
  } else p.push(`type ${String(doc.type)}`);
  return p;
}

describe("Rounds compendium sources", () => {
  const heroes = load("rounds-heroes");
  const abilities = load("rounds-abilities");

  it("give six heroes to each team, all off the map with nothing used, so the waves are 2, 2, 2", () => {
    for (const team of TEAMS) expect(heroes.filter((h) => h.system?.team === team)).toHaveLength(6);
    for (const h of heroes) {
      expect(h.type, h.name).toBe("hero");
      expect(Object.keys(h.system ?? {}).sort(), h.name).toEqual([...HERO_KEYS, "description"].sort());
      expect(h.system, h.name).toMatchObject({ onMap: false, entered: 0, used: [] });
      expect((h as unknown as { prototypeToken: { actorLink: boolean } }).prototypeToken.actorLink, h.name).toBe(true);
      for (const item of h.items ?? []) {
        expect(itemProblems(item), `${h.name}: ${item.name}`).toEqual([]);
        expect(item._key, `${h.name}: ${item.name}`).toBe(`!actors.items!${h._id}.${item._id}`);
      }
    }
    expect(waveSchedule(6, 3)).toEqual([2, 2, 2]);
  });

  it("give every hero a Shoot and a Melee formula, and abilities that add to them (issue 18)", () => {
    for (const h of heroes) {
      const s = h.system as unknown as HeroSystem;
      expect(isFormula(s.shootFormula), `${h.name} shoot ${s.shootFormula}`).toBe(true);
      expect(isFormula(s.meleeFormula), `${h.name} melee ${s.meleeFormula}`).toBe(true);
      expect(s.outcomes, h.name).toEqual([]);
    }
    // Quick Shot (Action), Overwatch (Reaction) and Cleave (Melee) are taken with a Shoot or a Melee, and say so.
    const uses = (name: string, act: string, timing: string) => {
      const a = abilities.find((x) => x.name === name)!.system as unknown as AbilitySystem;
      expect(a.timing, name).toBe(timing);
      expect(isFormula(a.formula), name).toBe(true);
      expect(a.text, name).toContain(`own ${act}`);
    };
    uses("Quick Shot", "Shoot", "action");
    uses("Overwatch", "Shoot", "reaction");
    uses("Cleave", "Melee", "melee");
    // The copies the heroes carry say the same as the pack's.
    for (const h of heroes) {
      for (const item of h.items ?? []) {
        const pack = abilities.find((a) => a.name === item.name);
        if (pack) expect(item.system, `${h.name}: ${item.name}`).toEqual(pack.system);
      }
    }
  });

  it("have loot, and abilities for every tag and at least two interstep triggers, each valid", () => {
    const loot = load("rounds-loot");
    expect(loot.length).toBeGreaterThanOrEqual(5);
    for (const doc of [...loot, ...abilities]) expect(itemProblems(doc), doc.name).toEqual([]);
    const timings = abilities.map((a) => (a.system as unknown as AbilitySystem).timing);
    for (const tag of ABILITY_TAGS) expect(timings, tag).toContain(tag);
    expect(abilities.filter((a) => ["start", "end"].includes((a.system as unknown as AbilitySystem).timing)).length).toBeGreaterThanOrEqual(2);
    expect(new Set(abilities.filter((a) => ["start", "end"].includes((a.system as unknown as AbilitySystem).timing)).map((a) => (a.system as unknown as AbilitySystem).timing))).toEqual(new Set(["start", "end"]));
  });

  it("have a battlefield whose adventure spaces are Regions with the system's behavior, inside the scene", () => {
    const [scene, ...rest] = load("rounds-scenes");
    expect(rest).toEqual([]);
    expect(scene!.regions!.length).toBeGreaterThanOrEqual(2);
    const size = scene!.grid!.size;
    expect(scene!.padding).toBe(0);
    for (const region of scene!.regions!) {
      expect(region._key).toBe(`!scenes.regions!${scene!._id}.${region._id}`);
      expect(region.behaviors.map((b) => [b.type, b.disabled, b._key])).toEqual([["factions.adventure", false, `!scenes.regions.behaviors!${scene!._id}.${region._id}.${region.behaviors[0]!._id}`]]);
      expect((region.behaviors[0]!.system as { text: string }).text.length).toBeGreaterThan(20);
      for (const shape of region.shapes) {
        expect(shape.x % size + shape.y % size + shape.width % size + shape.height % size, region.name).toBe(0);
        expect(shape.x + shape.width <= scene!.width! && shape.y + shape.height <= scene!.height!, region.name).toBe(true);
      }
    }
  });

  it("have a rules journal covering the turn, who may act, waves, interstep events and the tracker", () => {
    const [journal] = load("rounds-rules");
    const text = journal!.pages!.map((p) => p.text.content).join("\n");
    for (const words of ["Free", "Action", "Reaction", "Melee", "Adventure", "Reinforce", "Skyhawks", "Psiclones", "a third", "start of", "end of", "Next Step", "adventure space", "GM"]) {
      expect(text, words).toContain(words);
    }
    for (const page of journal!.pages!) expect(page.text.content.length, page.name).toBeGreaterThan(200);
  });
});
