/**
 * Rounds: The Shattered Causeway. A broken stone causeway across a drowned marsh, from the
 * Skyhawks' pale landing on the west edge to the Psiclones' black shore on the east. It runs
 * through the three adventure spaces, each drawn exactly on its Region: the Sunken Vault's pit
 * and sealed door, the Whispering Obelisk on its round plaza, and the Collapsed Bridge's gap with
 * the wreck in the water below. The two entry edges are the rules' own columns (`entryColumns`).
 */
import { entryColumns } from "../../../src/rulesets/rounds/rules/map";
import type { Team } from "../../../src/rulesets/rounds/rules/state";
import { grassPattern, pavingPattern, reedSymbol, rockSymbol, wavePattern } from "./kit";
import { marked, type MapScene } from "./scene";
import { Keepout, between, blob, centre, compass, el, label, labelBox, place, random, sample, scatter, smooth, svgDocument, type Pt, type Rect } from "./svg";

export const CAUSEWAY_MAP = "shattered-causeway.svg";

/** What each adventure space is drawn as, by its Region's name. */
const SPACES: Record<string, (r: Rect, S: number, color: string) => string[]> = {
  "Sunken Vault": vault,
  "Whispering Obelisk": obelisk,
  "Collapsed Bridge": collapsedBridge,
};

const INK = "#e9e4d4";
const DUSK = "#1f2226";
const TEAMS: { team: Team; name: string; ground: string; ink: string }[] = [
  { team: "skyhawks", name: "Skyhawks", ground: "#d8d5c9", ink: "#3a3a3a" },
  { team: "psiclones", name: "Psiclones", ground: "#26242c", ink: "#e4e0f0" },
];

/** The squares of a team's own edge, as a box in pixels. */
export function edgeOf(scene: MapScene, team: Team): Rect {
  const columns = entryColumns({ x: 0, y: 0, columns: scene.columns, rows: scene.rows }, team);
  const left = Math.min(...columns);
  return { x: left * scene.size, y: 0, width: columns.length * scene.size, height: scene.rows * scene.size };
}

export function drawCauseway(scene: MapScene): string {
  const rand = random("causeway");
  const { width: W, height: H, size: S } = scene;
  const spaces = [...scene.regions].sort((a, b) => a.x - b.x);
  for (const r of spaces) if (!SPACES[r.name]) throw new Error(`maps: the Causeway has no drawing of the adventure space "${r.name}" (tools/adventures/maps/causeway.ts)`);
  const edges = TEAMS.map((t) => ({ ...t, box: edgeOf(scene, t.team) }));

  // The causeway: from the west edge through each space's middle to the east edge.
  const mids = spaces.map((r) => centre(r));
  const first = mids[0] ?? [W / 2, H / 2];
  const last = mids[mids.length - 1] ?? first;
  const route: Pt[] = [[-40, first[1] + 1.2 * S], [edges[0]!.box.width + 1.5 * S, first[1] + 0.6 * S]];
  mids.forEach((m, i) => {
    route.push(m);
    const next = mids[i + 1];
    if (next) route.push([(m[0] + next[0]) / 2 + 0.4 * S, (m[1] + next[1]) / 2 - 0.3 * S]);
  });
  route.push([W - edges[1]!.box.width - 1.5 * S, last[1] - 0.6 * S], [W + 40, last[1] - 1.1 * S]);
  const routeLine = sample(route);
  const causewayWidth = 1.3 * S;

  const title = { text: "The Shattered Causeway", x: W - edges[1]!.box.width - 0.3 * S, y: 0.7 * S };
  const keepOut = new Keepout().line(routeLine, causewayWidth / 2 + 12);
  for (const r of spaces) keepOut.rect(r, 0.3 * S).rect(labelBox(r.name, r.x + r.width / 2, r.y + r.height + 0.45 * S, 30), 6);
  for (const e of edges) keepOut.rect(e.box, 0.15 * S);
  keepOut.rect(labelBox(title.text, title.x, title.y, 46, "end"), 10).rect({ x: edges[0]!.box.width + 2.2 * S, y: H - 1.3 * S, width: 1.4 * S, height: 1.3 * S });

  // Fallen slabs lie beside the causeway, off the spaces and the edges.
  const slabKeep = new Keepout().area((p) => !nearLine(p, routeLine, causewayWidth));
  for (const r of spaces) slabKeep.rect(r, 0.2 * S);
  for (const e of edges) slabKeep.rect(e.box, 0.1 * S);

  const pools = scatter(rand, { x: 0, y: 0, width: W, height: H }, 14, 0.5 * S, 1.1 * S, keepOut, (x, y, r) => el("path", { "data-feature": "pool", d: blob(rand, x, y, r, r * between(rand, 0.5, 0.8), 0.18, 10), fill: "url(#cw-water)", stroke: "#3d4a3e", "stroke-width": 3 }));

  const defs = [
    grassPattern("cw-mud", "#545a45", "#2e3326", 50),
    wavePattern("cw-water", "#263a44", "#7fa6b3", 80),
    pavingPattern("cw-slabs", "#8d8778", "#4d4a42", 34),
    rockSymbol("cw-rock", "#57544c", "#8a857a"),
    reedSymbol("cw-reed", "#8b9566"),
    el("radialGradient", { id: "cw-glow" }, [el("stop", { offset: 0, "stop-color": "#8d6be0", "stop-opacity": 0.7 }), el("stop", { offset: 1, "stop-color": "#5d3fa8", "stop-opacity": 0 })]),
  ];
  const dashes = "380 60 240 90 520 45 300 120 460 70";
  const body = [
    el("rect", { width: W, height: H, fill: "url(#cw-mud)" }),
    ...pools,
    // The causeway, broken in places, and its fallen slabs.
    el("g", { "data-feature": "causeway" }, [
      el("path", { d: smooth(route), fill: "none", stroke: "#2e2c27", "stroke-width": causewayWidth + 14, "stroke-dasharray": dashes, "stroke-linejoin": "round" }),
      el("path", { d: smooth(route), fill: "none", stroke: "url(#cw-slabs)", "stroke-width": causewayWidth, "stroke-dasharray": dashes, "stroke-linejoin": "round" }),
      el("path", { d: smooth(route), fill: "none", stroke: "#6d675a", "stroke-width": 4, "stroke-dasharray": "30 26", transform: `translate(0 ${-causewayWidth / 2 + 10})` }),
    ]),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 30, 10, 22, slabKeep, (x, y, r) =>
      el("rect", { x: x - r, y: y - r * 0.7, width: 2 * r, height: 1.4 * r, fill: "#7d776a", stroke: "#3b3832", "stroke-width": 2, transform: `rotate(${Math.round(between(rand, 0, 180))} ${Math.round(x)} ${Math.round(y)})` }),
    ),
    // The teams' edges.
    ...edges.map((e) =>
      el("g", { "data-team": e.team, "data-x": e.box.x, "data-y": e.box.y, "data-width": e.box.width, "data-height": e.box.height }, [
        el("rect", { ...e.box, fill: e.ground, opacity: 0.92 }),
        el("path", { d: `M${e.team === "skyhawks" ? e.box.x + e.box.width : e.box.x} 0V${H}`, stroke: e.ink, "stroke-width": 6, "stroke-dasharray": "24 16", opacity: 0.6 }),
        ...Array.from({ length: Math.floor(scene.rows / 3) }, (_, i) => (i * 3 + 1.5) * S)
          .filter((y) => Math.abs(y - H / 2) > 2.5 * S)
          .map((y) => {
          const x = e.box.x + e.box.width / 2;
          return el("path", { d: `M${x - 0.3 * S} ${y - 0.18 * S}h${0.6 * S}l-${0.12 * S} ${0.18 * S}l${0.12 * S} ${0.18 * S}h-${0.6 * S}Z`, fill: e.team === "skyhawks" ? "#ffffff" : "#0e0d12", stroke: e.ink, "stroke-width": 2 });
        }),
        label(e.name.toUpperCase(), 0, 0, { size: 34, fill: e.ink, halo: e.ground, spacing: 8 }).replace("<text ", `<text transform="translate(${e.box.x + e.box.width / 2} ${H / 2}) rotate(${e.team === "skyhawks" ? -90 : 90})" `),
      ]),
    ),
    ...spaces.map((r) => marked("region", r, SPACES[r.name]!(r, S, r.color))),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 36, 10, 18, keepOut, (x, y, r) => place("cw-rock", x, y, r)),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 150, 8, 12, keepOut, (x, y, r) => place("cw-reed", x, y, r)),
    ...spaces.map((r) => el("g", { "data-place": r.name }, [label(r.name, r.x + r.width / 2, r.y + r.height + 0.45 * S, { size: 30, italic: true, fill: INK, halo: DUSK })])),
    label(title.text, title.x, title.y, { size: 46, anchor: "end", fill: INK, halo: DUSK, spacing: 1 }),
    compass(edges[0]!.box.width + 2.9 * S, H - 0.7 * S, 0.36 * S, INK, DUSK),
  ];
  return svgDocument({
    width: W,
    height: H,
    scene: scene.id,
    title: scene.name,
    description: `The Shattered Causeway: a broken causeway across a drowned marsh from the Skyhawks' edge (west) to the Psiclones' (east), through ${spaces.map((r) => r.name).join(", ")}.`,
    defs,
    body,
  });
}

const nearLine = (p: Pt, line: readonly Pt[], width: number) => line.some((q) => Math.hypot(q[0] - p[0], q[1] - p[1]) < width);

/** The space's outline, in its Region's colour. */
const outline = (r: Rect, color: string) => el("rect", { x: r.x + 3, y: r.y + 3, width: r.width - 6, height: r.height - 6, fill: "none", stroke: color, "stroke-width": 6, "stroke-dasharray": "18 10" });

/** The Sunken Vault: a square pit in the causeway, steps down its sides, the round sealed door at the bottom. */
function vault(r: Rect, S: number, color: string): string[] {
  const [cx, cy] = centre(r);
  const steps = [0.1, 0.2, 0.3, 0.4].map((k, i) => el("rect", { x: r.x + k * S, y: r.y + k * S, width: r.width - 2 * k * S, height: r.height - 2 * k * S, fill: ["#6f6a5d", "#5d594e", "#4b4840", "#3a3832"][i]!, stroke: "#2a2824", "stroke-width": 2 }));
  return [
    el("rect", { ...r, fill: "#7f796b" }),
    ...steps,
    el("circle", { cx, cy, r: 0.45 * S, fill: "#6b5420", stroke: color, "stroke-width": 6 }),
    el("circle", { cx, cy, r: 0.3 * S, fill: "none", stroke: "#d9b75a", "stroke-width": 3 }),
    ...[0, 1, 2, 3, 4, 5].map((i) => {
      const a = (i / 6) * Math.PI * 2;
      return el("path", { d: `M${cx + Math.cos(a) * 0.1 * S} ${cy + Math.sin(a) * 0.1 * S}L${cx + Math.cos(a) * 0.3 * S} ${cy + Math.sin(a) * 0.3 * S}`, stroke: "#d9b75a", "stroke-width": 3 });
    }),
    outline(r, color),
  ];
}

/** The Whispering Obelisk: a round plaza, a ring of runes, the black stone standing in the middle. */
function obelisk(r: Rect, S: number, color: string): string[] {
  const [cx, cy] = centre(r);
  const R = Math.min(r.width, r.height) / 2;
  return [
    el("rect", { ...r, fill: "#807a6c" }),
    el("circle", { cx, cy, r: R * 0.95, fill: "#9a9383", stroke: "#4d493f", "stroke-width": 4 }),
    el("circle", { cx, cy, r: R * 0.8, fill: "url(#cw-glow)" }),
    el("circle", { cx, cy, r: R * 0.7, fill: "none", stroke: color, "stroke-width": 5, "stroke-dasharray": "6 10 14 10" }),
    el("rect", { x: cx - 0.22 * S, y: cy - 0.22 * S, width: 0.44 * S, height: 0.44 * S, fill: "#14121a", stroke: "#000", "stroke-width": 3 }),
    el("path", { d: `M${cx - 0.22 * S} ${cy - 0.22 * S}L${cx + 0.22 * S} ${cy + 0.22 * S}M${cx + 0.22 * S} ${cy - 0.22 * S}L${cx - 0.22 * S} ${cy + 0.22 * S}`, stroke: "#4a3d70", "stroke-width": 3 }),
    el("path", { d: `M${cx + 0.22 * S} ${cy + 0.22 * S}l${0.6 * S} ${0.35 * S}h${-0.3 * S}Z`, fill: "#000", opacity: 0.35 }),
    outline(r, color),
  ];
}

/** The Collapsed Bridge: the causeway's span fallen into deep water, its broken ends, the wreck below with its cargo. */
function collapsedBridge(r: Rect, S: number, color: string): string[] {
  const [cx, cy] = centre(r);
  return [
    el("rect", { ...r, fill: "url(#cw-water)" }),
    el("rect", { ...r, fill: "#1a4a55", opacity: 0.45 }),
    el("path", { d: `M${r.x} ${r.y}h${0.35 * S}l-${0.08 * S} ${0.3 * S}l${0.1 * S} ${0.25 * S}l-${0.12 * S} ${0.3 * S}l${0.09 * S} ${0.4 * S}l-${0.1 * S} ${0.35 * S}l${0.06 * S} ${0.4 * S}H${r.x}Z`, fill: "#8d8778", stroke: "#3b3832", "stroke-width": 3 }),
    el("path", { d: `M${r.x + r.width} ${r.y}h-${0.3 * S}l${0.1 * S} ${0.35 * S}l-${0.12 * S} ${0.3 * S}l${0.1 * S} ${0.35 * S}l-${0.08 * S} ${0.3 * S}l${0.1 * S} ${0.35 * S}l-${0.1 * S} ${0.35 * S}H${r.x + r.width}Z`, fill: "#8d8778", stroke: "#3b3832", "stroke-width": 3 }),
    // The wreck and its cargo.
    el("path", { d: `M${cx - 0.55 * S} ${cy + 0.05 * S}q${0.55 * S} ${-0.5 * S} ${1.1 * S} ${-0.1 * S}q${-0.45 * S} ${0.5 * S} ${-1.1 * S} ${0.1 * S}Z`, fill: "#5a3f26", stroke: "#2a1d10", "stroke-width": 3, transform: `rotate(-25 ${cx} ${cy})` }),
    ...[
      [-0.2, -0.12],
      [0.08, -0.05],
      [-0.05, 0.12],
    ].map(([dx, dy]) => el("rect", { x: cx + dx! * S - 9, y: cy + dy! * S - 9, width: 18, height: 18, fill: "#a07a43", stroke: "#3d2a17", "stroke-width": 2 })),
    ...[0.35, 0.7].map((k) => el("path", { d: `M${r.x + 0.45 * S} ${r.y + k * r.height}q20 -8 40 0t40 0`, fill: "none", stroke: "#9ccad3", "stroke-width": 2, opacity: 0.7 })),
    outline(r, color),
  ];
}
