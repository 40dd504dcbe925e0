import { SYSTEM_ID } from "../../core/constants";
import type { BattleSettings } from "./rules/context";

declare module "fvtt-types/configuration" {
  interface SettingConfig {
    "factions.battleEnforceSupport": boolean;
  }
}

/** The Battle world settings. */
export function registerBattleSettings(): void {
  game.settings!.register(SYSTEM_ID, "battleEnforceSupport", {
    name: "FACTIONS.Battle.Unit.Setting.name",
    hint: "FACTIONS.Battle.Unit.Setting.hint",
    scope: "world",
    config: true,
    type: Boolean,
    default: true,
  });
}

export function battleSettings(): BattleSettings {
  return { enforceSupport: game.settings!.get(SYSTEM_ID, "battleEnforceSupport") };
}
