import { describe, expect, it } from "vitest";
import { distancePhrase } from "../../../src/core/rules/distance";
import { I18n, loadTranslations } from "../../harness/handlebars";

const i18n = new I18n(loadTranslations());
const say = (distance: number, units: string) => {
  const p = distancePhrase(distance, units);
  return i18n.format(p.key, Object.fromEntries(Object.entries(p.data).map(([k, v]) => [k, String(v)])));
};

describe("a distance on the scene's grid, in words", () => {
  it("counts squares where the grid has no unit or one that names its squares, pluralised", () => {
    expect(say(9, "")).toBe("9 squares");
    expect(say(1, "")).toBe("1 square");
    expect(say(6, "squares")).toBe("6 squares");
    expect(say(1, "Squares")).toBe("1 square");
    expect(say(3, " sq ")).toBe("3 squares");
  });

  it("says any other unit as the scene has it, with at most two decimals", () => {
    expect(say(15, "ft")).toBe("15 ft");
    expect(say(2.828427, "m")).toBe("2.83 m");
    expect(say(1.005, "km")).toBe("1 km");
  });
});
