import { defineConfig } from "vite";

/**
 * Library build of the Factions system: one ES module (dist/factions.mjs) and one stylesheet
 * (dist/factions.css), both with source maps. Everything else that goes into dist/ (system.json,
 * templates, lang, packs) is copied or compiled by tools/build.mjs, which also cleans dist/ first.
 */
export default defineConfig({
  publicDir: false,
  css: {
    devSourcemap: true,
    preprocessorOptions: { scss: {} },
  },
  build: {
    outDir: "dist",
    emptyOutDir: false,
    sourcemap: true,
    target: "es2022",
    minify: false,
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
        // Keep everything in one module: Foundry loads a single esmodule per system.json.
        codeSplitting: false,
      },
    },
  },
});
