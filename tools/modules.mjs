// The JavaScript files a module loads up front: itself and, transitively, every file it imports
// statically (`import … from "./x.mjs"`, `import "./x.mjs"`). Dynamic `import("./x.mjs")` is
// left out: it loads later, if at all (the Quench batches). Shared by bench/ and the tests.
import fs from "node:fs";
import path from "node:path";

const STATIC_IMPORT = /(?:\bfrom|\bimport)\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g;

/** Paths relative to `dir`, the entry first. */
export function staticClosure(dir, entry) {
  const seen = [entry];
  for (let i = 0; i < seen.length; i++) {
    const code = fs.readFileSync(path.join(dir, seen[i]), "utf8");
    for (const [, spec] of code.matchAll(STATIC_IMPORT)) {
      const file = path.posix.normalize(path.posix.join(path.posix.dirname(seen[i]), spec));
      if (!seen.includes(file)) seen.push(file);
    }
  }
  return seen;
}
