/**
 * What the system registers on `init` (run by the harness the way Foundry runs it), checked
 * against what system.json declares and what the code uses: types and data models, document
 * classes, sheets, queries, settings, and every i18n key.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { QUERIES } from "../../src/core/actions/requests";
import { CARD_PHASES } from "../../src/core/chat/action-message";
import { FactionsActor } from "../../src/core/documents/actor";
import { FactionsChatMessage } from "../../src/core/documents/chat-message";
import { FactionsItem } from "../../src/core/documents/item";
import { RULESETS } from "../../src/core/settings";
import { FACTION_ACTIONS } from "../../src/rulesets/faction-turn/actions";
import { ATTRIBUTES, MAGIC_LEVELS } from "../../src/rulesets/faction-turn/rules/state";
import { AssetSheet, FactionSheet } from "../../src/rulesets/faction-turn/sheets";
import { FACTION_SHEET_TABS } from "../../src/rulesets/faction-turn/sheets/tabs";
import { ROOT } from "../harness/handlebars";
import { harness, manifest } from "../harness/install";
import { createFaction } from "../harness/world";

type DocName = "Actor" | "Item" | "ChatMessage" | "Combat";
const DOCS: DocName[] = ["Actor", "Item", "ChatMessage", "Combat"];

function files(dir: string, ext: string): { file: string; text: string }[] {
  const out: { file: string; text: string }[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith(ext)) out.push({ file: path.relative(ROOT, full), text: fs.readFileSync(full, "utf8") });
    }
  };
  walk(path.join(ROOT, dir));
  return out;
}

const SRC = files("src", ".ts");
const TEMPLATES = files("templates", ".hbs");
const LANG = JSON.parse(fs.readFileSync(path.join(ROOT, "lang", "en.json"), "utf8")) as Record<string, unknown>;

/** Every string key of the language file, flattened. */
const LANG_KEYS: string[] = (() => {
  const out: string[] = [];
  const walk = (node: unknown, prefix: string) => {
    if (typeof node === "string") out.push(prefix);
    else if (node && typeof node === "object") for (const [k, v] of Object.entries(node)) walk(v, prefix ? `${prefix}.${k}` : k);
  };
  walk(LANG, "");
  return out;
})();
const hasKey = (key: string) => LANG_KEYS.includes(key);

const configOf = (doc: DocName) => (CONFIG as unknown as Record<DocName, { dataModels?: Record<string, unknown>; documentClass: unknown; sheetClasses: Record<string, Record<string, { cls: unknown; default: boolean }>> }>)[doc];

describe("types and data models", () => {
  it("has a data model for every type system.json declares, and a declared type for every data model", () => {
    for (const doc of DOCS) {
      const declared = Object.keys(manifest.documentTypes[doc] ?? {}).sort();
      const models = Object.keys(configOf(doc)?.dataModels ?? {}).sort();
      expect(models, `CONFIG.${doc}.dataModels vs system.json documentTypes.${doc}`).toEqual(declared);
      for (const type of models) {
        expect(configOf(doc).dataModels![type], `${doc}.${type}`).toSatisfy((m: unknown) => typeof m === "function" && (m as { prototype: unknown }).prototype instanceof foundry.abstract.TypeDataModel);
      }
    }
  });

  it("declares the HTML fields of each type, as its data model defines them", () => {
    for (const doc of DOCS) {
      for (const [type, meta] of Object.entries(manifest.documentTypes[doc] ?? {})) {
        const model = configOf(doc).dataModels![type] as { schema: { fields: Record<string, unknown> } };
        for (const field of (meta as { htmlFields?: string[] }).htmlFields ?? []) {
          expect(model.schema.fields[field], `${doc}.${type}.${field}`).toBeInstanceOf(foundry.data.fields.HTMLField);
        }
      }
    }
  });

  it("uses the system's own document classes", () => {
    expect(CONFIG.Actor.documentClass).toBe(FactionsActor);
    expect(CONFIG.Item.documentClass).toBe(FactionsItem);
    expect(CONFIG.ChatMessage.documentClass).toBe(FactionsChatMessage);
  });

  it("has a label for every field of its data models (LOCALIZATION_PREFIXES)", () => {
    for (const doc of DOCS) {
      for (const [type, model] of Object.entries(configOf(doc)?.dataModels ?? {})) {
        const m = model as { LOCALIZATION_PREFIXES?: string[]; schema: { walk(): Iterable<[string, unknown]> } };
        if (!m.LOCALIZATION_PREFIXES?.length) continue;
        for (const [fieldPath] of m.schema.walk()) {
          const keys = m.LOCALIZATION_PREFIXES.map((p) => `${p}.FIELDS.${fieldPath}.label`);
          expect(keys.some(hasKey), `${doc}.${type} field "${fieldPath}": one of ${keys.join(", ")}`).toBe(true);
        }
      }
    }
  });

  // Foundry labels document types with `TYPES.<Document>.<type>` (create dialogs, `CONFIG.<Doc>.typeLabels`).
  it("has a type label for every declared type", () => {
    for (const doc of DOCS) {
      for (const type of Object.keys(manifest.documentTypes[doc] ?? {})) expect(hasKey(`TYPES.${doc}.${type}`), `TYPES.${doc}.${type}`).toBe(true);
    }
  });
});

describe("sheets", () => {
  it("registers the faction and asset sheets as the defaults of their types", () => {
    const registered = (doc: DocName, type: string) =>
      Object.values(configOf(doc).sheetClasses[type] ?? {})
        .filter((s) => s.default)
        .map((s) => s.cls);
    expect(registered("Actor", "faction")).toEqual([FactionSheet]);
    expect(registered("Item", "asset")).toEqual([AssetSheet]);
    for (const reg of harness.sheets.registrations) expect(reg.scope).toBe("factions");
  });

  it("opens a faction's and an asset's sheet with them", async () => {
    const actor = await createFaction({ name: "Sheeted", assets: [{ name: "Asset" }] });
    expect(actor.sheet).toBeInstanceOf(FactionSheet);
    expect(actor.items.contents[0]!.sheet).toBeInstanceOf(AssetSheet);
  });
});

describe("queries", () => {
  it("registers the one `factions.request` query, which carries every request to the GM's client", () => {
    const registered = Object.keys(CONFIG.queries).filter((k) => k.startsWith("factions."));
    expect(registered).toEqual(["factions.request"]);
    expect(CONFIG.queries["factions.request"]).toBe(QUERIES["factions.request"]);
  });

  it("has a GM-side handler for every kind of request the code sends", () => {
    const asked = new Set<string>();
    const handled = new Set<string>();
    for (const { text } of SRC) {
      for (const m of text.matchAll(/askGM\(\s*"(\w+)"/g)) asked.add(m[1]!);
      for (const m of text.matchAll(/onRequest\(\s*"(\w+)"/g)) handled.add(m[1]!);
    }
    expect(asked.size).toBeGreaterThan(0);
    expect([...asked].sort()).toEqual([...handled].sort());
  });

  it("answers a query only on the active GM's client", async () => {
    const result = await harness.as(harness.users.alice, () => CONFIG.queries["factions.request"]({ request: "nope" }));
    expect(result).toMatchObject({ ok: false, key: "FACTIONS.Action.Error.GMOnly" });
  });
});

describe("settings", () => {
  it("registers every setting the code reads or writes, and every one it declares", () => {
    const used = new Set<string>();
    for (const { text } of SRC) {
      for (const m of text.matchAll(/settings!?\??\.(?:get|set)\(\s*SYSTEM_ID,\s*"(\w+)"/g)) used.add(m[1]!);
      for (const m of text.matchAll(/"factions\.([\w.]+)":\s*[\w[\]<>|]+;/g)) used.add(m[1]!);
    }
    for (const id of RULESETS) used.add(`ruleset.${id}`);
    expect(used.size).toBeGreaterThan(8);
    const registered = [...harness.game.settings.settings.keys()];
    for (const key of used) expect(registered, key).toContain(`factions.${key}`);
  });

  it("has a name and a hint in lang/en.json for every setting shown in the settings window", () => {
    for (const setting of harness.game.settings.settings.values()) {
      // Core's own settings (the grid's diagonal rule) are named by Foundry's translations.
      if (!setting.config || setting.namespace === "core") continue;
      expect(hasKey(setting.name ?? ""), `${setting.id} name ${setting.name}`).toBe(true);
      expect(hasKey(setting.hint ?? ""), `${setting.id} hint ${setting.hint}`).toBe(true);
      for (const label of Object.values(setting.choices ?? {})) expect(hasKey(label), `${setting.id} choice ${label}`).toBe(true);
    }
  });

  it("keeps world settings for the GM to change", async () => {
    await expect(harness.as(harness.users.alice, () => game.settings!.set("factions", "autoApply", false))).rejects.toThrow(/permission/);
    expect(game.settings!.get("factions", "autoApply")).toBe(true);
  });
});

describe("lang/en.json", () => {
  /** `const S = "FACTIONS.X"` declarations of a file, so `${S}.Y` keys can be read. */
  function prefixes(text: string): Record<string, string> {
    return Object.fromEntries([...text.matchAll(/const (\w+) = "(FACTIONS\.[\w.]+)"/g)].map((m) => [m[1]!, m[2]!]));
  }

  /** Every FACTIONS.* key in the sources: static ones, and dynamic ones as patterns. */
  function usedKeys(): { static: Map<string, string>; dynamic: Map<string, string> } {
    const stat = new Map<string, string>();
    const dyn = new Map<string, string>();
    for (const { file, text } of SRC) {
      const consts = prefixes(text);
      for (const m of text.matchAll(/["'`](FACTIONS\.[\w.]*\w)["'`]/g)) stat.set(m[1]!, file);
      for (const m of text.matchAll(/`([^`]*)`/g)) {
        let literal = m[1]!;
        literal = literal.replace(/\$\{(\w+)\}/g, (whole, name: string) => consts[name] ?? whole);
        if (!literal.startsWith("FACTIONS.")) continue;
        if (literal.includes("${")) dyn.set(literal, file);
        else if (/^[\w.]+$/.test(literal)) stat.set(literal, file);
      }
    }
    for (const { file, text } of TEMPLATES) for (const m of text.matchAll(/"(FACTIONS\.[\w.]*\w)"/g)) stat.set(m[1]!, file);
    return { static: stat, dynamic: dyn };
  }

  it("has every key the code and the templates use", () => {
    const { static: keys } = usedKeys();
    expect(keys.size).toBeGreaterThan(100);
    // Prefixes used with a dynamic suffix are not keys themselves.
    const missing = [...keys].filter(([k]) => !hasKey(k) && !LANG_KEYS.some((l) => l.startsWith(`${k}.`))).map(([k, file]) => `${k} (${file})`);
    expect(missing).toEqual([]);
  });

  it("has a key for every dynamic key pattern the code builds", () => {
    const { dynamic } = usedKeys();
    expect(dynamic.size).toBeGreaterThan(5);
    for (const [pattern, file] of dynamic) {
      const regex = new RegExp(`^${pattern.replace(/\./g, "\\.").replace(/\$\{[^}]+\}/g, "[\\w]+")}$`);
      expect(LANG_KEYS.some((k) => regex.test(k)), `${pattern} (${file})`).toBe(true);
    }
  });

  it("has every key of the enumerations those dynamic keys run over", () => {
    const expectKeys = (keys: string[]) => expect(keys.filter((k) => !hasKey(k))).toEqual([]);
    expectKeys([...CARD_PHASES, "answered", "applied", "undone"].map((s) => `FACTIONS.Card.Status.${s}`));
    expectKeys(["completeFailure", "failure", "success", "completeSuccess"].map((t) => `FACTIONS.Check.Tier.${t}`));
    expectKeys(FACTION_ACTIONS.map((a) => `FACTIONS.FactionTurn.Action.${a}`));
    expectKeys(MAGIC_LEVELS.map((m) => `FACTIONS.Magic.${m}`));
    expectKeys(ATTRIBUTES.map((a) => `FACTIONS.Attribute.${a}`));
    expectKeys(ATTRIBUTES.map((a) => `FACTIONS.FactionTurn.Log.Attribute.${a}`));
    expectKeys(RULESETS.map((r) => `FACTIONS.Ruleset.${r}`));
    expectKeys(FACTION_SHEET_TABS.map((t) => `FACTIONS.FactionTurn.Sheet.Tab.${t.id}`));
    expectKeys(["subtle", "stealth", "base", "exposed"].flatMap((k) => [`FACTIONS.FactionTurn.Asset.Tag.${k}`, `FACTIONS.FactionTurn.Asset.FIELDS.${k}.hint`]));
    const reasons = new Set<string>();
    for (const { text } of SRC) for (const m of text.matchAll(/\breason\(([^()]*)\)/g)) for (const q of m[1]!.matchAll(/"(\w+)"/g)) reasons.add(q[1]!);
    expect(reasons.size).toBeGreaterThan(5);
    expectKeys([...reasons].map((r) => `FACTIONS.FactionTurn.Action.Reason.${r}`));
  });

  it("has every Log and Reject key the Faction Turn rules emit", () => {
    const rules = SRC.filter((f) => f.file.startsWith(path.join("src", "rulesets", "faction-turn", "rules")));
    const keys = new Set<string>();
    for (const { text } of rules) {
      for (const m of text.matchAll(/\$\{LOG\}(\w+)`/g)) keys.add(`FACTIONS.FactionTurn.Log.${m[1]}`);
      for (const m of text.matchAll(/refusal\("(\w+)"/g)) keys.add(`FACTIONS.FactionTurn.Reject.${m[1]}`);
    }
    expect(keys.size).toBeGreaterThan(60);
    expect([...keys].filter((k) => !hasKey(k))).toEqual([]);
  });

  it("has the Foundry core keys the code uses", () => {
    expect(game.i18n!.has("Name")).toBe(true);
    expect(game.i18n!.localize("FACTIONS.Card.Apply")).not.toBe("FACTIONS.Card.Apply");
  });
});
