/**
 * What a map reads of its scene: its size, its grid, where each token stands and each Region
 * lies. The maps are drawn from the scene the Adventure holds, so they line up with it by
 * construction; the drawing of each token's and Region's place carries its id and exact box
 * (`data-token` / `data-region`, `data-x`, `data-y`, `data-width`, `data-height`) for the tests.
 */
import type { Doc } from "../compose";
import { el, type Attrs, type Rect } from "./svg";

export interface Placed extends Rect {
  id: string;
  name: string;
}

export interface MapScene {
  id: string;
  name: string;
  width: number;
  height: number;
  /** Pixels a grid square. */
  size: number;
  columns: number;
  rows: number;
  /** Each token's place and its disposition (CONST.TOKEN_DISPOSITIONS: 1 friendly, 0 neutral, -1 hostile). */
  tokens: (Placed & { disposition: number })[];
  regions: (Placed & { color: string })[];
}

type SceneDoc = Doc & {
  width: number;
  height: number;
  grid: { size: number };
  tokens?: (Doc & { x: number; y: number; width: number; height: number; disposition?: number })[];
  regions?: (Doc & { color?: string; shapes: { type: string; x: number; y: number; width: number; height: number }[] })[];
};

export function mapScene(doc: Doc): MapScene {
  const scene = doc as SceneDoc;
  const size = scene.grid.size;
  return {
    id: scene._id,
    name: scene.name,
    width: scene.width,
    height: scene.height,
    size,
    columns: Math.floor(scene.width / size),
    rows: Math.floor(scene.height / size),
    tokens: (scene.tokens ?? []).map((t) => ({ id: t._id, name: t.name, x: t.x, y: t.y, width: t.width * size, height: t.height * size, disposition: t.disposition ?? 0 })),
    regions: (scene.regions ?? []).map((r) => {
      const [shape, ...more] = r.shapes;
      if (!shape || more.length || shape.type !== "rectangle") throw new Error(`maps: the Region "${r.name}" of ${scene.name} is not one rectangle; draw its shape`);
      return { id: r._id, name: r.name, color: r.color ?? "#ffffff", x: shape.x, y: shape.y, width: shape.width, height: shape.height };
    }),
  };
}

/** The token standing for the actor named `name` (a clear error if the scene has none). */
export function tokenNamed(scene: MapScene, name: string): Placed {
  const token = scene.tokens.find((t) => t.name === name);
  if (!token) throw new Error(`maps: ${scene.name} has no token of "${name}"`);
  return token;
}

/** The drawing of a token's or a Region's place, marked with its id and box. */
export function marked(kind: "token" | "region", place: Placed, children: readonly string[], attrs: Attrs = {}): string {
  return el("g", { [`data-${kind}`]: place.id, "data-name": place.name, "data-x": place.x, "data-y": place.y, "data-width": place.width, "data-height": place.height, ...attrs }, children);
}
