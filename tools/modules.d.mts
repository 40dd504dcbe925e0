/** Paths relative to `dir` of `entry` and every file it imports statically, transitively; the entry first. */
export function staticClosure(dir: string, entry: string): string[];
