/**
 * The gallery in a real browser: every sample under both themes must fit its box, show no
 * unresolved i18n key, give every control an accessible name, and keep text contrast ≥ 3:1.
 * Screenshots: test-results/gallery/{light,dark}.png. Without /usr/bin/chromium the browser part
 * is skipped locally and fails in CI (process.env.CI).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RenderedSample, THEMES, type Theme, buildGallery, hasNarrow, narrowId, renderPage } from "./build";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = fs.existsSync(CHROMIUM);
const inCI = Boolean(process.env.CI);
if (!hasChromium && !inCI) {
  console.warn(`[gallery] ${CHROMIUM} is missing: skipping the browser checks (install it with: apt-get update && apt-get install -y chromium)`);
}

const gallery = await buildGallery();

interface SampleResult {
  id: string;
  theme: Theme;
  issues: string[];
}

async function launch(): Promise<{ context: BrowserContext; close: () => Promise<void> }> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "factions-gallery-"));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
    viewport: { width: 1400, height: 900 },
    deviceScaleFactor: 1,
    offline: true,
  });
  return {
    context,
    close: async () => {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

async function check(context: BrowserContext, file: string, screenshot?: string): Promise<SampleResult[]> {
  const page = await context.newPage();
  try {
    const errors: string[] = [];
    page.on("pageerror", (err) => errors.push(err.message));
    await page.goto(pathToFileURL(file).href, { waitUntil: "load" });
    if (errors.length) throw new Error(`page errors in ${file}: ${errors.join("; ")}`);
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    return (await page.evaluate("window.__galleryCheck()")) as SampleResult[];
  } finally {
    await page.close();
  }
}

describe("gallery page", () => {
  it("compiles styles/factions.scss", () => {
    expect(gallery.cssError).toBeUndefined();
  });

  it("has samples", () => {
    expect(gallery.rendered.length).toBeGreaterThan(0);
  });

  it.each(gallery.rendered.map((r) => [r.sample.id, r] as const))("renders %s", (_id, r) => {
    expect(r.error).toBeUndefined();
  });

  it.runIf(inCI)("has Chromium in CI", () => {
    expect(hasChromium, `${CHROMIUM} is required in CI`).toBe(true);
  });
});

describe.skipIf(!hasChromium)("gallery in Chromium", () => {
  let browser: Awaited<ReturnType<typeof launch>> | undefined;
  const results = new Map<string, string[]>();

  beforeAll(async () => {
    browser = await launch();
    for (const theme of THEMES) {
      const found = await check(browser.context, gallery.pages[theme], path.join(gallery.dir, `${theme}.png`));
      for (const r of found) results.set(`${r.id}/${r.theme}`, r.issues);
    }
    fs.writeFileSync(path.join(gallery.dir, "report.json"), JSON.stringify(Object.fromEntries(results), null, 2));
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it("wrote a screenshot per theme", () => {
    for (const theme of THEMES) expect(fs.existsSync(path.join(gallery.dir, `${theme}.png`))).toBe(true);
  });

  for (const theme of THEMES) {
    for (const { sample } of gallery.rendered) {
      it(`${sample.id} (${theme}): fits its box, no raw i18n keys, named controls, contrast ≥ 3:1, no word broken`, () => {
        const issues = results.get(`${sample.id}/${theme}`);
        expect(issues, "sample missing from the page").toBeDefined();
        expect(issues).toEqual([]);
      });
      if (!hasNarrow(sample)) continue;
      it(`${sample.id} (${theme}) at its narrowest: sets a minimum width, and at it still fits with no word broken`, () => {
        const issues = results.get(`${narrowId(sample.id)}/${theme}`);
        expect(issues, "narrow render missing from the page").toBeDefined();
        expect(issues).toEqual([]);
      });
    }
  }

  it("the checks catch what they are meant to catch", async () => {
    const bad: RenderedSample[] = [
      {
        sample: { id: "bad", title: "Bad", template: "-", context: {}, width: 240, kind: "sheet" },
        html:
          `<div style="width: 400px">too wide</div>` +
          `<p>FACTIONS.Missing.key</p>` +
          `<p>NaN</p>` +
          `<button type="button" data-action="x"><i class="fa-solid fa-dice"></i></button>` +
          `<input type="text" name="system.x">` +
          `<p style="color: #777; background: #888">faint</p>` +
          `<span style="display: inline-block; width: 3.5em; overflow-wrap: anywhere">Cunning</span>` +
          `<img src="icons/svg/mystery-man.svg" alt="">`,
      },
      {
        sample: { id: "good", title: "Good", template: "-", context: {}, width: 300, kind: "card" },
        html:
          `<p>Fine text</p><label>Power <input type="number" name="p" value="3"></label>` +
          `<label for="good-q">Q</label><select id="good-q" name="q"><option>a</option></select>` +
          `<button type="button" aria-label="Roll"><i class="fa-solid fa-dice"></i></button>`,
      },
    ];
    const file = path.join(gallery.dir, "selftest.html");
    fs.writeFileSync(file, renderPage(bad, ["dark"], "", "Gallery self-test"));
    const found = await check(browser!.context, file);
    const issues = Object.fromEntries(found.map((r) => [r.id, r.issues]));
    const badIssues = issues.bad!.join("\n");
    expect(badIssues).toMatch(/^overflow: .*wider than the box/m);
    expect(badIssues).toMatch(/^overflow: div.*sticks out/m);
    expect(badIssues).toMatch(/^i18n: unresolved i18n key "FACTIONS.Missing.key"/m);
    expect(badIssues).toMatch(/^i18n: "NaN" shown/m);
    expect(badIssues).toMatch(/^name: button\[data-action="x"\]/m);
    expect(badIssues).toMatch(/^name: input\[name="system.x"\]/m);
    expect(badIssues).toMatch(/^contrast: 1\.\d+:1 .*"faint"/m);
    expect(badIssues).toMatch(/^wrap: "Cunning" is broken mid-word/m);
    expect(badIssues).toMatch(/^icon: img.* shows Foundry's default image icons\/svg\/mystery-man\.svg/m);
    // A window at its narrowest must set its own minimum width.
    const narrowFile = path.join(gallery.dir, "selftest-narrow.html");
    fs.writeFileSync(narrowFile, renderPage([bad[1]!, { ...bad[1]!, sample: { ...bad[1]!.sample, id: "window", kind: "sheet" } }], ["dark"], "", "Gallery self-test (narrow)"));
    const narrow = Object.fromEntries((await check(browser!.context, narrowFile)).map((r) => [r.id, r.issues]));
    expect(narrow[narrowId("window")]!.join("\n")).toMatch(/^minimum: .* sets no minimum width of its own/m);
    expect(issues.good).toEqual([]);
  });
});
