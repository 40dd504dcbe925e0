/**
 * Vitest setup of the `foundry` project (test/foundry/**): the in-memory Foundry as globals, the
 * system booted through its own `init`/`ready` hooks, a fresh world before each test, and a check
 * after each that nothing went wrong unnoticed (errors in hooks or click handlers, dialogs that no
 * test answered, scripted answers left over).
 */
import { afterEach, beforeEach, expect } from "vitest";
import { fixHappyDom } from "./dom-fixes";
import { boot, installGlobals, leftovers, resetWorld } from "./install";

fixHappyDom();
installGlobals();
await boot();

beforeEach(() => {
  resetWorld();
});

afterEach(() => {
  expect(leftovers(), "harness leftovers").toEqual([]);
});
