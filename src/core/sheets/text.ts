/**
 * Localized text for render contexts, from the part of `game.i18n` they need. A sheet listing
 * thousands of rows looks each key up once per render and fills it by concatenation, never
 * once per row.
 */

/** The part of `game.i18n` the contexts need. */
export interface Localizer {
  localize(key: string): string;
  format(key: string, data?: Record<string, string | number>): string;
}

/** `{key}` substitution, as `game.i18n.format` does. */
export function fill(template: string, data: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in data ? String(data[key]) : whole));
}

/** A localized template split once into a function that fills it by concatenation (for per-row text). */
export function compileFill(template: string): (data: Record<string, string | number>) => string {
  const parts = template.split(/\{(\w+)\}/g);
  if (parts.length === 1) return () => template;
  return (data) => {
    let out = parts[0]!;
    for (let i = 1; i < parts.length; i += 2) {
      const key = parts[i]!;
      out += (key in data ? String(data[key]) : `{${key}}`) + parts[i + 1]!;
    }
    return out;
  };
}

/**
 * `localize` and `format` for one render: each key is looked up (and its template split) the
 * first time only. Make one per render, so a language change shows at the next one.
 */
export function renderTexts(i18n: Localizer): { L: (key: string) => string; F: (key: string, data: Record<string, string | number>) => string } {
  const strings = new Map<string, string>();
  const templates = new Map<string, (data: Record<string, string | number>) => string>();
  const L = (key: string) => {
    let s = strings.get(key);
    if (s === undefined) strings.set(key, (s = i18n.localize(key)));
    return s;
  };
  const F = (key: string, data: Record<string, string | number>) => {
    let f = templates.get(key);
    if (!f) templates.set(key, (f = compileFill(L(key))));
    return f(data);
  };
  return { L, F };
}
