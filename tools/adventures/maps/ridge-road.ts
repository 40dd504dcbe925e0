/**
 * Skirmish: The Ridge Road. A dirt road along the crest of a long ridge, falling away east to a
 * brook and its bridge; pines on the north slope, scrub, outcrops and dry-stone walls for cover, a
 * ruined farmstead and a few shell craters ahead. The Grey Wolves (the friendly tokens) are halted
 * on the road: each fighter's square has its scrape of sandbags facing east, the Bulwark its tracks
 * behind it. Their enemy (the hostile tokens) faces them from the east, its scrapes facing west and
 * its vehicle's tracks coming up from the bridge.
 */
import { bushSymbol, grassPattern, pineSymbol, river, road, rockSymbol } from "./kit";
import { marked, type MapScene, type Placed } from "./scene";
import { Keepout, between, centre, compass, el, label, labelBox, place, polyline, random, sample, scatter, smooth, svgDocument, toLine, yAt, type Pt } from "./svg";

export const RIDGE_ROAD_MAP = "ridge-road.svg";

/** A hostile token's disposition (CONST.TOKEN_DISPOSITIONS.HOSTILE). */
const HOSTILE = -1;
const INK = "#2f2a1f";
const PAPER = "#ece3c6";
/** The ground from the valleys (first) to the crest (last). */
const LEVELS = ["#6e7a47", "#7c8650", "#8b925b", "#9b9e66", "#aba971"];

export function drawRidgeRoad(scene: MapScene): string {
  const rand = random("ridge-road");
  const { width: W, height: H, size: S } = scene;
  // The company halted on the road: every token but the enemy's (hostile ones), which face it from the east.
  const company = scene.tokens.filter((t) => t.disposition !== HOSTILE);
  if (!company.length) throw new Error("maps: the Ridge Road has no tokens to halt on it");
  // The road runs through the company where it halted (its vehicles on it), along the crest, and falls away east.
  const vehicles = company.filter((t) => t.width > S || t.height > S);
  const lead = vehicles.length ? vehicles : company;
  const xs = lead.map((t) => centre(t)[0]);
  const ys = lead.map((t) => centre(t)[1]);
  const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
  const west = Math.min(...company.map((t) => t.x));
  const east = Math.max(...company.map((t) => t.x + t.width));
  const crestEnd = Math.max(east + 5 * S, 0.7 * W);
  const spine: Pt[] = [
    [-60, cy + 0.3 * S],
    [west - 1.2 * S, cy],
    [cx, cy + 0.1 * S],
    [east + 1.5 * S, cy - 0.2 * S],
    [crestEnd - 2 * S, cy - 0.6 * S],
    [crestEnd, cy - 0.4 * S],
  ];
  const spineLine = sample(spine, 10);
  const brookX = crestEnd + 0.45 * (W - crestEnd);
  const brookPoints: Pt[] = [
    [brookX - 0.6 * S, -30],
    [brookX + 0.3 * S, 0.3 * H],
    [brookX - 0.2 * S, 0.62 * H],
    [brookX + 0.4 * S, H + 30],
  ];
  const brookLine = sample(brookPoints);
  const roadPoints: Pt[] = [...spine.slice(0, -1), [crestEnd + 0.2 * S, cy + 0.4 * S], [yAtX(brookLine, cy + 1.3 * S), cy + 1.3 * S], [W + 40, cy + 2.2 * S]];
  const roadLine = sample(roadPoints);
  const bridge = roadLine.reduce((a, b) => (Math.abs(b[0] - yAtX(brookLine, b[1])) < Math.abs(a[0] - yAtX(brookLine, a[1])) ? b : a));

  const farm: Pt = [crestEnd - 2.6 * S, yAt(spineLine, crestEnd - 2.6 * S) - 1.9 * S];
  const title = { text: "The Ridge Road", x: 0.3 * S, y: 0.65 * S };
  const labels = [
    { text: "Ruined farmstead", x: farm[0], y: farm[1] - 0.85 * S },
    { text: "Stony Brook", x: yAtX(brookLine, 0.2 * H) + 0.35 * S, y: 0.2 * H, anchor: "start" as const },
    { text: "▲ 214", x: crestEnd - 1.2 * S, y: yAt(spineLine, crestEnd - 1.2 * S) + 1.3 * S },
  ];

  const keepOut = new Keepout();
  for (const t of scene.tokens) keepOut.rect(t, 0.25 * S);
  keepOut.line(roadLine, 0.55 * S).line(brookLine, 30);
  keepOut.rect({ x: farm[0] - 0.9 * S, y: farm[1] - 0.7 * S, width: 1.8 * S, height: 1.4 * S });
  keepOut.rect(labelBox(title.text, title.x, title.y, 48, "start"), 10).rect({ x: W - 1.2 * S, y: 0, width: 1.2 * S, height: 1.2 * S });
  for (const l of labels) keepOut.rect(labelBox(l.text, l.x, l.y, 28, l.anchor), 6);

  // Contours: bands either side of the spine, narrowing to the crest.
  const bands = LEVELS.map((fill, level) => {
    const reach = (LEVELS.length - level) * 1.45 * S;
    const upper: Pt[] = [];
    const lower: Pt[] = [];
    for (let x = -100; x <= crestEnd; x += S) {
      const y = yAt(spineLine, Math.max(0, x));
      upper.push([x, y - reach * (1 + between(rand, -0.1, 0.1))]);
      lower.push([x, y + reach * 1.1 * (1 + between(rand, -0.1, 0.1))]);
    }
    const endY = yAt(spineLine, crestEnd);
    const cap: Pt[] = [[crestEnd + reach * 0.9, endY - reach * 0.3], [crestEnd + reach * 1.05, endY + reach * 0.4]];
    return el("path", { d: smooth([...upper, ...cap, ...lower.reverse()], true), fill, stroke: "#5d5233", "stroke-width": 1.6, "stroke-opacity": 0.55 });
  });

  const craters = scatter(rand, { x: east + 3 * S, y: 0, width: W - east - 3 * S, height: H }, 5, 0.32 * S, 0.5 * S, keepOut, (x, y, r) =>
    el("g", { "data-feature": "crater" }, [el("circle", { cx: x, cy: y, r, fill: "#8d7f5c", opacity: 0.6 }), el("circle", { cx: x, cy: y, r: r * 0.78, fill: "#4b4431", stroke: "#a49470", "stroke-width": 3 })]),
    undefined,
    true,
  );

  const walls: string[] = [];
  for (const [from, to, side] of [
    [east + 1.2 * S, crestEnd - 0.4 * S, -1.2],
    [east + 2 * S, crestEnd + 0.6 * S, 1.4],
    [0.3 * S, Math.max(0.3 * S, west - 1.5 * S), 1.6],
  ] as const) {
    const pts: Pt[] = [];
    for (let x = from; x <= to; x += 0.5 * S) pts.push([x, yAt(roadLine, x) + side * S + between(rand, -6, 6)]);
    if (pts.length < 3) continue;
    if (pts.some((p) => !keepOut.clear(p, 12))) continue;
    walls.push(el("path", { "data-feature": "wall", d: polyline(pts), fill: "none", stroke: "#8e8a7c", "stroke-width": 9, "stroke-dasharray": "14 4", "stroke-linecap": "round" }));
    for (const p of pts) keepOut.rect({ x: p[0] - 8, y: p[1] - 8, width: 16, height: 16 });
  }

  const defs = [
    grassPattern("rr-grass", LEVELS[0]!, "#3e4726"),
    pineSymbol("rr-pine", "#27402a", "#3c5f3b"),
    rockSymbol("rr-rock", "#6f6b60", "#a29d90"),
    bushSymbol("rr-bush", "#55633a", "#73824c"),
  ];
  const body = [
    el("rect", { width: W, height: H, fill: "url(#rr-grass)" }),
    el("g", { "data-feature": "ridge" }, bands),
    river(brookPoints, 22, "#58809a", "#6e6a48", "#cfe2ea"),
    ...craters,
    ...walls,
    road(roadPoints, 0.8 * S, "#b7a27a", "#7b6849"),
    el("path", { d: smooth(roadPoints), fill: "none", stroke: "#8f7b57", "stroke-width": 3, "stroke-dasharray": "22 12", transform: "translate(0 -14)" }),
    el("path", { d: smooth(roadPoints), fill: "none", stroke: "#8f7b57", "stroke-width": 3, "stroke-dasharray": "22 12", transform: "translate(0 14)" }),
    el("g", { "data-feature": "bridge" }, [
      el("rect", { x: bridge[0] - 0.5 * S, y: bridge[1] - 0.45 * S, width: 1.0 * S, height: 0.9 * S, fill: "#9b9685", stroke: "#4a463b", "stroke-width": 4, transform: `rotate(20 ${bridge[0]} ${bridge[1]})` }),
    ]),
    drawFarm(farm, S, rand),
    ...scene.tokens.map((t) => {
      const facing = t.disposition === HOSTILE ? -1 : 1;
      return t.width > S || t.height > S ? tracks(t, S, facing, roadLine) : scrape(t, S, facing);
    }),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 120, 14, 22, keepOut, (x, y, r) => place("rr-pine", x, y, r), (p) => p[1] < yAt(spineLine, p[0]) - 3 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 30, 14, 20, keepOut, (x, y, r) => place("rr-pine", x, y, r), (p) => toLine(p, brookLine) < 1.6 * S),
    // A copse in the southern valley.
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 45, 14, 22, keepOut, (x, y, r) => place("rr-pine", x, y, r), (p) => Math.hypot((p[0] - 0.3 * W) / 2.2, p[1] - (H - 2.2 * S)) < 1.6 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 40, 10, 18, keepOut, (x, y, r) => place("rr-rock", x, y, r), (p) => Math.abs(p[1] - yAt(spineLine, p[0])) < 3.5 * S),
    ...scatter(rand, { x: 0, y: 0, width: W, height: H }, 110, 8, 13, keepOut, (x, y, r) => place("rr-bush", x, y, r)),
    ...labels.map((l) => label(l.text, l.x, l.y, { size: 28, italic: true, fill: INK, halo: PAPER, anchor: l.anchor })),
    label(title.text, title.x, title.y, { size: 48, anchor: "start", fill: INK, halo: PAPER, spacing: 1 }),
    compass(W - 0.6 * S, 0.62 * S, 0.38 * S, INK, PAPER),
  ];
  return svgDocument({
    width: W,
    height: H,
    scene: scene.id,
    title: scene.name,
    description: "The Ridge Road: a road along a ridge, pines on its northern slope, outcrops and stone walls, a ruined farmstead and shell craters to the east, a brook and its bridge below.",
    defs,
    body,
  });
}

/** The x of a line that runs top to bottom, at height `y`. */
function yAtX(line: readonly Pt[], y: number): number {
  let best = line[0]!;
  for (const p of line) if (Math.abs(p[1] - y) < Math.abs(best[1] - y)) best = p;
  return best[0];
}

/** A fighter's scrape: a crescent of sandbags on the side of its square that faces the enemy (1 east, -1 west). */
function scrape(t: Placed, S: number, facing: 1 | -1): string {
  // The crescent's ends sit 0.3 squares in from the facing edge, its bulge almost at the edge.
  const [edge, y] = [facing > 0 ? t.x + t.width : t.x, t.y];
  const [ends, bulge] = [edge - facing * 0.3 * S, edge - facing * 0.02 * S];
  return marked("token", t, [
    el("rect", { x: t.x + 0.08 * S, y: t.y + 0.08 * S, width: t.width - 0.16 * S, height: t.height - 0.16 * S, rx: 0.2 * S, fill: "#7d6a48", opacity: 0.35 }),
    el("path", { d: `M${ends} ${y + 0.1 * S}Q${bulge} ${y + 0.5 * S} ${ends} ${y + 0.9 * S}`, fill: "none", stroke: "#c2ad80", "stroke-width": 11, "stroke-dasharray": "13 3", "stroke-linecap": "round" }),
  ]);
}

/** A vehicle's tracks: two churned lines behind it, away from the side it faces (1 east, -1 west), rising and falling with the road. */
function tracks(t: Placed, S: number, facing: 1 | -1, roadLine: readonly Pt[]): string {
  const [, cy] = centre(t);
  const gauge = t.height * 0.3;
  const [from, to] = facing > 0 ? [t.x + 0.3 * S, t.x - 1.8 * S] : [t.x + t.width - 0.3 * S, t.x + t.width + 1.8 * S];
  const drop = Math.round(yAt(roadLine, to) - yAt(roadLine, from));
  return marked("token", t, [
    el("path", { d: `M${from} ${cy - gauge}L${to} ${cy - gauge + drop}M${from} ${cy + gauge}L${to} ${cy + gauge + drop}`, stroke: "#5e4e35", "stroke-width": 14, "stroke-dasharray": "5 4", opacity: 0.65 }),
    el("rect", { x: t.x + 0.1 * S, y: t.y + 0.1 * S, width: t.width - 0.2 * S, height: t.height - 0.2 * S, rx: 0.15 * S, fill: "#6b5a3e", opacity: 0.3 }),
  ]);
}

/** The ruined farmstead: broken walls of a house and a barn, rubble. */
function drawFarm([x, y]: Pt, S: number, rand: () => number): string {
  const wall = { fill: "none", stroke: "#807a6b", "stroke-width": 10, "stroke-linecap": "square" };
  return el("g", { "data-feature": "farmstead" }, [
    el("rect", { x: x - 0.8 * S, y: y - 0.55 * S, width: 1.6 * S, height: 1.1 * S, fill: "#9c9371", opacity: 0.5 }),
    el("path", { d: `M${x - 0.7 * S} ${y - 0.1 * S}V${y - 0.45 * S}H${x + 0.05 * S}M${x - 0.7 * S} ${y + 0.15 * S}V${y + 0.45 * S}H${x - 0.2 * S}`, ...wall }),
    el("path", { d: `M${x + 0.25 * S} ${y - 0.45 * S}H${x + 0.7 * S}V${y + 0.05 * S}M${x + 0.7 * S} ${y + 0.3 * S}V${y + 0.45 * S}H${x + 0.35 * S}`, ...wall }),
    ...Array.from({ length: 9 }, () => el("rect", { x: x + between(rand, -0.6, 0.6) * S, y: y + between(rand, -0.35, 0.35) * S, width: between(rand, 6, 14), height: between(rand, 6, 12), fill: "#8b8574", transform: `rotate(${Math.round(between(rand, 0, 90))} ${Math.round(x)} ${Math.round(y)})` })),
  ]);
}
