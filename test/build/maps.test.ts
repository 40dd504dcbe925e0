/**
 * The Adventures' maps in the built system: each scene's background (in the compiled Adventure
 * and Scene packs too) is a file of dist/ and of release/factions.zip, the one in assets/maps/;
 * and a browser draws each as a picture of the scene's size, as Foundry does with an SVG
 * background (an image, then a canvas). The pictures are saved to test-results/maps/ for people
 * to look at. Without /usr/bin/chromium the browser part is skipped locally and fails in CI.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { unzipSync } from "fflate";
import { chromium } from "playwright-core";
import { describe, expect, it } from "vitest";
import { rulesetAdventures } from "../../tools/adventures";
import type { Doc } from "../../tools/adventures/compose";
import { MAP_DIR, mapFileOf } from "../../tools/adventures/maps";
import { mapScene } from "../../tools/adventures/maps/scene";

const root = path.resolve(__dirname, "../..");
const dist = path.join(root, "dist");
const CHROMIUM = "/usr/bin/chromium";
const browserCheck = fs.existsSync(CHROMIUM) || Boolean(process.env.CI);
const scenes = rulesetAdventures(root).map((a) => (a.source.scenes as Doc[])[0]!);
/** A `systems/factions/…` path as a file of dist/. */
const inDist = (src: string) => src.replace(/^systems\/factions\//, "");

describe("the maps in the built system", () => {
  it("ship in dist/ and release/factions.zip, as drawn in assets/maps/", () => {
    if (!fs.existsSync(path.join(dist, "system.json"))) throw new Error("dist/ is missing: run npm run build first");
    const zip = unzipSync(new Uint8Array(fs.readFileSync(path.join(root, "release", "factions.zip"))));
    for (const scene of scenes) {
      const src = (scene.background as { src: string }).src;
      const file = inDist(src);
      expect(fs.existsSync(path.join(dist, file)), `${scene.name}: dist/${file}`).toBe(true);
      expect(fs.readFileSync(path.join(dist, file), "utf8"), file).toBe(fs.readFileSync(path.join(root, MAP_DIR, mapFileOf(scene)!), "utf8"));
      expect(zip[`factions/${file}`], `release/factions.zip: factions/${file}`).toBeDefined();
    }
  });

  it("are named by the compiled packs' scenes (the Adventures and the Rounds scenes)", async () => {
    process.env.XDG_DATA_HOME ??= path.join(root, ".cache");
    const { extractPack } = await import("@foundryvtt/foundryvtt-cli");
    const backgrounds = new Map<string, string | null>();
    for (const pack of ["adventures", "rounds-scenes"]) {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), `factions-${pack}-`));
      try {
        await extractPack(path.join(dist, "packs", pack), out, { log: false });
        for (const f of fs.readdirSync(out)) {
          const doc = JSON.parse(fs.readFileSync(path.join(out, f), "utf8")) as Doc;
          for (const scene of pack === "adventures" ? ((doc.scenes as Doc[]) ?? []) : [doc]) backgrounds.set(`${pack}:${scene._id}`, (scene.background as { src: string | null }).src);
        }
      } finally {
        fs.rmSync(out, { recursive: true, force: true });
      }
    }
    for (const scene of scenes) expect(backgrounds.get(`adventures:${scene._id}`), scene.name).toBe((scene.background as { src: string }).src);
    const causeway = scenes.find((s) => s.name === "Rounds: The Shattered Causeway")!;
    expect(backgrounds.get(`rounds-scenes:${causeway._id}`)).toBe((causeway.background as { src: string }).src);
  });

  it.runIf(browserCheck)(
    "are drawn by a browser as pictures of their scenes' size, with something drawn at every token and Region",
    async () => {
      const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), "factions-maps-"));
      const context = await chromium.launchPersistentContext(userDataDir, { executablePath: CHROMIUM, headless: true, args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"], offline: true });
      const out = path.join(root, "test-results", "maps");
      fs.mkdirSync(out, { recursive: true });
      try {
        const page = await context.newPage();
        for (const scene of scenes) {
          const file = path.join(dist, inDist((scene.background as { src: string }).src));
          const map = mapScene(scene);
          const points = [...map.tokens, ...map.regions].map((p) => ({ x: p.x + p.width / 2, y: p.y + p.height / 2 }));
          // As an image from data (a file: page may not read back what it drew from another file).
          const href = `data:image/svg+xml;base64,${fs.readFileSync(file).toString("base64")}`;
          const result = (await page.evaluate(
            async ({ href, points }) => {
              const img = new Image();
              img.src = href;
              await img.decode();
              const canvas = document.createElement("canvas");
              canvas.width = img.naturalWidth;
              canvas.height = img.naturalHeight;
              const ctx = canvas.getContext("2d")!;
              ctx.drawImage(img, 0, 0);
              const opaque = points.map((p) => ctx.getImageData(p.x, p.y, 1, 1).data[3]);
              return { width: img.naturalWidth, height: img.naturalHeight, opaque, png: canvas.toDataURL("image/png") };
            },
            { href, points },
          )) as { width: number; height: number; opaque: number[]; png: string };
          expect([result.width, result.height], scene.name).toEqual([scene.width, scene.height]);
          expect(result.opaque.every((a) => a === 255), `${scene.name}: ${result.opaque.join(",")}`).toBe(true);
          fs.writeFileSync(path.join(out, path.basename(file).replace(/\.svg$/, ".png")), Buffer.from(result.png.split(",")[1]!, "base64"));
        }
      } finally {
        await context.close();
        fs.rmSync(userDataDir, { recursive: true, force: true });
      }
    },
    60_000,
  );
});
