/**
 * The Battle pack sources (packs/battle-*): every document's `system` has exactly the fields of
 * the rules' state (plus `description`), in range; the seed's cards carry the seed's numbers; the
 * starter set is big enough for two realms; the sample realms are consistent and can fight each
 * other; the decks hold playable character cards; the rules journal covers the rules.
 * (Ids, keys, file names and common fields are checked for every pack in sources.test.ts.)
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ITEM_TYPES,
  RESOURCES,
  builtAtMatches,
  canMake,
  hasCitadel,
  kindOfType,
  missingRequirement,
  parseCost,
  parseRange,
  parseStats,
  parseUnitLine,
  resolveBattle,
  type BattleState,
  type BuildingSystem,
  type CharacterCard,
  type CharacterSystem,
  type FortificationSystem,
  type ItemKind,
  type LocationSystem,
  type RealmItem,
  type RealmState,
  type RealmSystem,
  type Resources,
  type TechnologySystem,
  type UnitSpec,
  type UnitSystem,
} from "../../src/rulesets/battle/rules";
import { expectCoreIcon } from "./icons";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

type Doc = Record<string, unknown> & { _id: string; _key: string; name: string; type: string; img: string; system: Record<string, unknown> };

function load(pack: string): Doc[] {
  const dir = join(ROOT, "packs", pack);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

const system = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  packs: { name: string; type: string; path: string; system: string; ownership: Record<string, string> }[];
  packFolders: { name: string; folders?: { name: string; packs: string[] }[] }[];
};

// Compile-time complete lists of the state's fields.
const KEYS: Record<ItemKind, string[]> = {
  location: Object.keys({ control: 0, maxControl: 0, damaged: 0, owner: 0 } satisfies Record<keyof LocationSystem, 0>),
  building: Object.keys({ cost: 0, subtype: 0, military: 0, citadel: 0, unit: 0, usedThisTurn: 0 } satisfies Record<keyof BuildingSystem, 0>),
  technology: Object.keys({ cost: 0, builtAt: 0, requires: 0, unit: 0, usedThisTurn: 0 } satisfies Record<keyof TechnologySystem, 0>),
  character: Object.keys({ cost: 0, a: 0, d: 0, s: 0, unitType: 0, text: 0, exhausted: 0, inOffensive: 0 } satisfies Record<keyof CharacterSystem, 0>),
  fortification: Object.keys({ cost: 0, subtype: 0, a: 0, d: 0, s: 0, range: 0, location: 0 } satisfies Record<keyof FortificationSystem, 0>),
  unit: Object.keys({ a: 0, d: 0, s: 0, support: 0, source: 0, exhausted: 0, inOffensive: 0 } satisfies Record<keyof UnitSystem, 0>),
};
const REALM_KEYS = Object.keys({ resources: 0, support: 0, attacksLeft: 0, started: 0, turn: 0, buildingsToDestroy: 0 } satisfies Record<keyof RealmSystem, 0>);
const CARD_KEYS = Object.keys({ cost: 0, a: 0, d: 0, s: 0, unitType: 0, text: 0 } satisfies Record<keyof CharacterCard["system"], 0>);
const SPEC_KEYS = Object.keys({ name: 0, cost: 0, a: 0, d: 0, s: 0, support: 0 } satisfies Record<keyof UnitSpec, 0>);

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isStat = (v: unknown): v is number => isInt(v) && v >= 0;
const isHtml = (v: unknown): boolean => typeof v === "string" && /^<[a-z]/.test(v);
const sorted = (o: object) => Object.keys(o).sort();
const total = (c: Resources) => c.gold + c.wood + c.stone;

function costProblems(c: unknown, where: string): string[] {
  if (typeof c !== "object" || c === null) return [`${where}: cost not an object`];
  const p: string[] = [];
  if (JSON.stringify(sorted(c)) !== JSON.stringify([...RESOURCES].sort())) p.push(`${where}: cost keys ${sorted(c).join(",")}`);
  for (const r of RESOURCES) if (!isStat((c as Record<string, unknown>)[r])) p.push(`${where}: cost.${r}`);
  return p;
}

function statProblems(s: Record<string, unknown>, where: string): string[] {
  return ["a", "d", "s"].filter((k) => !isStat(s[k])).map((k) => `${where}: ${k} ${String(s[k])}`);
}

function specProblems(u: unknown, where: string): string[] {
  if (u === null) return [];
  if (typeof u !== "object") return [`${where}: unit not an object`];
  const s = u as Record<string, unknown>;
  const p: string[] = [];
  if (JSON.stringify(sorted(s)) !== JSON.stringify([...SPEC_KEYS].sort())) p.push(`${where}: unit keys ${sorted(s).join(",")}`);
  if (typeof s.name !== "string" || s.name.trim() === "") p.push(`${where}: unit name`);
  p.push(...costProblems(s.cost, `${where} unit`), ...statProblems(s, `${where} unit`));
  if (!isInt(s.support) || s.support > 0) p.push(`${where}: unit support ${String(s.support)}`);
  if (isStat(s.d) && s.d < 1) p.push(`${where}: unit D must be ≥ 1`);
  return p;
}

/** Every problem with an item's `system` for its Foundry type ([] if none). */
function itemProblems(doc: Doc): string[] {
  const where = doc.name;
  const kind = kindOfType(doc.type);
  if (!kind) return [`${where}: type ${doc.type}`];
  const s = doc.system;
  const p: string[] = [];
  // Unit counters are made in play and carry no text; every card has a description.
  const expected = (kind === "unit" ? KEYS[kind] : [...KEYS[kind], "description"]).sort();
  if (JSON.stringify(sorted(s)) !== JSON.stringify(expected)) p.push(`${where}: keys ${sorted(s).join(",")} ≠ ${expected.join(",")}`);
  if (kind !== "unit" && !isHtml(s.description)) p.push(`${where}: description not HTML`);
  const str = (k: string) => {
    if (typeof s[k] !== "string") p.push(`${where}: ${k} not a string`);
  };
  const bool = (k: string) => {
    if (typeof s[k] !== "boolean") p.push(`${where}: ${k} not boolean`);
  };
  switch (kind) {
    case "location":
      if (!isInt(s.maxControl) || s.maxControl < 1) p.push(`${where}: maxControl ${String(s.maxControl)}`);
      if (!isStat(s.control) || s.control > (s.maxControl as number)) p.push(`${where}: control ${String(s.control)}`);
      bool("damaged");
      str("owner");
      break;
    case "building":
      p.push(...costProblems(s.cost, where), ...specProblems(s.unit, where));
      str("subtype");
      for (const k of ["military", "citadel", "usedThisTurn"]) bool(k);
      if (s.military !== (s.unit !== null)) p.push(`${where}: a military building makes a unit, another does not`);
      break;
    case "technology":
      p.push(...costProblems(s.cost, where), ...specProblems(s.unit, where));
      str("builtAt");
      if (!Array.isArray(s.requires) || !s.requires.every((r) => typeof r === "string" && r.trim() !== "")) p.push(`${where}: requires`);
      bool("usedThisTurn");
      break;
    case "character":
      p.push(...costProblems(s.cost, where), ...statProblems(s, where));
      str("unitType");
      str("text");
      bool("exhausted");
      bool("inOffensive");
      if (isStat(s.d) && s.d < 1) p.push(`${where}: D must be ≥ 1`);
      break;
    case "fortification": {
      p.push(...costProblems(s.cost, where), ...statProblems(s, where));
      str("subtype");
      str("location");
      const r = s.range as Record<string, unknown> | null;
      if (r !== null && (typeof r !== "object" || JSON.stringify(sorted(r)) !== '["x","y"]' || !isInt(r.x) || r.x < 1 || !isStat(r.y)))
        p.push(`${where}: range ${JSON.stringify(r)}`);
      if (isStat(s.d) && s.d < 1) p.push(`${where}: D must be ≥ 1`);
      break;
    }
    case "unit":
      p.push(...statProblems(s, where));
      if (!isInt(s.support) || s.support > 0) p.push(`${where}: support ${String(s.support)}`);
      str("source");
      bool("exhausted");
      bool("inOffensive");
      break;
  }
  return p;
}

/** Balance of the starter set: a card's total cost is within 1 of (A + D + S, plus x + y at range) / 3. */
const worth = (s: { a: number; d: number; s: number; range?: { x: number; y: number } | null }) =>
  Math.round((s.a + s.d + s.s + (s.range ? s.range.x + s.range.y : 0)) / 3);

/** The rules' view of a realm document. */
function realmState(doc: Doc & { items: Doc[] }): RealmState {
  const items = doc.items.map((i) => {
    const { description: _d, ...rest } = i.system;
    return { id: i._id, name: i.name, type: kindOfType(i.type)!, system: rest } as unknown as RealmItem;
  });
  const { description: _d, decks: _k, ...sys } = doc.system;
  return { id: doc._id, name: doc.name, system: sys as unknown as RealmSystem, items };
}

// ---------------------------------------------------------------------------

const cards = load("battle-cards");
const card = (name: string) => {
  const c = cards.find((d) => d.name === name);
  if (!c) throw new Error(`${name} is not in battle-cards`);
  return c;
};
const ofKind = (kind: ItemKind) => cards.filter((d) => d.type === ITEM_TYPES[kind]);

const SEED_CARDS = [
  "Infantry Barracks",
  "Swordsman",
  "Blacksmith",
  "Ginda, Lightwalker",
  "Godra, Squadron Leader",
  "Guard Tower",
  "Citadel",
];

describe("system.json declares the Battle packs", () => {
  const expected = { "battle-cards": "Item", "battle-decks": "Cards", "battle-realms": "Actor", "battle-rules": "JournalEntry" };

  it("in packs, like the other packs", () => {
    for (const [name, type] of Object.entries(expected)) {
      const decl = system.packs.find((p) => p.name === name);
      expect(decl, name).toBeDefined();
      expect(decl).toMatchObject({ type, path: `packs/${name}`, system: "factions", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    }
  });

  it("in a Battle folder", () => {
    const battle = system.packFolders.flatMap((f) => f.folders ?? []).find((f) => f.name === "Battle");
    expect(battle?.packs.sort()).toEqual(Object.keys(expected).sort());
  });
});

describe("battle-cards", () => {
  it("are Battle item types (never unit counters) with a complete, valid system and a core icon", () => {
    for (const d of cards) {
      expect(kindOfType(d.type), d.name).toBeDefined();
      expect(d.type, d.name).not.toBe(ITEM_TYPES.unit);
      expectCoreIcon(d.img, d.name);
      expect(d.effects, d.name).toEqual([]);
      expect(itemProblems(d)).toEqual([]);
    }
  });

  it("are templates: full control, unused, rested, on no location, owned by the holder", () => {
    for (const d of cards) {
      const s = d.system;
      if ("usedThisTurn" in s) expect(s.usedThisTurn, d.name).toBe(false);
      if ("exhausted" in s) expect([s.exhausted, s.inOffensive], d.name).toEqual([false, false]);
      if (d.type === "fortification") expect(s.location, d.name).toBe("");
      if (d.type === "location") expect(s, d.name).toMatchObject({ control: s.maxControl, damaged: false, owner: "" });
    }
  });

  it("include every card of the seed with the seed's numbers", () => {
    for (const n of SEED_CARDS) expect(cards.some((d) => d.name === n), n).toBe(true);
    expect(card("Infantry Barracks")).toMatchObject({
      type: "building",
      system: { cost: parseCost("2 wood"), subtype: "Barracks", military: true, citadel: false, unit: parseUnitLine("Man at Arms: 1, T: 1/1/2, -1 support") },
    });
    expect(card("Swordsman")).toMatchObject({
      type: "technology",
      system: { cost: parseCost("2"), builtAt: "Infantry Barracks", requires: ["Blacksmith"], unit: parseUnitLine("Swordsman: 1, T: 2/1/2, -1 support") },
    });
    expect(card("Blacksmith")).toMatchObject({ type: "building", system: { military: false, citadel: false, unit: null } });
    expect(card("Ginda, Lightwalker")).toMatchObject({ type: "character", system: { cost: parseCost("3"), ...parseStats("3/4/2"), unitType: "" } });
    expect(card("Ginda, Lightwalker").system.text).toMatch(/invulnerable/i);
    expect(card("Ginda, Lightwalker").system.text).toMatch(/\bset\b/);
    expect(card("Godra, Squadron Leader")).toMatchObject({
      type: "character",
      system: { cost: parseCost("3 and 1 wood"), ...parseStats("2/2/4"), unitType: "War Chariot" },
    });
    expect(card("Godra, Squadron Leader").system.text).toMatch(/chariot.*\+1A/i);
    expect(card("Guard Tower")).toMatchObject({
      type: "fortification",
      system: { cost: parseCost("Cost 1 and 2 stone"), subtype: "Tower", ...parseStats("0/5/0"), range: parseRange("Range 2.4") },
    });
    expect(card("Citadel")).toMatchObject({ type: "building", system: { citadel: true, military: false, unit: null } });
    expect(cards.filter((d) => d.type === "building" && d.system.citadel).map((d) => d.name)).toEqual(["Citadel"]);
  });

  describe("the original starter set", () => {
    const starters = (kind: ItemKind) => ofKind(kind).filter((d) => !SEED_CARDS.includes(d.name));

    it("has at least four buildings, two of them military", () => {
      expect(starters("building").length).toBeGreaterThanOrEqual(4);
      expect(starters("building").filter((d) => d.system.military).length).toBeGreaterThanOrEqual(2);
    });

    it("has at least four unit technologies, each with requirements, each usable at a building of the pack", () => {
      const techs = starters("technology");
      expect(techs.length).toBeGreaterThanOrEqual(4);
      const buildings = ofKind("building").map((b) => ({ id: b._id, name: b.name, type: "building", system: b.system }) as unknown as RealmItem);
      const names = new Set(cards.map((d) => d.name));
      for (const t of techs) {
        expect(t.system.unit, t.name).not.toBeNull();
        expect((t.system.requires as string[]).length, t.name).toBeGreaterThan(0);
        for (const r of t.system.requires as string[]) expect(names.has(r), `${t.name} requires ${r}`).toBe(true);
        const tech = { id: t._id, name: t.name, type: "technology", system: t.system } as unknown as Parameters<typeof builtAtMatches>[0];
        expect(
          buildings.some((b) => b.type === "building" && b.system.military && builtAtMatches(tech, b)),
          `${t.name} is built at ${String(t.system.builtAt)}`,
        ).toBe(true);
      }
    });

    it("has at least six characters, some with a unit type that a card of the pack makes", () => {
      const chars = starters("character");
      expect(chars.length).toBeGreaterThanOrEqual(6);
      const typed = chars.filter((c) => c.system.unitType !== "");
      expect(typed.length).toBeGreaterThanOrEqual(2);
      expect(chars.length - typed.length).toBeGreaterThanOrEqual(2);
      const made = new Set(cards.flatMap((d) => ((d.system.unit as UnitSpec | null | undefined)?.name ? [(d.system.unit as UnitSpec).name] : [])));
      for (const c of [...typed, card("Godra, Squadron Leader")]) expect(made.has(c.system.unitType as string), c.name).toBe(true);
      for (const c of chars) expect((c.system.text as string).length, c.name).toBeGreaterThan(0);
    });

    it("has at least three fortifications, one ranged", () => {
      expect(starters("fortification").length).toBeGreaterThanOrEqual(3);
      expect(starters("fortification").some((f) => f.system.range !== null)).toBe(true);
    });

    it("has at least six locations, with different maximum control", () => {
      const locs = starters("location");
      expect(locs.length).toBeGreaterThanOrEqual(6);
      expect(new Set(locs.map((l) => l.system.maxControl)).size).toBeGreaterThanOrEqual(3);
    });

    it("names each card once and each unit once", () => {
      expect(new Set(cards.map((d) => d.name)).size).toBe(cards.length);
      const units = cards.flatMap((d) => ((d.system.unit as UnitSpec | null | undefined) ? [(d.system.unit as UnitSpec).name] : []));
      expect(new Set(units).size).toBe(units.length);
    });
  });

  it("have balanced costs: characters, fortifications and units within 1 of (A + D + S [+ x + y]) / 3", () => {
    for (const d of [...ofKind("character"), ...ofKind("fortification")]) {
      const s = d.system as unknown as CharacterSystem & { range?: { x: number; y: number } | null };
      expect(Math.abs(total(s.cost) - worth(s)), `${d.name} costs ${total(s.cost)}`).toBeLessThanOrEqual(1);
    }
    for (const d of [...ofKind("building"), ...ofKind("technology")]) {
      const u = d.system.unit as UnitSpec | null;
      if (!u) continue;
      expect(Math.abs(total(u.cost) - worth(u)), `${u.name} costs ${total(u.cost)}`).toBeLessThanOrEqual(1);
      expect(u.support, u.name).toBeLessThanOrEqual(-1);
      expect(u.support, u.name).toBeGreaterThanOrEqual(-2);
    }
  });
});

describe("battle-decks", () => {
  type Card = Doc & { suit: string; faces: { name: string; text: string; img: string }[]; face: number | null; drawn: boolean; back: { img: string } };
  const decks = load("battle-decks") as (Doc & { cards: Card[] })[];

  it("are two discipline decks of three character cards each", () => {
    expect(decks.length).toBe(2);
    for (const d of decks) {
      expect(d.type, d.name).toBe("deck");
      expect(d.name, d.name).toMatch(/Discipline$/);
      expect(isHtml(d.description), d.name).toBe(true);
      expect(d.cards.length, d.name).toBe(3);
    }
    const all = decks.flatMap((d) => d.cards.map((c) => c.name));
    expect(new Set(all).size).toBe(all.length);
    expect(all).toEqual(expect.arrayContaining(["Ginda, Lightwalker", "Godra, Squadron Leader"]));
  });

  it("hold character cards whose system is the character's card data, equal to battle-cards", () => {
    for (const d of decks) {
      for (const c of d.cards) {
        expect(c.type, c.name).toBe("character");
        expect(sorted(c.system), c.name).toEqual([...CARD_KEYS].sort());
        const t = card(c.name).system;
        expect(c.system, c.name).toEqual(Object.fromEntries(CARD_KEYS.map((k) => [k, t[k]])));
        expect(isHtml(c.description), c.name).toBe(true);
        expect(c.faces.length, c.name).toBe(1);
        expect(c.faces[0]!.name, c.name).toBe(c.name);
        expectCoreIcon(c.faces[0]!.img, c.name);
        expectCoreIcon(c.back.img, c.name);
        expect([c.face, c.drawn], c.name).toEqual([0, false]);
        expect(c.suit, c.name).toBe(d.name.replace(/ Discipline$/, ""));
      }
    }
  });
});

describe("battle-realms", () => {
  const realms = load("battle-realms") as (Doc & { items: Doc[] })[];
  const decks = load("battle-decks") as (Doc & { cards: (Doc & { system: CharacterCard["system"] })[] })[];
  const states = realms.map(realmState);
  const world: BattleState = { realms: Object.fromEntries(states.map((s) => [s.id, s])) };
  // Both in their turn, as when each attacks on its own turn.
  const inTurn: BattleState = { realms: Object.fromEntries(states.map((s) => [s.id, { ...s, system: { ...s.system, started: true } }])) };

  it("are two realms with every field, ready for their first turn", () => {
    expect(realms.length).toBe(2);
    for (const r of realms) {
      expect(r.type, r.name).toBe("realm");
      // RealmSystem, plus the sheet's links to its discipline deck, hand and pile (unset), and its text.
      expect(sorted(r.system), r.name).toEqual([...REALM_KEYS, "decks", "description"].sort());
      expect(r.system.decks, r.name).toEqual({ deck: "", hand: "", pile: "" });
      expect(costProblems(r.system.resources, r.name)).toEqual([]);
      expect(isStat(r.system.support), r.name).toBe(true);
      expect(r.system, r.name).toMatchObject({ attacksLeft: 3, started: false, turn: 0, buildingsToDestroy: 0 });
      expect(isHtml(r.system.description), r.name).toBe(true);
      expect(r.effects, r.name).toEqual([]);
    }
  });

  for (const r of realms) {
    describe(r.name, () => {
      const state = states.find((s) => s.id === r._id)!;
      const items = (kind: ItemKind) => r.items.filter((i) => i.type === ITEM_TYPES[kind]);
      const byId = new Map(r.items.map((i) => [i._id, i]));

      it("has valid items copied from battle-cards", () => {
        for (const i of r.items) {
          expect(itemProblems(i)).toEqual([]);
          if (i.type === ITEM_TYPES.unit) continue;
          const t = card(i.name);
          expect(i.type, i.name).toBe(t.type);
          expect(i.img, i.name).toBe(t.img);
          expect(i.system, i.name).toEqual(i.type === "fortification" ? { ...t.system, location: i.system.location } : t.system);
        }
      });

      it("has locations, a city, unit counters and a character", () => {
        expect(items("location").length).toBeGreaterThanOrEqual(3);
        expect(items("building").filter((b) => b.system.military).length).toBeGreaterThanOrEqual(2);
        expect(items("technology").length).toBeGreaterThanOrEqual(1);
        expect(items("fortification").length).toBeGreaterThanOrEqual(1);
        expect(items("unit").length).toBeGreaterThanOrEqual(3);
        expect(items("character").length).toBeGreaterThanOrEqual(1);
      });

      it("puts each fortification on one of its locations, at most one a location", () => {
        const at = items("fortification").map((f) => byId.get(f.system.location as string));
        for (const l of at) expect(l?.type).toBe("location");
        expect(new Set(at).size).toBe(at.length);
      });

      it("keeps each unit counter on the building or technology that makes it, with that unit's numbers", () => {
        for (const u of items("unit")) {
          const src = byId.get(u.system.source as string);
          expect(src && ["building", "technology"].includes(src.type), u.name).toBe(true);
          const spec = src!.system.unit as UnitSpec;
          expect(spec.name, u.name).toBe(u.name);
          expect(u.system, u.name).toMatchObject({ a: spec.a, d: spec.d, s: spec.s, support: spec.support, exhausted: false, inOffensive: false });
        }
      });

      it("meets its technologies' requirements and has a building for each", () => {
        for (const t of state.items) {
          if (t.type !== "technology") continue;
          expect(missingRequirement(state, t), t.name).toBeUndefined();
          expect(state.items.some((b) => b.type === "building" && b.system.military && builtAtMatches(t, b)), t.name).toBe(true);
        }
      });

      it("can make the unit type of each of its characters and of its deck's characters", () => {
        const deck = decks.find((d) => (r.system.description as string).includes(d.name));
        expect(deck, "its description names its discipline deck").toBeDefined();
        for (const c of [...items("character"), ...deck!.cards]) {
          const type = c.system.unitType as string;
          if (type !== "") expect(canMake(state, type), `${c.name}: ${type}`).toBe(true);
        }
      });
    });
  }

  it("have the same support spent plus left, and one of them a Citadel", () => {
    const budget = realms.map((r) => (r.system.support as number) - r.items.reduce((n, i) => n + (i.type === ITEM_TYPES.unit ? (i.system.support as number) : 0), 0));
    expect(new Set(budget).size).toBe(1);
    expect(states.filter(hasCitadel).length).toBe(1);
  });

  it("can attack each other's locations and the Citadel, with automatic targets", () => {
    for (const attacker of states) {
      for (const defender of states) {
        if (attacker === defender) continue;
        const fighters = (s: RealmState) => s.items.filter((i) => i.type === "unit" || i.type === "character").map((i) => i.id);
        const targets = defender.items.filter((i) => i.type === "location").map((l) => ({ kind: "location" as const, id: l.id }));
        for (const target of [...targets, ...(hasCitadel(defender) ? [{ kind: "citadel" as const }] : [])]) {
          const r = resolveBattle(inTurn, { attacker: attacker.id, defender: defender.id, target, attackers: fighters(attacker), defenders: fighters(defender) });
          expect(r.ok, `${attacker.name} → ${JSON.stringify(target)}: ${r.ok ? "" : r.reason.key}`).toBe(true);
        }
      }
    }
  });
});

describe("battle-rules", () => {
  type Page = Doc & { sort: number; title: { show: boolean; level: number }; text: { format: number; content: string } };
  const entries = load("battle-rules") as (Doc & { pages: Page[] })[];
  const entry = entries.find((e) => e.name === "Battle Rules")!;
  const text = () => entry.pages.map((p) => p.text.content).join("\n");

  it("is one entry of ordered HTML text pages", () => {
    expect(entries.length).toBe(1);
    expect(entry).toBeDefined();
    expect(entry.pages.length).toBeGreaterThanOrEqual(8);
    for (const p of entry.pages) {
      expect(p.type, p.name).toBe("text");
      expect(p.title, p.name).toEqual({ show: true, level: 1 });
      expect(p.text.format, p.name).toBe(1);
      expect(p.text.content, p.name).toMatch(/^<h2>/);
    }
    const sorts = entry.pages.map((p) => p.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it("has a page for each part of the rules", () => {
    const names = entry.pages.map((p) => p.name);
    for (const n of ["Speed Steps", "Choosing Targets", "Fortifications and Range", "Capture and Reinforcing", "The Citadel", "After the Battle", "A Worked Example", "The Battle Window"])
      expect(names, n).toContain(n);
  });

  it("covers speed steps, targets, protection, the location last, range, capture, reinforcing, the citadel, exhaustion and three attacks", () => {
    const t = text();
    for (const needle of [
      /highest Speed/i,
      /at the same time/i,
      /protecting unit type/i,
      /every unit of that type/i,
      /never protects itself/i,
      /every defender/i,
      /always defends its location/i,
      /Range x\.y/,
      /cannot hit locations/i,
      /captures/i,
      /does not end/i,
      /every remaining speed step/i,
      /never falls below 0/i,
      /maximum control/i,
      /destroy one of its own buildings/i,
      /one building for each such attack/i,
      /exhausted/i,
      /three attacks/i,
      /only one offensive/i,
    ])
      expect(t, String(needle)).toMatch(needle);
  });

  it("works the seed's example to its result", () => {
    const page = entry.pages.find((p) => p.name === "A Worked Example")!.text.content;
    for (const needle of ["three Men at Arms", "Swordsman", "two Men at Arms", "Ginda, Lightwalker", "3/4/2", "takes 1 damage and lives", "the location takes 2", "exhausted", "2/2/3"])
      expect(page, needle).toContain(needle);
  });

  it("says how the battle window previews and commits", () => {
    const page = entry.pages.find((p) => p.name === "The Battle Window")!.text.content;
    for (const needle of ["Preview", "Commit", "automatic", "chat card", "speed step by speed step", "GM"]) expect(page, needle).toContain(needle);
  });
});
