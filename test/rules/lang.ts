/**
 * What every ruleset's lang test reads: lang/en.json by dotted key, a text's placeholders, the
 * rules' sources (to find the keys they emit), and the keys of an object literal in those sources.
 */
import { readdirSync, readFileSync } from "node:fs";

const root = new URL("../../", import.meta.url);
/** lang/en.json, parsed. */
export const lang = JSON.parse(readFileSync(new URL("lang/en.json", root), "utf8")) as Record<string, unknown>;

/** The text at a dotted key of lang/en.json, if there is one. */
export function langString(key: string): string | undefined {
  let cur: unknown = lang;
  for (const k of key.split(".")) {
    if (typeof cur !== "object" || cur === null) return undefined;
    cur = (cur as Record<string, unknown>)[k];
  }
  return typeof cur === "string" ? cur : undefined;
}

/** A text's `{placeholders}`, sorted, each once. */
export function placeholders(s: string): string[] {
  return [...new Set([...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!))].sort();
}

/** Every source file of a ruleset's pure rules (`src/rulesets/<ruleset>/rules/`), joined. */
export function rulesSources(ruleset: string): string {
  const dir = new URL(`src/rulesets/${ruleset}/rules/`, root);
  return readdirSync(dir)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => readFileSync(new URL(f, dir), "utf8"))
    .join("\n");
}

/** The keys of an object literal's source (`{ hero: hero.name, team: teamName(t), owed }`), sorted. */
export function literalKeys(data: string): string[] {
  let flat = data;
  while (/\([^()]*\)/.test(flat)) flat = flat.replace(/\([^()]*\)/g, "");
  return flat
    .split(",")
    .map((p) => p.split(":")[0]!.trim())
    .filter(Boolean)
    .sort();
}
