/** The tab navigation the tabbed sheets render with their own template (labels localized here, once). */
import type { Localizer } from "./text";

export interface NavTab {
  id: string;
  group: string;
  label: string;
  icon: string;
  cssClass: string;
}

export interface TabLike {
  id: string;
  group: string;
  cssClass: string;
  icon?: string | null;
  label?: string | null;
}

/** Localize the tabs of `ApplicationV2#_prepareTabs` (their labels are i18n keys) for `core/sheet-tabs.hbs`. */
export function navTabs(tabs: Record<string, TabLike>, i18n: Localizer): NavTab[] {
  return Object.values(tabs).map((t) => ({
    id: t.id,
    group: t.group,
    label: t.label ? i18n.localize(t.label) : t.id,
    icon: t.icon ?? "",
    cssClass: t.cssClass,
  }));
}

/** A sheet's tabs as `_prepareTabs("primary")` gives them, for tests and the gallery. */
export function plainTabs(ids: readonly { id: string; icon: string }[], active: string, labelPrefix: string): Record<string, TabLike> {
  return Object.fromEntries(
    ids.map(({ id, icon }) => [id, { id, group: "primary", icon, label: `${labelPrefix}.${id}`, cssClass: id === active ? "active" : "" }]),
  );
}
