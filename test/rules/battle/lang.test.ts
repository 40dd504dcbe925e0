import { describe, expect, it } from "vitest";
import { langString, placeholders, rulesSources } from "../lang";


/** The keys of an object literal's source (`{ a: 1, b, ...costData(c) }`); spreads of costData add gold, wood, stone. */
function literalKeys(src: string): string[] {
  let flat = src;
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/(costData)?\([^()]*\)/g, (_m, cd) => (cd ? "COSTDATA" : ""));
  return flat
    .split(",")
    .map((p) => p.split(":")[0]!.trim())
    .flatMap((k) => (k === "...COSTDATA" ? ["gold", "wood", "stone"] : [k]))
    .filter(Boolean)
    .sort();
}

describe("lang/en.json for Battle", () => {
  const sources = rulesSources("battle");

  it("has every Log, Reject and Illegal key the rules emit, with matching placeholders", () => {
    const found: { key: string; data?: string }[] = [];
    const add = (prefix: string, re: RegExp, counted = false) => {
      for (const m of sources.matchAll(re)) {
        found.push({ key: `FACTIONS.Battle.${prefix}.${m[1]}`, data: m[2] });
        // A counted text has its own key for exactly one.
        if (counted) found.push({ key: `FACTIONS.Battle.${prefix}.${m[1]}One`, data: m[2] });
      }
    };
    add("Log", /say\("([A-Za-z]+)", \{([^}]*)\}\)/g);
    add("Log", /key: `\$\{LOG\}([A-Za-z]+)`, data: \{([^}]*)\}/g);
    add("Log", /say\(counted\("([A-Za-z]+)", [^)]*\), \{([^}]*)\}\)/g, true);
    add("Log", /sayOf\(\w+, "([A-Za-z]+)", \{([^}]*)\}\)/g);
    add("Summary", /key: `\$\{SUMMARY\}([A-Za-z]+)`, data: \{([^}]*)\}/g);
    add("Log", /key: counted\(`\$\{LOG\}([A-Za-z]+)`, [^)]*\), data: \{([^}]*)\}/g, true);
    add("Reject", /refusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?\)/g);
    add("Illegal", /illegal\("([A-Za-z]+)", \{([^}]*)\}\)/g);
    add("Illegal", /key: `\$\{ILLEGAL\}([A-Za-z]+)`, data: \{([^}]*)\}/g);
    expect(found.length).toBeGreaterThan(70);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      expect(placeholders(s!), key).toEqual(data === undefined ? [] : literalKeys(data));
    }
    // The summaries whose data is built apart: a location held or captured, a citadel hit.
    const losses = ["attacker", "attackerLost", "defender", "defenderLost"];
    const built: Record<string, string[]> = { Held: ["after", "before", "location", "max", ...losses], Captured: ["after", "before", "location", "max", ...losses], Citadel: ["damage", "target", ...losses] };
    for (const [name, keys] of Object.entries(built)) {
      const s = langString(`FACTIONS.Battle.Summary.${name}`)!;
      expect(placeholders(s), name).toEqual(keys.sort());
      found.push({ key: `FACTIONS.Battle.Summary.${name}` });
    }
    // Nothing else is emitted under these prefixes without being checked above.
    const all = [...sources.matchAll(/\$\{(LOG|ILLEGAL|SUMMARY)\}([A-Za-z]+)/g)].map((m) => m[2]);
    for (const k of all) expect(found.some((f) => f.key.endsWith(`.${k}`)), k).toBe(true);
  });
});
