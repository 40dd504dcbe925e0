/**
 * A record kept as a list of entries. Foundry reads a dot in a stored object's key as a path
 * (`{"Scene.abc": 1}` is stored as `{Scene: {abc: 1}}`), and the keys of many records are
 * references that contain dots (a scene's or journal page's UUID, a named place), so a stored
 * record keyed by them is a list of `{key, value}` instead: nothing in it is ever read as a path.
 */
export interface Entry<V> {
  key: string;
  value: V;
}

/** The value of the entry with `key` (the first one), if any; a list that is not one has none. */
export function entryValue<V>(entries: readonly Entry<V>[] | undefined, key: string): V | undefined {
  if (!Array.isArray(entries)) return undefined;
  return entries.find((e) => e.key === key)?.value;
}

/** The entries of a record, in its order. */
export function toEntries<V>(record: Readonly<Record<string, V>>): Entry<V>[] {
  return Object.entries(record).map(([key, value]) => ({ key, value }));
}

/** The well-formed entries of untrusted data (another client's answer): string keys, values passing `isValue`. */
export function wellFormedEntries<V>(data: unknown, isValue: (v: unknown) => v is V): Entry<V>[] {
  if (!Array.isArray(data)) return [];
  return data.filter((e): e is Entry<V> => typeof e === "object" && e !== null && typeof (e as Entry<V>).key === "string" && isValue((e as Entry<V>).value));
}
