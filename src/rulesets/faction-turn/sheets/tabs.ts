/** The faction sheet's tab bar: the shared helpers, and its own tabs. */
export { navTabs, plainTabs, type NavTab, type TabLike } from "../../../core/sheets/tabs";

/** The faction sheet's tabs (core `TABS.primary`). */
export const FACTION_SHEET_TABS = [
  { id: "assets", icon: "fa-solid fa-chess-rook" },
  { id: "description", icon: "fa-solid fa-book-open" },
] as const;
export const FACTION_SHEET_TAB_PREFIX = "FACTIONS.FactionTurn.Sheet.Tab";
