import { describe, expect, it } from "vitest";
import { langString, literalKeys, placeholders, rulesSources } from "../lang";


describe("lang/en.json", () => {
  const sources = rulesSources("faction-turn");

  it("has every Log and Reject key the rules emit, with matching placeholders where the data is literal", () => {
    const found: { key: string; data?: string }[] = [];
    for (const m of sources.matchAll(/\$\{LOG\}([A-Za-z]+)`(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.FactionTurn.Log.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/refusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.FactionTurn.Reject.${m[1]}`, data: m[2] });
    expect(found.length).toBeGreaterThan(60);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      if (data !== undefined) expect(placeholders(s!), key).toEqual(literalKeys(data));
    }
  });

  it("has the attribute labels and check tiers", () => {
    for (const a of ["force", "wealth", "cunning"]) expect(langString(`FACTIONS.FactionTurn.Log.Attribute.${a}`)).toBeTypeOf("string");
    for (const t of ["completeFailure", "failure", "success", "completeSuccess"]) expect(langString(`FACTIONS.Check.Tier.${t}`)).toBeTypeOf("string");
  });
});
