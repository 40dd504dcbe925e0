/** Counted texts: a key for exactly one beside the key for every other count, in lang/en.json as in the code. */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { counted } from "../../../src/core/rules/outcome";

const lang = JSON.parse(readFileSync(new URL("../../../lang/en.json", import.meta.url), "utf8")) as Record<string, unknown>;
const strings = new Map<string, string>();
(function walk(node: unknown, prefix: string) {
  if (typeof node === "string") strings.set(prefix, node);
  else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
})(lang, "");
const placeholders = (text: string) => [...new Set([...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]))].sort();

describe("counted", () => {
  it("picks the key for exactly one, and the plain key for any other count", () => {
    expect(counted("FACTIONS.Battle.Log.AttacksLeft", 1)).toBe("FACTIONS.Battle.Log.AttacksLeftOne");
    expect([0, 2, 3].map((n) => counted("FACTIONS.Battle.Log.AttacksLeft", n))).toEqual(Array(3).fill("FACTIONS.Battle.Log.AttacksLeft"));
  });

  it("every text for one has its text for other counts, with the same placeholders", () => {
    const ones = [...strings.keys()].filter((k) => k.endsWith("One") && strings.has(k.slice(0, -3)));
    expect(ones.length).toBeGreaterThanOrEqual(12);
    for (const one of ones) expect(placeholders(strings.get(one)!), one).toEqual(placeholders(strings.get(one.slice(0, -3))!));
  });

  it("no text writes a plural as (s)", () => {
    expect([...strings].filter(([, v]) => /\w\(s\)/.test(v)).map(([k]) => k)).toEqual([]);
  });
});
