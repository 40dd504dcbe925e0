/**
 * Battle: The Kestrel Hill Border. In the west the Kingdom of Harrowmere's Citadel on Kestrel
 * Hill, its chariot yard and paddocks; the Greywater between the realms, with its ford and
 * Ashford Mill; in the east the Thornwood, and in its clearing the Lightwalker Wardens' walled
 * Old Copper Mine; Saltpan Village by the southern road. Each realm's seat is drawn under its token.
 */
import { bushSymbol, grassPattern, house, pineSymbol, river, road, rockSymbol, treeSymbol } from "./kit";
import { marked, tokenNamed, type MapScene, type Placed } from "./scene";
import { Keepout, between, blob, centre, compass, el, label, labelBox, place, polyline, random, sample, scatter, svgDocument, toLine, type Pt } from "./svg";

export const KESTREL_MAP = "kestrel-hill.svg";

const REALMS = { kingdom: "The Kingdom of Harrowmere", wardens: "The Lightwalker Wardens" } as const;
/** The places the map names: the realms' locations. */
export const KESTREL_PLACES = { hill: "Kestrel Hill", mill: "Ashford Mill", ford: "Greywater Ford", wood: "Thornwood", mine: "Old Copper Mine", village: "Saltpan Village" } as const;

const INK = "#33291a";
const PAPER = "#efe4c4";

export function drawKestrelHill(scene: MapScene): string {
  const rand = random("kestrel-hill");
  const { width: W, height: H, size: S } = scene;
  const kingdom = tokenNamed(scene, REALMS.kingdom);
  const wardens = tokenNamed(scene, REALMS.wardens);
  const [kx, ky] = centre(kingdom);
  const [wx, wy] = centre(wardens);
  if (kx >= wx) throw new Error("maps: on the Kestrel Hill Border the Kingdom lies west of the Wardens");
  const borderX = (kingdom.x + kingdom.width + wardens.x) / 2;

  const riverPoints: Pt[] = [
    [borderX - 0.1 * S, -30],
    [borderX + 0.4 * S, 0.22 * H],
    [borderX - 0.4 * S, 0.5 * H],
    [borderX + 0.3 * S, 0.78 * H],
    [borderX, H + 30],
  ];
  const riverLine = sample(riverPoints);
  const nearest = (y: number) => riverLine.reduce((a, b) => (Math.abs(b[1] - y) < Math.abs(a[1] - y) ? b : a));
  const ford = nearest((ky + wy) / 2);
  const mill = nearest(0.8 * H);
  const village: Pt = [W - 1.4 * S, H - 1.1 * S];
  const clearing = { cx: wx, cy: wy, rx: wardens.width / 2 + 1.0 * S, ry: wardens.height / 2 + 0.85 * S };
  const inClearing = (p: Pt) => ((p[0] - clearing.cx) / clearing.rx) ** 2 + ((p[1] - clearing.cy) / clearing.ry) ** 2 < 1;

  const roads: Pt[][] = [
    [[kx, ky], [kingdom.x + kingdom.width + 0.8 * S, ky - 0.2 * S], ford, [wardens.x - 1.2 * S, wy + 0.2 * S], [wx, wy]],
    [[wx, wy], [wx + 0.4 * S, wardens.y + wardens.height + 1 * S], village],
    [[kx, ky], [kingdom.x - 1.1 * S, ky + 0.6 * S], [-30, ky + 0.9 * S]],
    [[kingdom.x + kingdom.width + 0.8 * S, ky - 0.2 * S], [mill[0] - 1.3 * S, mill[1] - 0.5 * S], [mill[0] - 0.35 * S, mill[1]]],
  ];
  const roadLines = roads.map((r) => sample(r));

  const labels = [
    { text: KESTREL_PLACES.hill, x: kx, y: kingdom.y + kingdom.height + 0.95 * S },
    { text: KESTREL_PLACES.ford, x: ford[0], y: ford[1] - 0.55 * S },
    { text: KESTREL_PLACES.mill, x: mill[0] - 1.3 * S, y: mill[1] + 0.75 * S },
    { text: KESTREL_PLACES.mine, x: wx, y: wardens.y + wardens.height + 0.55 * S },
    { text: KESTREL_PLACES.wood, x: (wardens.x + wardens.width + W) / 2, y: 0.55 * S },
    { text: KESTREL_PLACES.village, x: village[0], y: village[1] + 0.75 * S },
  ];
  const realmLabels = [kingdom, wardens].map((t) => ({ text: t.name, x: t.x + t.width / 2, y: Math.max(0.6 * S, t.y - 1.9 * S) }));
  const title = { text: "The Kestrel Hill Border", x: 0.3 * S, y: H - 0.3 * S };

  const keepOut = new Keepout();
  for (const t of scene.tokens) keepOut.rect(t, 0.25 * S);
  for (const l of roadLines) keepOut.line(l, 20);
  keepOut.line(riverLine, 36);
  for (const l of labels) keepOut.rect(labelBox(l.text, l.x, l.y, 28), 6);
  for (const l of realmLabels) keepOut.rect(labelBox(l.text, l.x, l.y, 32), 6);
  keepOut.rect(labelBox(title.text, title.x, title.y, 40, "start"), 8);
  keepOut.rect({ x: village[0] - 0.9 * S, y: village[1] - 0.6 * S, width: 1.8 * S, height: 1.2 * S });
  keepOut.rect({ x: mill[0] - 0.8 * S, y: mill[1] - 0.35 * S, width: 0.8 * S, height: 0.7 * S });
  keepOut.rect({ x: 0, y: 0, width: 1.1 * S, height: 1.1 * S });

  // The chariot yard and paddocks below the hill, west of the river.
  const yard = { cx: kingdom.x - 0.2 * S, cy: kingdom.y + kingdom.height + 1.6 * S, rx: 1.0 * S, ry: 0.45 * S };
  keepOut.rect({ x: yard.cx - yard.rx - 10, y: yard.cy - yard.ry - 10, width: 2 * yard.rx + 20, height: 2 * yard.ry + 20 });
  const paddocks: string[] = [];
  for (let i = 0; i < 30 && paddocks.length < 4; i++) {
    const w = between(rand, 1.0, 1.5) * S;
    const h = between(rand, 0.6, 0.9) * S;
    const x = between(rand, 0.2 * S, borderX - 1.8 * S);
    const y = between(rand, 0.2 * S, H - 1.2 * S);
    if (!keepOut.clear([x + w / 2, y + h / 2], Math.max(w, h) / 2)) continue;
    paddocks.push(el("rect", { x, y, width: w, height: h, fill: "#a7b06f", stroke: "#6b5a3a", "stroke-width": 2.5, "stroke-dasharray": "12 5" }));
    keepOut.rect({ x, y, width: w, height: h }, 6);
  }

  const defs = [
    grassPattern("kh-grass", "#9fa867", "#57602f"),
    grassPattern("kh-floor", "#6f7e4a", "#3b4726"),
    treeSymbol("kh-tree", "#2e4a2a", "#3e5f34", "#5a7c48"),
    pineSymbol("kh-pine", "#24402a", "#3a5f3c"),
    rockSymbol("kh-rock", "#6e6a5e", "#9a958a"),
    bushSymbol("kh-bush", "#5f7040", "#7b8c52"),
  ];
  const east = (p: Pt) => p[0] > borderX + 0.6 * S;
  const body = [
    el("rect", { width: W, height: H, fill: "url(#kh-grass)" }),
    el("path", { "data-feature": "forest-floor", d: polyline([...riverLine.map(([x, y]): Pt => [x + 0.6 * S, y]), [W + 10, H + 10], [W + 10, -10]], true), fill: "url(#kh-floor)" }),
    // Kestrel Hill: its slopes drawn as contours about the Citadel.
    el("g", { "data-feature": "hill", "data-place": KESTREL_PLACES.hill }, [
      ...[2.1, 1.75, 1.4].map((k, i) => el("path", { d: blob(rand, kx, ky, k * S * 1.05, k * S * 0.95, 0.07), fill: ["#a9ae70", "#b4b679", "#c0bd84"][i]!, stroke: "#7c7448", "stroke-width": 2 })),
    ]),
    ...paddocks,
    el("g", { "data-feature": "chariot-yard" }, [
      el("ellipse", { cx: yard.cx, cy: yard.cy, rx: yard.rx, ry: yard.ry, fill: "#c8b27f", stroke: "#6b5a3a", "stroke-width": 3 }),
      el("ellipse", { cx: yard.cx, cy: yard.cy, rx: yard.rx * 0.6, ry: yard.ry * 0.35, fill: "#9fa867", stroke: "#6b5a3a", "stroke-width": 2 }),
    ]),
    river(riverPoints, 34, "#5a8096", "#7d7a52", "#cfe3ea"),
    ...roads.map((r) => road(r, 13, "#d4c08c", "#806b44")),
    el("g", { "data-feature": "ford", "data-place": KESTREL_PLACES.ford }, [-16, -5, 6, 17].map((o, i) => el("ellipse", { cx: ford[0] + o, cy: ford[1] + (i % 2 ? 6 : -6), rx: 7, ry: 5, fill: "#d9d2bb", stroke: "#6f6a55", "stroke-width": 1.5 }))),
    el("g", { "data-feature": "mill", "data-place": KESTREL_PLACES.mill }, [
      house(mill[0] - 0.75 * S, mill[1] - 0.3 * S, 0.55 * S, 0.6 * S, 0, "#8b5a3c", "#72482f", "#4a2e1e"),
      el("circle", { cx: mill[0] - 0.12 * S, cy: mill[1], r: 0.2 * S, fill: "none", stroke: "#4a2e1e", "stroke-width": 5 }),
      el("path", { d: `M${mill[0] - 0.32 * S} ${mill[1]}h${0.4 * S}M${mill[0] - 0.12 * S} ${mill[1] - 0.2 * S}v${0.4 * S}`, stroke: "#4a2e1e", "stroke-width": 4 }),
    ]),
    el("g", { "data-feature": "village", "data-place": KESTREL_PLACES.village }, [
      ...[0, 1, 2, 3].map((i) => el("rect", { x: village[0] - 0.85 * S + i * 0.42 * S, y: village[1] + 0.12 * S, width: 0.36 * S, height: 0.36 * S, fill: "#ece8dc", stroke: "#9a927c", "stroke-width": 2 })),
      house(village[0] - 0.7 * S, village[1] - 0.55 * S, 0.5 * S, 0.35 * S, -6, "#8b5a3c", "#72482f", "#4a2e1e"),
      house(village[0] - 0.05 * S, village[1] - 0.6 * S, 0.45 * S, 0.4 * S, 4, "#95603f", "#7a4c31", "#4a2e1e"),
      house(village[0] + 0.45 * S, village[1] - 0.4 * S, 0.35 * S, 0.45 * S, 2, "#8b5a3c", "#72482f", "#4a2e1e"),
    ]),
    el("path", { "data-feature": "clearing", d: blob(rand, clearing.cx, clearing.cy, clearing.rx, clearing.ry, 0.06), fill: "url(#kh-grass)", opacity: 0.9 }),
    drawCitadel(kingdom, S),
    drawMine(wardens, S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 260, 15, 22, keepOut, (x, y, r) => place(rand() < 0.55 ? "kh-pine" : "kh-tree", x, y, r), (p) => east(p) && !inClearing(p)),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 18, 14, 20, keepOut, (x, y, r) => place("kh-tree", x, y, r), (p) => !east(p) && toLine(p, riverLine) < 2.2 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 14, 9, 14, keepOut, (x, y, r) => place("kh-rock", x, y, r), (p) => Math.hypot(p[0] - kx, p[1] - ky) < 2.4 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 40, 8, 12, keepOut, (x, y, r) => place("kh-bush", x, y, r), (p) => !east(p)),
    ...labels.map((l) => el("g", { "data-place": l.text }, [label(l.text, l.x, l.y, { size: 28, italic: true, fill: INK, halo: PAPER })])),
    ...realmLabels.map((l) => el("g", { "data-realm": l.text }, [label(l.text.toUpperCase(), l.x, l.y, { size: 30, fill: "#5a1f1a", halo: PAPER, spacing: 3 })])),
    label(title.text, title.x, title.y, { size: 40, anchor: "start", fill: INK, halo: PAPER, spacing: 1 }),
    compass(0.55 * S, 0.6 * S, 0.36 * S, INK, PAPER),
  ];
  return svgDocument({
    width: W,
    height: H,
    scene: scene.id,
    title: scene.name,
    description: "The Kestrel Hill Border: the Citadel of Harrowmere on Kestrel Hill, the Greywater with its ford and Ashford Mill, the Thornwood and the Lightwalker Wardens' Old Copper Mine, and Saltpan Village.",
    defs,
    body,
  });
}

/** Harrowmere's Citadel: a walled crown on the hilltop, a square keep, the Guard Tower facing the slope to the east. */
function drawCitadel(t: Placed, S: number): string {
  const [cx, cy] = centre(t);
  const r = Math.min(t.width, t.height) * 0.4;
  const wall: Pt[] = Array.from({ length: 7 }, (_, i) => {
    const a = (i / 7) * Math.PI * 2 - Math.PI / 2;
    return [cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.92];
  });
  return marked("token", t, [
    el("path", { d: polyline(wall, true), fill: "#c2b796", stroke: "#4f473a", "stroke-width": 10, "stroke-linejoin": "round" }),
    ...wall.map(([x, y]) => el("circle", { cx: x, cy: y, r: 0.12 * S, fill: "#a39a80", stroke: "#3f392f", "stroke-width": 3 })),
    el("rect", { x: cx - 0.35 * S, y: cy - 0.4 * S, width: 0.7 * S, height: 0.7 * S, fill: "#857963", stroke: "#3f392f", "stroke-width": 4 }),
    el("path", { d: `M${cx - 0.35 * S} ${cy - 0.4 * S}l${0.7 * S} ${0.7 * S}M${cx + 0.35 * S} ${cy - 0.4 * S}l${-0.7 * S} ${0.7 * S}`, stroke: "#3f392f", "stroke-width": 2.5 }),
    house(cx - 0.9 * S, cy + 0.35 * S, 0.45 * S, 0.3 * S, -8, "#7d4e36", "#663f2b", "#3f2618"),
    house(cx + 0.45 * S, cy + 0.4 * S, 0.4 * S, 0.3 * S, 10, "#7d4e36", "#663f2b", "#3f2618"),
    // The Guard Tower on the eastern slope.
    el("g", { "data-feature": "guard-tower" }, [el("rect", { x: cx + r + 0.05 * S, y: cy - 0.16 * S, width: 0.3 * S, height: 0.3 * S, fill: "#a39a80", stroke: "#3f392f", "stroke-width": 4 })]),
    el("path", { d: `M${cx} ${cy - 0.4 * S}v${-0.35 * S}`, stroke: "#3f392f", "stroke-width": 3 }),
    el("path", { d: `M${cx} ${cy - 0.75 * S}l26 8l-26 8Z`, fill: "#8e2a22" }),
  ]);
}

/** The Wardens' Old Copper Mine: the adit in a rock face, spoil heaps, a stone wall and the Archer Tower. */
function drawMine(t: Placed, S: number): string {
  const [cx, cy] = centre(t);
  const r = Math.min(t.width, t.height) * 0.46;
  const ring: Pt[] = Array.from({ length: 10 }, (_, i) => {
    const a = (i / 10) * Math.PI * 2;
    return [cx + Math.cos(a) * r, cy + Math.sin(a) * r * 0.9];
  });
  return marked("token", t, [
    el("path", { d: polyline(ring, true), fill: "#8e8a6e", stroke: "#4a4a44", "stroke-width": 9, "stroke-linejoin": "round" }),
    el("path", { d: `M${cx - 0.7 * S} ${cy - 0.1 * S}q${0.7 * S} ${-0.9 * S} ${1.4 * S} 0Z`, fill: "#6e6a5e", stroke: "#3c3a33", "stroke-width": 3 }),
    el("path", { d: `M${cx - 0.18 * S} ${cy - 0.1 * S}v${-0.16 * S}a${0.18 * S} ${0.18 * S} 0 0 1 ${0.36 * S} 0v${0.16 * S}Z`, fill: "#1e1b17" }),
    el("path", { d: `M${cx} ${cy - 0.1 * S}v${0.9 * S}`, stroke: "#5b4630", "stroke-width": 6, "stroke-dasharray": "4 5" }),
    ...[
      [-0.6, 0.45],
      [0.55, 0.5],
    ].map(([dx, dy]) => el("ellipse", { cx: cx + dx! * S, cy: cy + dy! * S, rx: 0.3 * S, ry: 0.2 * S, fill: "#a4714a", stroke: "#6b4a2e", "stroke-width": 2 })),
    // The Archer Tower by the gate.
    el("g", { "data-feature": "archer-tower" }, [el("circle", { cx: cx - r * 0.85, cy: cy + r * 0.45, r: 0.18 * S, fill: "#9a9682", stroke: "#3c3a33", "stroke-width": 4 })]),
    el("path", { d: `M${cx + r * 0.7} ${cy - r * 0.5}v${-0.35 * S}`, stroke: "#3c3a33", "stroke-width": 3 }),
    el("path", { d: `M${cx + r * 0.7} ${cy - r * 0.5 - 0.35 * S}l26 8l-26 8Z`, fill: "#2f5f7a" }),
  ]);
}
