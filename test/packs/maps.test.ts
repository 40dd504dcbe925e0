/**
 * The Adventures' maps (assets/maps/, drawn by tools/adventures/maps): every Adventure's scene has
 * one as its background; each is the project's own drawing (plain SVG, nothing fetched or
 * embedded), of exactly the scene's size, small; and what it draws lines up with the scene: each
 * token's place and each Region's space at its exact box, no tree or rock on them, the Rounds
 * teams' edges where the rules put them, the Skirmish sides facing each other, and the places it
 * names those the Adventure's documents name.
 */
import { existsSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { rulesetAdventures } from "../../tools/adventures";
import type { Doc } from "../../tools/adventures/compose";
import { MAP_DIR, MAP_DRAWINGS, mapFileOf, mapSrc } from "../../tools/adventures/maps";
import { edgeOf } from "../../tools/adventures/maps/causeway";
import { KESTREL_PLACES } from "../../tools/adventures/maps/kestrel-hill";
import { SALTMARSH_PLACES } from "../../tools/adventures/maps/saltmarsh";
import { mapScene } from "../../tools/adventures/maps/scene";
import { overlaps, type Rect } from "../../tools/adventures/maps/svg";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const adventures = rulesetAdventures(ROOT);
const sceneOf = (ruleset: string) => (adventures.find((a) => a.ruleset === ruleset)!.source.scenes as Doc[])[0]!;
const svgOf = (scene: Doc) => readFileSync(join(ROOT, MAP_DIR, mapFileOf(scene)!), "utf8");

/** Every element's tag and attributes, in document order (the maps are written by tools/adventures/maps/svg.ts: no comments, no CDATA). */
function elements(svg: string): { tag: string; attrs: Record<string, string> }[] {
  return [...svg.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[\w:-]+="[^"]*")*)\s*\/?>/g)].map((m) => ({
    tag: m[1]!,
    attrs: Object.fromEntries([...m[2]!.matchAll(/([\w:-]+)="([^"]*)"/g)].map((a) => [a[1]!, a[2]!])),
  }));
}

/** Are the tags balanced (each opened one closed, in order)? The first problem, or null. */
function unbalanced(svg: string): string | null {
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z][\w-]*)(?:\s+[\w:-]+="[^"]*")*\s*(\/?)>/g)) {
    const [, closing, tag, selfClosing] = m;
    if (selfClosing) continue;
    if (!closing) stack.push(tag!);
    else if (stack.pop() !== tag) return `</${tag}> at ${m.index}`;
  }
  return stack.length ? `<${stack.at(-1)}> is never closed` : null;
}

const boxOf = (attrs: Record<string, string>): Rect => ({ x: Number(attrs["data-x"]), y: Number(attrs["data-y"]), width: Number(attrs["data-width"]), height: Number(attrs["data-height"]) });
/** The trees and rocks: drawn only as `<use>` of a tree, pine or rock symbol, by their box. */
const obstacles = (svg: string) =>
  elements(svg)
    .filter((e) => e.tag === "use" && /-(tree|pine|rock)$/.test(e.attrs.href ?? ""))
    .map((e) => ({ x: Number(e.attrs.x), y: Number(e.attrs.y), width: Number(e.attrs.width), height: Number(e.attrs.height) }));
const places = (svg: string) => new Set(elements(svg).flatMap((e) => (e.attrs["data-place"] ? [e.attrs["data-place"]] : [])));

describe("the Adventures' maps", () => {
  const scenes = adventures.map((a) => ({ adventure: a.source.name, scene: (a.source.scenes as Doc[])[0]! }));

  it("are one a scene, each drawn by tools/adventures/maps, none left over", () => {
    const files = scenes.map(({ scene }) => mapFileOf(scene));
    expect(files.every((f) => f !== null)).toBe(true);
    expect(new Set(files).size).toBe(scenes.length);
    expect([...files].sort()).toEqual(Object.keys(MAP_DRAWINGS).sort());
  });

  for (const { adventure, scene } of scenes) {
    describe(adventure, () => {
      const file = mapFileOf(scene)!;
      const path = join(ROOT, MAP_DIR, file);

      it("has its map as the scene's background, a file of the project's own", () => {
        expect((scene.background as { src: string }).src).toBe(mapSrc(file));
        expect(existsSync(path), path).toBe(true);
        expect(statSync(path).size).toBeLessThan(200 * 1024);
      });

      it("is plain SVG drawn here: no image, script, foreign content or outside reference, every tag closed", () => {
        const svg = svgOf(scene);
        expect(unbalanced(svg)).toBeNull();
        const tags = new Set(elements(svg).map((e) => e.tag));
        for (const tag of ["image", "script", "foreignObject", "style", "iframe", "a", "feImage"]) expect(tags.has(tag), tag).toBe(false);
        for (const e of elements(svg)) {
          for (const [name, value] of Object.entries(e.attrs)) {
            if (name === "href" || name === "xlink:href") expect(value, `${e.tag} ${name}`).toMatch(/^#[\w-]+$/);
            if (/url\(/.test(value)) expect(value, `${e.tag} ${name}`).toMatch(/^url\(#[\w-]+\)$/);
            expect(name.startsWith("on"), `${e.tag} ${name}`).toBe(false);
          }
        }
        expect(svg).not.toMatch(/@import|<!DOCTYPE|<!ENTITY|https?:\/\/(?!www\.w3\.org\/2000\/svg")/);
      });

      it("is exactly the scene's size in pixels, as Foundry needs to draw an SVG on the canvas", () => {
        const [root] = elements(svgOf(scene));
        expect(root!.tag).toBe("svg");
        expect(root!.attrs).toMatchObject({ width: String(scene.width), height: String(scene.height), viewBox: `0 0 ${scene.width} ${scene.height}`, "data-scene": scene._id });
        expect((scene as { padding?: number }).padding).toBe(0);
      });

      it("draws each token's place and each Region's space at its exact box, and no tree or rock on them", () => {
        const svg = svgOf(scene);
        const map = mapScene(scene);
        const drawn = elements(svg);
        const marks = (kind: "token" | "region") => new Map(drawn.filter((e) => e.attrs[`data-${kind}`]).map((e) => [e.attrs[`data-${kind}`]!, boxOf(e.attrs)]));
        const tokens = marks("token");
        const regions = marks("region");
        expect([...tokens.keys()].sort()).toEqual(map.tokens.map((t) => t.id).sort());
        expect([...regions.keys()].sort()).toEqual(map.regions.map((r) => r.id).sort());
        for (const t of map.tokens) expect(tokens.get(t.id), t.name).toEqual({ x: t.x, y: t.y, width: t.width, height: t.height });
        for (const r of map.regions) expect(regions.get(r.id), r.name).toEqual({ x: r.x, y: r.y, width: r.width, height: r.height });
        const trees = obstacles(svg);
        for (const place of [...map.tokens, ...map.regions]) {
          expect(place.x + place.width <= map.width && place.y + place.height <= map.height, place.name).toBe(true);
          for (const tree of trees) expect(overlaps(tree, place), `${place.name}: a tree or rock at ${JSON.stringify(tree)}`).toBe(false);
        }
      });
    });
  }

  it("Rounds: the Causeway's three spaces are drawn on their Regions, and each team's edge on the rules' entry columns, clear of trees and rocks", () => {
    const scene = sceneOf("rounds");
    const svg = svgOf(scene);
    const map = mapScene(scene);
    expect(map.regions.map((r) => r.name).sort()).toEqual(["Collapsed Bridge", "Sunken Vault", "Whispering Obelisk"]);
    const drawn = elements(svg);
    for (const team of ["skyhawks", "psiclones"] as const) {
      const edge = drawn.find((e) => e.attrs["data-team"] === team);
      expect(edge, team).toBeDefined();
      expect(boxOf(edge!.attrs), team).toEqual(edgeOf(map, team));
      for (const tree of obstacles(svg)) expect(overlaps(tree, edgeOf(map, team)), team).toBe(false);
    }
    // The Skyhawks' two left-hand columns, the Psiclones' two right-hand ones, the whole height.
    expect(edgeOf(map, "skyhawks")).toEqual({ x: 0, y: 0, width: 2 * map.size, height: map.height });
    expect(edgeOf(map, "psiclones")).toEqual({ x: map.width - 2 * map.size, y: 0, width: 2 * map.size, height: map.height });
    for (const r of map.regions) expect(places(svg).has(r.name), r.name).toBe(true);
  });

  it("Skirmish: on the Ridge Road each side faces the other: the Grey Wolves' (friendly) scrapes open east, the enemy's (hostile) west, each vehicle's tracks behind it", () => {
    const scene = sceneOf("skirmish");
    const map = mapScene(scene);
    const drawn = elements(svgOf(scene));
    expect(new Set(map.tokens.map((t) => t.disposition))).toEqual(new Set([1, -1]));
    for (const t of map.tokens) {
      const at = drawn.findIndex((e) => e.attrs["data-token"] === t.id);
      const cx = t.x + t.width / 2;
      // Toward the other side: east (+1) for the friendly tokens, west (-1) for the hostile ones.
      const facing = t.disposition === -1 ? -1 : 1;
      const paths = drawn.slice(at + 1, at + 4).filter((e) => e.tag === "path").map((e) => e.attrs.d!);
      if (t.width > map.size) {
        // A vehicle: its tracks start under it and run away from the enemy.
        const m = /^M([\d.-]+) [\d.-]+[HL]([\d.-]+)/.exec(paths[0]!)!;
        expect(m, t.name).not.toBeNull();
        expect(Math.sign(Number(m[2]) - Number(m[1])), t.name).toBe(-facing);
      } else {
        // A fighter: its crescent of sandbags bulges toward the enemy.
        const q = /Q([\d.-]+) /.exec(paths.find((d) => d.includes("Q"))!)!;
        expect(Math.sign(Number(q[1]) - cx), t.name).toBe(facing);
      }
    }
  });

  it("Faction Turn: the places the Saltmarsh map names are where the factions' assets stand", () => {
    const factions = adventures.find((a) => a.ruleset === "factionTurn")!.source.actors as Doc[];
    const locations = new Set(factions.flatMap((f) => (f.items as Doc[]).map((i) => (i.system as { location?: string }).location ?? "")).filter((l) => l.startsWith("name:")).map((l) => l.slice(5)));
    expect(places(svgOf(sceneOf("factionTurn")))).toEqual(new Set(Object.values(SALTMARSH_PLACES)));
    expect(locations).toEqual(new Set(Object.values(SALTMARSH_PLACES)));
  });

  it("Battle: the places the Kestrel Hill map names are the realms' locations", () => {
    const realms = adventures.find((a) => a.ruleset === "battle")!.source.actors as Doc[];
    const locations = new Set(realms.flatMap((r) => (r.items as Doc[]).filter((i) => i.type === "location").map((i) => i.name)));
    expect(places(svgOf(sceneOf("battle")))).toEqual(new Set(Object.values(KESTREL_PLACES)));
    expect(locations).toEqual(new Set(Object.values(KESTREL_PLACES)));
  });
});
