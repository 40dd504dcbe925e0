import { describe, expect, it } from "vitest";
import type { Line, Outcome, Result } from "../../../src/core/rules/outcome";
import {
  attack,
  CONSEQUENCES,
  EFFECT_KINDS,
  EFFECT_RULES,
  endCombat,
  falloutNameKey,
  falloutTextKey,
  FALLOUT_KINDS,
  advanceRound,
  freeAction,
  move,
  newBudget,
  push,
  reload,
  removeEffect,
  rollSkirmishCheck,
  scan,
  spendAction,
  STATS,
  TABLES,
} from "../../../src/rulesets/skirmish/rules";
import { scriptedDice, seededDice } from "../dice";
import { lang, langString, literalKeys, placeholders, rulesSources } from "../lang";
import { ada, aim, context, effect, noDice, red, rhino, scene } from "./fixtures";

const S = "FACTIONS.Skirmish.";

/** The line's text exists, its placeholders are exactly its data's keys, and data values that are keys exist too. */
function expectLine(l: Line): void {
  const s = langString(l.key);
  expect(s, l.key).toBeTypeOf("string");
  expect(placeholders(s!), l.key).toEqual(Object.keys(l.data ?? {}).sort());
  for (const v of Object.values(l.data ?? {})) if (typeof v === "string" && v.startsWith("FACTIONS.")) expect(langString(v), v).toBeTypeOf("string");
}

function expectOutcome(r: Result<Outcome<unknown>>): void {
  if (!r.ok) {
    expectLine(r.reason);
    return;
  }
  for (const l of r.value.log) expectLine(l);
  for (const roll of r.value.rolls) expectLine(roll.label);
  for (const c of r.value.checks) {
    expectLine(c.label);
    for (const m of [...c.check.modifiers.actor, ...c.check.modifiers.opposition]) expect(langString(m.label), m.label).toBeTypeOf("string");
  }
}

describe("lang/en.json for Skirmish", () => {
  it("has every literal Log and Reject key in the rules' sources, with matching placeholders", () => {
    const sources = rulesSources("skirmish");
    const found: { key: string; data?: string }[] = [];
    for (const m of sources.matchAll(/(?:say|line)\("([A-Za-z]+)"(?:, \{([^}]*)\})?\)/g)) found.push({ key: `${S}Log.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/refusal\("([A-Za-z]+)"(?:, \{([^}]*)\})?\)/g)) found.push({ key: `${S}Reject.${m[1]}`, data: m[2] });
    for (const m of sources.matchAll(/\$\{(LOG|REJECT)\}([A-Za-z]+)`/g)) found.push({ key: `${S}${m[1] === "LOG" ? "Log" : "Reject"}.${m[2]}` });
    // A counted text has its own key for exactly one.
    for (const m of sources.matchAll(/say\(counted\("([A-Za-z]+)", [^)]*\), \{([^}]*)\}\)/g)) found.push({ key: `${S}Log.${m[1]}`, data: m[2] }, { key: `${S}Log.${m[1]}One`, data: m[2] });
    expect(found.length).toBeGreaterThan(50);
    for (const { key, data } of found) {
      const s = langString(key);
      expect(s, key).toBeTypeOf("string");
      if (data !== undefined) expect(placeholders(s!), key).toEqual(literalKeys(data));
    }
  });

  it("has the keys of every row of both tables as the push emits them, and each row's text", () => {
    for (const t of TABLES) {
      const who = t === "individual" ? "ada" : "red";
      for (const row of CONSEQUENCES[t]) {
        const base = scene({ ada: ada([effect("x", "exhausted", 1), effect("h", "hyped", 1)]), red: red([effect("m", "morale", 1)]) });
        const script: [string, number][] = [["3d6", row.roll]];
        if (row.fallout === "ammoLoss") script.push(["1d6", 5]);
        expectOutcome(push(base, { actor: who }, context(scriptedDice(script))));
        // Without effects, and with nobody left to hit, the other lines.
        const bare = red();
        for (const m of bare.system.members) m.state = "out";
        bare.system.company = "";
        bare.weapons = [];
        const empty = scene({ red: bare });
        expectOutcome(push(empty, { actor: who }, context(scriptedDice([["3d6", row.roll]]))));
        expect(langString(`${S}Table.${t}.${row.roll}`), `${t} ${row.roll}`).toBeTypeOf("string");
      }
    }
    expectOutcome(push(scene(), { actor: "rhino" }, context(noDice)));
    const hot = scene();
    hot.actors.rhino = { ...rhino(), system: { speed: 1, heat: 9, heatThreshold: 1 } };
    expectOutcome(push(hot, { actor: "rhino" }, context(noDice)));
  });

  it("has the keys of the other actions, their refusals, the round and the end of combat", () => {
    const s = scene({ ada: ada([effect("d", "disoriented"), effect("a", "ankleSprain"), effect("b", "boneFracture")]), red: red([effect("p", "goneProne")]) });
    const ctx = context(noDice);
    const used = { ...s, combatants: { ...s.combatants, ada: { ...newBudget(2), spent: { move: 1, major: 1, minor: 1, free: 1 } } } };
    for (const st of [s, used]) {
      expectOutcome(move(st, { actor: "ada" }, ctx));
      expectOutcome(move(st, { actor: "ada", gmOverride: true }, ctx));
      expectOutcome(move(st, { actor: "pip" }, ctx));
      expectOutcome(attack(st, aim({ actor: "ada", weapons: ["pistol"] }), ctx));
      expectOutcome(reload(st, { actor: "ada", weapon: "pistol" }, ctx));
      expectOutcome(scan(st, { actor: "ada" }, ctx));
      expectOutcome(freeAction(st, { actor: "ada", text: "winks" }, ctx));
      expectOutcome(freeAction(st, { actor: "ada", text: "" }, ctx));
    }
    expectOutcome(move(s, { actor: "red" }, ctx));
    expectOutcome(move(s, { actor: "zed" }, ctx));
    expectOutcome(move(s, { actor: "first" }, ctx));
    expectOutcome(move(s, { actor: "nobody" }, ctx));
    for (const weapons of [[], ["nope"], ["cannon", "cannon"]]) expectOutcome(attack(s, aim({ actor: "rhino", weapons }), ctx));
    expectOutcome(attack(s, aim({ actor: "red", weapons: ["rifles", "mg"] }), ctx));
    expectOutcome(attack(s, aim({ actor: "rhino", weapons: ["cannon", "coax"] }), ctx));
    expectOutcome(reload(s, { actor: "red", weapon: "carbines" }, ctx));
    expectOutcome(removeEffect(s, { actor: "ada", effect: "a" }, ctx));
    expectOutcome(removeEffect(s, { actor: "ada", effect: "zz" }, ctx));
    for (const stat of STATS) {
      for (const seed of [1, 2, 3, 4]) expectOutcome(rollSkirmishCheck(s, { actor: "ada", stat, difficulty: 3, modifier: 1 }, context(seededDice(seed))));
    }
    expectOutcome(rollSkirmishCheck(s, { actor: "rhino", stat: "body", difficulty: 3 }, ctx));
    expectOutcome(rollSkirmishCheck(s, { actor: "ada", stat: "body", difficulty: 0.5 }, ctx));
    expectOutcome(rollSkirmishCheck(s, { actor: "ada", stat: "body", difficulty: 1, modifier: 0.5 }, ctx));
    for (const l of advanceRound(s, 3).log) expectLine(l);
    const squad = red();
    squad.system.highestMorale = 2;
    expectOutcome(endCombat(scene({ red: squad }), ctx));
  });

  it("has every effect's name, end line and modifier, every result's name and text, and every used-up reason", () => {
    for (const kind of EFFECT_KINDS) {
      expect(placeholders(langString(`${S}Log.Ended.${kind}`)!), kind).toEqual(["name"]);
      if (EFFECT_RULES[kind].sign !== 0) expect(langString(`${S}Modifier.${kind}`), kind).toBeTypeOf("string");
    }
    for (const kind of FALLOUT_KINDS) {
      expect(langString(falloutNameKey(kind)), kind).toBeTypeOf("string");
      expect(langString(falloutTextKey(kind)), kind).toBeTypeOf("string");
    }
    for (const kind of ["move", "major", "minor", "free"] as const) {
      const r = spendAction({ ...newBudget(1), spent: { move: 9, major: 9, minor: 9, free: 9 } }, kind, { freeActions: 1 });
      expect(r.ok).toBe(false);
      if (!r.ok) expectLine(r.reason);
    }
    expect(langString(`${S}Reject.PushSpent`)).toBeTypeOf("string");
    // The product spells the seed's "Disobediance" right.
    expect(langString(`${S}Table.squad.12`)).toBe("Disobedience");
    expect(JSON.stringify(lang)).not.toMatch(/Disobediance/);
  });
});
