#!/usr/bin/env node
// Reads vitest's JSON report and prints "N passed, N failed" as the last line.
// Exits non-zero when a test or a test file failed, or when no test ran.
import fs from "node:fs";

const file = process.argv[2] ?? "test-results/vitest.json";
if (!fs.existsSync(file)) {
  console.log(`[summary] no vitest report at ${file}: npm test stopped before vitest ran (typecheck or build failed, see above); counted as 1 failure`);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const report = JSON.parse(fs.readFileSync(file, "utf8"));
const passed = report.numPassedTests ?? 0;
let failed = report.numFailedTests ?? 0;
// A test file that fails to load (syntax error, throwing import) has no tests: count it as one failure.
const brokenFiles = (report.testResults ?? []).filter((r) => r.status === "failed" && !(r.assertionResults ?? []).some((a) => a.status === "failed"));
for (const r of brokenFiles) console.log(`[summary] test file failed to run: ${r.name}${r.message ? `\n  ${r.message.split("\n")[0]}` : ""}`);
failed += brokenFiles.length;
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
if (skipped) console.log(`[summary] ${skipped} skipped`);
if (passed + failed === 0) console.log("[summary] no test ran");
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
