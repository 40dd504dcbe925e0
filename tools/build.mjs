#!/usr/bin/env node
// npm run build: dist/ (the installable system) and release/ (factions.zip + system.json), with no test code.
// npm run build:test (--test): the maintainer's build, with the Quench batches and their test
// queries (src/core/testing.ts), as dist/ and release/factions-test.zip.
// npm run watch: the same build once, then rebuild the bundle and recopy static files on change.
// --out DIR writes DIR/dist and DIR/release instead. Any error exits non-zero.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { staticClosure } from "./modules.mjs";
import { compilePacks } from "./packs.mjs";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const argv = process.argv.slice(2);
const watch = argv.includes("--watch");
const tests = argv.includes("--test");
const out = argv.includes("--out") ? path.resolve(argv[argv.indexOf("--out") + 1]) : root;
const dist = path.join(out, "dist");
const release = path.join(out, "release");
const ZIP = tests ? "factions-test.zip" : "factions.zip";
// Read by vite.config.ts: whether the bundle holds the test code.
process.env.FACTIONS_TESTS = tests ? "1" : "0";

/** Copied into dist/ as they are; the first group must exist. */
const REQUIRED = ["system.json", "README.md", "LICENSE"];
const OPTIONAL = ["templates", "lang", "assets"];

const log = (msg) => console.log(`[build] ${msg}`);

function fail(err) {
  console.error(`[build] FAILED: ${err instanceof Error ? err.message : err}`);
  if (err instanceof Error && err.stack && process.env.DEBUG) console.error(err.stack);
  process.exit(1);
}

/** Empty dist/ but keep the folder itself, so a symlink from Foundry's Data/systems/factions survives. */
function cleanDist() {
  fs.mkdirSync(dist, { recursive: true });
  for (const entry of fs.readdirSync(dist)) fs.rmSync(path.join(dist, entry), { recursive: true, force: true });
}

async function bundle({ watching = false } = {}) {
  const { build } = await import("vite");
  return build({
    root,
    configFile: path.join(root, "vite.config.ts"),
    logLevel: watching ? "info" : "warn",
    build: { outDir: dist, ...(watching ? { watch: {} } : {}) },
  });
}

function copyStatic(name) {
  const from = path.join(root, name);
  if (!fs.existsSync(from)) {
    if (REQUIRED.includes(name)) throw new Error(`${name} is missing`);
    return false;
  }
  fs.cpSync(from, path.join(dist, name), { recursive: true });
  return true;
}

/** Every file that system.json points at must be in dist/. */
function checkManifest(system) {
  const referenced = [
    ...(system.esmodules ?? []),
    ...(system.scripts ?? []),
    ...(system.styles ?? []).map((s) => (typeof s === "string" ? s : s.src)),
    ...(system.languages ?? []).map((l) => l.path),
    ...(system.packs ?? []).map((p) => p.path ?? `packs/${p.name}`),
  ];
  const missing = referenced.filter((file) => file && !fs.existsSync(path.join(dist, file)));
  if (missing.length) {
    throw new Error(
      `system.json references files that are not in dist/: ${missing.join(", ")}` +
        (missing.some((m) => m.endsWith(".css")) ? " (does src/index.ts import the stylesheet?)" : ""),
    );
  }
  // Each module's static imports are in dist/ too (staticClosure reads every file it finds).
  for (const module of system.esmodules ?? []) staticClosure(dist, module);
  for (const lang of system.languages ?? []) JSON.parse(fs.readFileSync(path.join(dist, lang.path), "utf8"));
  if (system.id !== "factions") throw new Error(`system.json id is "${system.id}", expected "factions"`);
}

function listFiles(dir, prefix = "") {
  const out = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const rel = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) out.push(...listFiles(path.join(dir, entry.name), rel));
    else if (entry.isFile()) out.push(rel);
  }
  return out.sort();
}

/** release/factions.zip (dist/ under a top folder factions/; factions-test.zip for the maintainer's build) and release/system.json. */
function writeRelease() {
  fs.rmSync(release, { recursive: true, force: true });
  fs.mkdirSync(release, { recursive: true });
  const files = {};
  // A fixed date keeps the archive reproducible for the same dist/.
  const mtime = new Date("2000-01-01T00:00:00Z");
  for (const rel of listFiles(dist)) {
    // LevelDB's LOCK is recreated by Foundry when it opens the pack; a stale lock is only noise.
    if (/^packs\/.+\/LOCK$/.test(rel)) continue;
    files[`factions/${rel}`] = [new Uint8Array(fs.readFileSync(path.join(dist, rel))), { mtime }];
  }
  fs.writeFileSync(path.join(release, ZIP), zipSync(files, { level: 9 }));
  fs.copyFileSync(path.join(dist, "system.json"), path.join(release, "system.json"));
  return Object.keys(files).length;
}

async function fullBuild() {
  const started = performance.now();
  const system = JSON.parse(fs.readFileSync(path.join(root, "system.json"), "utf8"));
  const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8"));
  if (pkg.version !== system.version) {
    console.warn(`[build] warning: package.json version ${pkg.version} differs from system.json version ${system.version}`);
  }
  cleanDist();
  log("bundling src/index.ts with vite");
  await bundle();
  for (const name of [...REQUIRED, ...OPTIONAL]) if (!copyStatic(name)) log(`(no ${name}/, skipped)`);
  await compilePacks(root, dist, { log });
  checkManifest(system);
  const count = writeRelease();
  log(`dist/ and release/${ZIP} (${count} files) for ${system.id} ${system.version}${tests ? ", with the Quench batches" : ""} in ${Math.round(performance.now() - started)} ms`);
}

async function watchMode() {
  await fullBuild();
  log("watching src/ and styles/ (vite), and system.json, templates/, lang/, assets/ (copied on change); packs are compiled once");
  await bundle({ watching: true });
  const timers = new Map();
  for (const name of ["system.json", "README.md", "LICENSE", ...OPTIONAL]) {
    const target = path.join(root, name);
    if (!fs.existsSync(target)) continue;
    fs.watch(target, { recursive: fs.statSync(target).isDirectory() }, () => {
      clearTimeout(timers.get(name));
      timers.set(
        name,
        setTimeout(() => {
          try {
            fs.rmSync(path.join(dist, name), { recursive: true, force: true });
            copyStatic(name);
            log(`copied ${name}`);
          } catch (err) {
            console.error(`[build] could not copy ${name}: ${err.message}`);
          }
        }, 100),
      );
    });
  }
}

try {
  if (watch) await watchMode();
  else await fullBuild();
} catch (err) {
  fail(err);
}
