/**
 * Imports every sample file of this folder (`<ruleset>.ts`, default export: GallerySample[]).
 * Files are found at run time, so adding a ruleset's samples needs no edit here.
 */
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { GallerySample } from "../samples";

const here = path.dirname(fileURLToPath(import.meta.url));

export async function importSampleFiles(): Promise<GallerySample[]> {
  const files = fs
    .readdirSync(here)
    .filter((f) => /\.(ts|mts|js|mjs)$/.test(f) && !/^index\./.test(f) && !f.endsWith(".d.ts") && !/\.test\./.test(f))
    .sort();
  const all: GallerySample[] = [];
  for (const file of files) {
    const mod = (await import(pathToFileURL(path.join(here, file)).href)) as { default?: unknown };
    if (!Array.isArray(mod.default)) throw new Error(`test/gallery/samples/${file}: the default export must be an array of gallery samples`);
    all.push(...(mod.default as GallerySample[]));
  }
  return all;
}
