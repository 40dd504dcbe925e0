/**
 * axe-core (the npm package) over a gallery page in Chromium: every sample, both themes, the
 * narrow renders included. The pages are offline file:// pages, so the script is injected from
 * node_modules. A finding is kept with the sample ([data-sample]) and the theme it is in.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { ROOT } from "../harness/handlebars";

export const AXE_SCRIPT = path.join(ROOT, "node_modules", "axe-core", "axe.min.js");

/** The impacts that fail the gallery. */
export const FAILING_IMPACTS: readonly string[] = ["serious", "critical"];

/**
 * Rules off, each for its reason: a sample is a fragment of Foundry's page, shown outside it, so
 * the rules about the whole page cannot apply to it.
 */
export const DISABLED_RULES: Readonly<Record<string, string>> = {
  // Foundry's own page puts every window inside its landmarks; the gallery page is not Foundry's page.
  region: "a sample is a fragment of Foundry's page, whose landmarks hold it",
  // Foundry's page has its own main landmark; a window never has one of its own.
  "landmark-one-main": "a sample is a fragment of Foundry's page, which has the main landmark",
  // A window's title is an <h1> in Foundry (and here); the page's heading is Foundry's business.
  "page-has-heading-one": "a sample is a fragment of Foundry's page, which has the page's headings",
};

export interface AxeFinding {
  /** The sample's id (`…--narrow` for its narrowest render), or null for something outside every sample. */
  id: string | null;
  theme: string | null;
  rule: string;
  impact: string;
  /** axe's CSS selector of the element. */
  target: string;
  /** axe's explanation, on one line. */
  summary: string;
}

/** The in-page part (plain browser JavaScript, evaluated as a string so no bundler helper leaks into it). */
const RUN = (rules: Record<string, { enabled: boolean }>) => `(async () => {
  const results = await window.axe.run(document, { rules: ${JSON.stringify(rules)}, elementRef: true, resultTypes: ["violations"] });
  const found = [];
  for (const v of results.violations) {
    for (const node of v.nodes) {
      const sample = node.element ? node.element.closest("[data-sample]") : null;
      found.push({
        id: sample ? sample.dataset.sample : null,
        theme: sample ? sample.dataset.theme : null,
        rule: v.id,
        impact: node.impact || v.impact || "unknown",
        target: node.target.flat().join(" "),
        summary: (node.failureSummary || v.help).replace(/\\s+/g, " ").trim(),
      });
    }
  }
  return found;
})()`;

/** Inject axe-core into the loaded page and run it over the whole document. */
export async function runAxe(page: Page): Promise<AxeFinding[]> {
  await page.addScriptTag({ path: AXE_SCRIPT });
  const rules = Object.fromEntries(Object.keys(DISABLED_RULES).map((id) => [id, { enabled: false }]));
  return (await page.evaluate(RUN(rules))) as AxeFinding[];
}

/** One line per finding: sample, theme, rule, impact, selector and why. */
export const describeFinding = (f: AxeFinding): string =>
  `${f.id ?? "(outside the samples)"} (${f.theme ?? "page"}): ${f.rule} [${f.impact}] at ${f.target}: ${f.summary}`;
