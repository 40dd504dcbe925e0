/**
 * v13's scene Regions and their behaviors, as public v13 systems and modules use them:
 * - a Region is embedded in its Scene (`scene.regions`, uuid `Scene.<id>.Region.<id>`), owned as its
 *   scene is (a GM's), with a name, a colour, its shapes (rectangles, circles, ellipses and
 *   polygons in scene pixels; a shape marked `hole` cuts out of the others), an elevation range
 *   (`bottom`/`top`, null for no limit) and its behaviors;
 * - `region.testPoint({x, y, elevation})` says whether a point is inside: in a shape that is not a
 *   hole and in no hole, and within the elevation range (bottom and top included);
 * - a RegionBehavior is embedded in its Region (`region.behaviors`) with a name, a type (a core one
 *   or a system's own, named `<system id>.<name>` and declared in system.json), `system` data from
 *   `CONFIG.RegionBehavior.dataModels[type]` (a `RegionBehaviorType`, which knows its behavior,
 *   region and scene) and a `disabled` switch.
 */
import { ClientDocument, EmbeddedCollectionField, type DocumentMetadata, type EmbeddedCollection, TypeDataField } from "./documents";
import { ArrayField, BooleanField, type CleanOptions, ColorField, DocumentIdField, type Failures, NumberField, ObjectField, SchemaField, StringField, TypeDataModel } from "./fields";
import { deepClone, isPlainObject, type AnyObject } from "./utils";

/** The events a behavior type may subscribe to (`static events`), as v13 names them. */
export const REGION_EVENTS = {
  REGION_BOUNDARY: "regionBoundary",
  BEHAVIOR_ACTIVATED: "behaviorActivated",
  BEHAVIOR_DEACTIVATED: "behaviorDeactivated",
  BEHAVIOR_VIEWED: "behaviorViewed",
  BEHAVIOR_UNVIEWED: "behaviorUnviewed",
  TOKEN_ENTER: "tokenEnter",
  TOKEN_EXIT: "tokenExit",
  TOKEN_MOVE_IN: "tokenMoveIn",
  TOKEN_MOVE_OUT: "tokenMoveOut",
  TOKEN_MOVE_WITHIN: "tokenMoveWithin",
  TOKEN_ROUND_START: "tokenRoundStart",
  TOKEN_ROUND_END: "tokenRoundEnd",
  TOKEN_TURN_START: "tokenTurnStart",
  TOKEN_TURN_END: "tokenTurnEnd",
} as const;

/** Core's own behavior types (a system adds its `<system id>.<name>` types in system.json). */
export const CORE_BEHAVIOR_TYPES = [
  "adjustDarknessLevel",
  "displayScrollingText",
  "executeMacro",
  "executeScript",
  "modifyMovementCost",
  "pauseGame",
  "suppressWeather",
  "teleportToken",
  "toggleBehavior",
];

/* -------------------------------------------- */
/*  Shapes                                        */
/* -------------------------------------------- */

type Shape =
  | { type: "rectangle"; x: number; y: number; width: number; height: number; rotation: number; hole: boolean }
  | { type: "circle"; x: number; y: number; radius: number; hole: boolean }
  | { type: "ellipse"; x: number; y: number; radiusX: number; radiusY: number; rotation: number; hole: boolean }
  | { type: "polygon"; points: number[]; hole: boolean };

const SHAPE_FIELDS: Record<Shape["type"], Record<string, "number" | "positive" | "points">> = {
  rectangle: { x: "number", y: "number", width: "positive", height: "positive", rotation: "number" },
  circle: { x: "number", y: "number", radius: "positive" },
  ellipse: { x: "number", y: "number", radiusX: "positive", radiusY: "positive", rotation: "number" },
  polygon: { points: "points" },
};

/** One shape's data: a known type with every field it needs (rotation defaults to 0, hole to false). */
class ShapeField extends ObjectField {
  protected override _cleanType(value: unknown, _options?: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = deepClone(value);
    if (out.hole === undefined) out.hole = false;
    if ((out.type === "rectangle" || out.type === "ellipse") && out.rotation === undefined) out.rotation = 0;
    return out;
  }

  protected override _validateType(value: unknown, _path?: string, _failures?: Failures, _options?: CleanOptions): string | undefined {
    if (!isPlainObject(value)) return "must be an object";
    const spec = SHAPE_FIELDS[value.type as Shape["type"]];
    if (!spec) return `has an unknown shape type ${JSON.stringify(value.type)}`;
    if (typeof value.hole !== "boolean") return "hole must be true or false";
    for (const [key, kind] of Object.entries(spec)) {
      const v = value[key];
      if (kind === "points") {
        if (!Array.isArray(v) || v.length < 6 || v.length % 2 !== 0 || !v.every((n) => typeof n === "number" && Number.isFinite(n))) return "points must be at least three x, y pairs";
      } else if (typeof v !== "number" || !Number.isFinite(v) || (kind === "positive" && v <= 0)) return `${key} must be a ${kind === "positive" ? "positive " : ""}number`;
    }
    return undefined;
  }
}

/** Turn a point around (cx, cy) by −degrees, into the shape's own frame. */
function unrotate(px: number, py: number, cx: number, cy: number, degrees: number): [number, number] {
  if (!degrees) return [px, py];
  const r = (-degrees * Math.PI) / 180;
  const dx = px - cx;
  const dy = py - cy;
  return [cx + dx * Math.cos(r) - dy * Math.sin(r), cy + dx * Math.sin(r) + dy * Math.cos(r)];
}

/** Even–odd ray casting; a point on an edge counts as inside. */
function inPolygon(px: number, py: number, points: number[]): boolean {
  let inside = false;
  const n = points.length / 2;
  for (let i = 0, j = n - 1; i < n; j = i++) {
    const [xi, yi, xj, yj] = [points[2 * i]!, points[2 * i + 1]!, points[2 * j]!, points[2 * j + 1]!];
    const cross = (px - xi) * (yj - yi) - (py - yi) * (xj - xi);
    if (cross === 0 && px >= Math.min(xi, xj) && px <= Math.max(xi, xj) && py >= Math.min(yi, yj) && py <= Math.max(yi, yj)) return true;
    if (yi > py !== yj > py && px < ((xj - xi) * (py - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

function inShape(shape: Shape, px: number, py: number): boolean {
  switch (shape.type) {
    case "rectangle": {
      const [x, y] = unrotate(px, py, shape.x + shape.width / 2, shape.y + shape.height / 2, shape.rotation);
      return x >= shape.x && x <= shape.x + shape.width && y >= shape.y && y <= shape.y + shape.height;
    }
    case "circle":
      return (px - shape.x) ** 2 + (py - shape.y) ** 2 <= shape.radius ** 2;
    case "ellipse": {
      const [x, y] = unrotate(px, py, shape.x, shape.y, shape.rotation);
      return ((x - shape.x) / shape.radiusX) ** 2 + ((y - shape.y) / shape.radiusY) ** 2 <= 1;
    }
    case "polygon":
      return inPolygon(px, py, shape.points);
  }
}

/* -------------------------------------------- */
/*  Documents                                     */
/* -------------------------------------------- */

/** A scene Region (the document; v13 calls the canvas object `Region`). */
export class RegionDocument extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "Region", collection: "regions", embedded: { RegionBehavior: "behaviors" }, label: "DOCUMENT.Region" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: false, textSearch: true }),
      color: new ColorField({ required: true, nullable: false, initial: () => "#ff6400" }),
      shapes: new ArrayField(new ShapeField()),
      elevation: new SchemaField({
        bottom: new NumberField({ required: true, nullable: true, initial: null }),
        top: new NumberField({ required: true, nullable: true, initial: null }),
      }),
      behaviors: new EmbeddedCollectionField("RegionBehavior"),
      visibility: new NumberField({ required: true, nullable: false, integer: true, initial: 0 }),
      locked: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  declare shapes: Shape[];
  declare elevation: { bottom: number | null; top: number | null };
  declare behaviors: EmbeddedCollection<RegionBehavior>;

  /** The scene the region is on. */
  get scene(): ClientDocument | null {
    return this.parent instanceof ClientDocument ? this.parent : null;
  }

  /** Is the point inside the region: in a shape, in no hole, and within the elevation range? */
  testPoint({ x, y, elevation }: { x: number; y: number; elevation: number }): boolean {
    const { bottom, top } = this.elevation;
    if ((bottom !== null && elevation < bottom) || (top !== null && elevation > top)) return false;
    const shapes = this.shapes;
    return shapes.some((s) => !s.hole && inShape(s, x, y)) && !shapes.some((s) => s.hole && inShape(s, x, y));
  }
}

/** One behavior of a Region: a core type or a system's, with its type's `system` data. */
export class RegionBehavior extends ClientDocument {
  static override metadata: DocumentMetadata = { name: "RegionBehavior", collection: "behaviors", embedded: {}, label: "DOCUMENT.RegionBehavior" };

  static override defineSchema() {
    return {
      _id: new DocumentIdField(),
      name: new StringField({ required: true, blank: true, textSearch: true }),
      type: new StringField({
        required: true,
        blank: false,
        choices: () => [...CORE_BEHAVIOR_TYPES, ...(((globalThis as unknown as { game?: { documentTypes?: Record<string, string[]> } }).game?.documentTypes?.RegionBehavior) ?? [])],
      }),
      system: new TypeDataField("RegionBehavior"),
      disabled: new BooleanField(),
      flags: new ObjectField(),
    };
  }

  declare disabled: boolean;

  /** The region the behavior belongs to. */
  get region(): RegionDocument | null {
    return this.parent instanceof RegionDocument ? this.parent : null;
  }
}

/**
 * The base of a behavior type's `system` data (`foundry.data.regionBehaviors.RegionBehaviorType`):
 * it knows its behavior, region and scene; `static events` lists the events it handles.
 */
export class RegionBehaviorType extends TypeDataModel {
  static events: Record<string, unknown> = {};

  get behavior(): RegionBehavior | null {
    return this.parent instanceof RegionBehavior ? this.parent : null;
  }

  get region(): RegionDocument | null {
    return this.behavior?.region ?? null;
  }

  get scene(): ClientDocument | null {
    return this.region?.scene ?? null;
  }
}

