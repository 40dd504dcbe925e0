import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  applyChanges,
  ChangeRecorder,
  revertChanges,
  staleChanges,
  type Change,
  type World,
} from "../../../src/core/rules/changes";

function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const world = (): World => ({
  A: {
    system: { hp: { value: 5 }, treasure: 3 },
    items: { i1: { _id: "i1", name: "Thugs", type: "asset", system: { hp: { value: 2, max: 4 } } } },
  },
  B: { system: { hp: { value: 9 }, treasure: 0 }, items: {} },
});

describe("changes", () => {
  it("apply sets paths, creates and deletes without mutating", () => {
    const w = deepFreeze(world());
    const changes: Change[] = [
      { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 3, to: 1 },
      { op: "update", ref: { actor: "A", item: "i1" }, path: "system.hp.value", from: 2, to: 4 },
      { op: "create", ref: { actor: "B", item: "n1" }, data: { _id: "n1", name: "Base", type: "asset", system: { hp: { value: 3, max: 3 } } } },
      { op: "delete", ref: { actor: "A", item: "i1" }, data: { _id: "i1", name: "Thugs", type: "asset", system: { hp: { value: 4, max: 4 } } } },
    ];
    const after = applyChanges(w, changes);
    expect(after.A!.system).toEqual({ hp: { value: 5 }, treasure: 1 });
    expect(after.A!.items).toEqual({});
    expect(Object.keys(after.B!.items)).toEqual(["n1"]);
    expect(w).toEqual(world());
    expect(staleChanges(w, changes)).toEqual([]);
    expect(revertChanges(after, changes)).toEqual(w);
  });

  it("stale changes are reported", () => {
    const c: Change = { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 7, to: 1 };
    expect(staleChanges(world(), [c])).toEqual([c]);
  });

  it("throws on a change that cannot apply", () => {
    expect(() => applyChanges(world(), [{ op: "update", ref: { actor: "Z" }, path: "system.x", from: 1, to: 2 }])).toThrow();
    expect(() =>
      applyChanges(world(), [{ op: "delete", ref: { actor: "B", item: "nope" }, data: { _id: "nope", name: "", type: "asset", system: {} } }]),
    ).toThrow();
  });

  it("the recorder merges updates and folds them into creates and deletes", () => {
    const r = new ChangeRecorder();
    r.update({ actor: "A" }, "system.treasure", 3, 2);
    r.update({ actor: "A" }, "system.treasure", 2, 0);
    r.update({ actor: "A" }, "system.hp.value", 5, 5);
    r.update({ actor: "A", item: "i1" }, "system.hp.value", 2, 1);
    r.delete({ actor: "A", item: "i1" }, { _id: "i1", name: "Thugs", type: "asset", system: { hp: { value: 1, max: 4 } } });
    r.create({ actor: "B" }, { _id: "n1", name: "Base", type: "asset", system: { hp: { value: 3, max: 3 } } });
    r.update({ actor: "B", item: "n1" }, "system.hp.value", 3, 2);
    const c = r.changes();
    expect(c).toEqual([
      { op: "update", ref: { actor: "A" }, path: "system.treasure", from: 3, to: 0 },
      { op: "delete", ref: { actor: "A", item: "i1" }, data: { _id: "i1", name: "Thugs", type: "asset", system: { hp: { value: 2, max: 4 } } } },
      { op: "create", ref: { actor: "B", item: "n1" }, data: { _id: "n1", name: "Base", type: "asset", system: { hp: { value: 2, max: 3 } } } },
    ]);
    const w = world();
    expect(revertChanges(applyChanges(w, c), c)).toEqual(w);
  });

  it("revert(apply(w, c), c) = w for random update lists (property)", () => {
    const upd = fc.record({
      actor: fc.constantFrom("A", "B"),
      path: fc.constantFrom("system.treasure", "system.hp.value", "system.flag", "system.deep.x.y"),
      to: fc.oneof(fc.integer(), fc.boolean(), fc.string(), fc.constant(null)),
    });
    fc.assert(
      fc.property(fc.array(upd, { maxLength: 10 }), (ups) => {
        // Paths must exist before: seed them, then record the list against a running world.
        let w: World = world();
        for (const a of ["A", "B"]) {
          w = applyChanges(w, [
            { op: "update", ref: { actor: a }, path: "system.flag", from: null, to: false },
            { op: "update", ref: { actor: a }, path: "system.deep", from: null, to: { x: { y: 0 } } },
          ]);
        }
        deepFreeze(w);
        const changes: Change[] = [];
        let cur = w;
        for (const u of ups) {
          const from = (cur[u.actor]!.system as Record<string, unknown>) && getAt(cur[u.actor]!.system, u.path.slice(7));
          const c: Change = { op: "update", ref: { actor: u.actor }, path: u.path, from, to: u.to };
          changes.push(c);
          cur = applyChanges(cur, [c]);
        }
        expect(applyChanges(w, changes)).toEqual(cur);
        expect(revertChanges(cur, changes)).toEqual(w);
      }),
    );
  });
});

function getAt(o: unknown, path: string): never {
  let cur = o as Record<string, unknown>;
  for (const k of path.split(".")) cur = cur[k] as Record<string, unknown>;
  return cur as never;
}

describe("changes to an actor's active effects", () => {
  const effect = (stack: number) => ({ _id: "e1", name: "Exhausted", type: "base", system: { stack } });

  it("keep effects apart from items with the same id, and merge an update into the effect created here", () => {
    const w = { A: { system: {}, items: { e1: { _id: "e1", name: "Item", type: "asset", system: {} } } } } as World;
    const recorder = new ChangeRecorder();
    recorder.create({ actor: "A", embedded: "ActiveEffect" }, effect(1));
    recorder.update({ actor: "A", item: "e1", embedded: "ActiveEffect" }, "system.stack", 1, 3);
    const changes = recorder.changes();
    expect(changes).toEqual([{ op: "create", ref: { actor: "A", embedded: "ActiveEffect", item: "e1" }, data: effect(3) }]);
    const after = applyChanges(w, changes);
    expect(after.A!.effects).toEqual({ e1: effect(3) });
    expect(after.A!.items.e1!.name).toBe("Item");
    expect(revertChanges(after, changes)).toEqual({ A: { ...w.A, effects: {} } });
  });

  it("delete an effect with its source as it was, and an item ref is written as before", () => {
    const w = { A: { system: {}, items: {}, effects: { e1: effect(2) } } } as World;
    const recorder = new ChangeRecorder();
    const ref = { actor: "A", item: "e1", embedded: "ActiveEffect" as const };
    recorder.update(ref, "system.stack", 2, 5);
    recorder.delete(ref, effect(5));
    recorder.create({ actor: "A" }, { _id: "i2", name: "Thugs", type: "asset", system: {} });
    expect(recorder.changes()).toEqual([
      { op: "delete", ref: { actor: "A", embedded: "ActiveEffect", item: "e1" }, data: effect(2) },
      { op: "create", ref: { actor: "A", item: "i2" }, data: { _id: "i2", name: "Thugs", type: "asset", system: {} } },
    ]);
    expect(staleChanges(w, recorder.changes())).toEqual([]);
    expect(applyChanges(w, recorder.changes()).A!.effects).toEqual({});
  });
});
