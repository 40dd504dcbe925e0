/**
 * Choices made from an action's shape (src/core/rules/shape.ts), for property and fuzz tests:
 * well-shaped ones (every field of its kind, strings drawn from a pool of the world's references
 * or made up) and malformed ones (one field somewhere missing, null, of the wrong kind or out of
 * bounds), each with the path of the field that is wrong.
 */
import fc from "fast-check";
import type { Shape } from "../../src/core/rules/shape";

type Json = unknown;

/** Strings a well-shaped choice draws from: the world's references, and some made up. */
function strings(pool: readonly string[], blank: boolean): fc.Arbitrary<string> {
  const made = fc.string({ minLength: blank ? 0 : 1, maxLength: 20 });
  return pool.length ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...pool) }, { weight: 1, arbitrary: made }) : made;
}

/** Values that fit `shape`. */
export function wellShaped(shape: Shape, pool: readonly string[]): fc.Arbitrary<Json> {
  const value = ((): fc.Arbitrary<Json> => {
    switch (shape.kind) {
      case "string":
        return strings(pool, !!shape.blank).filter((s) => s.length <= shape.max && (!!shape.blank || s !== ""));
      case "int":
        return fc.oneof(fc.integer({ min: Math.max(shape.min, -30), max: Math.min(shape.max, 30) }), fc.integer({ min: shape.min, max: shape.max }));
      case "bool":
        return fc.boolean();
      case "oneOf":
        return fc.constantFrom(...shape.values);
      case "array":
        return fc.array(wellShaped(shape.of, pool), { maxLength: Math.min(shape.max, 4) });
      case "record":
        return fc.dictionary(strings(pool, false), wellShaped(shape.of, pool), { maxKeys: Math.min(shape.max, 4) });
      case "object":
        return fields(shape.fields, pool);
      case "union":
        return fc.oneof(...Object.entries(shape.cases).map(([tag, f]) => fields(f, pool).map((o) => ({ ...(o as object), [shape.key]: tag }))));
    }
  })();
  return shape.optional ? fc.option(value, { nil: undefined }) : value;
}

function fields(shape: Record<string, Shape>, pool: readonly string[]): fc.Arbitrary<Json> {
  // An optional field may be left out altogether, a required one never.
  const required = Object.entries(shape).filter(([, s]) => !s.optional).map(([k]) => k);
  return fc.record(Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, wellShaped(s, pool)])), { requiredKeys: required });
}

/** A value that is not of `shape` (never `undefined` for an optional field, which fits). */
function misfit(shape: Shape): fc.Arbitrary<Json> {
  const wrongKind = fc.constantFrom<Json>(null, 7, -1.5, "x", true, [], {}, [1, "a"], "1e21", Number.MAX_SAFE_INTEGER + 2);
  const own = ((): fc.Arbitrary<Json>[] => {
    switch (shape.kind) {
      case "string":
        return [fc.constant(1), fc.constant({}), ...(shape.blank ? [] : [fc.constant("")]), fc.constant("x".repeat(shape.max + 1))];
      case "int":
        return [fc.constant(shape.min - 1), fc.constant(shape.max + 1), fc.constant(0.5), fc.constant(1e21), fc.constant("3")];
      case "bool":
        return [fc.constant("true"), fc.constant(1)];
      case "oneOf":
        return [fc.constant("not-one-of-them"), fc.constant(99)];
      case "array":
        return [fc.constant("a"), fc.constant({ 0: "a" })];
      case "record":
        return [fc.constant([1, 2]), fc.constant("a")];
      case "object":
        return [fc.constant([]), fc.constant("a")];
      case "union":
        return [fc.constant({ [shape.key]: "no-such-kind" }), fc.constant({})];
    }
  })();
  const bad = fc.oneof(wrongKind, ...own).filter((v) => !fits(shape, v));
  return shape.optional ? bad : fc.oneof(bad, fc.constant(undefined));
}

/** Does `v` fit `shape`? (The generators' own check, kept apart from the validator under test.) */
function fits(shape: Shape, v: Json): boolean {
  if (v === undefined) return !!shape.optional;
  switch (shape.kind) {
    case "string":
      return typeof v === "string" && v.length <= shape.max && (!!shape.blank || v !== "");
    case "int":
      return typeof v === "number" && Number.isSafeInteger(v) && v >= shape.min && v <= shape.max;
    case "bool":
      return typeof v === "boolean";
    case "oneOf":
      return shape.values.includes(v as string | number);
    case "array":
      return Array.isArray(v) && v.length <= shape.max && v.every((x) => fits(shape.of, x));
    case "record":
      return typeof v === "object" && v !== null && !Array.isArray(v) && Object.values(v).every((x) => fits(shape.of, x));
    case "object":
      if (v === null) return !!shape.nullable;
      return typeof v === "object" && !Array.isArray(v) && Object.entries(shape.fields).every(([k, s]) => fits(s, (v as Record<string, Json>)[k]));
    case "union": {
      if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
      const tag = (v as Record<string, Json>)[shape.key];
      const f = typeof tag === "string" ? shape.cases[tag] : undefined;
      return !!f && Object.entries(f).every(([k, s]) => fits(s, (v as Record<string, Json>)[k]));
    }
  }
}

/** The fields of a choice a malformation can reach, each with its shape (objects and unions descend). */
function places(shape: Record<string, Shape>, value: Record<string, Json>, prefix: string): { path: string; shape: Shape; parent: Record<string, Json>; key: string }[] {
  const out: { path: string; shape: Shape; parent: Record<string, Json>; key: string }[] = [];
  for (const [key, field] of Object.entries(shape)) {
    const path = prefix ? `${prefix}.${key}` : key;
    out.push({ path, shape: field, parent: value, key });
    const inner = value[key];
    if (field.kind === "object" && inner && typeof inner === "object" && !Array.isArray(inner)) out.push(...places(field.fields, inner as Record<string, Json>, path));
    if (field.kind === "union" && inner && typeof inner === "object" && !Array.isArray(inner)) {
      const tag = (inner as Record<string, Json>)[field.key];
      const cases = typeof tag === "string" ? field.cases[tag] : undefined;
      if (cases) out.push(...places(cases, inner as Record<string, Json>, path));
    }
  }
  return out;
}

/** A choice of `shape` with exactly one field made wrong, and that field's path. */
export function malformed(shape: Record<string, Shape>, pool: readonly string[]): fc.Arbitrary<{ choice: Record<string, Json>; field: string }> {
  return fields(shape, pool)
    .chain((choice) => {
      const spots = places(shape, choice as Record<string, Json>, "");
      return fc.tuple(fc.constant(choice as Record<string, Json>), fc.constantFrom(...spots.map((_, i) => i)), fc.constant(spots));
    })
    .chain(([choice, i, spots]) => misfit(spots[i]!.shape).map((bad) => ({ choice, spot: spots[i]!, bad })))
    .map(({ choice, spot, bad }) => {
      // Replace that one field (in a copy: the parent objects are shared with the original).
      const copy = structuredClone(choice);
      const parent = spot.path.split(".").slice(0, -1).reduce<Record<string, Json>>((o, k) => o[k] as Record<string, Json>, copy);
      if (bad === undefined) delete parent[spot.key];
      else parent[spot.key] = bad;
      return { choice: copy, field: spot.path };
    });
}
