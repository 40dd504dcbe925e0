/**
 * Simple dice formulas: integers and `NdM` terms joined by `+` / `-`, spaces
 * allowed, with optional Foundry flavor text (`3[Force]`, `1d8[fire]`) that is
 * ignored. `d6` means `1d6`. Examples: `1d10 + 3`, `2d6-1`, `1d8`, `4`.
 */

export type FormulaTerm =
  | { sign: 1 | -1; kind: "dice"; count: number; faces: number }
  | { sign: 1 | -1; kind: "number"; value: number };

/** Largest dice count and face count accepted (keeps evaluation bounded). */
export const MAX_DICE = 1000;
export const MAX_FACES = 1000;

const TERM = /^(?:(\d*)[dD](\d+)|(\d+))(?:\s*\[[^\]]*\])?/;

/** Parse a formula into signed terms, or `null` if it is not a simple dice formula. */
export function parseFormula(formula: string): FormulaTerm[] | null {
  if (typeof formula !== "string") return null;
  const terms: FormulaTerm[] = [];
  let s = formula.trim();
  if (s === "") return null;
  let sign: 1 | -1 = 1;
  // An optional leading sign.
  if (s[0] === "+" || s[0] === "-") {
    sign = s[0] === "-" ? -1 : 1;
    s = s.slice(1).trimStart();
  }
  for (;;) {
    const m = TERM.exec(s);
    if (!m) return null;
    if (m[2] !== undefined) {
      const count = m[1] === "" ? 1 : Number(m[1]);
      const faces = Number(m[2]);
      if (count < 1 || count > MAX_DICE || faces < 1 || faces > MAX_FACES) return null;
      terms.push({ sign, kind: "dice", count, faces });
    } else {
      const value = Number(m[3]);
      if (!Number.isSafeInteger(value)) return null;
      terms.push({ sign, kind: "number", value });
    }
    s = s.slice(m[0].length).trimStart();
    if (s === "") return terms;
    if (s[0] !== "+" && s[0] !== "-") return null;
    sign = s[0] === "-" ? -1 : 1;
    s = s.slice(1).trimStart();
  }
}

/** Is `s` a formula this module understands? */
export function isFormula(s: string): boolean {
  return parseFormula(s) !== null;
}

function parseOrThrow(formula: string): FormulaTerm[] {
  const terms = parseFormula(formula);
  if (!terms) throw new Error(`Not a dice formula: "${formula}"`);
  return terms;
}

/** The lowest and highest totals the formula can produce. Throws on a bad formula. */
export function formulaBounds(formula: string): { min: number; max: number } {
  let min = 0;
  let max = 0;
  for (const t of parseOrThrow(formula)) {
    const lo = t.kind === "dice" ? t.count : t.value;
    const hi = t.kind === "dice" ? t.count * t.faces : t.value;
    if (t.sign > 0) {
      min += lo;
      max += hi;
    } else {
      min -= hi;
      max -= lo;
    }
  }
  return { min, max };
}

/**
 * Evaluate the formula with `rng` (uniform in [0, 1)) for each die.
 * Throws on a bad formula.
 */
export function evaluateFormula(formula: string, rng: () => number): number {
  let total = 0;
  for (const t of parseOrThrow(formula)) {
    if (t.kind === "number") {
      total += t.sign * t.value;
      continue;
    }
    for (let i = 0; i < t.count; i++) {
      const face = Math.min(t.faces, Math.floor(rng() * t.faces) + 1);
      total += t.sign * face;
    }
  }
  return total;
}
