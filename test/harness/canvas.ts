/**
 * The canvas as each client has it, without drawing anything: the scene a user views, its square
 * grid measuring paths, its tokens as placeables, and the user's targets.
 *
 * Mirrors of Foundry v13 (never kinder than it):
 * - `scene.grid` is the scene's grid object (what `canvas.grid` is on the client viewing it): its
 *   `size`, `sizeX`, `sizeY`, `distance`, `units`, `type`, `diagonals` and `measurePath`. Only a
 *   square grid is modelled; a gridless or hexagonal scene's `measurePath` throws, as does a path
 *   with elevation or a cost function (the harness does not model them).
 * - `measurePath(waypoints)` measures between the grid spaces that hold the waypoints (their
 *   offsets), with the world's core setting `gridDiagonals` (the system's `grid.diagonals`, else
 *   EQUIDISTANT): `distance` (in the grid's units), `spaces` (grid spaces moved through), `cost`
 *   (the distance, with no cost function) and `diagonals` (diagonal steps). The alternating rules
 *   count diagonals along the whole path.
 * - `canvas` is the running client's: `canvas.scene` is the scene its user views (the active one
 *   unless `harness.view` sent them elsewhere; null if there is none), `canvas.grid` its grid,
 *   `canvas.tokens.placeables` / `.get(id)` its tokens as `Token` placeables (a player's client
 *   has no placeable for a hidden token: it is not drawn there).
 * - `user.targets` is a Set of the Token placeables of that user's client (`.document`, `.id`,
 *   `.actor`, `.name`, `.center`). A user targets from their own client only (`harness.target`),
 *   on the scene they view, and only tokens drawn there; each change runs the `targetToken` hook
 *   (user, token, targeted) on that client. A deleted token, or a scene left, leaves the targets.
 * - `harness.drag(user, token, point)` is that user dropping the token on the canvas: only a token
 *   drawn on their canvas that they own, never while the game is paused for a player; it lands on
 *   the grid space holding the point (its top-left corner snapped there) through `token.move`
 *   with the method "dragging", which `preMoveToken` may veto (./documents.ts).
 * - `canvas.stage` takes listeners (`on`, `once`, `off`, `emit`) as PIXI's stage does. `harness.click`
 *   delivers a click as PIXI's federated events do: "pointerdown" then "mousedown" (left button)
 *   or "rightdown" (right button), then the matching up and click events. The event's `global`
 *   is the point on the screen, not on the canvas (each client's view is panned and zoomed: the
 *   stage's `worldTransform`), so only `event.getLocalPosition(canvas.stage)` gives the canvas
 *   point. `PIXI.FederatedPointerEvent` is made with the renderer's boundary
 *   (`canvas.app.renderer.events.rootBoundary`), as a Quench batch makes one. `scene.view()` shows
 *   a scene on the running client's canvas.
 * - `canvas.interface.grid` keeps named highlight layers (`addHighlightLayer`,
 *   `highlightPosition`, `clearHighlightLayer`, `destroyHighlightLayer`, `highlightLayers`); a
 *   position highlights the grid space holding it; a layer not added highlights nothing.
 *   `harness.highlighted(user, name)` reads a client's highlighted spaces.
 */
import { clients } from "./clients";
import type { Scene, TokenDocument, User } from "./documents";

export const GRID_TYPES = { GRIDLESS: 0, SQUARE: 1, HEXODDR: 2, HEXEVENR: 3, HEXODDQ: 4, HEXEVENQ: 5 } as const;
export const GRID_DIAGONALS = { EQUIDISTANT: 0, EXACT: 1, APPROXIMATE: 2, RECTILINEAR: 3, ALTERNATING_1: 4, ALTERNATING_2: 5, ILLEGAL: 6 } as const;

interface GameLike {
  game: {
    user: User | null;
    scenes: { contents: Scene[]; get(id: string): Scene | undefined };
    settings: { get(namespace: string, key: string): unknown };
  };
  Hooks: { callAll(hook: string, ...args: unknown[]): boolean };
}
const g = () => globalThis as unknown as GameLike;

export interface GridData {
  type: number;
  size: number;
  distance: number;
  units: string;
}

export interface MeasuredPath {
  distance: number;
  spaces: number;
  cost: number;
  diagonals: number;
  euclidean: number;
}

/** A scene's grid: what `scene.grid` (and `canvas.grid` on the client viewing it) is in v13. */
export class SceneGrid {
  readonly type: number;
  readonly size: number;
  readonly distance: number;
  readonly units: string;

  constructor(data: GridData) {
    this.type = data.type;
    this.size = data.size;
    this.distance = data.distance;
    this.units = data.units;
  }

  get sizeX(): number {
    return this.size;
  }

  get sizeY(): number {
    return this.size;
  }

  get isGridless(): boolean {
    return this.type === GRID_TYPES.GRIDLESS;
  }

  get isSquare(): boolean {
    return this.type === GRID_TYPES.SQUARE;
  }

  get isHexagonal(): boolean {
    return this.type >= GRID_TYPES.HEXODDR;
  }

  /** The world's rule for diagonals (core setting `gridDiagonals`). */
  get diagonals(): number {
    return Number(g().game.settings.get("core", "gridDiagonals"));
  }

  #square(what: string): void {
    if (!this.isSquare) throw new Error(`harness: ${what} is modelled on a square grid only (this grid's type is ${this.type})`);
  }

  /** The offset (row `i`, column `j`) of the grid space holding a point. */
  getOffset(point: { x: number; y: number }): { i: number; j: number } {
    this.#square("getOffset");
    if (!Number.isFinite(point?.x) || !Number.isFinite(point?.y)) throw new Error("harness: getOffset needs a point {x, y}");
    return { i: Math.floor(point.y / this.sizeY), j: Math.floor(point.x / this.sizeX) };
  }

  /** Measure a path through the waypoints (points in canvas pixels), grid space to grid space. */
  measurePath(waypoints: readonly { x: number; y: number }[], options: Record<string, unknown> = {}): MeasuredPath {
    this.#square("measurePath");
    if (!Array.isArray(waypoints) || waypoints.length === 0) throw new Error("harness: measurePath needs at least one waypoint");
    if (options.cost !== undefined) throw new Error("harness: measurePath's cost function is not modelled");
    for (const w of waypoints) {
      if ("elevation" in w || "k" in w || "i" in w) throw new Error("harness: measurePath takes points {x, y} here (elevation and offsets are not modelled)");
    }
    const rule = this.diagonals;
    const result: MeasuredPath = { distance: 0, spaces: 0, cost: 0, diagonals: 0, euclidean: 0 };
    for (let n = 1; n < waypoints.length; n++) {
      const a = waypoints[n - 1]!;
      const b = waypoints[n]!;
      const from = this.getOffset(a);
      const to = this.getOffset(b);
      const di = Math.abs(to.i - from.i);
      const dj = Math.abs(to.j - from.j);
      const nd = Math.min(di, dj);
      const ns = Math.max(di, dj) - nd;
      let steps: number;
      let spaces = ns + nd;
      switch (rule) {
        case GRID_DIAGONALS.EQUIDISTANT:
          steps = ns + nd;
          break;
        case GRID_DIAGONALS.EXACT:
          steps = ns + nd * Math.SQRT2;
          break;
        case GRID_DIAGONALS.APPROXIMATE:
          steps = ns + nd * 1.5;
          break;
        case GRID_DIAGONALS.RECTILINEAR:
        case GRID_DIAGONALS.ILLEGAL:
          steps = ns + 2 * nd;
          spaces = ns + 2 * nd;
          break;
        case GRID_DIAGONALS.ALTERNATING_1:
        case GRID_DIAGONALS.ALTERNATING_2: {
          // The k-th diagonal of the path (from 1) costs 2 on even k (1/2/1) or on odd k (2/1/2).
          const long = rule === GRID_DIAGONALS.ALTERNATING_1 ? 0 : 1;
          let cost = 0;
          for (let k = result.diagonals + 1; k <= result.diagonals + nd; k++) cost += k % 2 === long ? 2 : 1;
          steps = ns + cost;
          break;
        }
        default:
          throw new Error(`harness: unknown diagonal rule ${rule}`);
      }
      result.diagonals += nd;
      result.spaces += spaces;
      result.distance += steps * this.distance;
      result.euclidean += (Math.hypot(b.x - a.x, b.y - a.y) / this.size) * this.distance;
    }
    result.cost = result.distance;
    return result;
  }
}

/** A token drawn on a client's canvas (v13's `Token` placeable), as far as the harness models it. */
export class TokenPlaceable {
  readonly #document: TokenDocument;

  constructor(document: TokenDocument) {
    this.#document = document;
  }

  get document(): TokenDocument {
    return this.#document;
  }

  get id(): string | null {
    return this.#document.id;
  }

  get name(): string {
    return this.#document.name as unknown as string;
  }

  get actor(): unknown {
    return this.#document.actor;
  }

  /**
   * The status icons drawn on the token (v13's `Token#effects` container): one per temporary effect
   * of its actor that has an icon (an effect with a status or a duration).
   */
  get effects(): { children: { icon: string }[] } {
    const actor = this.#document.actor as { temporaryEffects?: { img?: string | null }[] } | null;
    return { children: (actor?.temporaryEffects ?? []).filter((e) => !!e.img).map((e) => ({ icon: e.img! })) };
  }

  /** The middle of the token, in canvas pixels. */
  get center(): { x: number; y: number } {
    const grid = this.#document.scene?.grid as unknown as SceneGrid | undefined;
    const size = grid?.size ?? 100;
    return { x: this.#document.x + (this.#document.width * size) / 2, y: this.#document.y + (this.#document.height * size) / 2 };
  }
}

/** Which scene each user views (by user id), where `harness.view` sent them; else the active scene. */
const viewing = new Map<string, string>();
/** Each client's placeables (by user id, then token document). */
const drawn = new Map<string, WeakMap<TokenDocument, TokenPlaceable>>();
/** Each user's targets, as their own client holds them. */
const targets = new Map<string, Set<TokenPlaceable>>();

function viewedScene(user: User | null): Scene | null {
  if (!user) return null;
  const scenes = g().game.scenes;
  const id = viewing.get(user.id!);
  const scene = id ? scenes.get(id) : scenes.contents.find((s) => s.active);
  return scene ?? null;
}

/** Is the token drawn on `user`'s canvas: on the scene they view, and visible to them? */
function isDrawn(user: User, token: TokenDocument): boolean {
  const scene = viewedScene(user);
  return !!scene && token.scene === scene && scene.tokens.get(token.id!) === token && (user.isGM || !token.hidden);
}

function placeableOf(user: User, token: TokenDocument): TokenPlaceable {
  let map = drawn.get(user.id!);
  if (!map) drawn.set(user.id!, (map = new WeakMap()));
  let placeable = map.get(token);
  if (!placeable) map.set(token, (placeable = new TokenPlaceable(token)));
  return placeable;
}

/** A user's targets now: those no longer drawn on their canvas (deleted, hidden, another scene) have left. */
export function targetsOf(user: User): Set<TokenPlaceable> {
  let set = targets.get(user.id!);
  if (!set) targets.set(user.id!, (set = new Set()));
  for (const t of [...set]) if (!isDrawn(user, t.document)) set.delete(t);
  return set;
}

/** The running client's canvas. */
export class Canvas {
  get #user(): User | null {
    return g().game.user;
  }

  get ready(): boolean {
    return !!this.scene;
  }

  get scene(): Scene | null {
    return viewedScene(this.#user);
  }

  get grid(): SceneGrid | null {
    return (this.scene?.grid as unknown as SceneGrid | undefined) ?? null;
  }

  get dimensions(): unknown {
    return this.scene?.dimensions ?? null;
  }

  /** The client's PIXI application, as far as events need it. */
  get app(): typeof canvasApp | null {
    return this.scene ? canvasApp : null;
  }

  /** The client's stage, which takes pointer listeners. */
  get stage(): Stage | null {
    const user = this.#user;
    return user && this.scene ? stageOf(user) : null;
  }

  /** The client's interface layer: its grid highlights. */
  get interface(): { grid: GridHighlights } | null {
    const user = this.#user;
    return user && this.scene ? { grid: gridHighlightsOf(user) } : null;
  }

  get tokens(): { placeables: TokenPlaceable[]; get(id: string): TokenPlaceable | undefined } {
    const user = this.#user;
    const scene = this.scene;
    const placeables = user && scene ? scene.tokens.contents.filter((t) => isDrawn(user, t)).map((t) => placeableOf(user, t)) : [];
    return { placeables, get: (id: string) => placeables.find((p) => p.id === id) };
  }
}

/** Send `user`'s client to another scene (Foundry's "view scene"): their targets are released. */
export function view(user: User, scene: Scene): void {
  if (viewedScene(user) !== scene) {
    targets.get(user.id!)?.clear();
    // The canvas is drawn anew for the other scene: its highlight layers go with the old one.
    highlights.delete(user.id!);
  }
  viewing.set(user.id!, scene.id!);
}

/**
 * `user` targets these tokens on their own canvas (their clicks with the targeting tool, or
 * `Token#setTarget`): by default the others are released first. Each token must be drawn on the
 * scene they view (a player cannot target a hidden token); each change runs `targetToken` on
 * their client.
 */
export function target(user: User, tokens: readonly TokenDocument[], { releaseOthers = true }: { releaseOthers?: boolean } = {}): void {
  clients.run(user, () => {
    for (const token of tokens) {
      if (!isDrawn(user, token)) throw new Error(`harness: ${user.name} cannot target ${String(token.name)}: it is not drawn on the scene they view`);
    }
    const set = targetsOf(user);
    const wanted = tokens.map((t) => placeableOf(user, t));
    if (releaseOthers) {
      for (const t of [...set]) {
        if (wanted.includes(t)) continue;
        set.delete(t);
        g().Hooks.callAll("targetToken", user, t, false);
      }
    }
    for (const t of wanted) {
      if (set.has(t)) continue;
      set.add(t);
      g().Hooks.callAll("targetToken", user, t, true);
    }
  });
}

/** `user` releases a target (or all of them), on their own client. */
export function untarget(user: User, tokens?: readonly TokenDocument[]): void {
  clients.run(user, () => {
    const set = targetsOf(user);
    for (const t of [...set]) {
      if (tokens && !tokens.includes(t.document)) continue;
      set.delete(t);
      g().Hooks.callAll("targetToken", user, t, false);
    }
  });
}

/** Every client forgets its canvas (a new world). */
export function resetCanvas(): void {
  stages.clear();
  highlights.clear();
  viewing.clear();
  drawn.clear();
  targets.clear();
}

// ---------------------------------------------------------------------------
// Pointer events, drags and grid highlights.

type Listener = (event: CanvasPointerEvent) => unknown;

/** A point as PIXI holds one (`set` changes it in place). */
export class Point {
  constructor(
    public x = 0,
    public y = 0,
  ) {}

  set(x: number, y = x): this {
    this.x = x;
    this.y = y;
    return this;
  }
}

/**
 * A client's view of the canvas, as the stage's `worldTransform`: panned and zoomed, so a point
 * on the screen (an event's `global`) is not the canvas point under it.
 */
class ViewTransform {
  readonly scale = 0.75;
  readonly tx = -230;
  readonly ty = -140;

  /** Canvas point → screen point. */
  apply(p: { x: number; y: number }, out = new Point()): Point {
    return out.set(p.x * this.scale + this.tx, p.y * this.scale + this.ty);
  }

  /** Screen point → canvas point. */
  applyInverse(p: { x: number; y: number }, out = new Point()): Point {
    return out.set((p.x - this.tx) / this.scale, (p.y - this.ty) / this.scale);
  }
}

/**
 * A pointer event as a `canvas.stage` listener receives it: PIXI's FederatedPointerEvent, in part.
 * Made as PIXI makes one (`new PIXI.FederatedPointerEvent(boundary)`, then its fields set); its
 * `global` is the screen point, and `getLocalPosition(container)` maps it through that
 * container's `worldTransform` (the stage's and the canvas layers' are the view's).
 */
export class CanvasPointerEvent {
  type = "";
  button = 0;
  pointerType = "mouse";
  readonly global = new Point();
  propagationStopped = false;
  defaultPrevented = false;

  constructor(manager?: unknown) {
    if (!manager) throw new Error("harness: a FederatedPointerEvent is made with its event boundary (canvas.app.renderer.events.rootBoundary)");
  }

  getLocalPosition(container: { worldTransform?: ViewTransform } | null | undefined, point?: Point, globalPos?: { x: number; y: number }): Point {
    if (!container?.worldTransform) throw new Error("harness: getLocalPosition needs the container to measure in (canvas.stage or a layer)");
    return container.worldTransform.applyInverse(globalPos ?? this.global, point);
  }

  stopPropagation(): void {
    this.propagationStopped = true;
  }

  preventDefault(): void {
    this.defaultPrevented = true;
  }
}

/** The event system a client's renderer has: events are made with its root boundary. */
const BOUNDARY = Object.freeze({ kind: "EventBoundary" });
export const canvasApp = Object.freeze({ renderer: Object.freeze({ events: Object.freeze({ rootBoundary: BOUNDARY }) }) });

/** A client's stage: listeners by event name, as PIXI's `on`/`once`/`off`. */
class Stage {
  readonly #listeners = new Map<string, { fn: Listener; once: boolean }[]>();
  readonly worldTransform = new ViewTransform();

  on(type: string, fn: Listener): this {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), { fn, once: false }]);
    return this;
  }

  once(type: string, fn: Listener): this {
    this.#listeners.set(type, [...(this.#listeners.get(type) ?? []), { fn, once: true }]);
    return this;
  }

  off(type: string, fn?: Listener): this {
    this.#listeners.set(type, fn ? (this.#listeners.get(type) ?? []).filter((l) => l.fn !== fn) : []);
    return this;
  }

  listenerCount(type: string): number {
    return this.#listeners.get(type)?.length ?? 0;
  }

  /** As PIXI's `emit`: each listener of the event gets it; true if there was one. */
  emit(type: string, event: CanvasPointerEvent): boolean {
    const listeners = [...(this.#listeners.get(type) ?? [])];
    for (const l of listeners) {
      if (l.once) this.off(type, l.fn);
      void l.fn(event);
    }
    return listeners.length > 0;
  }
}

interface Highlight {
  x: number;
  y: number;
  color?: number;
  border?: number;
}

/** A client's grid highlights (`canvas.interface.grid`): named layers of highlighted grid spaces. */
class GridHighlights {
  readonly #user: User;
  readonly highlightLayers: Record<string, Map<string, Highlight>> = {};

  constructor(user: User) {
    this.#user = user;
  }

  addHighlightLayer(name: string): Map<string, Highlight> {
    return (this.highlightLayers[name] ??= new Map());
  }

  highlightPosition(name: string, position: Highlight): boolean {
    const layer = this.highlightLayers[name];
    if (!layer) return false;
    const grid = viewedScene(this.#user)?.grid as unknown as SceneGrid | undefined;
    if (!grid) throw new Error("harness: highlightPosition needs a scene on the canvas");
    const { i, j } = grid.getOffset(position);
    layer.set(`${j},${i}`, { ...position });
    return true;
  }

  clearHighlightLayer(name: string): void {
    this.highlightLayers[name]?.clear();
  }

  destroyHighlightLayer(name: string): void {
    delete this.highlightLayers[name];
  }
}

const stages = new Map<string, Stage>();
const highlights = new Map<string, GridHighlights>();

export function stageOf(user: User): Stage {
  let stage = stages.get(user.id!);
  if (!stage) stages.set(user.id!, (stage = new Stage()));
  return stage;
}

export function gridHighlightsOf(user: User): GridHighlights {
  let h = highlights.get(user.id!);
  if (!h) highlights.set(user.id!, (h = new GridHighlights(user)));
  return h;
}

/** The grid spaces (column, row) a client has highlighted in a layer, in the order highlighted (null: no such layer). */
export function highlighted(user: User, name: string): { x: number; y: number }[] | null {
  const layer = gridHighlightsOf(user).highlightLayers[name];
  return layer ? [...layer.keys()].map((k) => ({ x: Number(k.split(",")[0]), y: Number(k.split(",")[1]) })) : null;
}

/** `user` clicks the canvas at a point (canvas pixels) with a mouse button (0 left, 2 right), on their own client. */
export async function click(user: User, point: { x: number; y: number }, { button = 0 }: { button?: number } = {}): Promise<void> {
  if (!viewedScene(user)) throw new Error(`harness: ${user.name} has no scene on their canvas to click`);
  await clients.run(user, async () => {
    const stage = stageOf(user);
    const side = button === 2 ? "right" : "mouse";
    for (const type of ["pointerdown", `${side}down`, "pointerup", `${side}up`, "pointertap", button === 2 ? "rightclick" : "click"]) {
      const event = new CanvasPointerEvent(BOUNDARY);
      event.type = type;
      event.button = button;
      stage.worldTransform.apply(point, event.global);
      stage.emit(type, event);
      // Let what a listener started (a dialog, an action) run before the next event, as the browser would.
      await new Promise((r) => setTimeout(r, 0));
    }
  });
}

/**
 * `user` drags a token and drops it at a point (canvas pixels) on their own canvas: it lands on
 * the grid space holding the point. Resolves with `move`'s answer (false: vetoed).
 */
export async function drag(user: User, token: TokenDocument, point: { x: number; y: number }): Promise<boolean> {
  return clients.run(user, async () => {
    if (!isDrawn(user, token)) throw new Error(`harness: ${user.name} cannot drag ${String(token.name)}: it is not drawn on the scene they view`);
    if (!token.testUserPermission(user, "OWNER")) throw new Error(`harness: ${user.name} cannot drag ${String(token.name)}: they do not own it`);
    const game = g().game as unknown as { paused?: boolean };
    if (game.paused && !user.isGM) throw new Error(`harness: ${user.name} cannot move a token while the game is paused`);
    const grid = token.scene!.grid as unknown as SceneGrid;
    const { i, j } = grid.getOffset(point);
    return (token as unknown as { move(w: object[], o: object): Promise<boolean> }).move([{ x: j * grid.size, y: i * grid.size }], { method: "dragging" });
  });
}
