/**
 * A pack document's image: one of Foundry's core icons (`icons/svg/*.svg`, or the `icons/…/*.webp`
 * library), never the default silhouette or bag a document without an image of its own shows.
 */
import { expect } from "vitest";

export const CORE_ICON = /^icons\/(svg\/[a-z0-9-]+\.svg|[a-z]+\/[a-z0-9-]+\/[a-z0-9-]+\.webp)$/;
const DEFAULTS = new Set(["icons/svg/mystery-man.svg", "icons/svg/item-bag.svg"]);

export function expectCoreIcon(img: unknown, what: string): void {
  expect(img, what).toMatch(CORE_ICON);
  expect(DEFAULTS.has(String(img)), `${what}: ${String(img)} is Foundry's default image`).toBe(false);
}
