/**
 * npm run bench: prints ONE JSON object on stdout, e.g.
 *   {"packCompileMs":41.2,"bundleGzipBytes":18342,"sheetRenderMs":0.8}
 * Built-in entries:
 *   packCompileMs    median time to validate and compile every pack of system.json into a temp dir
 *   bundleGzipBytes  gzip size of what Foundry loads for the system (builds first if missing):
 *                    dist/factions.mjs with every file it imports statically, and dist/factions.css;
 *                    each apart too: bundleJsGzipBytes, bundleCssGzipBytes (the release build:
 *                    no test code in it).
 * Every file in bench/cases/ adds entries: `export default { name, run }` (see measure.ts, BenchCase).
 * Everything else (logs, build output) goes to stderr.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { staticClosure } from "../tools/modules.mjs";
import { compilePacks } from "../tools/packs.mjs";
import { type BenchCase, median } from "./measure";

// The cases run the system as a release has it: no Quench batches, no test queries (the build's
// define, which tsx does not apply).
(globalThis as { __FACTIONS_TESTS__?: boolean }).__FACTIONS_TESTS__ = false;

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const DIST = path.join(root, "dist");
const BUNDLE = ["factions.mjs", "factions.css"].map((f) => path.join(DIST, f));

async function packCompileMs(): Promise<number> {
  const dirs: string[] = [];
  try {
    return await median(
      async () => {
        const dir = fs.mkdtempSync(path.join(os.tmpdir(), "factions-bench-packs-"));
        dirs.push(dir);
        await compilePacks(root, dir);
      },
      { warmup: 1, runs: 5 },
    );
  } finally {
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Gzipped bytes of the bundle's JavaScript and stylesheet. */
function bundleGzip(): { js: number; css: number } {
  if (BUNDLE.some((f) => !fs.existsSync(f))) {
    console.error("[bench] dist/ has no bundle: running npm run build");
    const build = spawnSync(process.execPath, [path.join(root, "tools", "build.mjs")], { cwd: root, stdio: ["ignore", 2, 2] });
    if (build.status !== 0) throw new Error("the build failed");
  }
  const gz = (file: string) => gzipSync(fs.readFileSync(path.join(DIST, file)), { level: 9 }).length;
  return { js: staticClosure(DIST, "factions.mjs").reduce((sum, f) => sum + gz(f), 0), css: gz("factions.css") };
}

async function loadCases(): Promise<BenchCase[]> {
  const dir = path.join(root, "bench", "cases");
  if (!fs.existsSync(dir)) return [];
  const files = fs.readdirSync(dir).filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !f.endsWith(".d.ts")).sort();
  const cases: BenchCase[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(dir, file)).href)) as { default?: BenchCase | BenchCase[] };
    const list = Array.isArray(mod.default) ? mod.default : mod.default ? [mod.default] : [];
    if (!list.length) throw new Error(`bench/cases/${file}: default-export { name, run } (or an array of them)`);
    for (const c of list) {
      if (typeof c?.name !== "string" || typeof c.run !== "function") throw new Error(`bench/cases/${file}: a case needs a name and a run()`);
      cases.push(c);
    }
  }
  return cases;
}

/** Three significant digits: sub-microsecond cases stay visible. */
const round = (n: number) => (n === 0 ? 0 : Number(n.toPrecision(3)));

async function main(): Promise<void> {
  const stdoutLog = console.log;
  console.log = console.error; // keep stdout for the JSON alone
  const result: Record<string, number> = {};
  try {
    result.packCompileMs = round(await packCompileMs());
    const gz = bundleGzip();
    result.bundleGzipBytes = gz.js + gz.css;
    result.bundleJsGzipBytes = gz.js;
    result.bundleCssGzipBytes = gz.css;
    for (const c of await loadCases()) {
      if (c.name in result) throw new Error(`bench case name "${c.name}" is used twice`);
      const value = await c.run();
      if (typeof value !== "number" || !Number.isFinite(value)) throw new Error(`bench case "${c.name}" returned ${value}, not a number`);
      result[c.name] = round(value);
    }
  } finally {
    console.log = stdoutLog;
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main().catch((err: unknown) => {
  console.error(`[bench] FAILED: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
