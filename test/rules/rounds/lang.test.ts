import { describe, expect, it } from "vitest";
import { ACT_KINDS, OUTCOME_DEFAULTS, STEPS, TEAMS } from "../../../src/rulesets/rounds/rules";
import { langString, literalKeys, placeholders, rulesSources } from "../lang";

const sources = rulesSources("rounds");

describe("lang/en.json for Rounds", () => {
  it("has every Log and Reject key the rules emit, with matching placeholders", () => {
    const found: { key: string; data?: string }[] = [];
    for (const m of sources.matchAll(/\bsay\("([A-Za-z]+)"(?:, \{([^}]*)\})?\)/g)) found.push({ key: `FACTIONS.Rounds.Log.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/\brefusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?\)/g)) found.push({ key: `FACTIONS.Rounds.Reject.${m[1]}`, data: m[2] });
    // A counted text has its own key for exactly one.
    for (const m of sources.matchAll(/\b(say|refusal)\(counted\("([A-Za-z]+)", [^)]*\), \{([^}]*)\}\)/g)) {
      const family = m[1] === "say" ? "Log" : "Reject";
      found.push({ key: `FACTIONS.Rounds.${family}.${m[2]}`, data: m[3] }, { key: `FACTIONS.Rounds.${family}.${m[2]}One`, data: m[3] });
    }
    expect(found.length).toBeGreaterThan(50);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      expect(placeholders(s!), key).toEqual(data === undefined ? [] : literalKeys(data));
    }
    // Every call of say and refusal was read above: none takes a name that is not a literal but the GmRules family (below).
    const calls = [...sources.matchAll(/(?<!function )\b(say|refusal)\((?!counted\(")([^"\s)])/g)].map((m) => m[0]);
    expect(calls).toEqual(["say(`"]);
    expect(sources).toContain("say(`GmRules.${kind}`)");
  });

  it("has the families named from data: teams, steps, acts, attacks, built-in outcomes, and the GM's ruling for each act but an attack and for triggers", () => {
    for (const t of TEAMS) expect(langString(`FACTIONS.Rounds.Team.${t}`), t).toBeTypeOf("string");
    for (const s of STEPS) expect(langString(`FACTIONS.Rounds.Step.${s}`), s).toBeTypeOf("string");
    for (const a of ACT_KINDS) {
      expect(langString(`FACTIONS.Rounds.Act.${a}`), a).toBeTypeOf("string");
      // What a Shoot or a Melee does is an outcome the GM applies from its card, and Slip Away's swap is made on the map (issue 18): no ruling line.
      if (a === "shoot" || a === "melee" || a === "slipAway") expect(langString(`FACTIONS.Rounds.Log.GmRules.${a}`), a).toBeUndefined();
      else expect(placeholders(langString(`FACTIONS.Rounds.Log.GmRules.${a}`) ?? "{missing}"), a).toEqual([]);
    }
    expect(langString("FACTIONS.Rounds.Log.GmRules.trigger")).toBeTypeOf("string");
    for (const a of ["shoot", "melee"]) expect(langString(`FACTIONS.Rounds.Attack.${a}`), a).toBeTypeOf("string");
    for (const o of OUTCOME_DEFAULTS) expect(langString(`FACTIONS.Rounds.Outcome.${o}`), o).toBeTypeOf("string");
  });
});
