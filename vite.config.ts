import path from "node:path";
import { defineConfig } from "vite";

/** The entry module stays the entry chunk: system.json names it, and it loads the rest. */
const ENTRY = /\/src\/index\.ts$/;

/** Modules loaded on first use (a dynamic import each, or shared by such modules only), each for its reason. */
const LAZY = [
  /\/src\/rulesets\/[^/]+\/dialogs\.ts$/, // a ruleset's dialogs
  /\/src\/rulesets\/battle\/apps\/(battle-window(-context)?|targets)\.ts$/, // the battle window
  /\/src\/rulesets\/[^/]+\/sheets\/((realm|faction|asset|item)-sheet-context|item-sheet-fields|context)\.ts$/, // the sheets' contexts
  /\/src\/rulesets\/rounds\/actions\/moves\.ts$/, // the Rounds tracker's buttons
  /\/src\/rulesets\/rounds\/encounter\/new-game\.ts$/, // a new Rounds game
  /\/src\/rulesets\/skirmish\/encounter\/legacy\.ts$/, // the migration of 0.1.0's Skirmish budgets
  /\/src\/core\/migrations\/records\.ts$/, // the migration of earlier releases' records
  /\/src\/core\/chronicle\/app\.ts$/, // the chronicle window
  /\/src\/core\/chronicle\/archive\.ts$/, // the GM's archiving of the records
  /\/src\/core\/actions\/dialog\.ts$/, // the dialog code the rulesets share
  /\/src\/core\/canvas\/pick-square\.ts$/, // picking a dialog's square on the map (the dialogs')
  /\/src\/core\/actions\/(authority|writes)\.ts$/, // the GM's side of applying, answering and undoing, and its writing of documents (the GM's client only)
  /\/src\/core\/rules\/roll-check\.ts$/, // the GM's check of a card's dice (the authority's)
  /\/src\/core\/records\/(save|pack)\.ts$/, // the GMs' compendium of records, and writing it (the authority's, the migration's: a GM's client only)
  /\/src\/core\/records\/readers\.ts$/, // what the GM's client tells each reader of the records
  /\/src\/core\/migrations\/journal\.ts$/, // the migration of the journal-entry records
  /\/src\/core\/data\/(gm-records|repair)\.ts$/, // keeping the GM fields, repairing what a modified client made invalid (the active GM's client only)
];
const isLazy = (id: string): boolean => LAZY.some((pattern) => pattern.test(id));

/** The core's lazy chunks whose module's name alone would not say what they hold. */
const CORE_CHUNKS: Record<string, string> = {
  "/core/migrations/records.ts": "migrate-records.mjs",
  "/core/chronicle/app.ts": "chronicle.mjs",
  "/core/chronicle/archive.ts": "chronicle-archive.mjs",
  "/core/records/save.ts": "save-records.mjs",
  "/core/records/pack.ts": "records-pack.mjs",
  "/core/records/readers.ts": "records-readers.mjs",
  "/core/migrations/journal.ts": "migrate-journal.mjs",
  "/core/data/repair.ts": "repair-documents.mjs",
};

/** A lazy chunk's file: its ruleset and module ("operations-dialogs.mjs"), the core's named above, or its own name (the Quench batches). */
function lazyName(facade: string | null, name: string): string {
  const m = facade?.match(/\/src\/rulesets\/([^/]+)\/(?:apps\/|sheets\/|actions\/|encounter\/)?([^/]+)\.ts$/);
  // "battle-window.mjs", not "battle-battle-window.mjs".
  if (m) return m[2].startsWith(`${m[1]}-`) ? `${m[2]}.mjs` : `${m[1]}-${m[2]}.mjs`;
  const core = Object.entries(CORE_CHUNKS).find(([end]) => facade?.endsWith(end));
  return core ? core[1] : `${name}.mjs`;
}

/**
 * Library build of the Factions system, minified, with source maps: dist/factions.mjs (the one
 * module system.json names) and dist/factions.css. A release holds no test code; the maintainer's
 * build (FACTIONS_TESTS=1: `npm run build:test`) adds the Quench batches, a chunk of their own,
 * dist/quench.mjs, imported only when the Quench module is active. The modules the entry and its
 * chunks share are in dist/factions-common.mjs, which factions.mjs imports. What players
 * only need when they open a dialog or the battle window, and what only the active GM's client runs
 * (LAZY), is a chunk of its own each, loaded on first use, so the JavaScript loaded at start-up
 * stays small. Every import
 * between them is relative, so they resolve next to wherever Foundry loads factions.mjs from, and
 * the common modules load once. Everything else that goes into dist/ (system.json, templates,
 * lang, packs) is copied or compiled by tools/build.mjs, which also cleans dist/ first.
 */
export default defineConfig({
  publicDir: false,
  // A release holds no test code: the maintainer's build (`npm run build:test`) sets FACTIONS_TESTS.
  define: { __FACTIONS_TESTS__: JSON.stringify(process.env.FACTIONS_TESTS === "1") },
  css: {
    devSourcemap: true,
    preprocessorOptions: { scss: {} },
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    target: "es2022",
    reportCompressedSize: false,
    cssCodeSplit: false,
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => "factions.mjs",
      cssFileName: "factions",
    },
    rolldownOptions: {
      output: {
        // Vite leaves a library's ES output unminified: minify it here. Classes keep their names:
        // Foundry names sheets ("factions.FactionSheet") and render hooks after them.
        minify: {
          compress: { keepNames: { function: false, class: true } },
          mangle: { keepNames: { function: false, class: true } },
          codegen: { removeWhitespace: true },
        },
        // Every module of the system that loads at start-up goes in one common chunk: the lazy
        // chunks and the Quench batches import from it, and it is never split into pieces.
        codeSplitting: { groups: [{ name: "factions-common", test: (id: string) => (id.includes(`${path.sep}src${path.sep}`) && !isLazy(id) && !ENTRY.test(id)) || id.startsWith("\0rolldown") }] },
        // A chunk that lazy chunks share has no facade: it is named after its last module.
        chunkFileNames: (chunk) => (chunk.name === "factions-common" ? "factions-common.mjs" : lazyName(chunk.facadeModuleId ?? chunk.moduleIds.at(-1) ?? null, chunk.name)),
      },
    },
  },
});
