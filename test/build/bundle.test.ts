/**
 * The built system (dist/ and release/factions.zip, written by `npm run build`, which `npm test`
 * runs first): one entry module, minified, whose static imports all ship; no test code at all; and
 * the maintainer's build (`npm run build:test`), which adds the Quench batches in a chunk of their
 * own that it imports only on `quenchReady`.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { unzipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { staticClosure } from "../../tools/modules.mjs";
import systemJson from "../../system.json";

const root = path.resolve(__dirname, "../..");
const dist = path.join(root, "dist");
const read = (file: string) => fs.readFileSync(path.join(dist, file), "utf8");
const RUNTIME = "rolldown-runtime.mjs";
/** The chunks loaded on first use. */
const LAZY = ["faction-turn-dialogs.mjs", "operations-dialogs.mjs", "skirmish-dialogs.mjs", "rounds-dialogs.mjs", "battle-window.mjs", "migrate-records.mjs", "battle-realm-sheet-context.mjs", "faction-turn-faction-sheet-context.mjs", "faction-turn-asset-sheet-context.mjs", "battle-item-sheet-context.mjs", "operations-context.mjs", "skirmish-context.mjs", "rounds-context.mjs", "chronicle.mjs", "battle-item-sheet-fields.mjs", "dialog.mjs", "battle-targets.mjs", "rounds-moves.mjs", "skirmish-legacy.mjs", "authority.mjs", "save-records.mjs", "records-pack.mjs", "records-readers.mjs", "migrate-journal.mjs", "gm-records.mjs", "repair-documents.mjs", "chronicle-archive.mjs"];

function loaded(): string[] {
  if (!fs.existsSync(path.join(dist, "factions.mjs"))) throw new Error("dist/factions.mjs is missing: run npm run build first");
  return staticClosure(dist, "factions.mjs");
}

/** Marks of the maintainer's build's start-up code (src/core/testing.ts): its settings, its queries, its hook. */
const TEST_MARKS = ["testWorld", "testQueries", "FACTIONS.Settings.testWorld", "quenchReady"];

/** Marks of every Quench batch: its key and display name (test/quench). */
const BATCH_MARKS = [
  "factions.faction-turn.sheets",
  "factions.faction-turn.actions",
  "factions.core.cards",
  "factions.battle.flows",
  "factions.operations.flows",
  "Factions: Faction Turn sheets",
  "Factions: Battle flows",
  "registerBatch",
];

describe("the built bundle", () => {
  it("has one entry module in system.json; it and every file it imports are in dist/ and in release/factions.zip, each with a source map", () => {
    expect(systemJson.esmodules).toEqual(["factions.mjs"]);
    const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(root, "release", "factions.zip"))));
    const files = loaded();
    expect(files[0]).toBe("factions.mjs");
    for (const file of files) {
      expect(zip[`factions/${file}`], file).toBeDefined();
      // The bundler's own few helpers (a module of its runtime shared by the chunks) have no source to map.
      if (file === RUNTIME) continue;
      expect(read(file), file).toMatch(new RegExp(`//# sourceMappingURL=${path.basename(file)}\\.map\\s*$`));
      expect(fs.existsSync(path.join(dist, `${file}.map`)), `${file}.map`).toBe(true);
    }
  });

  it("holds no test code: no Quench batch, test query or test setting in any file of the release", () => {
    const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(root, "release", "factions.zip"))));
    const code = Object.entries(zip).filter(([file]) => file.endsWith(".mjs"));
    expect(code.length).toBeGreaterThan(LAZY.length);
    for (const [file, bytes] of code) {
      const text = new TextDecoder().decode(bytes);
      for (const mark of [...BATCH_MARKS, ...TEST_MARKS]) expect(text, `${file}: ${mark}`).not.toContain(mark);
    }
    expect(fs.readdirSync(dist).filter((f) => /quench/i.test(f))).toEqual([]);
  });

  it("in the maintainer's build (npm run build:test), adds the batches as a chunk the entry imports only when Quench is ready", () => {
    const out = fs.mkdtempSync(path.join(os.tmpdir(), "factions-test-build-"));
    try {
      execFileSync(process.execPath, [path.join(root, "tools", "build.mjs"), "--test", "--out", out], { stdio: "pipe" });
      const testDist = path.join(out, "dist");
      const readTest = (file: string) => fs.readFileSync(path.join(testDist, file), "utf8");
      const files = staticClosure(testDist, "factions.mjs");
      const startUp = files.map(readTest).join("\n");
      for (const mark of BATCH_MARKS) expect(startUp, mark).not.toContain(mark);
      for (const mark of TEST_MARKS) expect(startUp, mark).toContain(mark);
      const chunks = [...startUp.matchAll(/import\(\s*["'`]\.\/(quench[^"'`]*)["'`]\s*\)/g)].map((m) => m[1]!);
      expect(chunks).toEqual(["quench.mjs"]);
      for (const mark of BATCH_MARKS) expect(readTest("quench.mjs"), mark).toContain(mark);
      const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(out, "release", "factions-test.zip"))));
      expect(zip["factions/quench.mjs"]).toBeDefined();
      expect(fs.existsSync(path.join(out, "release", "factions.zip"))).toBe(false);
    } finally {
      fs.rmSync(out, { recursive: true, force: true });
    }
  });

  it("loads the dialogs, the battle window, the largest sheets' contexts, the migration and the GM's work on first use: chunks of their own, with their source maps", () => {
    const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(root, "release", "factions.zip"))));
    for (const file of LAZY) {
      expect(loaded(), file).not.toContain(file);
      expect(zip[`factions/${file}`], file).toBeDefined();
      expect(fs.existsSync(path.join(dist, `${file}.map`)), `${file}.map`).toBe(true);
      // What it needs of the rest it takes from the files already loaded, or from another chunk of first use.
      for (const dep of staticClosure(dist, file).slice(1)) expect([...loaded(), ...LAZY], `${file} → ${dep}`).toContain(dep);
    }
    // Each is imported on first use by the start-up code or by another chunk of first use (the GM's
    // keeping of the GM fields loads its repair of invalid documents), or is a chunk that chunks of
    // first use share.
    const code = [...loaded(), ...LAZY].map(read).join("\n");
    const shared = new Set(LAZY.flatMap((file) => staticClosure(dist, file).slice(1)));
    for (const file of LAZY) if (!shared.has(file)) expect(code, file).toMatch(new RegExp(`import\\([\`"']\\./${file.replace(".", "\\.")}[\`"']\\)`));
  });

  it("is minified, with the classes Foundry knows by name keeping their names", () => {
    const code = [...loaded(), "battle-window.mjs", "chronicle.mjs"].map(read).join("\n");
    expect(code.split("\n").length).toBeLessThan(12);
    for (const name of ["FactionsActor", "FactionsItem", "FactionsChatMessage", "FactionSheet", "AssetSheet", "RealmSheet", "BattleItemSheet", "CharacterCardSheet", "LieutenantSheet", "OrganizationSheet", "OperationsItemSheet", "BattleWindow", "ChronicleApp"]) {
      expect(code, name).toMatch(new RegExp(`\\bclass ${name}\\b|\\b${name}=class\\b`));
    }
  });

  it("keeps the JavaScript Foundry loads within the 100 KB gzipped all five rulesets must fit in", () => {
    const bytes = loaded().reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(dist, f)), { level: 9 }).length, 0);
    expect(bytes).toBeLessThan(100 * 1024);
  });
});
