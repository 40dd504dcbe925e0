/**
 * Issue 27 §10: code that reads one way. Among the system's modules no import circle exists, type
 * imports and lazy `import()`s counted (a reader follows them all); and the data and rules helpers
 * import no module that opens a window.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT } from "../harness/handlebars";

const SRC = path.join(ROOT, "src");

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return tsFiles(full);
    return e.name.endsWith(".ts") && !e.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every relative import of a file: static, type-only, re-exports and lazy `import()`. */
const IMPORT = /(?:import|export)\s+(?:type\s+)?(?:[^'"]*?\sfrom\s+)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function importGraph(files: readonly string[]): Map<string, string[]> {
  const known = new Set(files);
  const resolve = (from: string, spec: string) => {
    const base = path.resolve(path.dirname(from), spec);
    return [`${base}.ts`, path.join(base, "index.ts")].find((f) => known.has(f));
  };
  return new Map(
    files.map((file) => {
      const deps = [...fs.readFileSync(file, "utf8").matchAll(IMPORT)].map((m) => m[1] ?? m[2]!).filter((s) => s.startsWith("."));
      return [file, [...new Set(deps.map((d) => resolve(file, d)).filter((f): f is string => !!f))]];
    }),
  );
}

/** The groups of modules that reach one another (Tarjan's strongly connected components of more than one). */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    on.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) found.push(group.map((f) => path.relative(ROOT, f)).sort());
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

const graph = importGraph(tsFiles(SRC));

describe("the system's modules", () => {
  it("import one another without a circle, type imports and lazy imports counted", () => {
    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph)).toEqual([]);
  });

  it("the circle check finds a circle made of a type import and a lazy one", () => {
    const a = path.join(SRC, "a.ts");
    const b = path.join(SRC, "b.ts");
    expect(circles(new Map([[a, [b]], [b, [a]]]))).toEqual([["src/a.ts", "src/b.ts"]]);
    const text = 'import type { X } from "./b";\nconst later = () => import("./c");';
    expect([...text.matchAll(IMPORT)].map((m) => m[1] ?? m[2])).toEqual(["./b", "./c"]);
  });

  it("the data and rules helpers import no module that opens a window", () => {
    const helpers = [...graph.keys()].filter((f) => /\/rules\//.test(f) || /\/core\/(locations|format|html|constants)\.ts$/.test(f) || /\/data\//.test(f));
    const ui = (f: string) => /\/(dialogs?|prompt|window|app|apps|sheets)(\.ts|\/)/.test(path.relative(SRC, f));
    const reached = helpers.flatMap((f) => (graph.get(f) ?? []).filter(ui).map((d) => `${path.relative(ROOT, f)} → ${path.relative(ROOT, d)}`));
    expect(helpers.length).toBeGreaterThan(50);
    expect(reached).toEqual([]);
  });
});
