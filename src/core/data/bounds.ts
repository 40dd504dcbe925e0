/**
 * Values bounded by another value of the same data (an asset's HP by its max HP, a location's
 * control by its max control). A field's own `min`/`max` are constants; a relation between two
 * fields is kept here, in what is stored: on create the source is brought within bounds, and on
 * update the change itself is completed, as a data model's `_preCreate`/`_preUpdate` may do.
 */

/** A number at `path` (in the `system` data) that may never exceed `max` of the same data. */
export interface Bound<S> {
  path: string;
  max: (system: S) => number;
}

/** The `system` update that brings every bounded value within its maximum ({} when all hold). */
export function withinBounds<S extends object>(system: S, bounds: readonly Bound<S>[]): Record<string, number> {
  const fix: Record<string, number> = {};
  for (const bound of bounds) {
    const value = foundry.utils.getProperty(system, bound.path);
    const max = bound.max(system);
    if (typeof value === "number" && Number.isFinite(max) && value > max) fix[bound.path] = max;
  }
  return fix;
}

/**
 * In `_preUpdate`: the stored `system` with the update's `system` part merged over it, checked
 * against the bounds; a value the result would leave above its maximum is set to that maximum
 * in the update itself.
 */
export function boundUpdate<S extends object>(source: S, changes: { system?: unknown }, bounds: readonly Bound<S>[]): void {
  const part = changes.system;
  if (typeof part !== "object" || part === null) return;
  const after = foundry.utils.mergeObject(foundry.utils.deepClone(source), part as object, { inplace: false, performDeletions: true }) as S;
  for (const [path, value] of Object.entries(withinBounds(after, bounds))) foundry.utils.setProperty(part as object, path, value);
}
