/**
 * The realm sheet's long lists: each shows its first rows, and a page more (or all) when asked.
 * Apart from the sheet's context (./realm-sheet-context.ts, loaded when a realm sheet first
 * renders), as the sheet itself needs them at start-up.
 */
export const REALM_LISTS = ["locations", "units", "characters", "buildings", "technologies", "fortifications"] as const;
export type RealmList = (typeof REALM_LISTS)[number];

/**
 * Rows a list shows until the viewer asks for more: more than a realm at the table ever holds.
 * A realm of thousands of cards (a stress test, or a world gone wrong) would otherwise build,
 * render and lay out every row at each render.
 */
export const ROWS_SHOWN = 100;

export const isRealmList = (x: unknown): x is RealmList => (REALM_LISTS as readonly unknown[]).includes(x);
