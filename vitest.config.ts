import { defineConfig } from "vitest/config";

/**
 * Two projects: `unit` (pure rules, packs, gallery, the harness's own tests: plain Node, no Foundry
 * globals) and `foundry` (test/foundry: the system against the in-memory Foundry of test/harness,
 * in a DOM, installed by test/harness/setup.ts).
 */
export default defineConfig({
  // The tests run the maintainer's build of the system: the Quench batches and their test queries in.
  define: { __FACTIONS_TESTS__: "true" },
  test: {
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["test/**/*.test.ts"],
          exclude: ["test/foundry/**", "**/node_modules/**"],
          environment: "node",
        },
      },
      {
        extends: true,
        test: {
          name: "foundry",
          include: ["test/foundry/**/*.test.ts"],
          environment: "happy-dom",
          setupFiles: ["test/harness/setup.ts"],
        },
      },
    ],
  },
});
