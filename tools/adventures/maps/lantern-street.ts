/**
 * Operations: Lantern Street, by night. The three organizations' houses front the street, each
 * under its organization's token (the Syndicate's tailor shop, the College's Starwatch Tower, the
 * Gilded Council's Hall); each lieutenant stands in a pool of lamplight on the cobbles below;
 * houses, alleys and a canal fill the rest.
 */
import { house, pavingPattern, wavePattern } from "./kit";
import { marked, tokenNamed, type MapScene, type Placed } from "./scene";
import { between, centre, el, label, random, svgDocument, type Rect } from "./svg";

export const LANTERN_STREET_MAP = "lantern-street.svg";

const ORGANIZATIONS = { syndicate: "The Lantern Street Syndicate", college: "The College of the Quiet Star", council: "The Gilded Council" } as const;
/** The houses the map names: each organization's own. */
export const LANTERN_STREET_PLACES = { syndicate: "The Tailor's Shop", college: "Starwatch Tower", council: "Council Hall", street: "Lantern Street" } as const;

const INK = "#f3deb0";
const NIGHT = "#1d2029";
const ROOFS = [
  ["#434a5c", "#363c4c"],
  ["#4b4452", "#3c3643"],
  ["#3f4d55", "#323e45"],
  ["#51493f", "#423b33"],
] as const;

export function drawLanternStreet(scene: MapScene): string {
  const rand = random("lantern-street");
  const { width: W, height: H, size: S } = scene;
  const orgs = Object.values(ORGANIZATIONS).map((name) => tokenNamed(scene, name));
  const [syndicate, college, council] = orgs as [Placed, Placed, Placed];
  const lieutenants = scene.tokens.filter((t) => !orgs.includes(t));
  // The street runs under the lieutenants; the houses front it above and below.
  const streetTop = Math.min(...lieutenants.map((t) => t.y)) - 0.6 * S;
  const streetBottom = Math.max(...lieutenants.map((t) => t.y + t.height)) + 0.6 * S;
  const canalTop = streetBottom + 1.25 * S;
  if (Math.max(...orgs.map((o) => o.y + o.height)) > streetTop) throw new Error("maps: on Lantern Street the organizations' houses must stand above the street");

  // Where the street's name goes: the widest stretch of cobbles with no one on it.
  const xs = [0, ...lieutenants.flatMap((t) => [t.x, t.x + t.width]).sort((a, b) => a - b), W];
  let gap = { from: 0, to: 0 };
  for (let i = 0; i + 1 < xs.length; i += 2) if (xs[i + 1]! - xs[i]! > gap.to - gap.from) gap = { from: xs[i]!, to: xs[i + 1]! };
  const middle = (gap.from + gap.to) / 2;

  const defs = [
    pavingPattern("ls-cobbles", "#5b5f6b", "#30333d", 26),
    pavingPattern("ls-flags", "#4c505a", "#2c2f38", 40),
    wavePattern("ls-canal", "#1f3140", "#7fa2b8"),
    el("radialGradient", { id: "ls-light" }, [
      el("stop", { offset: 0, "stop-color": "#ffd27a", "stop-opacity": 0.75 }),
      el("stop", { offset: 0.55, "stop-color": "#f0a94a", "stop-opacity": 0.3 }),
      el("stop", { offset: 1, "stop-color": "#f0a94a", "stop-opacity": 0 }),
    ]),
    el("symbol", { id: "ls-lamp", viewBox: "-10 -10 20 20" }, [el("circle", { r: 8, fill: "#15161b" }), el("circle", { r: 4.5, fill: "#ffe3a1" })]),
  ];

  // Ordinary houses along both sides, leaving room for the organizations' own and for alleys.
  const reserved: Rect[] = orgs.map((o) => buildingOf(o, S, streetTop));
  const houses: string[] = [];
  /** A row of houses, each `min`–`max` squares deep, along the edge `edge` (their yards behind). */
  const row = (edge: number, side: "up" | "down", min: number, max: number, avoid: Rect[]) => {
    let x = between(rand, -0.4, 0) * S;
    while (x < W) {
      const w = between(rand, 0.7, 1.5) * S;
      const blocked = avoid.find((r) => r.x < x + w && x < r.x + r.width);
      if (blocked) {
        x = blocked.x + blocked.width + 0.25 * S;
        continue;
      }
      const depth = between(rand, min, max) * S;
      const y = side === "up" ? edge - depth : edge;
      const [roof, shade] = ROOFS[Math.floor(rand() * ROOFS.length)]!;
      houses.push(house(x, y, w, depth, 0, roof, shade, "#22252e"));
      houses.push(el("rect", { x: x + between(rand, 0.15, 0.7) * w, y: y + between(rand, 0.15, 0.6) * depth, width: 12, height: 12, fill: "#2a2a2a", stroke: "#16171c", "stroke-width": 2 }));
      x += w + (rand() < 0.3 ? 0.3 * S : 0.03 * S);
    }
  };
  // North of the street: houses on the street, more behind them on the next lane, yards between.
  row(streetTop - 0.08 * S, "up", 1.1, 1.7, reserved);
  row(-0.2 * S, "down", 0.9, 1.3, reserved);
  row(streetBottom + 0.08 * S, "down", 0.7, canalTop - 0.15 * S - streetBottom - 0.08 * S > S ? 1.0 : 0.8, []);

  const lamps = [];
  for (let x = 0.7 * S; x < W; x += 2.2 * S) {
    if (!lieutenants.some((t) => Math.abs(t.x + t.width / 2 - x) < 0.9 * S)) lamps.push(x);
  }

  const body = [
    el("rect", { width: W, height: H, fill: NIGHT }),
    el("rect", { "data-feature": "street", x: 0, y: streetTop, width: W, height: streetBottom - streetTop, fill: "url(#ls-cobbles)" }),
    el("path", { d: `M0 ${streetTop + 6}H${W}M0 ${streetBottom - 6}H${W}`, stroke: "#22252d", "stroke-width": 8 }),
    el("rect", { "data-feature": "quay", x: 0, y: canalTop - 0.15 * S, width: W, height: 0.35 * S, fill: "url(#ls-flags)" }),
    el("rect", { "data-feature": "canal", x: 0, y: canalTop + 0.2 * S, width: W, height: H - canalTop, fill: "url(#ls-canal)" }),
    el("path", { d: `M0 ${canalTop + 0.2 * S}H${W}`, stroke: "#15161b", "stroke-width": 5 }),
    ...houses,
    // A bridge over the canal where the street's name is written.
    el("g", { "data-feature": "bridge" }, [
      el("rect", { x: middle - 0.45 * S, y: canalTop - 0.3 * S, width: 0.9 * S, height: H - canalTop + 0.4 * S, fill: "url(#ls-flags)", stroke: "#15161b", "stroke-width": 4 }),
      el("path", { d: `M${middle - 0.45 * S} ${canalTop}V${H}M${middle + 0.45 * S} ${canalTop}V${H}`, stroke: "#767a86", "stroke-width": 6 }),
    ]),
    el("rect", { x: middle - 0.45 * S, y: streetBottom - 0.05 * S, width: 0.9 * S, height: canalTop - streetBottom, fill: "url(#ls-flags)" }),
    drawTailorShop(syndicate, S, streetTop),
    drawStarwatch(college, S, streetTop),
    drawCouncilHall(council, S, streetTop),
    // Lamplight: a pool under each lieutenant, and the street's other lamps.
    ...lieutenants.map((t) => {
      const [cx, cy] = centre(t);
      return marked("token", t, [el("circle", { cx, cy, r: 0.95 * S, fill: "url(#ls-light)" }), el("use", { href: "#ls-lamp", x: cx - 9, y: streetTop - 9, width: 18, height: 18 })]);
    }),
    ...lamps.flatMap((x, i) => {
      const y = i % 2 ? streetBottom : streetTop;
      return [el("circle", { cx: x, cy: y, r: 0.8 * S, fill: "url(#ls-light)", opacity: 0.8 }), el("use", { href: "#ls-lamp", x: x - 9, y: y - 9, width: 18, height: 18 })];
    }),
    el("g", { "data-place": LANTERN_STREET_PLACES.street }, [label(LANTERN_STREET_PLACES.street, middle, (streetTop + streetBottom) / 2 + 14, { size: 40, italic: true, fill: INK, halo: NIGHT, spacing: 2 })]),
  ];
  return svgDocument({
    width: W,
    height: H,
    scene: scene.id,
    title: scene.name,
    description: "Lantern Street by night: the Syndicate's tailor shop, the College's Starwatch Tower and the Gilded Council's Hall along the lamplit street, the canal below.",
    defs,
    body,
  });
}

/** The ground an organization's house takes: its token's squares, widened, back from the street. */
function buildingOf(t: Placed, S: number, streetTop: number): Rect {
  return { x: t.x - 0.55 * S, y: t.y - 1.3 * S, width: t.width + 1.1 * S, height: streetTop - 0.08 * S - (t.y - 1.3 * S) };
}

const nameOver = (t: Placed, text: string, S: number) => el("g", { "data-place": text }, [label(text, t.x + t.width / 2, t.y - 0.3 * S, { size: 30, italic: true, fill: INK, halo: NIGHT })]);

/** The Syndicate's front: a crooked tailor's shop, its yard and back stair. */
function drawTailorShop(t: Placed, S: number, streetTop: number): string {
  const b = buildingOf(t, S, streetTop);
  return marked("token", t, [
    house(b.x, b.y, b.width, b.height * 0.55, 0, "#4f3f4a", "#40323c", "#221b20"),
    house(b.x, b.y + b.height * 0.55, b.width * 0.45, b.height * 0.45, 0, "#4f3f4a", "#40323c", "#221b20"),
    el("rect", { x: b.x + b.width * 0.45, y: b.y + b.height * 0.55, width: b.width * 0.55, height: b.height * 0.45, fill: "url(#ls-flags)" }),
    el("rect", { x: b.x + b.width * 0.62, y: b.y + b.height * 0.68, width: 0.35 * S, height: 0.22 * S, fill: "#6b5338", stroke: "#2b2118", "stroke-width": 2 }),
    el("path", { d: `M${b.x + b.width * 0.45} ${b.y + b.height}H${b.x + b.width}`, stroke: "#2b2118", "stroke-width": 5, "stroke-dasharray": "10 6" }),
    nameOver(t, LANTERN_STREET_PLACES.syndicate, S),
  ]);
}

/** The College's Starwatch Tower: a domed observatory with its slit open to the sky, in a walled court. */
function drawStarwatch(t: Placed, S: number, streetTop: number): string {
  const b = buildingOf(t, S, streetTop);
  const [cx, cy] = centre(t);
  const r = Math.min(t.width, t.height) * 0.62;
  return marked("token", t, [
    el("rect", { x: b.x, y: b.y, width: b.width, height: b.height, fill: "url(#ls-flags)", stroke: "#4a4d63", "stroke-width": 8 }),
    el("circle", { cx, cy, r: r + 0.12 * S, fill: "#3c3f58", stroke: "#1b1c27", "stroke-width": 4 }),
    el("circle", { cx, cy, r, fill: "#5b5f86", stroke: "#2a2c40", "stroke-width": 3 }),
    el("circle", { cx, cy, r: r * 0.55, fill: "none", stroke: "#7a7fae", "stroke-width": 2 }),
    el("rect", { x: cx - 0.08 * S, y: cy - r, width: 0.16 * S, height: r, fill: "#12131d", transform: `rotate(35 ${cx} ${cy})` }),
    ...[0.3, 1.4, 2.5, 3.6, 4.7, 5.8].map((a) => el("circle", { cx: cx + Math.cos(a) * r * 0.8, cy: cy + Math.sin(a) * r * 0.8, r: 3, fill: "#e7e0ff" })),
    nameOver(t, LANTERN_STREET_PLACES.college, S),
  ]);
}

/** The Gilded Council's Hall: a long roof with a gilded dome, a colonnade and steps down to the street. */
function drawCouncilHall(t: Placed, S: number, streetTop: number): string {
  const b = buildingOf(t, S, streetTop);
  const [cx, cy] = centre(t);
  const front = b.y + b.height;
  const columns = Array.from({ length: 7 }, (_, i) => b.x + 0.2 * S + (i * (b.width - 0.4 * S)) / 6);
  return marked("token", t, [
    house(b.x, b.y, b.width, b.height - 0.45 * S, 0, "#5a4c3a", "#4b3f30", "#2a2219"),
    el("circle", { cx, cy: cy - 0.2 * S, r: 0.55 * S, fill: "#b08d3e", stroke: "#5e4718", "stroke-width": 4 }),
    el("circle", { cx, cy: cy - 0.2 * S, r: 0.3 * S, fill: "#d4b15a", stroke: "#8a6a26", "stroke-width": 2 }),
    el("rect", { x: b.x, y: front - 0.45 * S, width: b.width, height: 0.45 * S, fill: "#6e6a62" }),
    ...columns.map((x) => el("circle", { cx: x, cy: front - 0.25 * S, r: 0.07 * S, fill: "#cfc8b8", stroke: "#3b3832", "stroke-width": 2 })),
    el("path", { d: `M${b.x} ${front - 4}H${b.x + b.width}M${b.x} ${front - 12}H${b.x + b.width}`, stroke: "#8b867b", "stroke-width": 3 }),
    nameOver(t, LANTERN_STREET_PLACES.council, S),
  ]);
}
