/**
 * The shape of a choice: what an action's choice must hold before anything reads it. A choice
 * comes from a dialog, a macro or another user's client, and nothing in it is believed: one
 * validator checks every action's choice against the shape the action declares, and refuses a
 * missing field, a `null`, a value of the wrong type or a number out of the game's bounds, naming
 * the field. Pure: no Foundry globals.
 */
import type { Rejection } from "./outcome";

export type Shape =
  | { kind: "string"; optional?: boolean; blank?: boolean; max: number }
  | { kind: "int"; optional?: boolean; min: number; max: number }
  | { kind: "bool"; optional?: boolean }
  | { kind: "oneOf"; optional?: boolean; values: readonly (string | number)[] }
  | { kind: "array"; optional?: boolean; of: Shape; max: number }
  | { kind: "record"; optional?: boolean; of: Shape; max: number }
  | { kind: "object"; optional?: boolean; nullable?: boolean; fields: Record<string, Shape> }
  | { kind: "union"; optional?: boolean; key: string; cases: Record<string, Record<string, Shape>> };

/** The longest string a choice holds (names, ids, UUIDs, formulas): no choice needs more. */
const MAX_STRING = 1000;
/** The most entries a list or map of a choice holds (units, assets, moves…). */
const MAX_ENTRIES = 10_000;

/** Builders of shapes, so a choice's shape reads like its type. */
export const S = {
  /** A string, non-empty unless `blank`. */
  str: (opts: { blank?: boolean; max?: number } = {}): Shape => ({ kind: "string", blank: opts.blank, max: opts.max ?? MAX_STRING }),
  /** A whole number from `min` to `max`. */
  int: (min: number, max: number): Shape => ({ kind: "int", min, max }),
  bool: (): Shape => ({ kind: "bool" }),
  oneOf: (...values: (string | number)[]): Shape => ({ kind: "oneOf", values }),
  /** A list of at most `max` values. */
  array: (of: Shape, max = MAX_ENTRIES): Shape => ({ kind: "array", of, max }),
  /** An object used as a map: any keys, each value of one shape. */
  record: (of: Shape, max = MAX_ENTRIES): Shape => ({ kind: "record", of, max }),
  obj: (fields: Record<string, Shape>): Shape => ({ kind: "object", fields }),
  /** One of several objects, told apart by the string at `key`. */
  union: (key: string, cases: Record<string, Record<string, Shape>>): Shape => ({ kind: "union", key, cases }),
  /** The field may be left out (or be `undefined`). */
  optional: (shape: Shape): Shape => ({ ...shape, optional: true }),
  /** An object that may also be `null`. */
  nullableObj: (fields: Record<string, Shape>): Shape => ({ kind: "object", fields, nullable: true }),
};

/** A situational modifier: a whole number (the rules refuse one beyond ±20, saying so). */
export const MODIFIER = S.optional(S.int(Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER));

const isPlain = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Why `value` does not fit `shape` at `path`: the path of the first field that does not, or null. */
function misfit(shape: Shape, value: unknown, path: string): string | null {
  if (value === undefined) return shape.optional ? null : path;
  switch (shape.kind) {
    case "string":
      return typeof value === "string" && (shape.blank || value !== "") && value.length <= shape.max ? null : path;
    case "int":
      return Number.isSafeInteger(value) && (value as number) >= shape.min && (value as number) <= shape.max ? null : path;
    case "bool":
      return typeof value === "boolean" ? null : path;
    case "oneOf":
      return shape.values.includes(value as string | number) ? null : path;
    case "array": {
      if (!Array.isArray(value) || value.length > shape.max) return path;
      for (let i = 0; i < value.length; i++) {
        const bad = misfit(shape.of, value[i], `${path}[${i}]`);
        if (bad) return bad;
      }
      return null;
    }
    case "record": {
      if (!isPlain(value)) return path;
      const entries = Object.entries(value);
      if (entries.length > shape.max) return path;
      for (const [k, v] of entries) {
        const bad = misfit(shape.of, v, `${path}.${k}`);
        if (bad) return bad;
      }
      return null;
    }
    case "object": {
      if (value === null && shape.nullable) return null;
      return isPlain(value) ? fieldsMisfit(shape.fields, value, path) : path;
    }
    case "union": {
      if (!isPlain(value)) return path;
      const tag = value[shape.key];
      const fields = typeof tag === "string" && Object.prototype.hasOwnProperty.call(shape.cases, tag) ? shape.cases[tag] : undefined;
      return fields ? fieldsMisfit(fields, value, path) : `${path}.${shape.key}`;
    }
  }
}

function fieldsMisfit(fields: Record<string, Shape>, value: Record<string, unknown>, path: string): string | null {
  for (const [name, field] of Object.entries(fields)) {
    const bad = misfit(field, value[name], path ? `${path}.${name}` : name);
    if (bad) return bad;
  }
  return null;
}

/** Why a choice does not have this shape (naming the field), or null if it does. */
export function shapeRefusal(shape: Record<string, Shape>, choice: unknown): Rejection | null {
  if (!isPlain(choice)) return { key: "FACTIONS.Action.Error.BadChoice", data: { field: "choice" } };
  const bad = fieldsMisfit(shape, choice, "");
  return bad === null ? null : { key: "FACTIONS.Action.Error.BadChoice", data: { field: bad } };
}
