/** The tab navigation the sheets render with their own template (labels localized here, once). */
import type { Localizer } from "../../../core/sheets/text";

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

/** Localize the tabs of `ApplicationV2#_prepareTabs` (their labels are i18n keys) for `tabs.hbs`. */
export function navTabs(tabs: Record<string, TabLike>, i18n: Localizer): NavTab[] {
  return Object.values(tabs).map((t) => ({
    id: t.id,
    group: t.group,
    label: t.label ? i18n.localize(t.label) : t.id,
    icon: t.icon ?? "",
    cssClass: t.cssClass,
  }));
}

/** The tabs of the faction sheet as `_prepareTabs("primary")` gives them, for tests and the gallery. */
export function plainTabs(ids: readonly { id: string; icon: string }[], active: string, labelPrefix: string): Record<string, TabLike> {
  return Object.fromEntries(
    ids.map(({ id, icon }) => [id, { id, group: "primary", icon, label: `${labelPrefix}.${id}`, cssClass: id === active ? "active" : "" }]),
  );
}

/** The faction sheet's tabs (core `TABS.primary`). */
export const FACTION_SHEET_TABS = [
  { id: "assets", icon: "fa-solid fa-chess-rook" },
  { id: "description", icon: "fa-solid fa-book-open" },
] as const;
export const FACTION_SHEET_TAB_PREFIX = "FACTIONS.FactionTurn.Sheet.Tab";
