/**
 * `foundry.data.fields` and `foundry.abstract.DataModel` / `TypeDataModel`, re-implemented from their
 * documented behaviour: every field cleans what it is given (casts it; a NumberField rounds an
 * integer and clamps to its `min`/`max`, it does not refuse them) and validates it; a model's
 * source is cleaned and validated on construction and on `updateSource`, and an invalid value
 * THROWS a `DataModelValidationError` and changes nothing, as in Foundry.
 *
 * Update semantics mirror Foundry's: a SchemaField and an ObjectField/TypedObjectField are MERGED
 * key by key (so `{repairs: {}}` does not clear `repairs`), `-=key` deletes a key of an object,
 * `==key` replaces it wholesale, and arrays (ArrayField/SetField) are replaced.
 */
import { deepClone, expandObject, getType, isPlainObject, objectsEqual, type AnyObject } from "./utils";

export type Failures = Record<string, string>;

export interface CleanOptions {
  /** A partial update: missing keys are left missing instead of getting their initial value. */
  partial?: boolean;
  /** The object the value belongs to (for `initial` functions). */
  source?: AnyObject;
}

export class DataModelValidationError extends Error {
  constructor(
    readonly model: string,
    readonly failures: Failures,
  ) {
    super(`${model} validation errors:\n${Object.entries(failures)
      .map(([path, message]) => `  ${path}: ${message}`)
      .join("\n")}`);
    this.name = "DataModelValidationError";
  }
}

export interface FieldOptions {
  required?: boolean;
  nullable?: boolean;
  initial?: unknown;
  readonly?: boolean;
  label?: string;
  hint?: string;
  validate?: (value: never, options?: unknown) => boolean | void;
  validationError?: string;
  gmOnly?: boolean;
  [key: string]: unknown;
}

/** The base of every field. `name`/`parent` are set by the enclosing SchemaField. */
export class DataField {
  static get _defaults(): FieldOptions {
    return { required: false, nullable: false, initial: undefined, readonly: false, label: "", hint: "", validationError: "is not a valid value" };
  }

  readonly options: FieldOptions;
  name = "";
  parent: DataField | undefined = undefined;
  declare required: boolean;
  declare nullable: boolean;
  declare initial: unknown;
  declare label: string;
  declare hint: string;

  constructor(options: FieldOptions = {}) {
    const defaults = (this.constructor as typeof DataField)._defaults;
    this.options = { ...defaults, ...options };
    for (const [k, v] of Object.entries(this.options)) {
      if (k !== "validate") (this as unknown as AnyObject)[k] = v;
    }
  }

  /** The dotted path of the field from its root model (`system.hp.value`). */
  get fieldPath(): string {
    const parentPath = this.parent?.fieldPath ?? "";
    return parentPath && this.name ? `${parentPath}.${this.name}` : this.name || parentPath;
  }

  getInitialValue(source?: AnyObject): unknown {
    const initial = this.options.initial;
    return typeof initial === "function" ? (initial as (s?: AnyObject) => unknown).call(this, source) : deepClone(initial);
  }

  clean(value: unknown, options: CleanOptions = {}): unknown {
    if (value === undefined) return options.partial ? undefined : this.getInitialValue(options.source);
    if (value === null) return null;
    return this._cleanType(this._cast(value), options);
  }

  protected _cast(value: unknown): unknown {
    return value;
  }

  protected _cleanType(value: unknown, _options: CleanOptions): unknown {
    return value;
  }

  /** Validate a (cleaned) value; failures are recorded under their paths. */
  validate(value: unknown, path: string, failures: Failures, options: CleanOptions = {}): void {
    if (value === undefined) {
      if (this.options.required && !options.partial) failures[path] = "is required";
      return;
    }
    if (value === null) {
      if (!this.options.nullable) failures[path] = "may not be null";
      return;
    }
    const before = Object.keys(failures).length;
    const message = this._validateType(value, path, failures, options);
    if (message) failures[path] = message;
    if (message || Object.keys(failures).length > before) return;
    const custom = this.options.validate as ((v: unknown, o?: unknown) => boolean | void) | undefined;
    if (custom) {
      try {
        if (custom(value, options) === false) failures[path] = this.options.validationError ?? "is not a valid value";
      } catch (error) {
        failures[path] = error instanceof Error ? error.message : String(error);
      }
    }
  }

  /** A type-specific failure message, or undefined (nested fields record their own failures). */
  protected _validateType(_value: unknown, _path: string, _failures: Failures, _options: CleanOptions): string | undefined {
    return undefined;
  }

  /** The value a model exposes for its source value. */
  initialize(value: unknown, _model: unknown): unknown {
    return value;
  }

  /**
   * Apply an update value to the source value (a copy is returned): plain fields replace.
   * Container fields override this to merge.
   */
  applyUpdate(current: unknown, change: unknown, _source?: AnyObject): unknown {
    return this.clean(change, { source: _source });
  }

  /**
   * The update value as Foundry cleans an update before `_preUpdate` sees it: the same shape as
   * given (`-=`/`==` keys kept, keys the schema does not define dropped), each value cleaned.
   */
  cleanUpdate(_current: unknown, change: unknown, source?: AnyObject): unknown {
    return this.clean(change, { source });
  }
}

function choicesOf(field: DataField): string[] | null {
  let choices = field.options.choices as unknown;
  if (typeof choices === "function") choices = (choices as () => unknown)();
  if (!choices) return null;
  if (Array.isArray(choices)) return choices.map(String);
  return Object.keys(choices as AnyObject);
}

export class StringField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, blank: true, trim: true, nullable: false, initial: undefined, choices: undefined, textSearch: false };
  }

  override getInitialValue(source?: AnyObject): unknown {
    const initial = super.getInitialValue(source);
    if (initial !== undefined) return initial;
    if (this.options.nullable) return null;
    return this.options.blank ? "" : undefined;
  }

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    // An empty string in a field that allows null but not blanks becomes null.
    if (value === "" && !this.options.blank && this.options.nullable) return null;
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    return typeof value === "string" ? value : String(value);
  }

  protected override _cleanType(value: unknown): unknown {
    return this.options.trim && typeof value === "string" ? value.trim() : value;
  }

  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    if (value === "" && !this.options.blank) return "may not be a blank string";
    const choices = choicesOf(this);
    if (choices && !(value === "" && this.options.blank) && !choices.includes(value)) return `"${value}" is not a valid choice`;
    return undefined;
  }
}

export class NumberField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, initial: null, nullable: true, min: undefined, max: undefined, step: undefined, integer: false, positive: false, choices: undefined };
  }

  declare min: number | undefined;
  declare max: number | undefined;
  declare step: number | undefined;
  declare integer: boolean;

  override clean(value: unknown, options: CleanOptions = {}): unknown {
    // An empty form input means "no number".
    if (value === "") return this.options.nullable ? null : this.getInitialValue(options.source);
    return super.clean(value, options);
  }

  protected override _cast(value: unknown): unknown {
    return typeof value === "number" ? value : Number(value);
  }

  /**
   * As Foundry's cleaning does: an integer field rounds, a value outside `min`/`max` is clamped to
   * the bound, and a `step` snaps to the nearest multiple (so validation then only catches what
   * cleaning cannot fix: not a number, not finite, not positive, not a choice).
   */
  protected override _cleanType(value: unknown): unknown {
    if (typeof value !== "number" || !Number.isFinite(value)) return value;
    const { min, max, step } = this.options as { min?: number; max?: number; step?: number };
    let v = value;
    if (this.options.integer) v = Math.round(v);
    if (Number.isFinite(min)) v = Math.max(v, min!);
    if (Number.isFinite(max)) v = Math.min(v, max!);
    if (Number.isFinite(step) && step! > 0) v = Math.round(v / step!) * step!;
    return v;
  }

  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "number" || Number.isNaN(value)) return "must be a number";
    if (!Number.isFinite(value)) return "must be a finite number";
    if (this.options.integer && !Number.isInteger(value)) return "must be an integer";
    if (this.options.positive && value <= 0) return "must be a positive number";
    const { min, max } = this.options as { min?: number; max?: number };
    if (min !== undefined && value < min) return `must be greater than or equal to ${min}`;
    if (max !== undefined && value > max) return `must be less than or equal to ${max}`;
    const choices = choicesOf(this);
    if (choices && !choices.includes(String(value))) return `${value} is not a valid choice`;
    return undefined;
  }
}

export class BooleanField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, initial: false };
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value === "true" ? true : value === "false" ? false : value;
    if (typeof value === "number") return value !== 0;
    return value;
  }

  protected override _validateType(value: unknown): string | undefined {
    return typeof value === "boolean" ? undefined : "must be a boolean";
  }
}

export class HTMLField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: true };
  }
}

export class FilePathField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, categories: [], base64: false, wildcard: false };
  }
}

export class ColorField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, nullable: true, initial: null, blank: false };
  }

  protected override _validateType(value: unknown): string | undefined {
    const base = super._validateType(value);
    if (base) return base;
    return /^#[0-9a-fA-F]{6}$/.test(String(value)) ? undefined : "must be a valid color string";
  }
}

/** A 16-character document id. */
export class DocumentIdField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null, readonly: true, validationError: "is not a valid Document ID string" };
  }

  protected override _validateType(value: unknown): string | undefined {
    const base = super._validateType(value);
    if (base) return base;
    return /^[a-zA-Z0-9]{16}$/.test(String(value)) ? undefined : "must be a valid 16-character alphanumeric ID";
  }
}

export class DocumentUUIDField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, blank: false, nullable: true, initial: null };
  }

  protected override _validateType(value: unknown): string | undefined {
    const base = super._validateType(value);
    if (base) return base;
    const parts = String(value).split(".");
    return parts.length >= 2 ? undefined : "must be a valid Document UUID string";
  }
}

/** The id of another (world) document; initialized to that document when it exists (to the id itself with `idOnly`). */
export class ForeignDocumentField extends DocumentIdField {
  constructor(
    readonly documentName: string,
    options: FieldOptions = {},
  ) {
    super({ readonly: false, ...options });
  }

  override initialize(value: unknown): unknown {
    if (this.options.idOnly) return value ?? null;
    if (typeof value !== "string") return value ?? null;
    if (this.options.idOnly) return value;
    const game = (globalThis as unknown as { game?: { collections?: Map<string, { get(id: string): unknown }> } }).game;
    return game?.collections?.get(this.documentName)?.get(value) ?? null;
  }
}

export class ObjectField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }

  override getInitialValue(source?: AnyObject): unknown {
    const initial = super.getInitialValue(source);
    return initial === undefined ? {} : initial;
  }

  protected override _cleanType(value: unknown, _options?: CleanOptions): unknown {
    return isPlainObject(value) ? deepClone(value) : value;
  }

  protected override _validateType(value: unknown, _path?: string, _failures?: Failures, _options?: CleanOptions): string | undefined {
    return getType(value) === "Object" ? undefined : "must be an object";
  }

  override initialize(value: unknown, _model?: unknown): unknown {
    return deepClone(value);
  }

  /** Objects merge: `-=key` deletes, `==key` replaces, plain objects merge recursively. */
  override applyUpdate(current: unknown, change: unknown): unknown {
    if (!isPlainObject(change) || !isPlainObject(current)) return this.clean(change);
    return mergePlain(current, change);
  }

  override cleanUpdate(current: unknown, change: unknown): unknown {
    return isPlainObject(change) && isPlainObject(current) ? deepClone(change) : this.clean(change);
  }
}

function mergePlain(current: AnyObject, change: AnyObject): AnyObject {
  const out = deepClone(current);
  for (const [key, value] of Object.entries(change)) {
    if (key.startsWith("-=")) delete out[key.slice(2)];
    else if (key.startsWith("==")) out[key.slice(2)] = deepClone(value);
    else if (isPlainObject(value) && isPlainObject(out[key])) out[key] = mergePlain(out[key] as AnyObject, value);
    else out[key] = deepClone(value);
  }
  return out;
}

/** Any JSON value stored as a string. */
export class JSONField extends StringField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, blank: false, trim: false, initial: undefined, validationError: "is not a valid JSON string" };
  }

  protected override _cast(value: unknown): unknown {
    if (typeof value === "string") return value;
    return JSON.stringify(value);
  }

  protected override _validateType(value: unknown): string | undefined {
    if (typeof value !== "string") return "must be a string";
    try {
      JSON.parse(value);
      return undefined;
    } catch {
      return "is not a valid JSON string";
    }
  }

  override initialize(value: unknown): unknown {
    return typeof value === "string" ? JSON.parse(value) : value;
  }
}

export class AnyField extends DataField {
  override initialize(value: unknown): unknown {
    return deepClone(value);
  }
}

export class ArrayField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false, empty: true, min: 0, max: Infinity, initial: () => [] };
  }

  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
    element.parent = this;
    element.name = "element";
  }

  protected override _cast(value: unknown): unknown {
    if (value instanceof Set) return [...value];
    if (Array.isArray(value)) return value;
    // A plain object from a form ({0: a, 1: b}) becomes its values, as FormDataExtended would give.
    if (isPlainObject(value)) return Object.values(value);
    return [value];
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    return (value as unknown[]).map((v) => this.element.clean(v, { ...options, partial: false }));
  }

  protected override _validateType(value: unknown, path: string, failures: Failures): string | undefined {
    if (!Array.isArray(value)) return "must be an Array";
    const { min = 0, max = Infinity } = this.options as { min?: number; max?: number };
    if (value.length < min) return `cannot have fewer than ${min} elements`;
    if (value.length > max) return `cannot have more than ${max} elements`;
    value.forEach((v, i) => this.element.validate(v, `${path}.${i}`, failures));
    return undefined;
  }

  override initialize(value: unknown, model: unknown): unknown {
    return Array.isArray(value) ? value.map((v) => this.element.initialize(v, model)) : value;
  }
}

export class SetField extends ArrayField {
  protected override _validateType(value: unknown, path: string, failures: Failures): string | undefined {
    const base = super._validateType(value, path, failures);
    if (base) return base;
    const list = value as unknown[];
    return new Set(list.map((v) => JSON.stringify(v))).size === list.length ? undefined : "may not contain duplicate elements";
  }

  override initialize(value: unknown, model: unknown): unknown {
    return Array.isArray(value) ? new Set(value.map((v) => this.element.initialize(v, model))) : value;
  }
}

export class SchemaField extends DataField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, required: true, nullable: false };
  }

  readonly fields: Record<string, DataField>;

  constructor(fields: Record<string, DataField>, options: FieldOptions = {}) {
    super(options);
    this.fields = fields;
    for (const [name, field] of Object.entries(fields)) {
      field.name = name;
      field.parent = this;
    }
  }

  override getInitialValue(source?: AnyObject): unknown {
    if (this.options.initial !== undefined) return super.getInitialValue(source);
    return this.clean({});
  }

  get(name: string): DataField | undefined {
    return this.fields[name];
  }

  getField(path: string | string[]): DataField | undefined {
    const parts = Array.isArray(path) ? [...path] : path.split(".");
    const first = parts.shift()!;
    const field = this.fields[first];
    if (!parts.length || !field) return field;
    if (field instanceof SchemaField) return field.getField(parts);
    if (field instanceof TypedObjectField || field instanceof ArrayField) return parts.length === 1 ? field.element : undefined;
    return undefined;
  }

  protected override _cleanType(value: unknown, options: CleanOptions): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) {
      if (!(name in value) && options.partial) continue;
      const cleaned = field.clean(value[name], { ...options, source: value });
      if (cleaned !== undefined || name in value) out[name] = cleaned;
    }
    // Keys the schema does not define are dropped, as Foundry's cleaning does.
    return out;
  }

  protected override _validateType(value: unknown, path: string, failures: Failures, options: CleanOptions): string | undefined {
    if (!isPlainObject(value)) return "must be an object";
    for (const [name, field] of Object.entries(this.fields)) {
      if (options.partial && !(name in value)) continue;
      field.validate(value[name], path ? `${path}.${name}` : name, failures, { ...options, source: value });
    }
    return undefined;
  }

  override initialize(value: unknown, model: unknown): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [name, field] of Object.entries(this.fields)) out[name] = field.initialize(value[name], model);
    return out;
  }

  /** Schemas merge key by key; `==key` replaces a key wholesale. */
  override applyUpdate(current: unknown, change: unknown): unknown {
    if (!isPlainObject(change) || !isPlainObject(current)) return this.clean(change);
    const out: AnyObject = { ...current };
    for (const [rawKey, value] of Object.entries(change)) {
      const forced = rawKey.startsWith("==");
      const key = forced ? rawKey.slice(2) : rawKey;
      if (rawKey.startsWith("-=")) continue; // schema keys cannot be deleted
      const field = this.fields[key];
      if (!field) continue; // unknown keys are dropped
      out[key] = forced ? field.clean(value, { source: out }) : field.applyUpdate(current[key], value, out);
    }
    return out;
  }

  override cleanUpdate(current: unknown, change: unknown): unknown {
    if (!isPlainObject(change) || !isPlainObject(current)) return this.clean(change);
    const out: AnyObject = {};
    for (const [rawKey, value] of Object.entries(change)) {
      if (rawKey.startsWith("-=")) continue;
      const forced = rawKey.startsWith("==");
      const key = forced ? rawKey.slice(2) : rawKey;
      const field = this.fields[key];
      if (!field) continue;
      const cleaned = forced ? field.clean(value, { source: current }) : field.cleanUpdate(current[key], value, current);
      if (cleaned !== undefined) out[rawKey] = cleaned;
    }
    return out;
  }

  /** Every field under this one, depth first, with its path relative to this schema. */
  *walk(prefix = ""): Generator<[string, DataField]> {
    for (const [name, field] of Object.entries(this.fields)) {
      const path = prefix ? `${prefix}.${name}` : name;
      yield [path, field];
      if (field instanceof SchemaField) yield* field.walk(path);
    }
  }
}

/** A record of values of one element field, keyed by arbitrary strings. */
export class TypedObjectField extends ObjectField {
  static override get _defaults(): FieldOptions {
    return { ...super._defaults, validateKey: undefined };
  }

  constructor(
    readonly element: DataField,
    options: FieldOptions = {},
  ) {
    super(options);
    element.parent = this;
    element.name = "element";
  }

  protected override _cleanType(value: unknown, options: CleanOptions = {}): unknown {
    if (!isPlainObject(value)) return value;
    const out: AnyObject = {};
    for (const [k, v] of Object.entries(value)) {
      if (k.startsWith("-=") || k.startsWith("==")) out[k] = v;
      else out[k] = this.element.clean(v, { ...options, partial: false });
    }
    return out;
  }

  protected override _validateType(value: unknown, path = "", failures: Failures = {}): string | undefined {
    if (!isPlainObject(value)) return "must be an object";
    const validateKey = this.options.validateKey as ((k: string) => boolean) | undefined;
    for (const [k, v] of Object.entries(value)) {
      if (validateKey && !validateKey(k)) failures[`${path}.${k}`] = "is not a valid key";
      else this.element.validate(v, `${path}.${k}`, failures);
    }
    return undefined;
  }

  override initialize(value: unknown, model: unknown): unknown {
    if (!isPlainObject(value)) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, this.element.initialize(v, model)]));
  }

  override applyUpdate(current: unknown, change: unknown): unknown {
    if (!isPlainObject(change) || !isPlainObject(current)) return this.clean(change);
    const out: AnyObject = { ...current };
    for (const [rawKey, value] of Object.entries(change)) {
      if (rawKey.startsWith("-=")) delete out[rawKey.slice(2)];
      else if (rawKey.startsWith("==")) out[rawKey.slice(2)] = this.element.clean(value);
      else out[rawKey] = rawKey in current ? this.element.applyUpdate(current[rawKey], value) : this.element.clean(value);
    }
    return out;
  }

  override cleanUpdate(current: unknown, change: unknown): unknown {
    if (!isPlainObject(change) || !isPlainObject(current)) return this.clean(change);
    const out: AnyObject = {};
    for (const [rawKey, value] of Object.entries(change)) {
      if (rawKey.startsWith("-=")) out[rawKey] = null;
      else if (rawKey.startsWith("==")) out[rawKey] = this.element.clean(value);
      else out[rawKey] = rawKey in current ? this.element.cleanUpdate(current[rawKey], value) : this.element.clean(value);
    }
    return out;
  }
}

/* -------------------------------------------- */
/*  Data models                                  */
/* -------------------------------------------- */

const schemas = new WeakMap<object, SchemaField>();

export interface ModelOptions {
  parent?: unknown;
  strict?: boolean;
  /** Internal: the source is already clean and must be kept by reference (a document's `system`). */
  trustedSource?: boolean;
}

export class DataModel {
  static defineSchema(): Record<string, DataField> {
    return {};
  }

  /** Root name of the schema's field paths ("" for a document, "system" for type data). */
  static schemaRoot = "";

  static LOCALIZATION_PREFIXES: string[] = [];

  static get schema(): SchemaField {
    let schema = schemas.get(this);
    if (!schema) {
      schema = new SchemaField(this.defineSchema());
      schema.name = this.schemaRoot;
      schemas.set(this, schema);
    }
    return schema;
  }

  /** Migrate old source data before it is cleaned (override in subclasses). */
  static migrateData(source: AnyObject): AnyObject {
    return source;
  }

  static cleanData(source: AnyObject = {}, options: CleanOptions = {}): AnyObject {
    return this.schema.clean(source, options) as AnyObject;
  }

  declare _source: AnyObject;
  declare parent: unknown;

  constructor(data: AnyObject = {}, options: ModelOptions = {}) {
    Object.defineProperty(this, "parent", { value: options.parent ?? null, writable: true, enumerable: false, configurable: true });
    const cls = this.constructor as typeof DataModel;
    let source: AnyObject;
    if (options.trustedSource) source = data;
    else {
      source = cls.cleanData(cls.migrateData(deepClone(data ?? {})));
      const failures: Failures = {};
      cls.schema.validate(source, cls.schemaRoot, failures);
      if (Object.keys(failures).length && options.strict !== false) throw new DataModelValidationError(this.modelName, failures);
    }
    Object.defineProperty(this, "_source", { value: source, writable: true, enumerable: false, configurable: true });
    this._initialize();
  }

  get modelName(): string {
    return this.constructor.name;
  }

  get schema(): SchemaField {
    return (this.constructor as typeof DataModel).schema;
  }

  /** Set the model's properties from its source (every schema field). */
  _initialize(): void {
    const schema = (this.constructor as typeof DataModel).schema;
    for (const [name, field] of Object.entries(schema.fields)) {
      (this as unknown as AnyObject)[name] = field.initialize(this._source[name], this);
    }
  }

  /** Reinitialize from the source. */
  reset(): void {
    this._initialize();
  }

  /**
   * Apply an update to the source: merged as Foundry merges, cleaned and validated; throws on an
   * invalid result and then nothing changed. Returns the difference that was applied.
   */
  updateSource(changes: AnyObject = {}, options: { dryRun?: boolean } = {}): AnyObject {
    const cls = this.constructor as typeof DataModel;
    // Dotted keys are paths, as in Foundry (so a stored key can never contain a dot).
    if (Object.keys(changes).some((k) => k.includes("."))) changes = expandObject(changes);
    const candidate = cls.schema.applyUpdate(this._source, changes) as AnyObject;
    const failures: Failures = {};
    cls.schema.validate(candidate, cls.schemaRoot, failures);
    if (Object.keys(failures).length) throw new DataModelValidationError(this.modelName, failures);
    const diff = sourceDiff(this._source, candidate);
    if (options.dryRun) return diff;
    for (const key of Object.keys(this._source)) if (!(key in candidate)) delete this._source[key];
    Object.assign(this._source, candidate);
    this._initialize();
    return diff;
  }

  validate({ changes, strict = true }: { changes?: AnyObject; strict?: boolean } = {}): boolean {
    const cls = this.constructor as typeof DataModel;
    const candidate = changes ? (cls.schema.applyUpdate(this._source, changes) as AnyObject) : this._source;
    const failures: Failures = {};
    cls.schema.validate(candidate, cls.schemaRoot, failures);
    if (Object.keys(failures).length) {
      if (strict) throw new DataModelValidationError(this.modelName, failures);
      return false;
    }
    return true;
  }

  /** The source (default) or the current initialized values, as plain data. */
  toObject(source = true): AnyObject {
    if (source) return deepClone(this._source);
    const out: AnyObject = {};
    for (const name of Object.keys((this.constructor as typeof DataModel).schema.fields)) out[name] = plain((this as unknown as AnyObject)[name]);
    return out;
  }

  toJSON(): AnyObject {
    return this.toObject();
  }

  clone(data: AnyObject = {}, options: ModelOptions = {}): this {
    const cls = this.constructor as new (d: AnyObject, o: ModelOptions) => this;
    return new cls({ ...this.toObject(), ...data }, { parent: this.parent, ...options });
  }
}

function plain(value: unknown): unknown {
  if (value instanceof DataModel) return value.toObject(false);
  if (value instanceof Set) return [...value].map(plain);
  if (Array.isArray(value)) return value.map(plain);
  if (isPlainObject(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  return value;
}

/** The nested difference between two sources (what an update changed); deleted keys as `-=key: null`. */
export function sourceDiff(before: AnyObject, after: AnyObject): AnyObject {
  const out: AnyObject = {};
  for (const [key, value] of Object.entries(after)) {
    const old = before[key];
    if (isPlainObject(value) && isPlainObject(old)) {
      const inner = sourceDiff(old, value);
      if (Object.keys(inner).length) out[key] = inner;
    } else if (!objectsEqual(old, value)) out[key] = deepClone(value);
  }
  for (const key of Object.keys(before)) if (!(key in after)) out[`-=${key}`] = null;
  return out;
}

/**
 * The base of a document's `system` model. Its schema paths start with `system.`; the owning
 * document calls `prepareBaseData` / `prepareDerivedData` during its own data preparation, and the
 * lifecycle methods around its database operations.
 */
export class TypeDataModel extends DataModel {
  static override schemaRoot = "system";

  prepareBaseData(): void {}

  prepareDerivedData(): void {}

  async _preCreate(_data: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onCreate(_data: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preUpdate(_changes: AnyObject, _options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onUpdate(_changed: AnyObject, _options: AnyObject, _userId: string): void {}
  async _preDelete(_options: AnyObject, _user: unknown): Promise<boolean | void> {}
  _onDelete(_options: AnyObject, _userId: string): void {}
}

/**
 * `Localization.localizeDataModel`: with `LOCALIZATION_PREFIXES`, each field's label and hint
 * come from `<prefix>.FIELDS.<path>.label` / `.hint` (Foundry does this at i18nInit).
 */
export function localizeDataModel(model: typeof DataModel, i18n: { has(key: string): boolean; localize(key: string): string }): void {
  const prefixes = model.LOCALIZATION_PREFIXES ?? [];
  if (!prefixes.length) return;
  for (const [path, field] of model.schema.walk()) {
    for (const prefix of prefixes) {
      const label = `${prefix}.FIELDS.${path}.label`;
      const hint = `${prefix}.FIELDS.${path}.hint`;
      if (i18n.has(label)) field.label = i18n.localize(label);
      if (i18n.has(hint)) field.hint = i18n.localize(hint);
    }
  }
}

export const fields = {
  DataField,
  StringField,
  NumberField,
  BooleanField,
  HTMLField,
  FilePathField,
  ColorField,
  DocumentIdField,
  DocumentUUIDField,
  ForeignDocumentField,
  ObjectField,
  JSONField,
  AnyField,
  ArrayField,
  SetField,
  SchemaField,
  TypedObjectField,
};
