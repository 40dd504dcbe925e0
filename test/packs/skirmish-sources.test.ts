/**
 * Checks the Skirmish compendium sources (packs/skirmish-*): both consequence tables as RollTables
 * (3d6, sixteen rows, every row's text as the rules and lang/en.json have it), the fallout statuses
 * journal (a page for every status the token HUD offers), the sample company (two squads, two
 * individuals, a vehicle, weapons with a heavy one, links that hold), the weapons and the rules.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CONSEQUENCES, EFFECT_KINDS, HIGHEST_ROW, INFANTRY_KINDS, LOWEST_ROW, MEMBER_STATES, PUSH_DICE, TABLES, rowKey } from "../../src/rulesets/skirmish/rules";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
type Doc = Record<string, unknown> & { _id: string; name: string; type?: string; system?: Record<string, unknown> };

function load(name: string): Doc[] {
  const dir = join(ROOT, "packs", name);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as Doc);
}

const lang = JSON.parse(readFileSync(join(ROOT, "lang/en.json"), "utf8")) as Record<string, unknown>;
const text = (key: string) => key.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], lang) as string | undefined;
const isInt = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v);

describe("the consequence tables", () => {
  const tables = load("skirmish-tables");

  it("are both tables, each flagged with its kind, rolled on 3d6, with replacement", () => {
    expect(tables.map((t) => (t.flags as { factions: { skirmishTable: string } }).factions.skirmishTable).sort()).toEqual([...TABLES].sort());
    for (const t of tables) expect([t.formula, t.replacement, t.name]).toEqual([PUSH_DICE, true, text(`FACTIONS.Skirmish.Table.${(t.flags as { factions: { skirmishTable: string } }).factions.skirmishTable}.Name`)]);
  });

  it("have sixteen rows, one per total from 3 to 18, each with the row's text and what it does", () => {
    for (const t of tables) {
      const kind = (t.flags as { factions: { skirmishTable: "individual" | "squad" } }).factions.skirmishTable;
      const results = t.results as { range: number[]; name: string; description: string; type: string; weight: number }[];
      expect(results).toHaveLength(HIGHEST_ROW - LOWEST_ROW + 1);
      results.forEach((r, i) => {
        const roll = LOWEST_ROW + i;
        expect(r.range).toEqual([roll, roll]);
        expect([r.type, r.weight]).toEqual(["text", 1]);
        expect(r.name).toBe(text(rowKey(kind, roll)));
        const fallout = CONSEQUENCES[kind][i]!.fallout;
        expect(r.description).toContain(text(`FACTIONS.Skirmish.Fallout.${fallout}.Text`)!.slice(0, 20));
      });
    }
  });
});

describe("the fallout statuses journal", () => {
  it("has a page for every fallout status and Overheated, where the statuses point", () => {
    const [journal] = load("skirmish-statuses");
    expect(journal!._id).toBe("skirmishFallout0");
    const pages = journal!.pages as { _id: string; name: string; text: { content: string } }[];
    const expected = [...EFFECT_KINDS, "overheated"].map((k) => k.slice(0, 16).padEnd(16, "0"));
    expect(pages.map((p) => p._id).sort()).toEqual(expected.sort());
    for (const p of pages) expect(p.text.content.length, p.name).toBeGreaterThan(40);
  });
});

describe("the sample company", () => {
  const actors = load("skirmish-actors");
  const byType = (type: string) => actors.filter((a) => a.type === type);
  const ref = (a: Doc) => `Actor.${a._id}`;

  it("is a company with two squads, two individuals and a vehicle", () => {
    expect(byType("company")).toHaveLength(1);
    const infantry = byType("infantry");
    expect(infantry.filter((a) => a.system!.kind === "squad")).toHaveLength(2);
    expect(infantry.filter((a) => a.system!.kind === "individual")).toHaveLength(2);
    expect(byType("vehicle")).toHaveLength(1);
  });

  it("has valid data, and its links (company, squads, vehicle) point at its own actors", () => {
    const [company] = byType("company");
    const [vehicle] = byType("vehicle");
    const squads = byType("infantry").filter((a) => a.system!.kind === "squad");
    expect(company!.system!.squads).toEqual(squads.map(ref));
    for (const a of byType("infantry")) {
      const s = a.system!;
      expect(Object.keys(s).sort()).toEqual(["body", "company", "description", "highestMorale", "injuries", "kind", "members", "nerves", "speed", "vehicle"]);
      expect(INFANTRY_KINDS).toContain(s.kind);
      for (const k of ["body", "nerves", "speed", "injuries", "highestMorale"]) expect(isInt(s[k]) && (s[k] as number) >= 0, `${a.name} ${k}`).toBe(true);
      expect(s.company).toBe(ref(company!));
      expect(["", ref(vehicle!)]).toContain(s.vehicle);
      const members = s.members as { id: string; name: string; state: string }[];
      expect(members.length > 0).toBe(s.kind === "squad");
      for (const m of members) expect(MEMBER_STATES).toContain(m.state);
      expect(new Set(members.map((m) => m.id)).size).toBe(members.length);
    }
    expect(vehicle!.system).toMatchObject({ speed: 10, heat: 0, heatThreshold: 3 });
    expect((vehicle!.prototypeToken as { bar2: { attribute: string } }).bar2.attribute).toBe("heatGauge");
  });

  it("arms its fighters with weapons, one of them heavy, reloads within their maximum", () => {
    const weapons = actors.flatMap((a) => (a.items as Doc[]).map((i) => ({ ...i, owner: a.name })));
    expect(weapons.every((w) => w.type === "weapon")).toBe(true);
    expect(weapons.some((w) => w.system!.heavy === true)).toBe(true);
    for (const w of weapons) {
      const r = w.system!.reloads as { value: number; max: number };
      expect(isInt(r.value) && isInt(r.max) && r.value >= 0 && r.value <= r.max, `${w.name}`).toBe(true);
    }
    for (const a of [...byType("infantry"), ...byType("vehicle")]) expect((a.items as Doc[]).length, a.name).toBeGreaterThan(0);
  });
});

describe("the weapons and the rules", () => {
  it("ship weapons, one heavy, and a rules journal with its pages", () => {
    const weapons = load("skirmish-weapons");
    expect(weapons.length).toBeGreaterThan(2);
    expect(weapons.filter((w) => w.system!.heavy === true).length).toBeGreaterThan(0);
    const [rules] = load("skirmish-rules");
    const content = (rules!.pages as { text: { content: string } }[]).map((p) => p.text.content).join("\n");
    for (const term of ["Push", "3d6", "Exhausted", "Worsened Condition", "heat", "Morale", "Ammo loss", "canvas"]) expect(content, term).toContain(term);
  });
});
