import { describe, expect, it } from "vitest";
import { CONDITIONS } from "../../../src/rulesets/operations/rules/state";
import { HIDDEN, OPERATIONS_STATUSES, statusesOf, toggleStatus, type StatusData } from "../../../src/rulesets/operations/rules/statuses";

const at = (condition: StatusData["condition"], hiding = 0): StatusData => ({ condition, hiding });

describe("a lieutenant's statuses", () => {
  it("show dinged, damaged or defeated (fresh and destroyed show none), and hidden above level 0", () => {
    expect(CONDITIONS.map((c) => statusesOf(at(c)))).toEqual([[], ["dinged"], ["damaged"], ["defeated"], []]);
    expect(statusesOf(at("damaged", 1))).toEqual(["damaged", HIDDEN]);
    expect(statusesOf(at("fresh", 5))).toEqual([HIDDEN]);
  });

  it("a condition turned on replaces the current one; the current one turned off leaves the lieutenant fresh", () => {
    expect(toggleStatus(at("dinged"), "defeated", true)).toEqual({ condition: "defeated" });
    expect(toggleStatus(at("destroyed"), "dinged", true)).toEqual({ condition: "dinged" });
    expect(toggleStatus(at("damaged"), "damaged", true)).toEqual({});
    expect(toggleStatus(at("damaged"), "damaged", false)).toEqual({ condition: "fresh" });
    // Turning off a condition it does not have changes nothing.
    expect(toggleStatus(at("damaged"), "dinged", false)).toEqual({});
  });

  it("hidden turned on sets level 1 unless a level is set; turned off sets 0", () => {
    expect(toggleStatus(at("fresh"), HIDDEN, true)).toEqual({ hiding: 1 });
    expect(toggleStatus(at("fresh", 3), HIDDEN, true)).toEqual({});
    expect(toggleStatus(at("fresh", 3), HIDDEN, false)).toEqual({ hiding: 0 });
    expect(toggleStatus(at("fresh"), HIDDEN, false)).toEqual({});
  });

  it("turning a status on shows it, turning it off takes it away, whatever the data was", () => {
    for (const condition of CONDITIONS) {
      for (const hiding of [0, 2]) {
        const data = at(condition, hiding);
        for (const status of OPERATIONS_STATUSES) {
          expect(statusesOf({ ...data, ...toggleStatus(data, status, true) }), `${condition}/${hiding} +${status}`).toContain(status);
          expect(statusesOf({ ...data, ...toggleStatus(data, status, false) }), `${condition}/${hiding} -${status}`).not.toContain(status);
        }
      }
    }
  });
});
