/**
 * The pieces the maps share: symbols for trees, pines, rocks, reeds and houses, ground patterns,
 * roads and rivers. Each takes its colours, so every map keeps its own palette.
 */
import { el, num, polyline, smooth, type Pt } from "./svg";

/** A broad-leaved tree seen from above (an obstacle). */
export const treeSymbol = (id: string, dark: string, mid: string, light: string) =>
  el("symbol", { id, viewBox: "-10 -10 20 20" }, [
    el("circle", { cx: 1.2, cy: 1.4, r: 8.6, fill: "#000", opacity: 0.22 }),
    el("circle", { r: 8.6, fill: dark }),
    el("circle", { cx: -1.6, cy: -1.6, r: 6.2, fill: mid }),
    el("circle", { cx: -3, cy: -3.2, r: 2.6, fill: light }),
  ]);

/** A conifer seen from above: a star of needles (an obstacle). */
export const pineSymbol = (id: string, dark: string, light: string) => {
  const star = (r: number, k: number) =>
    polyline(
      Array.from({ length: 16 }, (_, i): Pt => {
        const a = (i * Math.PI) / 8;
        const len = i % 2 ? r * k : r;
        return [Math.cos(a) * len, Math.sin(a) * len];
      }),
      true,
    );
  return el("symbol", { id, viewBox: "-10 -10 20 20" }, [
    el("circle", { cx: 1.2, cy: 1.4, r: 8, fill: "#000", opacity: 0.22 }),
    el("path", { d: star(9.4, 0.62), fill: dark }),
    el("path", { d: star(5.6, 0.55), fill: light }),
  ]);
};

/** A boulder or outcrop (an obstacle). */
export const rockSymbol = (id: string, dark: string, light: string) =>
  el("symbol", { id, viewBox: "-10 -10 20 20" }, [
    el("path", { d: "M-8 3L-6-5L1-9L8-4L9 4L2 9L-6 8Z", fill: dark }),
    el("path", { d: "M-6-4L1-8L7-4L3 1L-4 1Z", fill: light }),
  ]);

/** A low bush or tuft of scrub (not an obstacle). */
export const bushSymbol = (id: string, dark: string, light: string) =>
  el("symbol", { id, viewBox: "-10 -10 20 20" }, [el("circle", { cx: -3, cy: 1, r: 5.5, fill: dark }), el("circle", { cx: 3, cy: 2, r: 5, fill: dark }), el("circle", { cx: 0, cy: -2.5, r: 5, fill: light })]);

/** A tuft of reeds (not an obstacle). */
export const reedSymbol = (id: string, ink: string) =>
  el("symbol", { id, viewBox: "-10 -10 20 20" }, [el("path", { d: "M0 8L-5-7M0 8L-1.5-9M0 8L2-8M0 8L6-5M0 8L-7-2", stroke: ink, "stroke-width": 1.4, "stroke-linecap": "round", fill: "none" })]);

/** Short strokes of grass, tiled over the ground. */
export const grassPattern = (id: string, ground: string, ink: string, size = 60) =>
  el("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, [
    el("rect", { width: size, height: size, fill: ground }),
    el("path", {
      d: `M${size * 0.12} ${size * 0.3}l3-7M${size * 0.18} ${size * 0.3}l-2-6M${size * 0.62} ${size * 0.72}l3-7M${size * 0.68} ${size * 0.72}l-2-6M${size * 0.8} ${size * 0.2}l2-5M${size * 0.35} ${size * 0.9}l2-5`,
      stroke: ink,
      "stroke-width": 1.3,
      "stroke-linecap": "round",
      opacity: 0.45,
    }),
  ]);

/** Ripples on water, tiled. */
export const wavePattern = (id: string, water: string, ink: string, size = 90) =>
  el("pattern", { id, width: size, height: size * 0.6, patternUnits: "userSpaceOnUse" }, [
    el("rect", { width: size, height: size * 0.6, fill: water }),
    el("path", { d: `M${size * 0.1} ${size * 0.2}q6-6 12 0t12 0M${size * 0.55} ${size * 0.48}q6-6 12 0t12 0`, stroke: ink, "stroke-width": 1.6, fill: "none", "stroke-linecap": "round", opacity: 0.5 }),
  ]);

/** Cobbles or paving, tiled. */
export const pavingPattern = (id: string, stone: string, joint: string, size = 24) =>
  el("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, [
    el("rect", { width: size, height: size, fill: joint }),
    el("rect", { x: 1, y: 1, width: size / 2 - 2, height: size / 2 - 2, rx: 3, fill: stone }),
    el("rect", { x: size / 2 + 1, y: 1, width: size / 2 - 2, height: size / 2 - 2, rx: 3, fill: stone, opacity: 0.85 }),
    el("rect", { x: -size / 4 + 1, y: size / 2 + 1, width: size / 2 - 2, height: size / 2 - 2, rx: 3, fill: stone, opacity: 0.9 }),
    el("rect", { x: size / 4 + 1, y: size / 2 + 1, width: size / 2 - 2, height: size / 2 - 2, rx: 3, fill: stone }),
    el("rect", { x: (size * 3) / 4 + 1, y: size / 2 + 1, width: size / 2 - 2, height: size / 2 - 2, rx: 3, fill: stone, opacity: 0.9 }),
  ]);

/** Furrows of a ploughed field, tiled. */
export const furrowPattern = (id: string, soil: string, ink: string, size = 16) =>
  el("pattern", { id, width: size, height: size, patternUnits: "userSpaceOnUse" }, [el("rect", { width: size, height: size, fill: soil }), el("path", { d: `M0 ${size / 2}H${size}`, stroke: ink, "stroke-width": 2, opacity: 0.35 })]);

/** A road or track along a line: a dark edge under a lighter bed. */
export function road(points: readonly Pt[], width: number, bed: string, edge: string, attrs: Record<string, string> = {}): string {
  const d = smooth(points);
  return el("g", { "data-feature": "road", ...attrs }, [
    el("path", { d, fill: "none", stroke: edge, "stroke-width": width + 6, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    el("path", { d, fill: "none", stroke: bed, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" }),
  ]);
}

/** A river along a line: a bank, the water, a lighter current down the middle. */
export function river(points: readonly Pt[], width: number, water: string, bank: string, current: string): string {
  const d = smooth(points);
  return el("g", { "data-feature": "river" }, [
    el("path", { d, fill: "none", stroke: bank, "stroke-width": width + 10, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    el("path", { d, fill: "none", stroke: water, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" }),
    el("path", { d, fill: "none", stroke: current, "stroke-width": Math.max(2, width / 6), "stroke-dasharray": "18 26", "stroke-linecap": "round", opacity: 0.6 }),
  ]);
}

/** A house seen from above: a roof of two slopes along its length, turned by `angle` degrees about its middle. */
export function house(x: number, y: number, w: number, h: number, angle: number, roof: string, shade: string, ridge: string): string {
  const long = w >= h;
  return el("g", { transform: `rotate(${num(angle)} ${num(x + w / 2)} ${num(y + h / 2)})` }, [
    el("rect", { x: x + 3, y: y + 4, width: w, height: h, fill: "#000", opacity: 0.25 }),
    el("rect", { x, y, width: w, height: h, fill: roof }),
    long ? el("rect", { x, y: y + h / 2, width: w, height: h / 2, fill: shade }) : el("rect", { x: x + w / 2, y, width: w / 2, height: h, fill: shade }),
    el("path", { d: long ? `M${num(x)} ${num(y + h / 2)}H${num(x + w)}` : `M${num(x + w / 2)} ${num(y)}V${num(y + h)}`, stroke: ridge, "stroke-width": 2 }),
  ]);
}
