import { defineConfig } from "vite";

/**
 * Library build of the Factions system, minified, with source maps: dist/factions.mjs (the one
 * module system.json names) and dist/factions.css. The Quench batches (test code) are a chunk of
 * their own, dist/quench.mjs, which factions.mjs imports only when the Quench module is active;
 * the modules both use are in dist/factions-common.mjs, which factions.mjs imports. Every import
 * between them is relative, so they resolve next to wherever Foundry loads factions.mjs from, and
 * the common modules load once. Everything else that goes into dist/ (system.json, templates,
 * lang, packs) is copied or compiled by tools/build.mjs, which also cleans dist/ first.
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
        chunkFileNames: (chunk) => (chunk.isDynamicEntry ? "[name].mjs" : "factions-common.mjs"),
      },
    },
  },
});
