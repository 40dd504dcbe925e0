/**
 * Checks the Skirmish compendium sources (packs/skirmish-*): both consequence tables as RollTables
 * (3d6, sixteen rows, every row's text as the rules and lang/en.json have it), the fallout statuses
 * journal (a page for every status the token HUD offers), the sample companies (the Grey Wolves:
 * two squads, two individuals, a vehicle; the Ash Hounds facing them: a squad, an individual, a
 * vehicle; their tokens friendly and hostile; weapons with a heavy one, links that hold), the
 * weapons (each with an attack formula and a number to reach) and the rules.
 */
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { reachChance } from "../../src/core/rules/reach";
import { CONSEQUENCES, EFFECT_KINDS, HIGHEST_ROW, INFANTRY_KINDS, LOWEST_ROW, MEMBER_STATES, PUSH_DICE, TABLES, rowKey } from "../../src/rulesets/skirmish/rules";
import { MAX_REACH, isAttackFormula } from "../../src/rulesets/skirmish/rules/attack";

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

/** CONST.TOKEN_DISPOSITIONS (no Foundry globals here). */
const FRIENDLY = 1;
const HOSTILE = -1;

describe("the sample companies: the Grey Wolves and the enemy facing them", () => {
  const actors = load("skirmish-actors");
  const byType = (type: string) => actors.filter((a) => a.type === type);
  const ref = (a: Doc) => `Actor.${a._id}`;
  const companyNamed = (name: string) => actors.find((a) => a.type === "company" && a.name === name)!;
  /** A company's infantry (those naming it) and its vehicles (by name: a vehicle names no company). */
  const fightersOf = (side: (typeof SIDES)[number]) => ({
    infantry: byType("infantry").filter((a) => a.system!.company === ref(companyNamed(side.company))),
    vehicles: byType("vehicle").filter((v) => side.vehicles.includes(v.name)),
  });
  const SIDES = [
    { company: "Grey Wolves Company", squads: 2, individuals: 2, vehicles: ["Bulwark APC"], disposition: FRIENDLY },
    { company: "Ash Hound Company", squads: 1, individuals: 1, vehicles: ["Harrow Scout Car"], disposition: HOSTILE },
  ];

  it("are two companies: the Grey Wolves with two squads, two individuals and a vehicle; the Ash Hounds with a squad, an individual and a vehicle", () => {
    expect(byType("company").map((c) => c.name).sort()).toEqual(SIDES.map((s) => s.company).sort());
    for (const side of SIDES) {
      const { infantry } = fightersOf(side);
      expect(infantry.filter((a) => a.system!.kind === "squad"), side.company).toHaveLength(side.squads);
      expect(infantry.filter((a) => a.system!.kind === "individual"), side.company).toHaveLength(side.individuals);
    }
    expect(byType("vehicle").map((v) => v.name).sort()).toEqual(SIDES.flatMap((s) => s.vehicles).sort());
    // Every fighter belongs to one side or the other.
    expect(SIDES.reduce((n, s) => n + s.squads + s.individuals, 0)).toBe(byType("infantry").length);
  });

  it("have valid data, and their links (company, squads, vehicle) point at their own side's actors", () => {
    for (const side of SIDES) {
      const company = companyNamed(side.company);
      const { infantry, vehicles } = fightersOf(side);
      // Its squads and its vehicles: what an attack's Morale −1 and the GM's "Hand out the sides" reach.
      expect(company.system!.squads, side.company).toEqual([...infantry.filter((a) => a.system!.kind === "squad"), ...vehicles].map(ref));
      for (const a of infantry) {
        const s = a.system!;
        expect(Object.keys(s).sort()).toEqual(["body", "company", "description", "highestMorale", "injuries", "kind", "members", "nerves", "speed", "vehicle"]);
        expect(INFANTRY_KINDS).toContain(s.kind);
        for (const k of ["body", "nerves", "speed", "injuries", "highestMorale"]) expect(isInt(s[k]) && (s[k] as number) >= 0, `${a.name} ${k}`).toBe(true);
        expect(["", ...vehicles.map(ref)], a.name).toContain(s.vehicle);
        const members = s.members as { id: string; name: string; state: string }[];
        expect(members.length > 0).toBe(s.kind === "squad");
        for (const m of members) expect(MEMBER_STATES).toContain(m.state);
        expect(new Set(members.map((m) => m.id)).size).toBe(members.length);
      }
      for (const v of vehicles) {
        expect(v.system, v.name).toMatchObject({ heat: 0 });
        expect(isInt(v.system!.speed) && isInt(v.system!.heatThreshold) && (v.system!.heatThreshold as number) > 0, v.name).toBe(true);
        expect((v.prototypeToken as { bar2: { attribute: string } }).bar2.attribute, v.name).toBe("heatGauge");
      }
    }
    expect(byType("vehicle").find((v) => v.name === "Bulwark APC")!.system).toMatchObject({ speed: 10, heat: 0, heatThreshold: 3 });
  });

  it("give their fighters' tokens their side: the Grey Wolves friendly, the Ash Hounds hostile", () => {
    for (const side of SIDES) {
      const { infantry, vehicles } = fightersOf(side);
      for (const a of [...infantry, ...vehicles]) expect((a.prototypeToken as { disposition?: number } | undefined)?.disposition, a.name).toBe(side.disposition);
    }
  });

  it("arm their fighters with weapons, one of them heavy, reloads within their maximum, each as the weapons pack has it", () => {
    const weapons = actors.flatMap((a) => (a.items as Doc[]).map((i) => ({ ...i, img: i.img, owner: a.name })));
    const pack = new Map(load("skirmish-weapons").map((w) => [w.name, w]));
    expect(weapons.every((w) => w.type === "weapon")).toBe(true);
    expect(weapons.some((w) => w.system!.heavy === true)).toBe(true);
    for (const w of weapons) {
      const r = w.system!.reloads as { value: number; max: number };
      expect(isInt(r.value) && isInt(r.max) && r.value >= 0 && r.value <= r.max, `${w.name}`).toBe(true);
      expect(pack.get(w.name)?.system, `${w.owner}: ${w.name} is not in packs/skirmish-weapons as it is`).toEqual(w.system);
      expect(pack.get(w.name)!.img, `${w.owner}: ${w.name}`).toBe(w.img);
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

  it("every weapon (in the weapons pack and carried by a fighter) has an attack formula whose odds are counted and a number to reach it may or may not make", () => {
    const carried = load("skirmish-actors").flatMap((a) => ((a.items as Doc[] | undefined) ?? []).map((i) => ({ ...i, name: `${a.name}: ${i.name}` })));
    for (const w of [...load("skirmish-weapons"), ...carried]) {
      const attack = w.system!.attack as { formula: string; reach: number | null };
      expect(Object.keys(attack).sort(), w.name).toEqual(["formula", "reach"]);
      expect(attack.formula.trim(), w.name).not.toBe("");
      expect(isAttackFormula(attack.formula), `${w.name}: ${attack.formula}`).toBe(true);
      expect(isInt(attack.reach) && Math.abs(attack.reach!) <= MAX_REACH, `${w.name}: ${attack.reach}`).toBe(true);
      const chance = reachChance(attack.formula, attack.reach!)!;
      expect(chance > 0.2 && chance < 0.8, `${w.name}: ${attack.formula} reaches ${attack.reach} with ${chance}`).toBe(true);
    }
  });
});
