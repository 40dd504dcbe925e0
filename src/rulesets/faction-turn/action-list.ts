/**
 * The Faction Turn actions' ids, a sheet button's presets and the settings the rules read: what the
 * action definitions (./actions.ts), their choices' shapes (./choices.ts) and the dialogs
 * (./dialogs.ts) share, so they depend one way.
 */
import { SYSTEM_ID } from "../../core/constants";
import { checkSettings } from "../../core/settings";
import type { FactionTurnContext } from "./rules";

export const FACTION_ACTIONS = ["start", "end", "attack", "move", "repair", "expand", "create", "hide", "sell"] as const;
export type FactionActionId = (typeof FACTION_ACTIONS)[number];

/** Preset choices a sheet button can pass, e.g. the asset whose own button was clicked. */
export interface ActionPreset {
  asset?: string;
}

/** The world settings the Faction Turn rules read. */
export function factionTurnSettings(): FactionTurnContext["settings"] {
  return { ...checkSettings(), income: game.settings!.get(SYSTEM_ID, "turnIncome") };
}
