/**
 * The image the compendium packs give a named document (an asset, a card, a realm), so the gallery
 * shows the icons a GM sees after importing them. Read once from packs/ (the sources).
 */
import fs from "node:fs";
import path from "node:path";
import { ROOT } from "../harness/handlebars";

let byName: Map<string, string> | undefined;

function load(): Map<string, string> {
  const map = new Map<string, string>();
  const walk = (node: unknown) => {
    if (Array.isArray(node)) node.forEach(walk);
    else if (node && typeof node === "object") {
      const o = node as Record<string, unknown>;
      if (typeof o.name === "string" && typeof o.img === "string" && !map.has(o.name)) map.set(o.name, o.img);
      Object.values(o).forEach(walk);
    }
  };
  const dir = path.join(ROOT, "packs");
  for (const pack of fs.readdirSync(dir)) {
    for (const file of fs.readdirSync(path.join(dir, pack)).filter((f) => f.endsWith(".json"))) walk(JSON.parse(fs.readFileSync(path.join(dir, pack, file), "utf8")));
  }
  return map;
}

/** The packs' image of the document named `name`, else `fallback` (its type's image). */
export function packImage(name: string, fallback: string): string {
  byName ??= load();
  return byName.get(name) ?? fallback;
}
