/**
 * The Adventures' maps: each scene's background, drawn here as SVG from the scene itself (its
 * size, grid, tokens and Regions), written by `npm run adventures` to assets/maps/ and shipped
 * by the build in dist/assets/maps/. A scene names its map by `background.src`; each file name
 * has one drawing.
 */
import { SYSTEM_ID } from "../../../src/core/constants";
import type { Doc } from "../compose";
import { CAUSEWAY_MAP, drawCauseway } from "./causeway";
import { KESTREL_MAP, drawKestrelHill } from "./kestrel-hill";
import { LANTERN_STREET_MAP, drawLanternStreet } from "./lantern-street";
import { RIDGE_ROAD_MAP, drawRidgeRoad } from "./ridge-road";
import { SALTMARSH_MAP, drawSaltmarsh } from "./saltmarsh";
import { mapScene, type MapScene } from "./scene";

export { CAUSEWAY_MAP, KESTREL_MAP, LANTERN_STREET_MAP, RIDGE_ROAD_MAP, SALTMARSH_MAP };

/** Where the maps are, in the project and in the installed system. */
export const MAP_DIR = "assets/maps";
const PREFIX = `systems/${SYSTEM_ID}/${MAP_DIR}/`;

/** A scene's `background.src` for the map file `file`. */
export const mapSrc = (file: string) => `${PREFIX}${file}`;

/** Each map's drawing, by file name. */
export const MAP_DRAWINGS: Record<string, (scene: MapScene) => string> = {
  [SALTMARSH_MAP]: drawSaltmarsh,
  [LANTERN_STREET_MAP]: drawLanternStreet,
  [KESTREL_MAP]: drawKestrelHill,
  [RIDGE_ROAD_MAP]: drawRidgeRoad,
  [CAUSEWAY_MAP]: drawCauseway,
};

/** The map file a scene names (null if it has no background). */
export function mapFileOf(scene: Doc): string | null {
  const src = (scene.background as { src?: string | null } | undefined)?.src ?? null;
  if (src === null) return null;
  if (!src.startsWith(PREFIX)) throw new Error(`maps: the scene "${scene.name}" has a background outside ${PREFIX}: ${src}`);
  return src.slice(PREFIX.length);
}

/** The maps of these scenes: path (relative to the project root) → SVG. Every drawing is used, by exactly one scene. */
export function mapFiles(scenes: readonly Doc[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const scene of scenes) {
    const file = mapFileOf(scene);
    if (file === null) throw new Error(`maps: the scene "${scene.name}" has no background map`);
    const draw = MAP_DRAWINGS[file];
    if (!draw) throw new Error(`maps: no drawing makes ${file} (the background of "${scene.name}"; tools/adventures/maps/index.ts)`);
    const path = `${MAP_DIR}/${file}`;
    if (files.has(path)) throw new Error(`maps: two scenes have the background ${file}`);
    files.set(path, draw(mapScene(scene)));
  }
  const unused = Object.keys(MAP_DRAWINGS).filter((f) => !files.has(`${MAP_DIR}/${f}`));
  if (unused.length) throw new Error(`maps: no scene uses ${unused.join(", ")}`);
  return files;
}
