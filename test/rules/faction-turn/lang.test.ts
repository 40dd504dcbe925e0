import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const root = new URL("../../../", import.meta.url);
const lang = JSON.parse(readFileSync(new URL("lang/en.json", root), "utf8")) as Record<string, unknown>;

function langString(key: string): string | undefined {
  let cur: unknown = lang;
  for (const k of key.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return typeof cur === "string" ? cur : undefined;
}

describe("lang/en.json", () => {
  const dir = new URL("src/rulesets/faction-turn/rules/", root);
  const sources = readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");

  it("has every Log and Reject key the rules emit, with matching placeholders where the data is literal", () => {
    const found: { key: string; data?: string }[] = [];
    for (const m of sources.matchAll(/\$\{LOG\}([A-Za-z]+)`(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.FactionTurn.Log.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/refusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.FactionTurn.Reject.${m[1]}`, data: m[2] });
    expect(found.length).toBeGreaterThan(60);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      if (data === undefined) continue;
      let flat = data;
      while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, "");
      const keys = flat
        .split(",")
        .map((p) => p.split(":")[0]!.trim())
        .filter(Boolean)
        .sort();
      const placeholders = [...new Set([...s!.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
      expect(placeholders, key).toEqual(keys);
    }
  });

  it("has the attribute labels and check tiers", () => {
    for (const a of ["force", "wealth", "cunning"]) expect(langString(`FACTIONS.FactionTurn.Log.Attribute.${a}`)).toBeTypeOf("string");
    for (const t of ["completeFailure", "failure", "success", "completeSuccess"]) expect(langString(`FACTIONS.Check.Tier.${t}`)).toBeTypeOf("string");
  });
});
