/**
 * `foundry.utils` as the system uses it, re-implemented from its documented behaviour.
 * Plain-object helpers only; documents are looked up through the harness world.
 */

export type AnyObject = Record<string, unknown>;

export function getType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "Array";
  if (value instanceof Set) return "Set";
  if (value instanceof Map) return "Map";
  if (typeof value === "object") {
    const proto = Object.getPrototypeOf(value);
    return proto === Object.prototype || proto === null ? "Object" : "Unknown";
  }
  return typeof value;
}

export function isPlainObject(value: unknown): value is AnyObject {
  return getType(value) === "Object";
}

/**
 * A deep copy of plain data. Like Foundry's, it copies arrays, plain objects, Sets and Dates,
 * and keeps other class instances (documents, rolls…) by reference.
 */
export function deepClone<T>(original: T, { strict = false }: { strict?: boolean } = {}): T {
  const clone = (value: unknown, depth: number): unknown => {
    if (depth > 100) throw new Error("deepClone: maximum depth exceeded (circular data?)");
    if (typeof value !== "object" || value === null) return value;
    if (Array.isArray(value)) return value.map((v) => clone(v, depth + 1));
    if (value instanceof Date) return new Date(value);
    if (value instanceof Set) return new Set([...value].map((v) => clone(v, depth + 1)));
    if (!isPlainObject(value)) {
      if (strict) throw new Error("deepClone: cannot clone a class instance in strict mode");
      return value;
    }
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) out[k] = clone(v, depth + 1);
    return out;
  };
  return clone(original, 0) as T;
}

/** Expand `{"a.b": 1}` into `{a: {b: 1}}` (recursively). */
export function expandObject(obj: AnyObject): AnyObject {
  const out: AnyObject = {};
  const expand = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(expand);
    if (isPlainObject(value)) return expandObject(value);
    return value;
  };
  for (const [k, v] of Object.entries(obj)) setProperty(out, k, expand(v));
  return out;
}

/** Flatten `{a: {b: 1}}` into `{"a.b": 1}` (empty objects are kept as values). */
export function flattenObject(obj: AnyObject, depth = 0): AnyObject {
  const out: AnyObject = {};
  for (const [k, v] of Object.entries(obj)) {
    if (isPlainObject(v) && !isEmpty(v) && depth < 100) {
      for (const [ik, iv] of Object.entries(flattenObject(v, depth + 1))) out[`${k}.${ik}`] = iv;
    } else out[k] = v;
  }
  return out;
}

export function getProperty(obj: unknown, key: string): unknown {
  if (!key || obj === null || obj === undefined) return undefined;
  if (key in Object(obj)) return (obj as AnyObject)[key];
  let target: unknown = obj;
  for (const part of key.split(".")) {
    if (target === null || target === undefined || typeof target !== "object") return undefined;
    target = (target as AnyObject)[part];
  }
  return target;
}

export function hasProperty(obj: unknown, key: string): boolean {
  if (!key || obj === null || typeof obj !== "object") return false;
  if (key in obj) return true;
  let target: unknown = obj;
  for (const part of key.split(".")) {
    if (target === null || typeof target !== "object" || !(part in target)) return false;
    target = (target as AnyObject)[part];
  }
  return true;
}

/** Set a dotted key, creating objects along the path; returns whether the value changed. */
export function setProperty(obj: AnyObject, key: string, value: unknown): boolean {
  if (!key) return false;
  let target = obj;
  const parts = key.split(".");
  const last = parts.pop()!;
  for (const part of parts) {
    if (!(part in target) || typeof target[part] !== "object" || target[part] === null) target[part] = {};
    target = target[part] as AnyObject;
  }
  const changed = target[last] !== value;
  target[last] = value;
  return changed;
}

export function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (value instanceof Set || value instanceof Map) return value.size === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

export interface MergeOptions {
  insertKeys?: boolean;
  insertValues?: boolean;
  overwrite?: boolean;
  recursive?: boolean;
  inplace?: boolean;
  enforceTypes?: boolean;
  performDeletions?: boolean;
}

/**
 * Foundry's `mergeObject`: merge `other` into `original` (in place by default), expanding dotted
 * keys, and with `performDeletions` honouring `-=key` (delete) and `==key` (replace wholesale).
 */
export function mergeObject<T extends AnyObject>(original: T, other: AnyObject = {}, options: MergeOptions = {}, depth = 0): T {
  const {
    insertKeys = true,
    insertValues = true,
    overwrite = true,
    recursive = true,
    inplace = true,
    enforceTypes = false,
    performDeletions = false,
  } = options;
  other = other || {};
  if (!isPlainObject(original) || !isPlainObject(other)) throw new Error("mergeObject: one of original or other is not an object");
  const target = (inplace ? original : deepClone(original)) as AnyObject;
  if (depth === 0 && Object.keys(target).some((k) => k.includes("."))) Object.assign(target, expandObject(target));
  const source = Object.keys(other).some((k) => k.includes(".")) ? expandObject(other) : other;
  for (const [key, value] of Object.entries(source)) {
    if (performDeletions && key.startsWith("-=")) {
      delete target[key.slice(2)];
      continue;
    }
    if (performDeletions && key.startsWith("==")) {
      target[key.slice(2)] = deepClone(value);
      continue;
    }
    const exists = Object.prototype.hasOwnProperty.call(target, key);
    const existing = target[key];
    if (!exists) {
      if (isPlainObject(value) && insertKeys) {
        target[key] = mergeObject({}, value, { ...options, inplace: true }, depth + 1);
      } else if (insertKeys) target[key] = value;
      continue;
    }
    if (isPlainObject(existing) && isPlainObject(value) && recursive) {
      if (insertValues || Object.keys(value).every((k) => k in existing)) {
        target[key] = mergeObject(existing, value, { ...options, inplace: true }, depth + 1);
      }
      continue;
    }
    if (!overwrite) continue;
    if (enforceTypes && existing !== undefined && value !== undefined && getType(existing) !== getType(value)) {
      throw new Error(`mergeObject: mismatched data types for key "${key}"`);
    }
    target[key] = value;
  }
  return target as T;
}

/** The parts of `other` that differ from `original` (recursively for plain objects). */
export function diffObject(original: AnyObject, other: AnyObject, { inner = false, deletionKeys = false } = {}): AnyObject {
  const out: AnyObject = {};
  for (const [key, value] of Object.entries(other)) {
    if (deletionKeys && key.startsWith("-=")) {
      if (key.slice(2) in original) out[key] = value;
      continue;
    }
    if (inner && !(key in original)) continue;
    const before = original[key];
    if (isPlainObject(value) && isPlainObject(before)) {
      const inner2 = diffObject(before, value, { inner, deletionKeys });
      if (!isEmpty(inner2)) out[key] = inner2;
    } else if (!objectsEqual(before, value)) out[key] = value;
  }
  return out;
}

export function objectsEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  const ak = Object.keys(a);
  const bk = Object.keys(b);
  if (ak.length !== bk.length) return false;
  return ak.every((k) => objectsEqual((a as AnyObject)[k], (b as AnyObject)[k]));
}

const ID_CHARS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";

/** Ids come from their own generator so seeding the dice does not shift them (and vice versa). */
let idState = 0x2f6b_a1c3;
function idRandom(): number {
  idState = (idState + 0x6d2b79f5) | 0;
  let t = idState;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

export function resetIds(seed = 0x2f6b_a1c3): void {
  idState = seed;
}

/** A 16-character alphanumeric id, as Foundry's document ids are. */
export function randomID(length = 16): string {
  let id = "";
  for (let i = 0; i < length; i++) id += ID_CHARS[Math.floor(idRandom() * ID_CHARS.length)];
  return id;
}

export function isValidId(id: unknown): id is string {
  return typeof id === "string" && /^[a-zA-Z0-9]{16}$/.test(id);
}

export function duplicate<T>(original: T): T {
  return JSON.parse(JSON.stringify(original)) as T;
}
