import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { evaluateFormula, formulaBounds, isFormula, parseFormula } from "../../../src/core/rules/formula";
import { mulberry32 } from "../dice";

describe("formula", () => {
  it.each(["1d10", "1d10 + 3", "1d10 - 2", "2d6+1", " 1d8 ", "4", "d6", "3[Force] + 1d10", "1d10 + 3[Force]", "1d8[fire] - 1", "-2 + 1d4", "1D6"])(
    "accepts %s",
    (f) => expect(isFormula(f)).toBe(true),
  );

  it.each(["", " ", "abc", "1d", "d", "1d0", "0d6", "1d6 +", "+", "1d6 ++ 2", "1d6 * 2", "2 3", "1d6)", "1d10 + 3[Force", "1.5", "1d6 1d6", "1e3", "[x]", "10000d6"])(
    "rejects %j",
    (f) => {
      expect(isFormula(f)).toBe(false);
      expect(parseFormula(f)).toBeNull();
      expect(() => formulaBounds(f)).toThrow();
      expect(() => evaluateFormula(f, () => 0)).toThrow();
    },
  );

  it("bounds", () => {
    expect(formulaBounds("1d10 + 3")).toEqual({ min: 4, max: 13 });
    expect(formulaBounds("1d10 - 2")).toEqual({ min: -1, max: 8 });
    expect(formulaBounds("2d6+1")).toEqual({ min: 3, max: 13 });
    expect(formulaBounds("5 - 1d4")).toEqual({ min: 1, max: 4 });
    expect(formulaBounds("3[Force] + 1d8")).toEqual({ min: 4, max: 11 });
    expect(formulaBounds("-2")).toEqual({ min: -2, max: -2 });
  });

  it("evaluates with the rng: lowest and highest faces", () => {
    expect(evaluateFormula("2d6 + 1", () => 0)).toBe(3);
    expect(evaluateFormula("2d6 + 1", () => 0.999999)).toBe(13);
    expect(evaluateFormula("1d10 - 2", () => 0.5)).toBe(4);
    expect(evaluateFormula("7", () => 0.5)).toBe(7);
  });

  it("evaluation stays within bounds (property)", () => {
    const term = fc.oneof(
      fc.tuple(fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 20 })).map(([n, m]) => `${n}d${m}`),
      fc.integer({ min: 0, max: 30 }).map(String),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom("+", "-", " + ", " - "), term), { minLength: 1, maxLength: 5 }), fc.integer(), (parts, seed) => {
        const f = parts.map(([op, t], i) => (i === 0 ? t : op + t)).join("");
        expect(isFormula(f)).toBe(true);
        const { min, max } = formulaBounds(f);
        const rng = mulberry32(seed);
        for (let k = 0; k < 5; k++) {
          const v = evaluateFormula(f, rng);
          expect(v).toBeGreaterThanOrEqual(min);
          expect(v).toBeLessThanOrEqual(max);
        }
      }),
    );
  });
});
