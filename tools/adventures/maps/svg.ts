/**
 * What the Adventures' maps are drawn with: SVG elements as text, a seeded random source (the same
 * map every run), smooth paths through points, and a record of the ground to keep clear (tokens,
 * Regions, roads, labels) when trees and rocks are scattered.
 *
 * Every map is one SVG document of exactly its scene's size in pixels (Foundry rasterizes an SVG
 * background at its `width` and `height`, which must be given in pixels), drawn only from shapes:
 * no images, no fonts, no filters, no external references.
 */
import { createHash } from "node:crypto";

export type Pt = readonly [number, number];
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}
export type Attrs = Record<string, string | number | undefined | null>;

/** A number as few characters as the map needs (a tenth of a pixel). */
export function num(value: number): string {
  const rounded = Math.round(value * 10) / 10;
  return Object.is(rounded, -0) ? "0" : String(rounded);
}

const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };
export const esc = (text: string) => text.replace(/[&<>"]/g, (c) => ESCAPES[c]!);

/** One element: `el("rect", { x: 1 })`, `el("g", {}, [children])`. Attributes that are null or undefined are left out. */
export function el(tag: string, attrs: Attrs = {}, children?: string | readonly string[]): string {
  const list = Object.entries(attrs)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => ` ${k}="${typeof v === "number" ? num(v) : esc(String(v))}"`)
    .join("");
  const inner = children === undefined ? "" : typeof children === "string" ? children : children.join("");
  return inner ? `<${tag}${list}>${inner}</${tag}>` : `<${tag}${list}/>`;
}

/** A random source in [0, 1) seeded by `seed`: the same seed, the same numbers. */
export function random(seed: string): () => number {
  let a = createHash("sha256").update(`factions:map:${seed}`).digest().readUInt32LE(0);
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A number between `min` and `max`. */
export const between = (rand: () => number, min: number, max: number) => min + (max - min) * rand();

/** A path through the points, smoothed (Catmull-Rom as cubic Béziers); closed back to the first if asked. */
export function smooth(points: readonly Pt[], closed = false): string {
  const n = points.length;
  if (n < 2) return "";
  const at = (i: number): Pt => (closed ? points[(i + n) % n]! : points[Math.max(0, Math.min(n - 1, i))]!);
  let d = `M${num(points[0]![0])} ${num(points[0]![1])}`;
  const last = closed ? n : n - 1;
  for (let i = 0; i < last; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    d += `C${num(c1[0])} ${num(c1[1])} ${num(c2[0])} ${num(c2[1])} ${num(p2[0])} ${num(p2[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Straight segments through the points. */
export const polyline = (points: readonly Pt[], closed = false) => points.map((p, i) => `${i ? "L" : "M"}${num(p[0])} ${num(p[1])}`).join("") + (closed ? "Z" : "");

/** A wobbly closed outline around an ellipse (hills, pools, clearings). */
export function blob(rand: () => number, cx: number, cy: number, rx: number, ry: number, wobble = 0.15, count = 14): string {
  const points: Pt[] = [];
  for (let i = 0; i < count; i++) {
    const a = (i / count) * Math.PI * 2;
    const k = 1 + between(rand, -wobble, wobble);
    points.push([cx + Math.cos(a) * rx * k, cy + Math.sin(a) * ry * k]);
  }
  return smooth(points, true);
}

/** The distance from `p` to the segment a–b. */
function toSegment(p: Pt, a: Pt, b: Pt): number {
  const [dx, dy] = [b[0] - a[0], b[1] - a[1]];
  const len = dx * dx + dy * dy;
  const t = len ? Math.max(0, Math.min(1, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy) / len)) : 0;
  return Math.hypot(p[0] - (a[0] + t * dx), p[1] - (a[1] + t * dy));
}

/** The distance from `p` to a line through the points. */
export function toLine(p: Pt, points: readonly Pt[]): number {
  let best = Infinity;
  for (let i = 0; i + 1 < points.length; i++) best = Math.min(best, toSegment(p, points[i]!, points[i + 1]!));
  return best;
}

/** Points along a smoothed line (the same curve `smooth` draws), for keeping clear of it and placing things on it. */
export function sample(points: readonly Pt[], perSegment = 12): Pt[] {
  const n = points.length;
  const at = (i: number): Pt => points[Math.max(0, Math.min(n - 1, i))]!;
  const out: Pt[] = [points[0]!];
  for (let i = 0; i < n - 1; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Pt = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Pt = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    for (let s = 1; s <= perSegment; s++) {
      const t = s / perSegment;
      const u = 1 - t;
      out.push([
        u * u * u * p1[0] + 3 * u * u * t * c1[0] + 3 * u * t * t * c2[0] + t * t * t * p2[0],
        u * u * u * p1[1] + 3 * u * u * t * c1[1] + 3 * u * t * t * c2[1] + t * t * t * p2[1],
      ]);
    }
  }
  return out;
}

/** The point of a sampled line nearest to `x` along it (lines that run left to right). */
export function yAt(line: readonly Pt[], x: number): number {
  let best = line[0]!;
  for (const p of line) if (Math.abs(p[0] - x) < Math.abs(best[0] - x)) best = p;
  return best[1];
}

export const centre = (r: Rect): Pt => [r.x + r.width / 2, r.y + r.height / 2];
export const grow = (r: Rect, by: number): Rect => ({ x: r.x - by, y: r.y - by, width: r.width + 2 * by, height: r.height + 2 * by });
export const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Ground that scattered things (trees, rocks, reeds) stay off. */
export class Keepout {
  readonly #rects: Rect[] = [];
  readonly #lines: { points: Pt[]; half: number }[] = [];
  readonly #areas: ((p: Pt) => boolean)[] = [];

  rect(r: Rect, margin = 0): this {
    this.#rects.push(grow(r, margin));
    return this;
  }

  /** A band `half` pixels either side of a line (a sampled road or river). */
  line(points: readonly Pt[], half: number): this {
    this.#lines.push({ points: [...points], half });
    return this;
  }

  /** Any other ground, as a test of a point. */
  area(test: (p: Pt) => boolean): this {
    this.#areas.push(test);
    return this;
  }

  /** Is a thing of radius `r` at `p` clear of all of it? */
  clear(p: Pt, r: number): boolean {
    const box = { x: p[0] - r, y: p[1] - r, width: 2 * r, height: 2 * r };
    if (this.#rects.some((k) => overlaps(k, box))) return false;
    if (this.#lines.some((l) => toLine(p, l.points) < l.half + r)) return false;
    return !this.#areas.some((test) => test(p));
  }
}

/**
 * Scatter up to `count` things over `area`, each of a radius between `min` and `max`, clear of
 * `keep` and of one another (and only where `within` allows); `draw` makes each one's element.
 * With `reserve`, what is placed is added to `keep` for what is scattered after.
 */
export function scatter(rand: () => number, area: Rect, count: number, min: number, max: number, keep: Keepout, draw: (x: number, y: number, r: number) => string, within?: (p: Pt) => boolean, reserve = false): string[] {
  const placed: [number, number, number][] = [];
  const out: string[] = [];
  for (let tries = 0; out.length < count && tries < count * 30; tries++) {
    const r = between(rand, min, max);
    const p: Pt = [between(rand, area.x + r, area.x + area.width - r), between(rand, area.y + r, area.y + area.height - r)];
    if (within && !within(p)) continue;
    if (!keep.clear(p, r)) continue;
    if (placed.some(([x, y, s]) => Math.hypot(x - p[0], y - p[1]) < (r + s) * 0.8)) continue;
    placed.push([p[0], p[1], r]);
    out.push(draw(p[0], p[1], r));
    if (reserve) keep.rect({ x: p[0] - r, y: p[1] - r, width: 2 * r, height: 2 * r });
  }
  return out;
}

/**
 * A symbol placed by its bounding box: `<use href="#id" x y width height>`. Obstacles (trees,
 * rocks) are drawn only this way, so a test can read where each one is.
 */
export const place = (id: string, x: number, y: number, r: number, extra: Attrs = {}) => el("use", { href: `#${id}`, x: x - r, y: y - r, width: 2 * r, height: 2 * r, ...extra });

/** The box a label of `size`-pixel letters takes (roughly: for keeping trees off it). */
export function labelBox(text: string, x: number, y: number, size: number, anchor: "start" | "middle" | "end" = "middle"): Rect {
  const width = text.length * size * 0.55;
  const left = anchor === "middle" ? x - width / 2 : anchor === "end" ? x - width : x;
  return { x: left, y: y - size, width, height: size * 1.3 };
}

/** A name written on the map, with a halo so it reads on any ground. */
export function label(text: string, x: number, y: number, opts: { size?: number; fill?: string; halo?: string; italic?: boolean; anchor?: "start" | "middle" | "end"; spacing?: number; weight?: string } = {}): string {
  const size = opts.size ?? 30;
  return el(
    "text",
    {
      x,
      y,
      "font-size": size,
      "font-family": "Georgia, 'Times New Roman', serif",
      "font-style": opts.italic ? "italic" : undefined,
      "font-weight": opts.weight,
      "letter-spacing": opts.spacing,
      "text-anchor": opts.anchor ?? "middle",
      fill: opts.fill ?? "#2a2418",
      stroke: opts.halo ?? "#f3ead2",
      "stroke-width": Math.max(3, size / 6),
      "stroke-linejoin": "round",
      "paint-order": "stroke",
    },
    esc(text),
  );
}

/** A point of the compass: a small rose with N, at `x`, `y`. */
export function compass(x: number, y: number, r: number, ink: string, paper: string): string {
  const star = (k: number, rot: number) =>
    polyline(
      [0, 1, 2, 3, 4, 5, 6, 7].map((i): Pt => {
        const a = rot + (i * Math.PI) / 4 - Math.PI / 2;
        const len = i % 2 === 0 ? r * k : r * k * 0.28;
        return [x + Math.cos(a) * len, y + Math.sin(a) * len];
      }),
      true,
    );
  return el("g", { "data-feature": "compass" }, [
    el("circle", { cx: x, cy: y, r: r * 0.62, fill: "none", stroke: ink, "stroke-width": 2, opacity: 0.7 }),
    el("path", { d: star(0.7, Math.PI / 4), fill: paper, stroke: ink, "stroke-width": 1.5 }),
    el("path", { d: star(1, 0), fill: ink, stroke: ink, "stroke-width": 1.5 }),
    label("N", x, y - r * 1.08, { size: r * 0.5, fill: ink, halo: paper, weight: "bold" }),
  ]);
}

/**
 * The whole document: exactly `width` × `height` pixels, its title and description for screen
 * readers and file browsers. Numbers written into path data with more than two decimals are
 * shortened to two.
 */
export function svgDocument(spec: { width: number; height: number; title: string; description: string; scene: string; defs: readonly string[]; body: readonly string[] }): string {
  const open = el("svg", { xmlns: "http://www.w3.org/2000/svg", width: spec.width, height: spec.height, viewBox: `0 0 ${spec.width} ${spec.height}`, "data-scene": spec.scene, role: "img" }, "\n");
  // One line a top-level element, so a change to the map reads as a change to its lines.
  const lines = [el("title", {}, esc(spec.title)), el("desc", {}, esc(spec.description)), el("defs", {}, spec.defs), ...spec.body];
  const svg = open.replace("\n</svg>", `\n${lines.join("\n")}\n</svg>\n`);
  return svg.replace(/-?\d+\.\d{3,}/g, (n) => String(Math.round(Number(n) * 100) / 100));
}
