/**
 * Vitest setup of the `foundry` project (test/foundry/**): the in-memory Foundry as globals, the
 * system booted through its own `init`/`ready` hooks, a fresh world before each test, and a check
 * after each that nothing went wrong unnoticed (errors in hooks or click handlers, dialogs that no
 * test answered, scripted answers left over).
 */
import { afterEach, beforeEach, expect } from "vitest";
import { fixHappyDom } from "./dom-fixes";
import { boot, installGlobals, leftovers, resetWorld } from "./install";

const LAZY_MODULES = [
  () => import("../../src/rulesets/faction-turn/dialogs"),
  () => import("../../src/rulesets/operations/dialogs"),
  () => import("../../src/rulesets/skirmish/dialogs"),
  () => import("../../src/rulesets/rounds/dialogs"),
  () => import("../../src/rulesets/battle/apps/battle-window"),
  () => import("../../src/rulesets/battle/sheets/realm-sheet-context"),
  () => import("../../src/rulesets/faction-turn/sheets/faction-sheet-context"),
  () => import("../../src/rulesets/faction-turn/sheets/asset-sheet-context"),
  () => import("../../src/rulesets/battle/sheets/item-sheet-context"),
  () => import("../../src/rulesets/battle/sheets/item-sheet-fields"),
  () => import("../../src/rulesets/operations/sheets/context"),
  () => import("../../src/rulesets/skirmish/sheets/context"),
  () => import("../../src/rulesets/rounds/sheets/context"),
  () => import("../../src/rulesets/rounds/actions/moves"),
  () => import("../../src/rulesets/skirmish/encounter/legacy"),
  () => import("../../src/core/chronicle/app"),
  () => import("../../src/core/actions/dialog"),
  () => import("../../src/core/actions/authority"),
  () => import("../../src/core/data/gm-records"),
  () => import("../../src/core/chronicle/archive"),
  () => import("../../src/core/records/readers"),
];

fixHappyDom();
installGlobals();
await boot();
// The modules the system loads on first use (dialogs, the battle window, sheet contexts, the
// chronicle window and archiving, the tracker's moves, the GM's authority, GM records and answers to
// readers of the records), loaded
// once here: a DOM click listener's work is not tracked by `settle`, and a module's first load takes
// longer than it waits. In Foundry they load the same way, from the same files; only the first wait
// is saved.
await Promise.all(LAZY_MODULES.map((load) => load()));

beforeEach(() => {
  resetWorld();
});

afterEach(() => {
  expect(leftovers(), "harness leftovers").toEqual([]);
});
