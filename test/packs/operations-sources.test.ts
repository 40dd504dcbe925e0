/**
 * Checks the Operations compendium sources (packs/operations-*): keys and ids,
 * every `system` field with its range per document type, the seed's units, the
 * starter set, the sample organizations and lieutenants, and the rules journal.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hireOutEarnings } from "../../src/rulesets/operations/rules/hire-out";
import {
  CONDITIONS,
  NO_STANCE,
  STATS,
  keyOf,
  type LieutenantSystem,
  type OrganizationSystem,
  type ProjectSystem,
  type Stat,
  type UnitSystem,
} from "../../src/rulesets/operations/rules/state";
import { expectCoreIcon } from "./icons";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Doc {
  _id: string;
  _key: string;
  name: string;
  type?: string;
  img?: string;
  sort: number;
  folder: unknown;
  ownership: Record<string, number>;
  flags: object;
  effects?: unknown[];
  system?: Record<string, unknown>;
  items?: Doc[];
  pages?: Page[];
}
interface Page extends Doc {
  title: { show: boolean; level: number };
  text: { format: number; content: string };
}
type WithSystem<S> = Doc & { system: S & { description: string } };

const system = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as {
  packs: { name: string; type: string; path: string; system: string; ownership: Record<string, string> }[];
  packFolders: { name: string; folders?: { name: string; packs: string[] }[] }[];
};
const PACKS = { units: "operations-units", projects: "operations-projects", actors: "operations-actors", rules: "operations-rules" } as const;
const TYPES: Record<string, string> = { [PACKS.units]: "Item", [PACKS.projects]: "Item", [PACKS.actors]: "Actor", [PACKS.rules]: "JournalEntry" };
const COLLECTION: Record<string, string> = { Item: "items", Actor: "actors", JournalEntry: "journal" };

function load(name: string): Doc[] {
  const dir = join(ROOT, "packs", name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

const ID = /^[A-Za-z0-9]{16}$/;
const HTML = /^<[a-z]/;
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);
const inRange = (v: unknown, min: number, max = Infinity) => isInt(v) && v >= min && v <= max;
const isStat = (v: unknown): v is Stat => (STATS as readonly unknown[]).includes(v);
const isRef = (v: unknown) => v === "" || (typeof v === "string" && /^(Actor|Scene|JournalEntry)\.[A-Za-z0-9]{16}/.test(v)) || (typeof v === "string" && /^name:\S/.test(v));

/** Compile-time complete key lists of each `system`. */
const UNIT_KEYS = Object.keys({
  level: 0, competency: 0, upkeep: 0, cost: 0, bonded: 0, condition: 0, hiding: 0, location: 0,
  lieutenant: 0, selective: 0, recruiter: 0, acted: 0, defended: 0,
} satisfies Record<keyof UnitSystem, 0>);
const PROJECT_KEYS = Object.keys({
  kind: 0, required: 0, progress: 0, blocked: 0, target: 0, training: 0, stat: 0,
} satisfies Record<keyof ProjectSystem, 0>);
const ORGANIZATION_KEYS = Object.keys({
  cohesion: 0, capital: 0, npc: 0, round: 0, standings: 0, claims: 0, penalties: 0, surveillance: 0,
} satisfies Record<keyof OrganizationSystem, 0>);
const LIEUTENANT_KEYS = Object.keys({
  level: 0, force: 0, sneak: 0, charm: 0, lore: 0, organization: 0, recruiter: 0, captor: 0, location: 0,
  condition: 0, hiding: 0, acted: 0, defended: 0, bonded: 0, cost: 0, upkeep: 0, penalties: 0, stance: 0,
} satisfies Record<keyof LieutenantSystem, 0>);
const keysOf = (s: object) => Object.keys(s).sort();
const expectKeys = (s: object, keys: string[], where: string) => expect(keysOf(s), where).toEqual([...keys, "description"].sort());

/** Every problem with a unit's `system` ([] if none). */
function unitProblems(s: UnitSystem & { description: string }): string[] {
  const p: string[] = [];
  if (!inRange(s.level, 1, 10)) p.push(`level ${s.level}`);
  if (!isStat(s.competency)) p.push(`competency ${s.competency}`);
  if (!inRange(s.upkeep, 0)) p.push(`upkeep ${s.upkeep}`);
  if (!inRange(s.cost, 0)) p.push(`cost ${s.cost}`);
  if (!(CONDITIONS as readonly string[]).includes(s.condition)) p.push(`condition ${s.condition}`);
  if (!inRange(s.hiding, 0)) p.push(`hiding ${s.hiding}`);
  for (const k of ["bonded", "selective", "acted", "defended"] as const) if (typeof s[k] !== "boolean") p.push(`${k} not boolean`);
  for (const k of ["location", "lieutenant", "recruiter"] as const) if (!isRef(s[k])) p.push(`${k} ${String(s[k])}`);
  if (typeof s.description !== "string" || !HTML.test(s.description)) p.push("description not HTML");
  return p;
}

/** The starter pricing: 3 Capital per level (+3 if bonded), upkeep level/2 rounded up. */
const unitCost = (s: UnitSystem) => 3 * s.level + (s.bonded ? 3 : 0);
const unitUpkeep = (s: UnitSystem) => Math.ceil(s.level / 2);

const SEED_UNITS: Record<string, { level: number; competency: Stat }> = {
  "Thief Pack": { level: 4, competency: "sneak" },
  Assassins: { level: 6, competency: "sneak" },
};

const ACTION_GROUPS: Record<string, string[]> = {
  "Force Actions": ["Aggressive Attack", "Cautious Attack", "Raid"],
  "Sneak Actions": ["Conceal", "Steal", "Surveil"],
  "Charm Actions": ["Purchase", "Investigate", "Recruit", "Sell Item"],
  "Lore Actions": ["Research Magic"],
  "Other Actions": ["Move Minion", "Train Minion", "Hire Out"],
  "Stance Actions": ["Ambush", "Block Route"],
  "Influence Actions": ["Gain Influence", "Ally", "Claim", "Rally"],
};

describe("operations packs in system.json", () => {
  it("declares the four packs for the factions system, in an Operations folder", () => {
    for (const [name, type] of Object.entries(TYPES)) {
      const decl = system.packs.find((p) => p.name === name);
      expect(decl, name).toMatchObject({ type, path: `packs/${name}`, system: "factions", ownership: { PLAYER: "OBSERVER", ASSISTANT: "OWNER" } });
    }
    const folders = system.packFolders.flatMap((f) => f.folders ?? []);
    expect(folders.find((f) => f.name === "Operations")?.packs.sort()).toEqual(Object.keys(TYPES).sort());
  });

  for (const [name, type] of Object.entries(TYPES)) {
    it(`${name}: ids, keys and common fields`, () => {
      const docs = load(name);
      expect(docs.length).toBeGreaterThan(0);
      const ids = new Set<string>();
      const note = (id: string, where: string) => {
        expect(ID.test(id), `${where}: ${id}`).toBe(true);
        expect(ids.has(id), `${where}: duplicate ${id}`).toBe(false);
        ids.add(id);
      };
      for (const doc of docs) {
        note(doc._id, doc.name);
        expect(doc._key, doc.name).toBe(`!${COLLECTION[type]}!${doc._id}`);
        expect(doc.folder, doc.name).toBeNull();
        expect(isInt(doc.sort), doc.name).toBe(true);
        expect(doc.ownership.default, doc.name).toEqual(expect.any(Number));
        if (type !== "JournalEntry") expectCoreIcon(doc.img, doc.name);
        for (const item of doc.items ?? []) {
          note(item._id, `${doc.name} / ${item.name}`);
          expect(item._key).toBe(`!actors.items!${doc._id}.${item._id}`);
          expectCoreIcon(item.img, item.name);
        }
        for (const page of doc.pages ?? []) {
          note(page._id, `${doc.name} / ${page.name}`);
          expect(page._key).toBe(`!journal.pages!${doc._id}.${page._id}`);
        }
      }
    });
  }
});

describe("operations-units", () => {
  const units = load(PACKS.units) as WithSystem<UnitSystem>[];
  const starters = units.filter((u) => !(u.name in SEED_UNITS));

  it("are unit templates with every field in range", () => {
    for (const u of units) {
      expect(u.type, u.name).toBe("unit");
      expect(u.effects, u.name).toEqual([]);
      expectKeys(u.system, UNIT_KEYS, u.name);
      expect(unitProblems(u.system), u.name).toEqual([]);
      expect(u.system, u.name).toMatchObject({
        condition: "fresh", hiding: 0, location: "", lieutenant: "", selective: false, recruiter: "", acted: false, defended: false,
      });
    }
    expect(new Set(units.map((u) => u.name)).size).toBe(units.length);
  });

  it("include the seed's Thief Pack (level 4, Sneak) and Assassins (level 6)", () => {
    for (const [name, want] of Object.entries(SEED_UNITS)) {
      expect(units.find((u) => u.name === name)?.system, name).toMatchObject(want);
    }
  });

  it("have a starter set of at least three units at three levels for each competency, some bonded", () => {
    for (const stat of STATS) {
      const mine = starters.filter((u) => u.system.competency === stat);
      expect(mine.length, stat).toBeGreaterThanOrEqual(3);
      expect(new Set(mine.map((u) => u.system.level)).size, stat).toBeGreaterThanOrEqual(3);
    }
    expect(starters.filter((u) => u.system.bonded).length).toBeGreaterThanOrEqual(2);
    expect(starters.filter((u) => !u.system.bonded).length).toBeGreaterThanOrEqual(2);
  });

  it("cost 3 per level (+3 if bonded) and take level/2 (rounded up) upkeep, so both grow with level", () => {
    for (const u of units) {
      expect(u.system.cost, `${u.name} cost`).toBe(unitCost(u.system));
      expect(u.system.upkeep, `${u.name} upkeep`).toBe(unitUpkeep(u.system));
    }
    for (const stat of STATS) {
      const byLevel = units.filter((u) => u.system.competency === stat && !u.system.bonded).sort((a, b) => a.system.level - b.system.level);
      for (let i = 1; i < byLevel.length; i++) {
        expect(byLevel[i]!.system.cost).toBeGreaterThanOrEqual(byLevel[i - 1]!.system.cost);
        expect(byLevel[i]!.system.upkeep).toBeGreaterThanOrEqual(byLevel[i - 1]!.system.upkeep);
      }
    }
  });
});

describe("operations-projects", () => {
  const projects = load(PACKS.projects) as WithSystem<ProjectSystem>[];

  it("are the two project kinds with every field", () => {
    for (const p of projects) {
      expect(p.type, p.name).toBe("project");
      expectKeys(p.system, PROJECT_KEYS, p.name);
      expect(p.system, p.name).toMatchObject({ progress: 0, blocked: false, target: "" });
      expect(p.system.description, p.name).toMatch(HTML);
    }
    expect(projects.map((p) => p.system.kind).sort()).toEqual(["research", "training"]);
  });

  it("Research Magic is Project(8) with Lore vs 6; Train Minion is Project(6)", () => {
    const get = (n: string) => projects.find((p) => p.name === n)?.system;
    expect(get("Research Magic")).toMatchObject({ kind: "research", required: 8, training: "", stat: "" });
    expect(get("Research Magic")?.description).toContain("Lore vs 6");
    expect(get("Train Minion")).toMatchObject({ kind: "training", required: 6 });
    expect(["level", "type"]).toContain(get("Train Minion")?.training);
  });
});

describe("operations-actors", () => {
  const actors = load(PACKS.actors);
  const orgs = actors.filter((a) => a.type === "organization") as (WithSystem<OrganizationSystem> & { items: Doc[] })[];
  const lts = actors.filter((a) => a.type === "lieutenant") as WithSystem<LieutenantSystem>[];
  const templates = new Map((load(PACKS.units) as WithSystem<UnitSystem>[]).map((u) => [u.name, u.system]));
  const orgRefs = new Map(orgs.map((o) => [`Actor.${o._id}`, o]));
  const ltRefs = new Map(lts.map((l) => [`Actor.${l._id}`, l]));
  const npcs = orgs.filter((o) => o.system.npc);

  it("are organizations and lieutenants only", () => {
    expect(orgs.length + lts.length).toBe(actors.length);
  });

  it("have two player organizations and one NPC faction", () => {
    expect(orgs.filter((o) => !o.system.npc).length).toBe(2);
    expect(npcs.length).toBe(1);
  });

  for (const o of orgs) {
    describe(o.name, () => {
      const s = o.system;
      const units = o.items.filter((i) => i.type === "unit") as WithSystem<UnitSystem>[];
      const projects = o.items.filter((i) => i.type === "project") as WithSystem<ProjectSystem>[];

      it("has every field in range", () => {
        expectKeys(s, ORGANIZATION_KEYS, o.name);
        expect(inRange(s.cohesion, 1, 5), `cohesion ${s.cohesion}`).toBe(true);
        expect(inRange(s.capital, 0), `capital ${s.capital}`).toBe(true);
        expect(typeof s.npc).toBe("boolean");
        expect(s.round).toBe(0);
        expect(s.claims).toEqual({});
        expect(s.penalties).toEqual({});
        expect(s.surveillance).toEqual([]);
        expect(s.description).toMatch(HTML);
      });

      it("has standings keyed by the NPC faction's reference", () => {
        for (const [key, st] of Object.entries(s.standings)) {
          expect(key).toBe(keyOf(st.faction));
          expect(orgRefs.get(st.faction)?.system.npc, st.faction).toBe(true);
          expect(keysOf(st)).toEqual(["allied", "faction", "gainPenalty", "influence", "influenceCost", "penalty"]);
          expect(inRange(st.influence, 0)).toBe(true);
          expect(inRange(st.influenceCost, 0)).toBe(true);
          expect(isInt(st.penalty) && st.penalty <= 0).toBe(true);
          expect(isInt(st.gainPenalty) && st.gainPenalty <= 0).toBe(true);
          expect(typeof st.allied).toBe("boolean");
        }
        if (!s.npc) expect(Object.keys(s.standings).length).toBeGreaterThan(0);
        else expect(s.standings).toEqual({});
      });

      it("has a few units copied from the starter set, placed and commanded by its own lieutenants", () => {
        expect(units.length).toBeGreaterThanOrEqual(3);
        expect(units.length).toBeLessThanOrEqual(6);
        expect(units.length + projects.length).toBe(o.items.length);
        for (const u of units) {
          expectKeys(u.system, UNIT_KEYS, u.name);
          expect(unitProblems(u.system), u.name).toEqual([]);
          const t = templates.get(u.name);
          expect(t, `${u.name} is in the units pack`).toBeDefined();
          const { level, competency, upkeep, cost, bonded } = t!;
          expect(u.system, u.name).toMatchObject({ level, competency, upkeep, cost, bonded, condition: "fresh", hiding: 0, recruiter: "" });
          expect(u.system.location, u.name).toMatch(/^name:\S/);
          if (u.system.lieutenant !== "") expect(ltRefs.get(u.system.lieutenant)?.system.organization, u.name).toBe(`Actor.${o._id}`);
        }
        for (const p of projects) {
          expectKeys(p.system, PROJECT_KEYS, p.name);
          expect(inRange(p.system.progress, 0, p.system.required - 1), p.name).toBe(true);
        }
      });

      it("has at least one lieutenant", () => {
        expect(lts.some((l) => l.system.organization === `Actor.${o._id}`)).toBe(true);
      });
    });
  }

  it("has 4–6 lieutenants with every field in range", () => {
    expect(lts.length).toBeGreaterThanOrEqual(4);
    expect(lts.length).toBeLessThanOrEqual(6);
    for (const l of lts) {
      const s = l.system;
      expectKeys(s, LIEUTENANT_KEYS, l.name);
      expect(inRange(s.level, 1, 10), `${l.name} level`).toBe(true);
      for (const stat of STATS) expect(inRange(s[stat], 0, 5), `${l.name} ${stat}`).toBe(true);
      expect(s, l.name).toMatchObject({ recruiter: "", captor: "", condition: "fresh", hiding: 0, acted: false, defended: false, penalties: {} });
      expect(s.stance, l.name).toEqual(NO_STANCE);
      expect(typeof s.bonded).toBe("boolean");
      expect(inRange(s.cost, 0) && inRange(s.upkeep, 0), l.name).toBe(true);
      expect(s.location, l.name).toMatch(/^name:\S/);
      expect(s.description, l.name).toMatch(HTML);
      expect(l.items ?? [], l.name).toEqual([]);
    }
    const levels = lts.map((l) => l.system.level);
    expect(Math.max(...levels) - Math.min(...levels)).toBeGreaterThanOrEqual(4);
  });

  it("lieutenants reference existing organizations by actor UUID", () => {
    for (const l of lts) expect(orgRefs.has(l.system.organization), `${l.name} → ${l.system.organization}`).toBe(true);
  });

  it("the Syndicate can act out the seed's Hire Out examples: 7 Capital, 5 with selective Assassins", () => {
    const org = orgs.find((o) => o.items.filter((i) => i.name === "Thief Pack").length >= 2 && o.items.some((i) => i.name === "Assassins"));
    expect(org).toBeDefined();
    expect(org!.system.cohesion).toBe(3);
    const pick = ["Thief Pack", "Thief Pack", "Assassins"].map((n, i, all) => org!.items.filter((u) => u.name === n)[all.slice(0, i).filter((x) => x === n).length] as WithSystem<UnitSystem>);
    expect(new Set(pick.map((u) => u.system.competency)).size).toBe(1);
    const units = pick.map((u) => ({ level: u.system.level, selective: false }));
    expect(hireOutEarnings(units)).toBe(7);
    expect(hireOutEarnings(units.map((u, i) => ({ ...u, selective: i === 2 })))).toBe(5);
  });
});

describe("operations-rules", () => {
  const entries = load(PACKS.rules);
  const entry = entries.find((e) => e.name === "Operations Rules");
  const pages = entry?.pages ?? [];
  const text = pages.map((p) => p.text.content).join("\n");

  it("has the Operations Rules entry with ordered text pages", () => {
    expect(entries).toHaveLength(1);
    expect(entry).toBeDefined();
    for (const p of pages) {
      expect(p.type, p.name).toBe("text");
      expect(p.title, p.name).toEqual({ show: true, level: 1 });
      expect(p.text.format, p.name).toBe(1);
      expect(p.text.content, p.name).toMatch(new RegExp(`^<h2>${p.name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}</h2>`));
      expect(p.text.content.length, p.name).toBeGreaterThan(100);
    }
    const sorts = pages.map((p) => p.sort);
    expect(sorts).toEqual([...sorts].sort((a, b) => a - b));
    expect(new Set(sorts).size).toBe(sorts.length);
  });

  it("covers ratings, tiers, conditions, stealth, projects, money and rounds", () => {
    const names = pages.map((p) => p.name);
    for (const n of ["Checks and Ratings", "Conditions", "Stealth and Noticing", "Projects", "Money", "Rounds"]) expect(names, n).toContain(n);
    for (const needle of [
      "1d10", "+5 or more", "+1 to +4", "−4 to 0", "−5 or less", "Cohesion",
      "Fresh", "Dinged", "Damaged", "Defeated", "Destroyed",
      "hiding level", "only on a complete success",
      "Project(8)", "Project(6)", "Lore vs 6",
      "75%", "rounded down", "125%", "rounded up", "upkeep",
      "Force vs Sneak",
    ])
      expect(text, needle).toContain(needle);
  });

  it("has one page per action group, each action with its four outcomes", () => {
    const all = Object.values(ACTION_GROUPS).flat();
    expect(all).toHaveLength(20);
    for (const [group, actions] of Object.entries(ACTION_GROUPS)) {
      const page = pages.find((p) => p.name === group);
      expect(page, group).toBeDefined();
      const html = page!.text.content;
      for (const action of actions) {
        expect(html, action).toContain(`<h3>${action}</h3>`);
        const section = html.split(`<h3>${action}</h3>`)[1]!.split("<h3>")[0]!;
        if (["Move Minion", "Hire Out"].includes(action)) expect(section, action).toContain("No roll");
        else for (const tier of ["Complete success", "Success", "Failure", "Complete failure"]) expect(section, `${action}: ${tier}`).toContain(`<th>${tier}</th>`);
      }
    }
  });

  it("states the seed's Hire Out examples", () => {
    for (const needle of ["Cohesion 3", "7 Capital", "4/2 + 4/2 + 6/2", "5 Capital", "4/2 + 4/2 + 6/4", "selective"]) expect(text, needle).toContain(needle);
  });
});
