import { describe, expect, it } from "vitest";
import { sideOf } from "../../../src/core/canvas/dispositions";

describe("friend and foe by token disposition", () => {
  it("a friendly token sees a hostile one as an enemy and another friendly one as an ally, and back", () => {
    expect(sideOf(1, -1)).toBe("enemy");
    expect(sideOf(-1, 1)).toBe("enemy");
    expect(sideOf(1, 1)).toBe("ally");
    expect(sideOf(-1, -1)).toBe("ally");
  });

  it("a neutral or secret token, on either end, is neither", () => {
    for (const [a, b] of [[0, 1], [1, 0], [-2, -1], [1, -2], [0, 0]] as const) expect(sideOf(a, b), `${a} → ${b}`).toBe("other");
  });
});
