import { describe, expect, it } from "vitest";
import { entryValue, toEntries, wellFormedEntries } from "../../../src/core/rules/entries";

describe("records kept as entries", () => {
  const places = toEntries({ "Scene.abcdefghijklmnop": "guards", "name:St. Mary's": "knives" });

  it("keep keys with dots as they are, in order", () => {
    expect(places).toEqual([
      { key: "Scene.abcdefghijklmnop", value: "guards" },
      { key: "name:St. Mary's", value: "knives" },
    ]);
    expect(entryValue(places, "name:St. Mary's")).toBe("knives");
    expect(entryValue(places, "Scene")).toBeUndefined();
    expect(entryValue(undefined, "x")).toBeUndefined();
  });

  it("take only the well-formed entries of untrusted data", () => {
    const isString = (v: unknown): v is string => typeof v === "string";
    expect(wellFormedEntries({ "Scene.a": "x" }, isString)).toEqual([]);
    expect(wellFormedEntries([{ key: "a", value: "x" }, { key: 1, value: "y" }, { key: "b", value: 2 }, null, "c"], isString)).toEqual([{ key: "a", value: "x" }]);
  });
});
