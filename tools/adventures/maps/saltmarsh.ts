/**
 * Faction Turn: The Saltmarsh Reach. Thornwall Keep on its hill, the river down past Greyford
 * Crossing to the harbour, the Saltmarsh Docks on the shore and the walled Old Quarter, each
 * drawn under the token of the faction that holds it; the salt marsh, woods and fields between.
 */
import { bushSymbol, furrowPattern, grassPattern, house, reedSymbol, river, road, treeSymbol, wavePattern } from "./kit";
import { marked, tokenNamed, type MapScene } from "./scene";
import { Keepout, between, blob, centre, compass, el, label, labelBox, place, random, sample, scatter, smooth, svgDocument, yAt, type Pt } from "./svg";

export const SALTMARSH_MAP = "saltmarsh-reach.svg";

/** The places the map names (the factions' assets stand at them). */
export const SALTMARSH_PLACES = { keep: "Thornwall Keep", docks: "Saltmarsh Docks", quarter: "Old Quarter Catacombs", crossing: "Greyford Crossing" } as const;

const INK = "#3b2f1e";
const PAPER = "#f1e6c8";

export function drawSaltmarsh(scene: MapScene): string {
  const rand = random("saltmarsh");
  const { width: W, height: H, size: S } = scene;
  const keep = tokenNamed(scene, "The Thornwall Marches");
  const docks = tokenNamed(scene, "The Saltmarsh Compact");
  const quarter = tokenNamed(scene, "The Order of the Ashen Lantern");
  const [kx, ky] = centre(keep);
  const [dx, dy] = centre(docks);
  const [qx, qy] = centre(quarter);

  // The shore runs just below the docks, lower in the west (the marsh), higher in the east.
  const shoreY = docks.y + docks.height + 0.35 * S;
  const coast: Pt[] = [
    [-60, shoreY + 0.9 * S],
    [0.15 * W, shoreY + 0.6 * S],
    [docks.x - 1.5 * S, shoreY + 0.15 * S],
    [dx, shoreY],
    [docks.x + docks.width + 1.5 * S, shoreY + 0.1 * S],
    [0.8 * W, Math.max(quarter.y + quarter.height + 2 * S, shoreY - 0.4 * S)],
    [W + 60, Math.max(quarter.y + quarter.height + 1.6 * S, shoreY - S)],
  ];
  const coastLine = sample(coast);
  const inSea = (p: Pt) => p[1] > yAt(coastLine, p[0]) - 12;

  // The river comes down from the hills east of the keep, past the crossing, into the sea west of the docks.
  const riverPoints: Pt[] = [
    [keep.x + keep.width + 2.2 * S, -30],
    [keep.x + keep.width + 1.6 * S, keep.y + keep.height + 0.6 * S],
    [docks.x - 2.2 * S, docks.y - 0.5 * S],
    [docks.x - 1.2 * S, shoreY + 0.2 * S],
    [docks.x - 0.8 * S, shoreY + 1.4 * S],
  ];
  const riverLine = sample(riverPoints);
  const fordY = (ky + dy) / 2;
  const ford = riverLine.reduce((a, b) => (Math.abs(b[1] - fordY) < Math.abs(a[1] - fordY) ? b : a));

  const roads: Pt[][] = [
    [[kx, ky], [kx + 0.9 * S, ky + 1.9 * S], ford, [docks.x - 0.5 * S, docks.y - 0.4 * S], [dx, dy]],
    [[dx, dy], [docks.x + docks.width + 1.4 * S, docks.y - 0.1 * S], [quarter.x - 1.4 * S, qy + 1.5 * S], [qx, qy]],
    [[kx, ky], [keep.x - 1.2 * S, ky + 0.9 * S], [-30, ky + 1.6 * S]],
    [[qx, qy], [quarter.x + quarter.width + 1.2 * S, qy - 0.4 * S], [W + 30, qy - 0.9 * S]],
  ];

  const labels = [
    { text: SALTMARSH_PLACES.keep, x: kx, y: keep.y - 0.3 * S, anchor: "middle" as const },
    { text: SALTMARSH_PLACES.docks, x: docks.x + docks.width + 0.25 * S, y: dy + 0.1 * S, anchor: "start" as const },
    { text: SALTMARSH_PLACES.quarter, x: qx, y: quarter.y + quarter.height + 0.8 * S, anchor: "middle" as const },
    { text: SALTMARSH_PLACES.crossing, x: ford[0] + 0.35 * S, y: ford[1] + 0.45 * S, anchor: "start" as const },
  ];
  const title = { text: "The Saltmarsh Reach", x: W - 0.3 * S, y: 0.6 * S };

  const keepOut = new Keepout().area(inSea);
  for (const t of scene.tokens) keepOut.rect(t, 0.3 * S);
  keepOut.rect({ x: qx - 1.45 * S, y: qy - 1.45 * S, width: 2.9 * S, height: 2.9 * S });
  for (const r of roads) keepOut.line(sample(r), 22);
  keepOut.line(riverLine, 34);
  for (const l of labels) keepOut.rect(labelBox(l.text, l.x, l.y, 30, l.anchor), 6);
  keepOut.rect(labelBox(title.text, title.x, title.y, 46, "end"), 10).rect({ x: 0, y: 0, width: 1.2 * S, height: 1.2 * S });

  const defs = [
    grassPattern("sm-grass", "#a9b37c", "#5f6b3a"),
    wavePattern("sm-sea", "#5d8ca3", "#d9ecf2"),
    furrowPattern("sm-field-a", "#b9a96c", "#6f5f31"),
    furrowPattern("sm-field-b", "#9fae69", "#4f5f2c"),
    treeSymbol("sm-tree", "#3d5a31", "#4f7240", "#6c8f52"),
    bushSymbol("sm-bush", "#6f7f46", "#87975a"),
    reedSymbol("sm-reed", "#55603a"),
    el("radialGradient", { id: "sm-hill" }, [el("stop", { offset: 0, "stop-color": "#c8bd8a" }), el("stop", { offset: 1, "stop-color": "#a9b37c", "stop-opacity": 0 })]),
  ];

  // Fields east of the river, between the docks and the quarter.
  const fields: string[] = [];
  for (let i = 0; i < 40 && fields.length < 7; i++) {
    const w = between(rand, 1.1, 1.8) * S;
    const h = between(rand, 0.6, 1.0) * S;
    const x = between(rand, docks.x - 0.5 * S, quarter.x - 0.5 * S);
    const y = between(rand, quarter.y + quarter.height - 0.5 * S, shoreY - 1.5 * S);
    const c: Pt = [x + w / 2, y + h / 2];
    if (!keepOut.clear(c, Math.max(w, h) / 2)) continue;
    fields.push(el("rect", { x, y, width: w, height: h, fill: `url(#sm-field-${fields.length % 2 ? "a" : "b"})`, stroke: "#6f6a3e", "stroke-width": 2, transform: `rotate(${between(rand, -12, 12).toFixed(1)} ${c[0].toFixed(1)} ${c[1].toFixed(1)})`, opacity: 0.85 }));
    keepOut.rect({ x, y, width: w, height: h }, 4);
  }

  const body = [
    el("rect", { width: W, height: H, fill: "url(#sm-grass)" }),
    // The hills the keep stands on.
    el("g", { "data-feature": "hills" }, [
      el("ellipse", { cx: kx, cy: ky, rx: 2.6 * S, ry: 2.2 * S, fill: "url(#sm-hill)" }),
      ...[1.9, 1.45, 1.0].map((k) => el("path", { d: blob(rand, kx, ky + 0.1 * S, k * S * 1.15, k * S, 0.08), fill: "none", stroke: "#7d7446", "stroke-width": 2, opacity: 0.55 })),
    ]),
    // The salt marsh behind the western shore.
    el("path", { "data-feature": "marsh", d: blob(rand, 0.2 * W, shoreY + 0.1 * S, 0.24 * W, 1.7 * S, 0.12, 16), fill: "#8f9c6a", opacity: 0.55 }),
    ...fields,
    river(riverPoints, 30, "#5d8ca3", "#8a8a5c", "#d9ecf2"),
    // The sea.
    el("g", { "data-feature": "sea" }, [
      el("path", { d: `${smooth(coast)}L${W + 60} ${H + 60}L-60 ${H + 60}Z`, fill: "url(#sm-sea)" }),
      el("path", { d: smooth(coast), fill: "none", stroke: "#9cc3cf", "stroke-width": 26, opacity: 0.55 }),
      el("path", { d: smooth(coast), fill: "none", stroke: "#6b6240", "stroke-width": 3 }),
    ]),
    ...roads.map((r) => road(r, 14, "#d8c79a", "#8d7a4f")),
    // Greyford Crossing: the ford's stepping stones.
    el(
      "g",
      { "data-feature": "ford", "data-place": SALTMARSH_PLACES.crossing },
      [-18, -6, 6, 18].map((o, i) => el("ellipse", { cx: ford[0] + o, cy: ford[1] + (i % 2 ? 5 : -5), rx: 7, ry: 5, fill: "#d9d2bb", stroke: "#6f6a55", "stroke-width": 1.5 })),
    ),
    drawKeep(keep, S),
    drawDocks(docks, S, shoreY, rand),
    drawQuarter(quarter, S, rand),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 130, 16, 24, keepOut, (x, y, r) => place("sm-tree", x, y, r), (p) => p[1] < shoreY - 1.2 * S && p[0] > kx + 2 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 40, 14, 20, keepOut, (x, y, r) => place("sm-tree", x, y, r)),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 45, 8, 12, keepOut, (x, y, r) => place("sm-bush", x, y, r)),
    ...scatter(rand, { x: 0, y: shoreY - 2.4 * S, width: docks.x - 0.6 * S, height: 3 * S }, 90, 8, 12, keepOut, (x, y, r) => place("sm-reed", x, y, r)),
    ...labels.map((l) => el("g", { "data-place": l.text }, [label(l.text, l.x, l.y, { size: 30, italic: true, anchor: l.anchor, fill: INK, halo: PAPER })])),
    label(title.text, title.x, title.y, { size: 46, anchor: "end", fill: INK, halo: PAPER, spacing: 1 }),
    compass(0.6 * S, 0.62 * S, 0.38 * S, INK, PAPER),
  ];
  return svgDocument({
    width: W,
    height: H,
    scene: scene.id,
    title: scene.name,
    description: "The Saltmarsh Reach: Thornwall Keep on its hill, Greyford Crossing on the river, the Saltmarsh Docks on the harbour and the walled Old Quarter.",
    defs,
    body,
  });
}

/** Thornwall Keep: a curtain wall with four towers around a square keep, the gate to the south. */
function drawKeep(t: { x: number; y: number; width: number; height: number; id: string; name: string }, S: number): string {
  const [cx, cy] = centre(t);
  const half = Math.min(t.width, t.height) * 0.34;
  const towers = [
    [cx - half, cy - half],
    [cx + half, cy - half],
    [cx - half, cy + half],
    [cx + half, cy + half],
  ];
  return marked("token", t, [
    el("rect", { x: cx - half, y: cy - half, width: 2 * half, height: 2 * half, fill: "#b5ad95", stroke: "#5a5446", "stroke-width": 9 }),
    el("rect", { x: cx - half * 0.42, y: cy - half * 0.5, width: half * 0.84, height: half * 0.84, fill: "#7b6f5a", stroke: "#4a4338", "stroke-width": 3 }),
    el("path", { d: `M${cx - half * 0.42} ${cy - half * 0.5}L${cx + half * 0.42} ${cy + half * 0.34}M${cx + half * 0.42} ${cy - half * 0.5}L${cx - half * 0.42} ${cy + half * 0.34}`, stroke: "#4a4338", "stroke-width": 2 }),
    el("rect", { x: cx - 0.1 * S, y: cy + half - 8, width: 0.2 * S, height: 16, fill: "#5a4630" }),
    ...towers.map(([x, y]) => el("circle", { cx: x!, cy: y!, r: 0.13 * S, fill: "#9d957f", stroke: "#4a4338", "stroke-width": 3 })),
    el("path", { d: `M${cx} ${cy - half * 0.5}v-${0.32 * S}`, stroke: "#4a4338", "stroke-width": 2.5 }),
    el("path", { d: `M${cx} ${cy - half * 0.5 - 0.32 * S}l22 7l-22 7Z`, fill: "#7a2d24" }),
  ]);
}

/** The Saltmarsh Docks: warehouses on the quay, piers out into the harbour, boats at them. */
function drawDocks(t: { x: number; y: number; width: number; height: number; id: string; name: string }, S: number, shoreY: number, rand: () => number): string {
  const piers = [0.15, 0.9, 1.65].map((k) => t.x + k * (t.width / 2));
  return marked("token", t, [
    el("rect", { x: t.x - 0.2 * S, y: t.y + t.height - 0.15 * S, width: t.width + 0.4 * S, height: shoreY - t.y - t.height + 0.3 * S, fill: "#b3a78c", stroke: "#6b6240", "stroke-width": 3 }),
    ...piers.map((x) => el("rect", { x, y: t.y + t.height, width: 0.16 * S, height: shoreY - t.y - t.height + 1.3 * S, fill: "#8a6a44", stroke: "#4f3b24", "stroke-width": 2 })),
    ...piers.slice(0, 2).map((x, i) =>
      el("path", {
        d: `M${x + 0.28 * S} ${shoreY + (0.35 + i * 0.3) * S}q${0.12 * S} ${-0.3 * S} ${0.24 * S} 0v${0.45 * S}q${-0.12 * S} ${0.25 * S} ${-0.24 * S} 0Z`,
        fill: i ? "#6d4c2f" : "#7d5a38",
        stroke: "#3d2a17",
        "stroke-width": 2,
      }),
    ),
    house(t.x + 0.1 * S, t.y + 0.15 * S, 0.8 * S, 0.45 * S, between(rand, -4, 4), "#9a5a3c", "#80462d", "#5c2f1c"),
    house(t.x + 1.05 * S, t.y + 0.1 * S, 0.85 * S, 0.5 * S, between(rand, -4, 4), "#8c5236", "#743f28", "#5c2f1c"),
    house(t.x + 0.2 * S, t.y + 0.85 * S, 0.55 * S, 0.75 * S, between(rand, -4, 4), "#a06244", "#864c32", "#5c2f1c"),
    house(t.x + 0.95 * S, t.y + 0.8 * S, 0.9 * S, 0.5 * S, between(rand, -4, 4), "#9a5a3c", "#80462d", "#5c2f1c"),
    ...[0, 1, 2].map((i) => el("rect", { x: t.x + 1.1 * S + i * 16, y: t.y + 1.5 * S, width: 12, height: 12, fill: "#7a6242", stroke: "#3d2a17", "stroke-width": 1.5 })),
  ]);
}

/** The Old Quarter: a ring wall and its towers, crowded houses, a square with the catacombs' stair. */
function drawQuarter(t: { x: number; y: number; width: number; height: number; id: string; name: string }, S: number, rand: () => number): string {
  const [cx, cy] = centre(t);
  const R = 1.3 * S;
  const houses: string[] = [];
  for (let ring = 0; ring < 3; ring++) {
    const r = (0.55 + ring * 0.3) * S;
    const count = 6 + ring * 5;
    for (let i = 0; i < count; i++) {
      const a = (i / count) * Math.PI * 2 + ring * 0.4 + between(rand, -0.08, 0.08);
      const w = between(rand, 0.22, 0.34) * S;
      const h = between(rand, 0.16, 0.22) * S;
      const x = cx + Math.cos(a) * r - w / 2;
      const y = cy + Math.sin(a) * r - h / 2;
      houses.push(house(x, y, w, h, (a * 180) / Math.PI + 90, "#8b5e4a", "#724a39", "#4d2f23"));
    }
  }
  const towers = Array.from({ length: 8 }, (_, i) => {
    const a = (i / 8) * Math.PI * 2 + Math.PI / 8;
    return el("circle", { cx: cx + Math.cos(a) * R, cy: cy + Math.sin(a) * R, r: 0.1 * S, fill: "#a29b86", stroke: "#4a4338", "stroke-width": 3 });
  });
  return marked("token", t, [
    el("circle", { cx, cy, r: R, fill: "#c9bea0", stroke: "#5a5446", "stroke-width": 12 }),
    ...houses,
    el("circle", { cx, cy, r: 0.32 * S, fill: "#d8cfb4", stroke: "#8a7f63", "stroke-width": 2 }),
    // The stair down to the catacombs.
    el("path", { d: `M${cx - 14} ${cy + 12}v-14a14 14 0 0 1 28 0v14Z`, fill: "#2b241c", stroke: "#8a7f63", "stroke-width": 2 }),
    ...towers,
  ]);
}
