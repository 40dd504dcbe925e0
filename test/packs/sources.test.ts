/**
 * Checks the compendium pack sources (packs/<pack>/*.json) before the build
 * compiles them: ids, keys, file names, and the Faction Turn content rules.
 */
import { readFileSync, readdirSync, statSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  ATTRIBUTES,
  MAGIC_LEVELS,
  type AssetSystem,
  type Attribute,
  type FactionSystem,
  type Magic,
} from "../../src/rulesets/faction-turn/rules/state";
import { expectCoreIcon } from "./icons";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const PACKS = join(ROOT, "packs");

type Doc = Record<string, unknown> & { _id: string; _key: string; name: string };
interface SourceFile {
  file: string;
  doc: Doc;
}

interface PackDecl {
  name: string;
  type: string;
  path: string;
}
const system = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { packs: PackDecl[] };

/** Document type → key collection name used by the Foundry CLI. */
const COLLECTIONS: Record<string, string> = {
  Actor: "actors",
  Item: "items",
  JournalEntry: "journal",
  RollTable: "tables",
  Cards: "cards",
  Scene: "scenes",
  Macro: "macros",
  Playlist: "playlists",
  Adventure: "adventures",
};
/** Embedded arrays a source document may carry. */
const EMBEDDED = ["items", "effects", "pages", "results", "cards", "sounds"];

function jsonFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = join(dir, entry);
    if (statSync(full).isDirectory()) return jsonFiles(full);
    return entry.endsWith(".json") ? [full] : [];
  });
}

const slug = (name: string): string =>
  name
    .toLowerCase()
    .replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

function load(packPath: string): SourceFile[] {
  return jsonFiles(join(ROOT, packPath)).map((file) => ({
    file,
    doc: JSON.parse(readFileSync(file, "utf8")) as Doc,
  }));
}

const ID = /^[A-Za-z0-9]{16}$/;
const FORMULA = /^\d*d\d+([+-]\d+)?$/;
const HP_BY_RATING = [0, 1, 2, 4, 6, 9, 12, 16, 20];
const ACTIONS = [
  "Attack",
  "Move Asset",
  "Repair Asset",
  "Expand Influence",
  "Create Asset",
  "Hide Asset",
  "Sell Asset",
];
const SEED_ASSETS = ["Infantry", "Idealistic Thugs", "Informers", "Base of Influence"];

/** Compile-time complete list of AssetSystem / FactionSystem keys. */
const ASSET_KEYS = Object.keys({
  attribute: 0, rating: 0, magic: 0, cost: 0, hp: 0, attack: 0, counter: 0,
  subtle: 0, stealth: 0, location: 0, base: 0, exposed: 0,
} satisfies Record<keyof AssetSystem, 0>);
const FACTION_KEYS = Object.keys({
  force: 0, wealth: 0, cunning: 0, magic: 0, hp: 0, treasure: 0, turn: 0,
} satisfies Record<keyof FactionSystem, 0>);

const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const isAttr = (v: unknown): v is Attribute => (ATTRIBUTES as readonly unknown[]).includes(v);
const isMagic = (v: unknown): v is Magic => (MAGIC_LEVELS as readonly unknown[]).includes(v);
const avg = (formula: string): number => {
  const m = /^(\d*)d(\d+)([+-]\d+)?$/.exec(formula);
  if (!m) return 0;
  const n = m[1] ? Number(m[1]) : 1;
  return (n * (Number(m[2]) + 1)) / 2 + (m[3] ? Number(m[3]) : 0);
};
/**
 * Balance rule of the starter set: cost ≈ (rating + HP/2 + average attack damage
 * + average counterattack damage + 2 if Subtle) / 2, at least 1.
 */
const balancedCost = (s: AssetSystem): number =>
  Math.max(1, Math.round((s.rating + s.hp.max / 2 + avg(s.attack.damage) + avg(s.counter) + (s.subtle ? 2 : 0)) / 2));

/** Every problem with an asset's `system` ([] if none). */
function assetProblems(system: unknown): string[] {
  const p: string[] = [];
  if (typeof system !== "object" || system === null) return ["system is not an object"];
  const s = system as Record<string, unknown>;
  const expected = [...ASSET_KEYS, "description"].sort();
  if (JSON.stringify(Object.keys(s).sort()) !== JSON.stringify(expected))
    p.push(`keys ${Object.keys(s).sort().join(",")} ≠ ${expected.join(",")}`);
  if (!isAttr(s.attribute)) p.push(`attribute ${String(s.attribute)}`);
  if (!isInt(s.rating) || s.rating < 1 || s.rating > 8) p.push(`rating ${String(s.rating)}`);
  if (!isMagic(s.magic)) p.push(`magic ${String(s.magic)}`);
  if (!isInt(s.cost) || s.cost < 0) p.push(`cost ${String(s.cost)}`);
  const hp = s.hp as Record<string, unknown> | undefined;
  if (!hp || !isInt(hp.value) || !isInt(hp.max) || hp.max < 1 || hp.value < 0 || hp.value > hp.max)
    p.push(`hp ${JSON.stringify(hp)}`);
  const attack = s.attack as Record<string, unknown> | undefined;
  if (
    !attack ||
    !isAttr(attack.attribute) ||
    !isAttr(attack.defense) ||
    typeof attack.damage !== "string" ||
    (attack.damage !== "" && !FORMULA.test(attack.damage))
  )
    p.push(`attack ${JSON.stringify(attack)}`);
  if (typeof s.counter !== "string" || (s.counter !== "" && !FORMULA.test(s.counter))) p.push(`counter ${String(s.counter)}`);
  for (const k of ["subtle", "stealth", "base", "exposed"]) if (typeof s[k] !== "boolean") p.push(`${k} not boolean`);
  if (typeof s.location !== "string") p.push("location not a string");
  if (typeof s.description !== "string" || !s.description.startsWith("<")) p.push("description not HTML");
  return p;
}

const packs = system.packs.map((decl) => ({ decl, files: load(decl.path) }));
const byName = (name: string) => {
  const pack = packs.find((p) => p.decl.name === name);
  if (!pack) throw new Error(`pack ${name} not declared in system.json`);
  return pack.files;
};

describe("every pack source", () => {
  it("every JSON file under packs/ belongs to a declared pack", () => {
    const declared = new Set(packs.flatMap((p) => p.files.map((f) => f.file)));
    const stray = jsonFiles(PACKS).filter((f) => !declared.has(f));
    expect(stray.map((f) => relative(ROOT, f))).toEqual([]);
  });

  for (const { decl, files } of packs) {
    describe(decl.name, () => {
      const collection = COLLECTIONS[decl.type];

      it("has documents and a known type", () => {
        expect(collection).toBeDefined();
        expect(files.length).toBeGreaterThan(0);
      });

      it("ids are 16 alphanumerics, unique across the pack; keys are correct", () => {
        const seen = new Map<string, string>();
        const note = (id: unknown, where: string) => {
          expect(typeof id === "string" && ID.test(id), `${where}: _id ${String(id)}`).toBe(true);
          expect(seen.get(id as string), `${where}: duplicate _id ${String(id)}`).toBeUndefined();
          seen.set(id as string, where);
        };
        for (const { file, doc } of files) {
          const where = relative(ROOT, file);
          note(doc._id, where);
          expect(doc._key, where).toBe(`!${collection}!${doc._id}`);
          // An Adventure holds its documents inline, unkeyed (test/packs/adventures.test.ts checks them).
          for (const field of decl.type === "Adventure" ? [] : EMBEDDED) {
            const children = doc[field];
            if (children === undefined) continue;
            expect(Array.isArray(children), `${where}: ${field}`).toBe(true);
            for (const child of children as Doc[]) {
              note(child._id, `${where} ${field} ${child.name}`);
              expect(child._key, `${where} ${field} ${child.name}`).toBe(`!${collection}.${field}!${doc._id}.${child._id}`);
            }
          }
        }
      });

      it("file names match document names", () => {
        for (const { file, doc } of files) {
          expect(typeof doc.name).toBe("string");
          expect(basename(file), relative(ROOT, file)).toBe(`${slug(doc.name)}.json`);
        }
      });

      it("documents carry the common fields", () => {
        for (const { file, doc } of files) {
          const where = relative(ROOT, file);
          expect(doc.folder, where).toBeNull();
          expect(isInt(doc.sort), where).toBe(true);
          // Adventures have no ownership of their own: their pack's decides who sees them.
          if (decl.type !== "Adventure") expect(doc.ownership, where).toMatchObject({ default: expect.any(Number) });
          expect(doc.flags, where).toEqual(expect.any(Object));
        }
      });
    });
  }
});

describe("faction-turn-assets", () => {
  const files = byName("faction-turn-assets");
  const assets = files.map(({ doc }) => doc as Doc & { type: string; img: string; system: AssetSystem & { description: string } });

  it("are assets with a complete, valid system", () => {
    for (const a of assets) {
      expect(a.type, a.name).toBe("asset");
      expectCoreIcon(a.img, a.name);
      expect(a.effects, a.name).toEqual([]);
      expect(assetProblems(a.system), a.name).toEqual([]);
    }
  });

  it("are templates: nowhere, not hidden or exposed, at full HP", () => {
    for (const a of assets) {
      expect(a.system.location, a.name).toBe("");
      expect(a.system.stealth, a.name).toBe(false);
      expect(a.system.exposed, a.name).toBe(false);
      expect(a.system.hp.value, a.name).toBe(a.system.hp.max);
    }
  });

  it("include the seed's assets", () => {
    const get = (n: string) => assets.find((a) => a.name === n)!.system;
    for (const n of SEED_ASSETS) expect(assets.some((a) => a.name === n), n).toBe(true);
    expect(get("Infantry")).toMatchObject({ attribute: "force", attack: { attribute: "force", defense: "force", damage: "1d8" } });
    expect(get("Idealistic Thugs")).toMatchObject({ attribute: "force", counter: "1d6" });
    expect(get("Informers").attribute).toBe("cunning");
    expect(get("Base of Influence")).toMatchObject({ base: true, cost: 1, hp: { value: 1, max: 1 } });
    expect(assets.filter((a) => a.system.base).map((a) => a.name)).toEqual(["Base of Influence"]);
  });

  it("have at least six starter assets per attribute, spanning ratings 1–8", () => {
    const starters = assets.filter((a) => !SEED_ASSETS.includes(a.name));
    for (const attr of ATTRIBUTES) expect(starters.filter((a) => a.system.attribute === attr).length, attr).toBeGreaterThanOrEqual(6);
    const ratings = new Set(starters.map((a) => a.system.rating));
    for (let r = 1; r <= 8; r++) expect(ratings.has(r), `rating ${r}`).toBe(true);
  });

  it("cover Magic levels, Subtle, attacks on each attribute and counter-only assets", () => {
    const s = assets.map((a) => a.system);
    for (const m of ["low", "medium", "high"]) expect(s.some((x) => x.magic === m), m).toBe(true);
    expect(s.some((x) => x.subtle)).toBe(true);
    for (const attr of ATTRIBUTES) expect(s.some((x) => x.attack.damage !== "" && x.attack.defense === attr), `vs ${attr}`).toBe(true);
    expect(s.filter((x) => x.attack.damage === "" && x.counter !== "").length).toBeGreaterThanOrEqual(3);
  });

  it("have costs within 1 of the balance rule", () => {
    for (const a of assets) {
      if (a.system.base) continue;
      expect(Math.abs(a.system.cost - balancedCost(a.system)), `${a.name} cost ${a.system.cost}`).toBeLessThanOrEqual(1);
    }
  });
});

describe("faction-turn-factions", () => {
  const files = byName("faction-turn-factions");
  const templates = new Map(byName("faction-turn-assets").map(({ doc }) => [doc.name, (doc as Doc & { system: AssetSystem }).system]));
  type ItemDoc = Doc & { type: string; system: AssetSystem };
  const factions = files.map(({ doc }) => doc as Doc & { type: string; system: FactionSystem & { description: string }; items: ItemDoc[] });
  const magicRank = (m: Magic) => MAGIC_LEVELS.indexOf(m);

  it("has two or three factions", () => {
    expect(factions.length).toBeGreaterThanOrEqual(2);
    expect(factions.length).toBeLessThanOrEqual(3);
  });

  for (const f of factions) {
    describe(f.name, () => {
      const s = f.system;

      it("is a faction with every field and valid ratings", () => {
        expect(f.type).toBe("faction");
        expect(Object.keys(s).sort()).toEqual([...FACTION_KEYS, "description"].sort());
        for (const attr of ATTRIBUTES) {
          expect(isInt(s[attr]) && s[attr] >= 1 && s[attr] <= 8, `${attr} ${s[attr]}`).toBe(true);
        }
        expect(isMagic(s.magic)).toBe(true);
        expect(isInt(s.treasure) && s.treasure >= 0).toBe(true);
        expect(s.turn).toEqual({ number: 0, started: false, action: "", created: false, healed: false, repairs: {} });
        expect(typeof s.description).toBe("string");
      });

      it("has HP equal to the derived maximum", () => {
        const max = 4 + HP_BY_RATING[s.force]! + HP_BY_RATING[s.wealth]! + HP_BY_RATING[s.cunning]!;
        expect(s.hp).toEqual({ value: max, override: null });
      });

      it("has 4–7 valid assets copied from the starter set, at named locations", () => {
        expect(f.items.length).toBeGreaterThanOrEqual(4);
        expect(f.items.length).toBeLessThanOrEqual(7);
        for (const item of f.items) {
          expect(item.type, item.name).toBe("asset");
          expect(assetProblems(item.system), item.name).toEqual([]);
          expect(item.system.location, item.name).toMatch(/^name:\S.*$/);
          const t = templates.get(item.name);
          expect(t, `${item.name} is in the assets pack`).toBeDefined();
          const { attribute, rating, magic, attack, counter, subtle, base } = t!;
          expect(item.system, item.name).toMatchObject({ attribute, rating, magic, attack, counter, subtle, base });
          if (!base) expect(item.system.cost, item.name).toBe(t!.cost);
          else expect(item.system.cost, item.name).toBe(item.system.hp.max);
        }
      });

      it("could have created its assets and keeps them within its caps", () => {
        for (const item of f.items) {
          expect(item.system.rating, item.name).toBeLessThanOrEqual(s[item.system.attribute]);
          expect(magicRank(item.system.magic), item.name).toBeLessThanOrEqual(magicRank(s.magic));
        }
        for (const attr of ATTRIBUTES) {
          const count = f.items.filter((i) => !i.system.base && i.system.attribute === attr).length;
          expect(count, attr).toBeLessThanOrEqual(s[attr]);
        }
      });

      it("has a Base of Influence", () => {
        expect(f.items.some((i) => i.system.base)).toBe(true);
      });
    });
  }

  it("at least two factions share a location", () => {
    const owners = new Map<string, Set<string>>();
    for (const f of factions)
      for (const i of f.items) owners.set(i.system.location, (owners.get(i.system.location) ?? new Set()).add(f.name));
    expect([...owners.values()].some((o) => o.size >= 2)).toBe(true);
  });
});

describe("faction-turn-rules", () => {
  const files = byName("faction-turn-rules");
  type Page = Doc & { type: string; sort: number; title: { show: boolean; level: number }; text: { format: number; content: string } };
  const entry = files.find(({ doc }) => doc.name === "Faction Turn Rules")?.doc as (Doc & { pages: Page[] }) | undefined;

  it("has the Faction Turn Rules entry with ordered text pages", () => {
    expect(entry).toBeDefined();
    const pages = entry!.pages;
    expect(pages.length).toBeGreaterThanOrEqual(ACTIONS.length + 2);
    for (const p of pages) {
      expect(p.type, p.name).toBe("text");
      expect(p.title, p.name).toEqual({ show: true, level: 1 });
      expect(p.text.format, p.name).toBe(1);
      expect(p.text.content, p.name).toMatch(/^<h2>/);
    }
    const sorts = pages.map((p) => p.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it("has a page for each action", () => {
    const names = entry!.pages.map((p) => p.name);
    for (const action of ACTIONS) expect(names, action).toContain(action);
  });

  it("states the key numbers", () => {
    const text = entry!.pages.map((p) => p.text.content).join("\n");
    for (const needle of ["ceil(Wealth / 2) + floor((Force + Cunning) / 4)", "1d8", "1d6", "10 Treasure", "Force 3", "4 hit points", "1d10"])
      expect(text, needle).toContain(needle);
  });
});
