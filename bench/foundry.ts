/**
 * The in-memory Foundry of test/harness, booted for a bench case outside vitest: the same DOM
 * environment vitest gives the `foundry` tests (happy-dom), the harness's globals, and the system
 * started through its own hooks. Stylesheets the system imports are empty modules here, as vitest
 * makes them.
 */
import { register } from "node:module";
import { builtinEnvironments } from "vitest/runtime";

/** A module loader hook: a stylesheet import is an empty module. */
const STYLES_AS_EMPTY = `data:text/javascript,${encodeURIComponent(`
export async function load(url, context, next) {
  if (url.endsWith(".scss") || url.endsWith(".css")) return { format: "module", source: "export default {};", shortCircuit: true };
  return next(url, context);
}`)}`;

let booted: Promise<typeof import("../test/harness/install").harness> | null = null;

/** The harness, booted once per bench process. */
export function bootFoundry() {
  booted ??= (async () => {
    register(STYLES_AS_EMPTY);
    await builtinEnvironments["happy-dom"].setup(globalThis, {});
    const { fixHappyDom } = await import("../test/harness/dom-fixes");
    const { boot, harness, installGlobals } = await import("../test/harness/install");
    fixHappyDom();
    installGlobals();
    await boot();
    return harness;
  })();
  return booted;
}
