import { describe, expect, it } from "vitest";
import { STATS } from "../../../src/rulesets/operations/rules";
import { langString, literalKeys, placeholders, rulesSources } from "../lang";

const sources = rulesSources("operations");

describe("lang/en.json for Operations", () => {
  it("has every literal Log and Reject key the rules emit, with matching placeholders", () => {
    const found: { key: string; data?: string }[] = [];
    for (const m of sources.matchAll(/\$\{LOG\}([A-Za-z.]+)`(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.Operations.Log.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/refusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?/g)) found.push({ key: `FACTIONS.Operations.Reject.${m[1]}`, data: m[2] });
    expect(found.length).toBeGreaterThan(120);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      if (data !== undefined) expect(placeholders(s!), key).toEqual(literalKeys(data));
    }
  });

  it("has the dynamic families: conditions, recoveries, ratings, checks, tiers", () => {
    const L = "FACTIONS.Operations.Log.";
    for (const c of ["fresh", "dinged", "damaged", "defeated", "destroyed"]) expect(placeholders(langString(`${L}Condition.${c}`)!)).toEqual(["name"]);
    for (const c of ["fresh", "dinged", "damaged"]) expect(placeholders(langString(`${L}Recovered.${c}`)!)).toEqual(["name"]);
    for (const s of STATS) {
      expect(langString(`${L}Rating.Stat.${s}`)).toBeTypeOf("string");
      expect(placeholders(langString(`${L}TrainedLieutenant.${s}`)!)).toEqual(["level", "name"]);
      expect(placeholders(langString(`${L}TrainedType.${s}`)!)).toEqual(["name"]);
    }
    for (const m of sources.matchAll(/`\$\{RATING\}([A-Za-z]+)`/g)) expect(langString(`${L}Rating.${m[1]}`), m[1]).toBeTypeOf("string");
    const rolled = ["aggressiveAttack", "cautiousAttack", "raid", "conceal", "steal", "surveil", "purchase", "investigate", "recruit", "sellItem", "researchMagic", "trainMinion", "ambush", "blockRoute", "gainInfluence", "ally", "claim", "rally"];
    for (const a of rolled) {
      expect(placeholders(langString(`${L}Check.${a}`)!), a).toEqual(["lieutenant"]);
      for (const t of ["completeFailure", "failure", "success", "completeSuccess"]) expect(langString(`FACTIONS.Operations.Tier.${a}.${t}`), `${a}.${t}`).toBeTypeOf("string");
    }
    for (const a of ["aggressiveAttack", "cautiousAttack"]) expect(placeholders(langString(`${L}Attack.${a}`)!)).toEqual(["lieutenant", "target"]);
    for (const a of ["ambush", "blockRoute"]) expect(placeholders(langString(`${L}StanceTrigger.${a}`)!)).toEqual(["lieutenant", "mover"]);
    for (const a of ["aggressive", "cautious"]) expect(placeholders(langString(`${L}Ambush.${a}`)!)).toEqual(["factions", "lieutenant"]);
    for (const a of ["nothing", "basic", "complete"]) expect(langString(`${L}Learned.${a}`)).toBeTypeOf("string");
  });
});
